import { TextField } from '@adobe/react-spectrum';
import { TemplateMessages, variablesIn } from '@parley/sdk/contract/template-texts';
import type { Examples } from './template-form.js';
import { useEditor } from './editor-context.js';

/**
 * One example field per `{{n}}` of a text (WhatsApp reviews a template with them, and the preview shows them). An
 * error at `field` marks the ones still blank.
 */
export function VariableExamples({
  text,
  examples,
  onChange,
  field,
  what = 'body',
}: {
  text: string;
  examples: Examples;
  onChange(next: Examples): void;
  field: string;
  what?: string;
}) {
  const { readOnly, errors } = useEditor();
  const names = variablesIn(text);
  if (!names.length) return null;
  const flagged = Boolean(errors[field]);
  return (
    <div className="tpl-examples" role="group" aria-label={`Examples for the ${what} variables`}>
      {names.map((n) => {
        const value = examples[n] ?? '';
        const missing = flagged && !value.trim();
        return (
          <TextField
            key={n}
            label={`Example for {{${n}}}`}
            value={value}
            onChange={(v) => onChange({ ...examples, [n]: v })}
            isReadOnly={readOnly}
            validationState={missing ? 'invalid' : undefined}
            errorMessage={missing ? TemplateMessages.exampleRequired(`{{${n}}}`) : undefined}
            width="100%"
          />
        );
      })}
    </div>
  );
}
