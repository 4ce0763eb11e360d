import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Item, Picker } from '@adobe/react-spectrum/Picker';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { Text } from '@adobe/react-spectrum/Text';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { TextField } from '@adobe/react-spectrum/TextField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import ViewList from '@spectrum-icons/workflow/ViewList';
import { useEffect, useState } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { EntityMessages } from '@parley/sdk/contract/nlp-entities';
import { useDesigner } from '../designer-context.js';
import { paths } from '../designer-routes.js';
import { asParleyError, messageOf, once, useLoad } from '../../internal/use-call.js';
import { ensureEntityStyles } from './entity-styles.js';
import {
  EntityTexts,
  emptyRow,
  joinSynonyms,
  rowsOf,
  splitSynonyms,
  validate,
  valueField,
  valuesOf,
  type FieldErrors,
  type ValueRow,
  type ValueType,
} from './entity-form-state.js';
import { SynonymDialog } from './SynonymDialog.js';

/**
 * Entity create and edit (agent-designer 2 and 5): a name and value rows (value, type, synonyms or patterns). Viewers
 * see the same form read-only.
 */
export function EntityForm({ agent }: { agent: Agent; onSaved?: () => void }) {
  ensureEntityStyles();
  const { client, route, navigate, toast, confirm, canEdit } = useDesigner();
  const entityId = route.screen === 'entity-form' ? route.entityId : null;
  const readOnly = !canEdit;

  const [name, setName] = useState('');
  const [rows, setRows] = useState<ValueRow[]>(() => [emptyRow()]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [synonymRow, setSynonymRow] = useState<number | null>(null);

  const loaded = useLoad(
    () => (entityId ? client.nlpEntities.get({ id: agent.id, entityId }) : null),
    [client, agent.id, entityId],
    (e) => toast(messageOf(e), 'error'),
  );
  useEffect(() => {
    if (!loaded.data) return;
    setName(loaded.data.name);
    setRows(rowsOf(loaded.data));
  }, [loaded.data]);

  const local = validate(name, rows);
  const valid = Object.keys(local).length === 0;
  /** A field's words: the server's for what it refused, else the local rule once the field was left (or all after a refused add). */
  const errorOf = (field: string): string | undefined => serverErrors[field] ?? (showAll || touched.has(field) ? local[field] : undefined);
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  const clearServer = (...fields: string[]) =>
    setServerErrors((errors) => {
      if (!fields.some((f) => f in errors)) return errors;
      const next = { ...errors };
      for (const f of fields) delete next[f];
      return next;
    });

  const updateRow = (index: number, patch: Partial<ValueRow>) => {
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    clearServer(valueField(index, 'value'), valueField(index, 'synonyms'), valueField(index, 'pattern'), 'values');
  };

  // agent-designer 2: the plus icon adds a value row only when the form is valid; otherwise it shows what is missing.
  const addRow = () => {
    if (!valid) return setShowAll(true);
    setRows((list) => [...list, emptyRow()]);
    setShowAll(false);
  };

  const removeRow = async (index: number) => {
    if (rows.length <= 1) return;
    const row = rows[index]!;
    const ok = await confirm({ title: 'Delete value', message: row.value.trim() ? `Delete the value "${row.value.trim()}"?` : 'Delete this value row?' });
    if (!ok) return;
    setRows((list) => list.filter((r) => r.key !== row.key));
    // Field errors from the server name rows by position, which just moved.
    setServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([f]) => !f.startsWith('values'))));
    setTouched((t) => new Set([...t].filter((f) => !f.startsWith('values'))));
  };

  const toList = () => navigate(paths.entityList(agent.id));

  const save = async () => {
    if (!valid || busy) return;
    setBusy(true);
    try {
      await once(client.nlpEntities.save({ ...(entityId ? { id: entityId } : {}), agentId: agent.id, name: name.trim(), values: valuesOf(rows) }));
      toast(EntityMessages.saved, 'success');
      toList();
    } catch (e) {
      const error = asParleyError(e);
      setServerErrors(Object.fromEntries(error.errors.map((f) => [f.field, f.message])));
      toast(messageOf(e), 'error');
      setBusy(false);
    }
  };

  if (entityId && loaded.loading && !loaded.data) {
    return (
      <div className="pad-page">
        <ProgressCircle aria-label="Loading entity" isIndeterminate />
      </div>
    );
  }

  const title = readOnly ? 'Entity' : entityId ? 'Edit Entity' : 'Create Entity';
  const editing = synonymRow === null ? null : rows[synonymRow];
  const formError = serverErrors.values ?? (showAll ? local.values : undefined);

  return (
    <div className="pad-page pad-ent-form">
      <Heading level={3} marginTop={0}>
        {title}
      </Heading>
      <form
        className="pad-ent-card"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Name"
          value={name}
          onChange={(v) => {
            setName(v);
            clearServer('name');
          }}
          onBlur={() => touch('name')}
          isRequired={!readOnly}
          isReadOnly={readOnly}
          necessityIndicator="icon"
          validationState={errorOf('name') ? 'invalid' : undefined}
          errorMessage={errorOf('name')}
          width="size-4600"
          maxWidth="100%"
          maxLength={120}
          autoFocus={!entityId && !readOnly}
        />

        <h4 className="pad-ent-section">Values</h4>
        <div className="pad-ent-values-head" aria-hidden="true">
          <span />
          <span>Value</span>
          <span>Type</span>
          <span>Synonyms / Patterns</span>
          <span />
        </div>
        {rows.map((row, i) => {
          const n = i + 1;
          const noValue = !row.value.trim();
          const listField = valueField(i, row.type === 'pattern' ? 'pattern' : 'synonyms');
          const listError = noValue ? undefined : errorOf(listField);
          return (
            <div key={row.key} className="pad-ent-row" data-row={n} role="group" aria-label={`Row ${n}`}>
              <span className="pad-ent-index">{n}</span>
              <TextField
                aria-label={`Value ${n}`}
                value={row.value}
                onChange={(v) => updateRow(i, { value: v })}
                onBlur={() => touch(valueField(i, 'value'))}
                isReadOnly={readOnly}
                validationState={errorOf(valueField(i, 'value')) ? 'invalid' : undefined}
                errorMessage={errorOf(valueField(i, 'value'))}
                width="100%"
                maxLength={200}
              />
              <Picker
                aria-label={`Type ${n}`}
                selectedKey={row.type}
                onSelectionChange={(k) => updateRow(i, { type: k as ValueType })}
                isDisabled={readOnly}
                width="100%"
              >
                <Item key="synonyms">Synonyms</Item>
                <Item key="pattern">Pattern</Item>
              </Picker>
              {row.type === 'synonyms' ? (
                <div className="pad-ent-synonyms">
                  <TextField
                    aria-label={`Synonyms ${n}`}
                    value={row.synonyms}
                    onChange={(v) => updateRow(i, { synonyms: v })}
                    onBlur={() => touch(listField)}
                    isReadOnly={readOnly || noValue}
                    description={noValue && !readOnly ? EntityTexts.valueFirst : undefined}
                    validationState={listError ? 'invalid' : undefined}
                    errorMessage={listError}
                    flexGrow={1}
                    minWidth={0}
                  />
                  <TooltipTrigger>
                    <ActionButton aria-label={`Edit synonyms of value ${n}`} onPress={() => setSynonymRow(i)} isDisabled={readOnly || noValue}>
                      <ViewList />
                    </ActionButton>
                    <Tooltip>Edit synonyms one by one</Tooltip>
                  </TooltipTrigger>
                </div>
              ) : (
                <TextArea
                  aria-label={`Patterns ${n}`}
                  value={row.patterns}
                  onChange={(v) => updateRow(i, { patterns: v })}
                  onBlur={() => touch(listField)}
                  isReadOnly={readOnly || noValue}
                  description={noValue && !readOnly ? EntityTexts.valueFirst : readOnly ? undefined : 'One regular expression per line'}
                  validationState={listError ? 'invalid' : undefined}
                  errorMessage={listError}
                  width="100%"
                  height="size-1000"
                />
              )}
              {readOnly ? (
                <span />
              ) : (
                <TooltipTrigger>
                  <ActionButton isQuiet aria-label={`Delete value ${n}`} isDisabled={rows.length <= 1} onPress={() => void removeRow(i)}>
                    <Delete />
                  </ActionButton>
                  <Tooltip>Delete value</Tooltip>
                </TooltipTrigger>
              )}
            </div>
          );
        })}
        {formError && (
          <div className="pad-ent-form-error" role="alert">
            {formError}
          </div>
        )}
        {!readOnly && (
          <ActionButton onPress={addRow} UNSAFE_className="pad-ent-add" aria-label="Add value">
            <Add />
            <Text>Add Value</Text>
          </ActionButton>
        )}
        {/* Enter in a field submits, as a form does; the visible buttons sit below the card. */}
        <button type="submit" hidden />
      </form>
      <Flex UNSAFE_className="pad-ent-footer">
        <Button variant="secondary" onPress={toList}>
          {readOnly ? 'Back' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button variant="accent" onPress={() => void save()} isDisabled={!valid} isPending={busy}>
            {entityId ? 'Update' : 'Create'}
          </Button>
        )}
      </Flex>
      <SynonymDialog
        value={editing ? editing.value.trim() : null}
        synonyms={editing ? splitSynonyms(editing.synonyms) : []}
        onClose={(list) => {
          if (list && synonymRow !== null) {
            updateRow(synonymRow, { synonyms: joinSynonyms(list) });
            touch(valueField(synonymRow, 'synonyms'));
          }
          setSynonymRow(null);
        }}
      />
    </div>
  );
}
