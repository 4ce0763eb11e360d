import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import { Heading } from '@adobe/react-spectrum/Heading';
import { NumberField } from '@adobe/react-spectrum/NumberField';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { TextField } from '@adobe/react-spectrum/TextField';
import Close from '@spectrum-icons/workflow/Close';
import { useEffect, useState } from 'react';
import type { Definition, FieldType, InputType } from '@parley/sdk/contract/customer-definitions';
import { DefinitionTexts } from './definition-texts.js';
import { asParleyError, once } from '../../internal/use-call.js';
import { useMaster } from '../master-context.js';
import {
  DRAFT_LABELS,
  FIELD_TYPE_LABELS,
  INPUT_TYPE_LABELS,
  draftFieldOf,
  draftOf,
  emptyDraft,
  hasLength,
  inputTypesFor,
  isTyped,
  validateDraft,
  wireOf,
  withFieldType,
  type DefinitionDraft,
  type DraftErrors,
  type DraftField,
} from './definition-form.js';

interface ServerRefusal {
  /** Errors the panel could place beside a field. */
  fields: DraftErrors;
  /** Every error the server listed, in its order, for the summary. */
  list: { label: string; message: string }[];
}

/** The attribute definition side panel (customer-master 2, 3, 5): Add New Field or Edit Field, over the table. */
export function DefinitionPanel({ definition, onClose, onSaved }: { definition: Definition | null; onClose(): void; onSaved(): void }) {
  const { client, toast } = useMaster();
  const [draft, setDraft] = useState<DefinitionDraft>(() => (definition ? draftOf(definition) : emptyDraft()));
  const [showErrors, setShowErrors] = useState(false);
  const [refusal, setRefusal] = useState<ServerRefusal | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !e.defaultPrevented && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const local = validateDraft(draft);
  const errorOf = (field: DraftField) => refusal?.fields[field] ?? (showErrors ? local[field] : undefined);
  const invalid = (field: DraftField) => (errorOf(field) ? ('invalid' as const) : undefined);
  const update = (patch: Partial<DefinitionDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A field the user changed no longer carries the server's word on it.
    if (refusal) setRefusal({ ...refusal, fields: Object.fromEntries(Object.entries(refusal.fields).filter(([f]) => !(f in patch))) });
  };

  const save = async () => {
    if (busy) return;
    if (Object.keys(local).length) return setShowErrors(true);
    const { body, sources } = wireOf(draft);
    setBusy(true);
    try {
      await once(client.definitions.save(body));
      toast(DefinitionTexts.saved, 'success');
      onSaved();
    } catch (e) {
      const error = asParleyError(e);
      const fields: DraftErrors = {};
      const list = error.errors.map((f) => {
        const field = draftFieldOf(f.field, sources);
        if (field && !fields[field]) fields[field] = f.message;
        return { label: field ? DRAFT_LABELS[field] : f.field, message: f.message };
      });
      setRefusal({ fields, list });
      toast(error.message, 'error');
      setBusy(false);
    }
  };

  const title = definition ? 'Edit Field' : 'Add New Field';
  const select = draft.fieldType === 'selectbox-singlevalue' || draft.fieldType === 'selectbox-multiplevalue';
  return (
    <>
      <div className="pcm-def-dim" onClick={onClose} aria-hidden="true" />
      <aside className="pcm-def-panel" role="dialog" aria-modal="true" aria-label={title}>
        <header className="pcm-def-panel-header">
          <Heading level={3} margin={0}>
            {title}
          </Heading>
          <ActionButton isQuiet aria-label="Close" onPress={onClose}>
            <Close />
          </ActionButton>
        </header>
        <form
          className="pcm-def-panel-body"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {refusal && (
            <div className="pcm-def-refusal" role="alert">
              <strong>{DefinitionTexts.saveFailed}</strong>
              {refusal.list.length > 0 && (
                <ul>
                  {refusal.list.map((r, i) => (
                    <li key={i}>
                      {r.label}: {r.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <TextField
            label="Field Name"
            description={definition ? undefined : 'Letters, digits and underscore; the column name in upload files.'}
            value={draft.fieldName}
            onChange={(fieldName) => update({ fieldName })}
            isRequired
            necessityIndicator="icon"
            validationState={invalid('fieldName')}
            errorMessage={errorOf('fieldName')}
            maxLength={50}
            width="100%"
            autoFocus
          />
          <TextField
            label="Field Label"
            value={draft.fieldLabel}
            onChange={(fieldLabel) => update({ fieldLabel })}
            isRequired
            necessityIndicator="icon"
            validationState={invalid('fieldLabel')}
            errorMessage={errorOf('fieldLabel')}
            maxLength={100}
            width="100%"
          />
          <TextArea
            label="Help Text"
            value={draft.fieldHelpText}
            onChange={(fieldHelpText) => update({ fieldHelpText })}
            isRequired
            necessityIndicator="icon"
            validationState={invalid('fieldHelpText')}
            errorMessage={errorOf('fieldHelpText')}
            maxLength={500}
            width="100%"
          />
          <Picker
            label="Field Type"
            placeholder="Select field type"
            selectedKey={draft.fieldType}
            onSelectionChange={(key) => {
              setDraft((d) => withFieldType(d, key as FieldType));
              if (refusal) setRefusal({ ...refusal, fields: { ...refusal.fields, fieldType: undefined, inputType: undefined } });
            }}
            isRequired
            necessityIndicator="icon"
            validationState={invalid('fieldType')}
            errorMessage={errorOf('fieldType')}
            width="100%"
          >
            {(Object.keys(FIELD_TYPE_LABELS) as FieldType[]).map((t) => (
              <Item key={t}>{FIELD_TYPE_LABELS[t]}</Item>
            ))}
          </Picker>
          {isTyped(draft.fieldType) && (
            <Picker
              label="Input Type"
              placeholder="Select input type"
              selectedKey={draft.inputType}
              onSelectionChange={(key) => update({ inputType: key as InputType })}
              isRequired
              necessityIndicator="icon"
              validationState={invalid('inputType')}
              errorMessage={errorOf('inputType')}
              width="100%"
            >
              {inputTypesFor(draft.fieldType).map((t) => (
                <Item key={t}>{INPUT_TYPE_LABELS[t]}</Item>
              ))}
            </Picker>
          )}
          {select && (
            <TextField
              label="Dropdown Values"
              description="Separate the values with commas."
              value={draft.defaultValue}
              onChange={(defaultValue) => update({ defaultValue })}
              isRequired={draft.fieldType === 'selectbox-singlevalue'}
              necessityIndicator="icon"
              validationState={invalid('defaultValue')}
              errorMessage={errorOf('defaultValue')}
              width="100%"
            />
          )}
          <div className="pcm-def-checks">
            <Checkbox isSelected={draft.mandatory} onChange={(mandatory) => update({ mandatory })}>
              Mandatory
            </Checkbox>
            <Checkbox isSelected={draft.search} onChange={(search) => update({ search })}>
              Search
            </Checkbox>
          </div>
          {hasLength(draft) && (
            <div className="pcm-def-pair">
              <NumberField
                label="Min.Char"
                value={draft.minValue}
                onChange={(minValue) => update({ minValue })}
                minValue={0}
                step={1}
                hideStepper
                validationState={invalid('minValue')}
                errorMessage={errorOf('minValue')}
                width="100%"
              />
              <NumberField
                label="Max.Char"
                value={draft.maxValue}
                onChange={(maxValue) => update({ maxValue })}
                minValue={0}
                step={1}
                hideStepper
                validationState={invalid('maxValue')}
                errorMessage={errorOf('maxValue')}
                width="100%"
              />
            </div>
          )}
          {isTyped(draft.fieldType) && (
            <Checkbox isSelected={draft.allowSpecialChars} onChange={(allowSpecialChars) => update({ allowSpecialChars })}>
              Allow Special Characters
            </Checkbox>
          )}
          {isTyped(draft.fieldType) && draft.allowSpecialChars && (
            <>
              <TextField
                label="Allowed Special Characters"
                description="Type the characters together, e.g. +-_."
                value={draft.allowedChars}
                onChange={(allowedChars) => update({ allowedChars })}
                validationState={invalid('allowedChars')}
                errorMessage={errorOf('allowedChars')}
                maxLength={100}
                width="100%"
              />
              <Checkbox isSelected={draft.commaIncluded} onChange={(commaIncluded) => update({ commaIncluded })}>
                Include comma
              </Checkbox>
            </>
          )}
          <footer className="pcm-def-panel-footer">
            <Button variant="secondary" onPress={onClose}>
              Cancel
            </Button>
            <Button variant="accent" type="submit" isPending={busy}>
              {definition ? 'Save' : 'Create'}
            </Button>
          </footer>
        </form>
      </aside>
    </>
  );
}
