import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Text } from '@adobe/react-spectrum/Text';
import { TextField } from '@adobe/react-spectrum/TextField';
import Add from '@spectrum-icons/workflow/Add';
import Close from '@spectrum-icons/workflow/Close';
import { useEffect, useState } from 'react';
import { EntityMessages } from '@parley/sdk/contract/nlp-entities';
import { ensureEntityStyles } from './entity-styles.js';

interface Props {
  /** The value whose synonyms are edited; null while closed. */
  value: string | null;
  synonyms: readonly string[];
  onClose(synonyms: string[] | null): void;
}

/**
 * The synonym popup (agent-designer 2 and 5): synonyms are added one at a time (Enter or the add button) and removed
 * one at a time; an empty one is refused with 'Empty synonyms cannot be added'; Done hands the list back.
 */
export function SynonymDialog({ value, synonyms, onClose }: Props) {
  ensureEntityStyles();
  return (
    <DialogContainer onDismiss={() => onClose(null)}>{value !== null && <SynonymEditor value={value} initial={synonyms} onClose={onClose} />}</DialogContainer>
  );
}

function SynonymEditor({ value, initial, onClose }: { value: string; initial: readonly string[]; onClose(synonyms: string[] | null): void }) {
  const [list, setList] = useState<string[]>(() => [...initial]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => setError(undefined), [draft]);

  const add = () => {
    const synonym = draft.trim();
    if (!synonym) return setError(EntityMessages.emptySynonym);
    if (list.some((s) => s.toLowerCase() === synonym.toLowerCase())) return setError(`“${synonym}” is already in the list`);
    setList((l) => [...l, synonym]);
    setDraft('');
  };

  // A synonym typed but not yet added is kept on Done; blank entries are dropped (agent-designer 5).
  const done = () => {
    const pending = draft.trim();
    const all = pending && !list.some((s) => s.toLowerCase() === pending.toLowerCase()) ? [...list, pending] : list;
    onClose(all.map((s) => s.trim()).filter(Boolean));
  };

  return (
    <Dialog size="M" aria-label={`Synonyms of ${value}`}>
      <Heading>Synonyms of “{value}”</Heading>
      <Divider />
      <Content>
        <Flex gap="size-100" alignItems="start">
          <TextField
            label="Synonym"
            value={draft}
            onChange={setDraft}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              } else e.continuePropagation();
            }}
            validationState={error ? 'invalid' : undefined}
            errorMessage={error}
            description="Press Enter to add"
            flexGrow={1}
            maxLength={200}
            autoFocus
          />
          <ActionButton onPress={add} marginTop="size-300" aria-label="Add synonym">
            <Add />
            <Text>Add</Text>
          </ActionButton>
        </Flex>
        {list.length ? (
          <ul className="pad-ent-chips pad-ent-chips-dialog" aria-label="Synonyms">
            {list.map((synonym) => (
              <li key={synonym} className="pad-ent-chip">
                <span>{synonym}</span>
                <ActionButton
                  isQuiet
                  aria-label={`Remove ${synonym}`}
                  onPress={() => setList((l) => l.filter((s) => s !== synonym))}
                  UNSAFE_className="pad-ent-chip-remove"
                >
                  <Close size="XS" />
                </ActionButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="pad-ent-dialog-empty">No synonyms yet.</p>
        )}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onClose(null)}>
          Cancel
        </Button>
        <Button variant="accent" onPress={done}>
          Done
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
