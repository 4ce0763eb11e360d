import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Flex } from '@adobe/react-spectrum/Flex';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Text } from '@adobe/react-spectrum/Text';
import { TextField } from '@adobe/react-spectrum/TextField';
import Close from '@spectrum-icons/workflow/Close';
import { useState } from 'react';
import { combineLatest } from 'rxjs';
import type { Entity } from '@parley/sdk/contract/nlp-entities';
import { useDesigner } from '../designer-context.js';
import { messageOf, once, useLoad } from '../../internal/use-call.js';
import type { PhraseSelection } from './PhraseText.js';

/** agent-designer 9: the picker asks for 100 entities from the start. */
const PICKER_PAGE = 100;

interface Props {
  agentId: string;
  selection: PhraseSelection;
  phrase: string;
  onPick(entity: Entity): void;
  onClose(): void;
  onEntitiesChanged(): void;
}

/**
 * The entity picker (agent-designer 2): the selected words, a search and the agent's entities. A new synonym entity
 * can be made here too, seeded with the selected words, so marking a phrase never means leaving an unsaved intent.
 */
export function EntityPicker({ agentId, selection, phrase, onPick, onClose, onEntitiesChanged }: Props) {
  const { client, toast } = useDesigner();
  const [search, setSearch] = useState('');
  const [nonce, setNonce] = useState(0);
  const [creating, setCreating] = useState(false);
  const loaded = useLoad(
    () =>
      combineLatest([
        client.nlpEntities.list({ id: agentId, from: 0, perPage: PICKER_PAGE, type: 0 }),
        client.nlpEntities.list({ id: agentId, from: 0, perPage: PICKER_PAGE, type: 1 }),
      ]),
    [agentId, client, nonce],
    (e) => toast(messageOf(e), 'error'),
  );
  const term = search.trim().toLowerCase();
  const entities = [...(loaded.data?.[0].entities ?? []), ...(loaded.data?.[1].entities ?? [])].filter((e) => !term || e.name.toLowerCase().includes(term));

  return (
    <section className="pad-col pad-col-right pad-picker" aria-label="Entity picker">
      <Flex alignItems="center" justifyContent="space-between">
        <Text UNSAFE_className="pad-col-title">Pick an entity</Text>
        <ActionButton isQuiet aria-label="Close entity picker" onPress={onClose}>
          <Close />
        </ActionButton>
      </Flex>
      <p className="pad-picker-phrase">
        {phrase.slice(0, selection.start)}
        <mark className="pad-phrase-entity">{selection.text}</mark>
        {phrase.slice(selection.end)}
      </p>
      {creating ? (
        <NewEntityForm
          agentId={agentId}
          seed={selection.text}
          onCancel={() => setCreating(false)}
          onCreated={(entity) => {
            setCreating(false);
            setNonce((n) => n + 1);
            onEntitiesChanged();
            onPick(entity);
          }}
        />
      ) : (
        <>
          <SearchField aria-label="Search Entity here" placeholder="Search Entity here" value={search} onChange={setSearch} width="100%" />
          <ul className="pad-list pad-picker-list" aria-label="Entities">
            {entities.map((e) => (
              <li key={`${e.type}-${e.id}`} className="pad-list-row">
                <button type="button" className="pad-list-open" onClick={() => onPick(e)}>
                  <span>@{e.name}</span>
                  <span className="pad-muted pad-small">{e.type === 1 ? e.description || 'System entity' : `${e.values.length} values`}</span>
                </button>
              </li>
            ))}
            {loaded.data && !entities.length && <li className="pad-empty">No Record</li>}
          </ul>
          <Button variant="secondary" onPress={() => setCreating(true)} width="100%">
            New entity from “{selection.text}”
          </Button>
        </>
      )}
    </section>
  );
}

function NewEntityForm({ agentId, seed, onCreated, onCancel }: { agentId: string; seed: string; onCreated(e: Entity): void; onCancel(): void }) {
  const { client, toast } = useDesigner();
  const [name, setName] = useState(
    seed
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, ''),
  );
  const [value, setValue] = useState(seed);
  const [synonyms, setSynonyms] = useState(seed);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = async () => {
    setBusy(true);
    try {
      const list = synonyms
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const values = [{ value: value.trim(), type: 'synonyms' as const, synonyms: list.length ? list : [value.trim()] }];
      const { id } = await once(client.nlpEntities.save({ agentId, name, values }));
      const entity = await once(client.nlpEntities.get({ id: agentId, entityId: id }));
      toast('Entity saved', 'success');
      onCreated(entity);
    } catch (e) {
      const err = e as { fieldMessage?: (f: string) => string | undefined };
      setErrors({ name: err.fieldMessage?.('name'), value: err.fieldMessage?.('values.0.value'), synonyms: err.fieldMessage?.('values.0.synonyms') });
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="pad-new-entity"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <TextField
        label="Entity name"
        value={name}
        onChange={setName}
        isRequired
        width="100%"
        autoFocus
        validationState={errors.name ? 'invalid' : undefined}
        errorMessage={errors.name}
      />
      <TextField
        label="Value"
        value={value}
        onChange={setValue}
        isRequired
        width="100%"
        validationState={errors.value ? 'invalid' : undefined}
        errorMessage={errors.value}
      />
      <TextField
        label="Synonyms"
        description="Separate synonyms with commas; add more values later in the entity list"
        value={synonyms}
        onChange={setSynonyms}
        width="100%"
        validationState={errors.synonyms ? 'invalid' : undefined}
        errorMessage={errors.synonyms}
      />
      <Flex gap="size-100" justifyContent="end" marginTop="size-100">
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button variant="accent" type="submit" isPending={busy}>
          Create entity
        </Button>
      </Flex>
    </form>
  );
}
