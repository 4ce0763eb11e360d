import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import { Flex } from '@adobe/react-spectrum/Flex';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Text } from '@adobe/react-spectrum/Text';
import { TextField } from '@adobe/react-spectrum/TextField';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import ArrowLeft from '@spectrum-icons/workflow/ArrowLeft';
import Delete from '@spectrum-icons/workflow/Delete';
import Edit from '@spectrum-icons/workflow/Edit';
import { useState } from 'react';
import { NlpMessages, type Story } from '@parley/sdk/contract/nlp-agents';
import type { IntentSummary } from './intents-state.js';
import { useDesigner } from '../designer-context.js';
import { messageOf, once } from '../../internal/use-call.js';

interface Props {
  agentId: string;
  root: Story | undefined;
  reloadStories(): void;
  story: Story | null;
  onStory(story: Story | null): void;
  intents: IntentSummary[];
  intentSearch: string;
  onIntentSearch(term: string): void;
  selectedIntentId: string | null;
  onIntent(id: string): void;
  onCreateIntent(): void;
  onDeleteIntent(intent: IntentSummary): void;
}

/** The left column (agent-designer 2): stories, or the chosen story's intents. */
export function StoriesColumn(props: Props) {
  const { client, toast, confirm, canEdit, unsaved } = useDesigner();
  const { agentId, root, story } = props;
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ id?: string; name: string } | null>(null);

  const saveStory = async (name: string, id?: string) => {
    try {
      await once(client.nlpAgents.saveStory({ agentId, name, ...(id ? { id } : {}), ...(root ? { parentId: root.id } : {}) }));
      toast(NlpMessages.storySaved, 'success');
      setEditing(null);
      setCreating(false);
      props.reloadStories();
    } catch (e) {
      toast(messageOf(e), 'error');
    }
  };
  const deleteStory = async (s: Story) => {
    if (!(await confirm({ title: 'Delete story', message: `Delete the story "${s.name}" and its intents?` }))) return;
    try {
      await once(client.nlpAgents.deleteStory({ id: agentId, storyId: s.id }));
      toast(NlpMessages.storyDeleted, 'success');
    } catch (e) {
      toast(messageOf(e), 'error');
    }
    props.reloadStories();
  };

  if (story) {
    return (
      <section className="pad-col pad-col-left" aria-label={`Intents of ${story.name}`}>
        <Flex alignItems="center" gap="size-50">
          <TooltipTrigger>
            <ActionButton
              isQuiet
              aria-label="Back to stories"
              onPress={() => (unsaved ? toast('Please Save or Discard the changes', 'error') : props.onStory(null))}
            >
              <ArrowLeft />
            </ActionButton>
            <Tooltip>Back to stories</Tooltip>
          </TooltipTrigger>
          <Text UNSAFE_className="pad-col-title">{story.name}</Text>
        </Flex>
        <SearchField aria-label="Search intents" placeholder="Search intents" value={props.intentSearch} onChange={props.onIntentSearch} width="100%" />
        {canEdit && (
          <Button variant="accent" onPress={props.onCreateIntent} width="100%">
            Create Intent
          </Button>
        )}
        <ul className="pad-list" aria-label="Intents">
          {props.intents.map((intent) => (
            <li key={intent.id} className="pad-list-row" aria-current={intent.id === props.selectedIntentId || undefined}>
              <button type="button" className="pad-list-open" onClick={() => props.onIntent(intent.id)}>
                <span>{intent.name}</span>
                <span className="pad-muted pad-small">{intent.phrases} phrases</span>
              </button>
              {canEdit && (
                <ActionButton isQuiet aria-label={`Delete intent ${intent.name}`} onPress={() => props.onDeleteIntent(intent)}>
                  <Delete />
                </ActionButton>
              )}
            </li>
          ))}
          {!props.intents.length && <li className="pad-empty">No intents yet</li>}
        </ul>
      </section>
    );
  }

  const term = search.trim().toLowerCase();
  const stories = (root?.childStories ?? []).filter((s) => !term || s.name.toLowerCase().includes(term));
  return (
    <section className="pad-col pad-col-left" aria-label="Stories">
      <Text UNSAFE_className="pad-col-title">Stories</Text>
      <SearchField aria-label="Search stories" placeholder="Search stories" value={search} onChange={setSearch} width="100%" />
      {canEdit && (
        <Button variant="accent" onPress={() => setCreating(true)} width="100%">
          Add Story
        </Button>
      )}
      {creating && <StoryNameInput label="New story" onSubmit={(name) => void saveStory(name)} onCancel={() => setCreating(false)} />}
      <ul className="pad-list" aria-label="Stories">
        {stories.map((s) =>
          editing?.id === s.id ? (
            <li key={s.id}>
              <StoryNameInput label="Story name" initial={s.name} onSubmit={(name) => void saveStory(name, s.id)} onCancel={() => setEditing(null)} />
            </li>
          ) : (
            <li key={s.id} className="pad-list-row">
              <button type="button" className="pad-list-open" onClick={() => props.onStory(s)}>
                <span>{s.name}</span>
              </button>
              {canEdit && (
                <>
                  <ActionButton isQuiet aria-label={`Rename story ${s.name}`} onPress={() => setEditing({ id: s.id, name: s.name })}>
                    <Edit />
                  </ActionButton>
                  <ActionButton isQuiet aria-label={`Delete story ${s.name}`} onPress={() => void deleteStory(s)}>
                    <Delete />
                  </ActionButton>
                </>
              )}
            </li>
          ),
        )}
        {root && !stories.length && <li className="pad-empty">{term ? 'No Record' : 'No stories yet: add one to start'}</li>}
      </ul>
    </section>
  );
}

/** A story name saved on Enter (agent-designer 5), trimmed and collapsed; Escape cancels. */
function StoryNameInput({ label, initial = '', onSubmit, onCancel }: { label: string; initial?: string; onSubmit(name: string): void; onCancel(): void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  return (
    <TextField
      aria-label={label}
      placeholder="Press ENTER to create a story"
      description={initial ? 'Press ENTER to save, Escape to cancel' : undefined}
      value={name}
      onChange={(v) => {
        setName(v);
        setError(undefined);
      }}
      autoFocus
      width="100%"
      validationState={error ? 'invalid' : undefined}
      errorMessage={error}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
        if (e.key !== 'Enter') return e.continuePropagation();
        const clean = name.trim().replace(/\s+/g, ' ');
        if (!clean) return setError(NlpMessages.invalidStoryName);
        onSubmit(clean);
      }}
    />
  );
}
