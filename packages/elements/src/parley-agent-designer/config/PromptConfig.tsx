import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Switch } from '@adobe/react-spectrum/Switch';
import { Cell, Column, Row, TableBody, TableHeader, TableView } from '@adobe/react-spectrum/TableView';
import { Text } from '@adobe/react-spectrum/Text';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { TextField } from '@adobe/react-spectrum/TextField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import Add from '@spectrum-icons/workflow/Add';
import Delete from '@spectrum-icons/workflow/Delete';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { PromptMessages } from '@parley/sdk/contract/nlp-genai';
import { useDesigner } from '../designer-context.js';
import { paths } from '../designer-routes.js';
import { asParleyError, messageOf, once, useLoad } from '../../internal/use-call.js';
import { ConfigPage } from './ConfigPage.js';
import { ConfigurationPicker } from './ConfigurationPicker.js';
import { keepDraft, keptDraft } from './kept-draft.js';
import { IconAction } from '../../spectrum-parts/IconAction.js';

interface Row {
  key: number;
  name: string;
  description: string;
}

interface Values {
  openaiKey: string;
  prompt: string;
  extractData: boolean;
  rows: Row[];
}

type Errors = Partial<Record<'openaiKey' | 'prompt' | 'userData', string>>;

/** Rows hold a 32 px field (48 px with spacious padding) under a 34 px header; an empty table is tall enough for No Record. */
const variablesHeight = (rows: number) => (rows ? 36 + rows * 49 : 160);

/**
 * A grid moves between cells with the arrow keys and leaves at Tab; inside a variable's text field those keys belong
 * to the field (caret, and Tab to the next field), so they stop here, before the table's own handlers. Up and Down
 * still go to the table, to the field of the row above or below.
 */
function keepFieldKeys(event: KeyboardEvent) {
  const target = event.target as HTMLElement;
  if (target.tagName !== 'INPUT' || event.key === 'ArrowUp' || event.key === 'ArrowDown' || event.key === 'Escape') return;
  event.stopPropagation();
}

/** agent-designer 5: a configuration and a non-blank prompt; with extractData on, every variable named and described. */
export function validatePrompt(v: Values): Errors {
  const errors: Errors = {};
  if (!v.openaiKey.trim()) errors.openaiKey = PromptMessages.openaiKeyRequired;
  if (!v.prompt.trim()) errors.prompt = PromptMessages.promptRequired;
  if (v.extractData && (v.rows.length === 0 || v.rows.some((r) => !r.name.trim() || !r.description.trim())))
    errors.userData = PromptMessages.variablesIncomplete;
  return errors;
}

