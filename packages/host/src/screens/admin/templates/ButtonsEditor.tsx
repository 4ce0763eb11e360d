import { ActionButton, Checkbox, Item, Menu, MenuTrigger, Text, TextField } from '@adobe/react-spectrum';
import Add from '@spectrum-icons/workflow/Add';
import Close from '@spectrum-icons/workflow/Close';
import { TemplateLimits, variablesIn, type ButtonType } from '@parley/sdk/contract/template-texts';
import { CountedField } from './CountedField.js';
import { useEditor } from './editor-context.js';
import { newButton, type ButtonForm } from './template-form.js';
import { BUTTON_LABELS } from './template-names.js';

const URL_VARIABLE = '{{1}}';
const limitOf = (type: ButtonType) => (type === 'QUICK_REPLY' ? TemplateLimits.quickReplyText : TemplateLimits.actionButtonText);

/** One button's own fields; `at` is its error prefix (`components.BUTTONS.2.`). */
export function ButtonFields({ button, onChange, at }: { button: ButtonForm; onChange(next: ButtonForm): void; at: string }) {
  const { readOnly, errors } = useEditor();
  const set = <K extends keyof ButtonForm>(key: K, value: ButtonForm[K]) => onChange({ ...button, [key]: value });
  const invalid = (field: string) => (errors[`${at}${field}`] ? { validationState: 'invalid' as const, errorMessage: errors[`${at}${field}`] } : {});
  const dynamic = variablesIn(button.url).length > 0;
  return (
    <>
      {button.type !== 'COPY_CODE' && (
        <CountedField label="Button text" value={button.text} onChange={(v) => set('text', v)} max={limitOf(button.type)} field={`${at}text`} />
      )}
      {button.type === 'URL' && (
        <>
          <TextField
            label="Website URL"
            value={button.url}
            onChange={(v) => set('url', v)}
            placeholder="https://www.example.com/orders/"
            isReadOnly={readOnly}
            width="100%"
            {...invalid('url')}
          />
          <Checkbox
            isSelected={dynamic}
            isReadOnly={readOnly}
            onChange={(on) => set('url', on ? `${button.url.replace(/\{\{\s*\d+\s*\}\}/g, '')}${URL_VARIABLE}` : button.url.replace(/\{\{\s*\d+\s*\}\}/g, ''))}
          >
            Ends with a variable {URL_VARIABLE}
          </Checkbox>
          {dynamic && (
            <TextField
              label={`Example for ${URL_VARIABLE}`}
              value={button.urlExample}
              onChange={(v) => set('urlExample', v)}
              isReadOnly={readOnly}
              width="100%"
              {...invalid('example')}
            />
          )}
        </>
      )}
      {button.type === 'PHONE_NUMBER' && (
        <TextField
          label="Phone number"
          value={button.phone}
          onChange={(v) => set('phone', v)}
          placeholder="+14155550123"
          isReadOnly={readOnly}
          width="100%"
          {...invalid('phone_number')}
        />
      )}
      {button.type === 'COPY_CODE' && (
        <TextField
          label="Offer code"
          value={button.code}
          onChange={(v) => set('code', v)}
          placeholder="SAVE20"
          isReadOnly={readOnly}
          width="100%"
          {...invalid('example')}
        />
      )}
    </>
  );
}

/** A template's or a card's buttons: each with its fields and a remove, and an add menu of the types still allowed. */
export function ButtonsEditor({
  buttons,
  onChange,
  at,
  max,
  types,
}: {
  buttons: ButtonForm[];
  onChange(next: ButtonForm[]): void;
  at: string;
  max: number;
  types: readonly ButtonType[];
}) {
  const { readOnly, errors } = useEditor();
  const replace = (i: number, next: ButtonForm) => onChange(buttons.map((b, j) => (j === i ? next : b)));
  const groupError = errors[`${at}BUTTONS`];
  return (
    <div className="tpl-buttons">
      <div className="tpl-row-title">
        <h3>Buttons</h3>
        <span className="muted">
          {buttons.length} of {max}
        </span>
      </div>
      {buttons.map((button, i) => (
        <fieldset key={button.key} className="tpl-button">
          <legend>
            {BUTTON_LABELS[button.type]} button {i + 1}
          </legend>
          {!readOnly && (
            <ActionButton
              isQuiet
              aria-label={`Remove button ${i + 1}`}
              onPress={() => onChange(buttons.filter((_, j) => j !== i))}
              UNSAFE_className="tpl-remove"
            >
              <Close />
            </ActionButton>
          )}
          <ButtonFields button={button} onChange={(next) => replace(i, next)} at={`${at}BUTTONS.${i + 1}.`} />
        </fieldset>
      ))}
      {groupError && (
        <p className="tpl-error" role="alert">
          {groupError}
        </p>
      )}
      {!readOnly && (
        <MenuTrigger>
          <ActionButton isDisabled={buttons.length >= max}>
            <Add />
            <Text>Add button</Text>
          </ActionButton>
          <Menu onAction={(type) => onChange([...buttons, newButton(type as ButtonType)])}>
            {types.map((type) => (
              <Item key={type}>{BUTTON_LABELS[type]}</Item>
            ))}
          </Menu>
        </MenuTrigger>
      )}
    </div>
  );
}
