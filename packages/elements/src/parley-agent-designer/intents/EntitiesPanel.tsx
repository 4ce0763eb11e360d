import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Checkbox } from '@adobe/react-spectrum/Checkbox';
import { Content } from '@adobe/react-spectrum/Content';
import { Heading } from '@adobe/react-spectrum/Heading';
import { IllustratedMessage } from '@adobe/react-spectrum/IllustratedMessage';
import { Text } from '@adobe/react-spectrum/Text';
import { TextField } from '@adobe/react-spectrum/TextField';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import Label from '@spectrum-icons/workflow/Label';
import { useState } from 'react';
import { IntentMessages } from '@parley/sdk/contract/nlp-intents';
import { useDesigner } from '../designer-context.js';
import type { Draft, DraftParameter } from './intent-draft.js';

interface Props {
  draft: Draft;
  update(change: (d: Draft) => Draft): void;
  entityName(id: string): string;
  /** A save was refused for a required parameter without prompts: those parameters show why. */
  showMissingPrompts?: boolean;
}

/** The Entities panel (agent-designer 2): Required, Parameter name, Entity, Prompts, Value, Option. */
export function EntitiesPanel({ draft, update, entityName, showMissingPrompts = false }: Props) {
  const { toast, confirm, canEdit } = useDesigner();
  const setParam = (i: number, change: Partial<DraftParameter>) =>
    update((d) => ({ ...d, entities: d.entities.map((p, j) => (j === i ? { ...p, ...change } : p)) }));
  const remove = async (i: number) => {
    const p = draft.entities[i];
    if (!p || !(await confirm({ title: 'Delete entity', message: `Remove the parameter "${p.name}" and its marks in the training phrases?` }))) return;
    update((d) => ({
      ...d,
      entities: d.entities.filter((_, j) => j !== i),
      // A parameter's marks go with it, unless another parameter still uses the same entity.
      utterances: d.entities.some((q, j) => j !== i && q.id === p.id)
        ? d.utterances
        : d.utterances.map((u) => ({ ...u, entityRefs: u.entityRefs.filter((r) => r.entityId !== p.id) })),
    }));
    toast('Deleted  Entity  succesfully', 'success');
  };

  return (
    <section className="pad-col pad-col-right" aria-label="Entities">
      <Text UNSAFE_className="pad-col-title">Entities</Text>
      {!draft.entities.length && (
        <IllustratedMessage>
          <Label size="XXL" />
          <Heading>No entities</Heading>
          <Content>Select words in a training phrase to add a parameter.</Content>
        </IllustratedMessage>
      )}
      <ul className="pad-params" aria-label="Entity parameters">
        {draft.entities.map((p, i) => (
          <li key={`${p.id}-${i}`} className="pad-param">
            <div className="pad-param-head">
              <Checkbox isSelected={p.required} isReadOnly={!canEdit} onChange={(required) => setParam(i, { required })}>
                Required
              </Checkbox>
              <span className="pad-param-entity" title="Entity">
                @{entityName(p.id)}
              </span>
              {canEdit && (
                <ActionButton isQuiet aria-label={`Delete parameter ${p.name}`} onPress={() => void remove(i)}>
                  <Delete />
                </ActionButton>
              )}
            </div>
            <TextField label="Parameter name" value={p.name} isReadOnly={!canEdit} onChange={(name) => setParam(i, { name })} width="100%" />
            <TextField
              label="Value"
              description="$name takes the value from the message"
              value={p.value}
              isReadOnly={!canEdit}
              onChange={(value) => setParam(i, { value })}
              width="100%"
            />
            <Prompts
              prompts={p.prompts}
              required={p.required}
              missing={showMissingPrompts && p.required && !p.prompts.length}
              canEdit={canEdit}
              onChange={(prompts) => setParam(i, { prompts })}
              onDeleted={() => toast('Prompt deleted', 'success')}
              confirm={confirm}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Prompts({
  prompts,
  required,
  missing,
  canEdit,
  onChange,
  onDeleted,
  confirm,
}: {
  prompts: string[];
  required: boolean;
  missing: boolean;
  canEdit: boolean;
  onChange(p: string[]): void;
  onDeleted(): void;
  confirm(o: { title: string; message: string }): Promise<boolean>;
}) {
  const [input, setInput] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const commit = () => {
    const text = input.trim();
    if (!text) return setError(IntentMessages.emptyPrompt);
    onChange(editing === null ? [...prompts, text] : prompts.map((p, i) => (i === editing ? text : p)));
    setInput('');
    setEditing(null);
    setError(undefined);
  };
  return (
    <div className="pad-prompts">
      <span className="pad-small pad-muted">Prompts{required && !prompts.length ? ' (a required parameter is asked with these)' : ''}</span>
      <ul aria-label="Prompts">
        {prompts.map((p, i) => (
          <li key={`${i}-${p}`} className="pad-prompt">
            <span>{p}</span>
            {canEdit && (
              <>
                <ActionButton
                  isQuiet
                  aria-label={`Edit prompt "${p}"`}
                  onPress={() => {
                    setEditing(i);
                    setInput(p);
                  }}
                >
                  <Edit />
                </ActionButton>
                <ActionButton
                  isQuiet
                  aria-label={`Delete prompt "${p}"`}
                  onPress={async () => {
                    if (!(await confirm({ title: 'Delete prompt', message: `Delete the prompt "${p}"?` }))) return;
                    onChange(prompts.filter((_, j) => j !== i));
                    onDeleted();
                  }}
                >
                  <Delete />
                </ActionButton>
              </>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <TextField
          aria-label="Add prompt"
          placeholder="Add a prompt and press Enter"
          value={input}
          onChange={(v) => {
            setInput(v);
            setError(undefined);
          }}
          width="100%"
          validationState={error || missing ? 'invalid' : undefined}
          errorMessage={error ?? (missing ? IntentMessages.emptyPrompt : undefined)}
          onKeyDown={(e) => (e.key === 'Enter' ? commit() : e.continuePropagation())}
        />
      )}
    </div>
  );
}