/** The prompt agent screen (agent-designer 2): its AI configuration, prompt and the variables to collect. */
export function PromptConfig({ agent, onSaved }: { agent: Agent; onSaved?: () => void }) {
  const { client, toast, navigate, navState, confirm, canEdit } = useDesigner();
  const loaded = useLoad(
    () => client.nlpGenai.getPrompt({ id: agent.id }),
    [agent.id, client],
    (e) => toast(messageOf(e), 'error'),
  );
  const draftKey = `prompt:${agent.id}`;
  // Back from Create Configuration: the prompt and variables typed before leaving win over the saved ones, once.
  const kept = useRef(keptDraft<Values>(navState, draftKey));
  const nextKey = useRef(1);
  const toRows = (list: { name: string; description: string }[]) => list.map((r) => ({ key: nextKey.current++, name: r.name, description: r.description }));
  const [values, setValues] = useState<Values>({ openaiKey: '', prompt: '', extractData: false, rows: [] });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const [synced, setSynced] = useState(false);
  useEffect(() => {
    const data = loaded.data;
    if (!data) return;
    // Kept rows bring their keys: new ones start after them.
    for (const r of kept.current?.rows ?? []) nextKey.current = Math.max(nextKey.current, r.key + 1);
    setValues(kept.current ?? { openaiKey: data.openaiKey, prompt: data.prompt, extractData: data.extractData, rows: toRows(data.userData) });
    kept.current = undefined;
    setSynced(true);
  }, [loaded.data]);

  const update = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };
  const setRow = (key: number, patch: Partial<Row>) => update({ rows: values.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const addRow = () => update({ rows: [...values.rows, { key: nextKey.current++, name: '', description: '' }] });
  const removeRow = async (row: Row, index: number) => {
    const ok = await confirm({ title: 'Delete variable', message: `Delete the variable ${row.name.trim() ? `"${row.name.trim()}"` : `in row ${index + 1}`}?` });
    if (ok) setValues((v) => ({ ...v, rows: v.rows.filter((r) => r.key !== row.key) }));
  };

  const errors: Errors = { ...(submitted ? validatePrompt(values) : {}), ...Object.fromEntries(Object.entries(serverErrors).filter(([, m]) => m)) };
  // Rows are checked only while data is collected (agent-designer 5).
  const rowInvalid = (text: string) => submitted && values.extractData && !text.trim();

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(validatePrompt(values)).length) return;
    setBusy(true);
    try {
      const saved = await once(
        client.nlpGenai.savePrompt({
          id: agent.id,
          openaiKey: values.openaiKey,
          prompt: values.prompt,
          extractData: values.extractData,
          userData: values.rows.map((r) => ({ name: r.name, description: r.description })),
        }),
      );
      setValues({ openaiKey: saved.openaiKey, prompt: saved.prompt, extractData: saved.extractData, rows: toRows(saved.userData) });
      setSubmitted(false);
      toast(PromptMessages.saved, 'success');
      onSaved?.();
    } catch (e) {
      const error = asParleyError(e);
      setServerErrors({ openaiKey: error.fieldMessage('openaiKey'), prompt: error.fieldMessage('prompt'), userData: error.fieldMessage('userData') });
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };

  const readOnly = !canEdit;
  return (
    <ConfigPage
      title="Prompt Configuration"
      onBack={() => navigate(paths.agents())}
      showBack={false}
      onSubmit={canEdit ? () => void save() : undefined}
      busy={busy}
      loading={!synced && !loaded.error}
      wide
    >
      <ConfigurationPicker
        agentId={agent.id}
        from="prompt"
        keep={() => keepDraft(draftKey, values)}
        label="AI API Configuration"
        isRequired
        value={values.openaiKey}
        onChange={(id) => update({ openaiKey: id })}
        isDisabled={readOnly}
        error={errors.openaiKey}
      />
      <TextArea
        label="Prompt"
        isRequired
        placeholder="Enter a Prompt Configuration"
        value={values.prompt}
        onChange={(prompt) => update({ prompt })}
        isReadOnly={readOnly}
        maxLength={20000}
        height="size-3000"
        validationState={errors.prompt ? 'invalid' : undefined}
        errorMessage={errors.prompt}
        width="100%"
      />
      <Switch isEmphasized isSelected={values.extractData} onChange={(extractData) => update({ extractData })} isReadOnly={readOnly}>
        Do you want to collect data after conversation?
      </Switch>
      {values.extractData && (
        <div className="pad-cfg-section">
          <div className="pad-cfg-table-head">
            <span className="pad-cfg-list-title">Variables</span>
            {canEdit && (
              <TooltipTrigger>
                <ActionButton aria-label="Add variable" onPress={addRow}>
                  <Add />
                </ActionButton>
                <Tooltip>Add variable</Tooltip>
              </TooltipTrigger>
            )}
          </div>
          {/* The fields keep their own keys: arrows move the caret and Tab the focus, as in any form (see keepFieldKeys). */}
          <div onKeyDownCapture={keepFieldKeys}>
            <TableView
              aria-label="Variables"
              density="spacious"
              selectionMode="none"
              height={variablesHeight(values.rows.length)}
              renderEmptyState={() => <Text UNSAFE_className="pad-cfg-empty">No Record</Text>}
            >
              <TableHeader>
                <Column key="sno" width={72}>
                  S.No
                </Column>
                <Column key="name" width="2fr" isRowHeader>
                  Variable name
                </Column>
                <Column key="description" width="3fr">
                  Description
                </Column>
                <Column key="action" width={84} align="center">
                  Action
                </Column>
              </TableHeader>
              <TableBody items={values.rows.map((row, i) => ({ ...row, index: i }))}>
                {(row) => (
                  <Row key={row.key} textValue={row.name}>
                    <Cell>
                      <span className="pad-cfg-sno">{row.index + 1}</span>
                    </Cell>
                    <Cell textValue={row.name}>
                      <TextField
                        aria-label={`Variable name ${row.index + 1}`}
                        value={row.name}
                        onChange={(name) => setRow(row.key, { name })}
                        isReadOnly={readOnly}
                        maxLength={100}
                        validationState={rowInvalid(row.name) ? 'invalid' : undefined}
                        width="100%"
                      />
                    </Cell>
                    <Cell textValue={row.description}>
                      <TextField
                        aria-label={`Description ${row.index + 1}`}
                        value={row.description}
                        onChange={(description) => setRow(row.key, { description })}
                        isReadOnly={readOnly}
                        maxLength={1000}
                        validationState={rowInvalid(row.description) ? 'invalid' : undefined}
                        width="100%"
                      />
                    </Cell>
                    <Cell>
                      {canEdit ? (
                        <IconAction label={`Delete variable ${row.index + 1}`} tooltip="Delete" onPress={() => void removeRow(row, row.index)}>
                          <Delete />
                        </IconAction>
                      ) : null}
                    </Cell>
                  </Row>
                )}
              </TableBody>
            </TableView>
          </div>
          {errors.userData && (
            <div className="pad-cfg-error" role="alert">
              {errors.userData}
            </div>
          )}
        </div>
      )}
    </ConfigPage>
  );
}
