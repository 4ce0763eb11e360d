import { Item, Picker, TextField } from '@adobe/react-spectrum';
import { BUTTON_TYPES, TemplateLimits, variablesIn } from '@parley/sdk/contract/template-texts';
import { BodyField } from './BodyField.js';
import { ButtonsEditor } from './ButtonsEditor.js';
import { MediaUrlField } from './MediaUrlField.js';
import { CountedField } from './CountedField.js';
import { useEditor } from './editor-context.js';
import type { HeaderChoice, TemplateForm } from './template-form.js';

const HEADER_CHOICES: { id: HeaderChoice; name: string }[] = [
  { id: 'NONE', name: 'None' },
  { id: 'TEXT', name: 'Text' },
  { id: 'IMAGE', name: 'Image' },
  { id: 'VIDEO', name: 'Video' },
  { id: 'DOCUMENT', name: 'Document' },
];

type Update = (patch: Partial<TemplateForm>) => void;

/** A default template: header, body, footer and up to ten buttons. */
export function DefaultFields({ form, update }: { form: TemplateForm; update: Update }) {
  const { readOnly, errors } = useEditor();
  const header = form.header;
  const setHeader = (patch: Partial<TemplateForm['header']>) => update({ header: { ...header, ...patch } });
  return (
    <>
      <div className="tpl-section">
        <Picker
          label="Header"
          items={HEADER_CHOICES}
          selectedKey={header.format}
          onSelectionChange={(key) => setHeader({ format: key as HeaderChoice })}
          isDisabled={readOnly}
          width="size-2400"
        >
          {(c) => <Item key={c.id}>{c.name}</Item>}
        </Picker>
        {header.format === 'TEXT' && (
          <>
            <CountedField
              label="Header text"
              value={header.text}
              onChange={(text) => setHeader({ text })}
              max={TemplateLimits.header}
              field="components.HEADER.text"
              description="One variable {{1}} at most."
            />
            {variablesIn(header.text).length > 0 && (
              <TextField
                label="Example for {{1}}"
                value={header.example}
                onChange={(example) => setHeader({ example })}
                isReadOnly={readOnly}
                width="100%"
                validationState={errors['components.HEADER.example'] ? 'invalid' : undefined}
                errorMessage={errors['components.HEADER.example']}
              />
            )}
          </>
        )}
        {header.format !== 'NONE' && header.format !== 'TEXT' && (
          <MediaUrlField
            value={header.mediaUrl}
            onChange={(mediaUrl) => setHeader({ mediaUrl })}
            mediaType={header.format === 'DOCUMENT' ? 'DOC' : header.format}
            placeholder="https://www.example.com/sample.jpg"
            description="WhatsApp reviews the template with this sample; each send brings its own media."
          />
        )}
      </div>
      <div className="tpl-section">
        <BodyField
          label="Body"
          text={form.body}
          examples={form.examples}
          max={TemplateLimits.body}
          at="components."
          onChange={(body, examples) => update({ body, examples })}
        />
      </div>
      <div className="tpl-section">
        <CountedField
          label="Footer"
          value={form.footer}
          onChange={(footer) => update({ footer })}
          max={TemplateLimits.footer}
          field="components.FOOTER.text"
          placeholder="Optional"
        />
      </div>
      <div className="tpl-section">
        <ButtonsEditor buttons={form.buttons} onChange={(buttons) => update({ buttons })} at="components." max={TemplateLimits.buttons} types={BUTTON_TYPES} />
      </div>
    </>
  );
}
