import { ActionButton, Text, type TextFieldRef } from '@adobe/react-spectrum';
import Brackets from '@spectrum-icons/workflow/Brackets';
import { useRef } from 'react';
import { CountedField } from './CountedField.js';
import { useEditor } from './editor-context.js';
import { nextVariable, type Examples } from './template-form.js';
import { VariableExamples } from './VariableExamples.js';

interface BodyFieldProps {
  label: string;
  text: string;
  examples: Examples;
  max: number;
  /** The error prefix: `components.` or `components.CAROUSEL.cards.2.` */
  at: string;
  onChange(text: string, examples: Examples): void;
}

/** A message text with its counter, "Add variable" (the next `{{n}}` at the cursor) and an example per variable. */
export function BodyField({ label, text, examples, max, at, onChange }: BodyFieldProps) {
  const { readOnly } = useEditor();
  const ref = useRef<TextFieldRef<HTMLTextAreaElement>>(null);

  const addVariable = () => {
    const input = ref.current?.getInputElement();
    const variable = nextVariable(text);
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    onChange(text.slice(0, start) + variable + text.slice(end), examples);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + variable.length, start + variable.length);
    });
  };

  return (
    <div className="tpl-body">
      <CountedField
        label={label}
        value={text}
        onChange={(v) => onChange(v, examples)}
        max={max}
        field={`${at}BODY.text`}
        multiline
        inputRef={ref}
        description="*bold*, _italic_, ~strikethrough~ and ```monospace``` are shown as WhatsApp shows them."
      />
      {!readOnly && (
        <ActionButton isQuiet onPress={addVariable} UNSAFE_className="tpl-add-variable">
          <Brackets />
          <Text>Add variable</Text>
        </ActionButton>
      )}
      <VariableExamples text={text} examples={examples} onChange={(next) => onChange(text, next)} field={`${at}BODY.example`} />
    </div>
  );
}
