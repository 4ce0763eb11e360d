import { Content } from '@adobe/react-spectrum/Content';
import { Heading } from '@adobe/react-spectrum/Heading';
import { IllustratedMessage } from '@adobe/react-spectrum/IllustratedMessage';
import { useCallback, useEffect, useState } from 'react';
import { combineLatest } from 'rxjs';
import type { Agent, Story } from '@parley/sdk/contract/nlp-agents';
import type { Entity } from '@parley/sdk/contract/nlp-entities';
import { IntentMessages } from '@parley/sdk/contract/nlp-intents';
import { useDesigner } from '../designer-context.js';
import { ensureStyles } from '../../internal/styles.js';
import { asParleyError, messageOf, once, useDebounced, useLoad } from '../../internal/use-call.js';
import { EntitiesPanel } from './EntitiesPanel.js';
import { EntityPicker } from './EntityPicker.js';
import { draftOf, emptyDraft, parameterName, useIntentDraft } from './intent-draft.js';
import { IntentEditor } from './IntentEditor.js';
import { INTENT_SEARCH_DEBOUNCE_MS, INTENTS_PER_CALL, type IntentSummary } from './intents-state.js';
import INTENTS_CSS from './intents-styles.css?inline';
import type { PhraseSelection } from './PhraseText.js';
import { StoriesColumn } from './StoriesColumn.js';

/** The three-column stories and intents screen (agent-designer 2 and 4). */
export function IntentsScreen({ agent }: { agent: Agent }) {
  ensureStyles('intents', INTENTS_CSS);
  const designer = useDesigner();
  const { client, toast, confirm } = designer;
  const agentId = agent.id;
  const stories = useLoad(
    () => client.nlpAgents.stories({ id: agentId }),
    [agentId, client],
    (e) => toast(messageOf(e), 'error'),
  );
  const [story, setStory] = useState<Story | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), INTENT_SEARCH_DEBOUNCE_MS);
  const [intentsNonce, setIntentsNonce] = useState(0);
  const [intents, setIntents] = useState<IntentSummary[]>([]);
  const [open, setOpen] = useState<'none' | 'new' | string>('none');
  const [selection, setSelection] = useState<PhraseSelection | null>(null);
  const [nameError, setNameError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [missingPrompts, setMissingPrompts] = useState(false);
  const setUnsaved = designer.setUnsaved;
  const { draft, dirty, load, discard, update } = useIntentDraft(useCallback((d: boolean) => setUnsaved(d), [setUnsaved]));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on unmount only: setUnsaved is a new function whenever the flag changes, and a cleanup per change announced a false 'saved'.
  useEffect(() => () => setUnsaved(false), []);

  // Entity names for the marks and the panel: custom (by id) and system (their id is their name).
  const [entitiesNonce, setEntitiesNonce] = useState(0);
  const entities = useLoad(
    () =>
      combineLatest([
        client.nlpEntities.list({ id: agentId, from: 0, perPage: 500, type: 0 }),
        client.nlpEntities.list({ id: agentId, from: 0, perPage: 500, type: 1 }),
      ]),
    [agentId, client, entitiesNonce],
  );
  const entityName = useCallback(
    (id: string) => [...(entities.data?.[0].entities ?? []), ...(entities.data?.[1].entities ?? [])].find((e) => e.id === id)?.name ?? id,
    [entities.data],
  );

  // agent-designer 4: choosing a story loads its intents and opens the first; with none, create mode is off.
  useEffect(() => {
    if (!story) return;
    const sub = client.nlpIntents.list({ agentId, storyId: story.id, name: term || undefined, from: 0, perPage: INTENTS_PER_CALL }).subscribe({
      next: (page) => {
        setIntents(page.intents);
        setOpen((current) => (current !== 'none' || term ? current : (page.intents[0]?.id ?? 'none')));
      },
      error: (e: unknown) => toast(messageOf(e), 'error'),
    });
    return () => sub.unsubscribe();
  }, [story, term, intentsNonce, agentId, client, toast]);

  useEffect(() => {
    setSelection(null);
    setNameError(undefined);
    if (open === 'none' || open === 'new' || !story) return load(emptyDraft());
    const sub = client.nlpIntents.get({ agentId, storyId: story.id, intentId: open }).subscribe({
      next: (intent) => load(draftOf(intent)),
      error: (e: unknown) => toast(messageOf(e), 'error'),
    });
    return () => sub.unsubscribe();
  }, [open, story, agentId, client, load, toast]);

  const chooseStory = (s: Story | null) => {
    setStory(s);
    setSearch('');
    setIntents([]);
    setOpen('none');
  };
  const guard = (then: () => void) => (dirty ? toast('Please Save or Discard the changes', 'error') : then());

  const save = async () => {
    if (!story) return;
    // Checked here too: the SDK would refuse it locally, and its refusal names no field the form can show.
    if (draft.entities.some((p) => p.required && !p.prompts.length)) {
      setMissingPrompts(true);
      toast(IntentMessages.emptyPrompt, 'error');
      return;
    }
    setMissingPrompts(false);
    setSaving(true);
    try {
      const payload = {
        ...(draft.id ? { id: draft.id } : {}),
        agentId,
        storyId: story.id,
        name: draft.name,
        utterances: draft.utterances.map((u) => ({ utterance: u.utterance, entityDefined: u.entityRefs.length > 0, entityRefs: u.entityRefs })),
        responses: draft.responses,
        entities: draft.entities,
      };
      const { id } = await once(client.nlpIntents.save(payload));
      toast(IntentMessages.saved, 'success');
      load({ ...draft, id, name: draft.name.trim().replace(/\s+/g, ' ') });
      setOpen(id);
      setIntentsNonce((n) => n + 1);
    } catch (e) {
      const error = asParleyError(e);
      setNameError(error.fieldMessage('name'));
      toast(error.code === 0 ? 'Intent name  required' : messageOf(e), 'error');
    } finally {
      setSaving(false);
    }
  };

  const deleteIntent = async (intent: IntentSummary) => {
    if (!story || !(await confirm({ title: 'Delete intent', message: `Delete the intent "${intent.name}"?` }))) return;
    try {
      await once(client.nlpIntents.delete({ agentId, storyId: story.id, intentId: intent.id }));
      toast(IntentMessages.deleted, 'success');
      if (open === intent.id) {
        load(emptyDraft());
        setOpen('none');
      }
    } catch (e) {
      toast(messageOf(e), 'error');
    }
    setIntentsNonce((n) => n + 1);
  };

  const pick = (entity: Entity) => {
    if (!selection) return;
    update((d) => {
      const params = d.entities.some((p) => p.id === entity.id)
        ? d.entities
        : [
            ...d.entities,
            {
              id: entity.id,
              name: parameterName(
                entity.name,
                d.entities.map((p) => p.name),
              ),
              required: false,
              value: '',
              prompts: [],
            },
          ];
      const utterances = d.utterances.map((u, i) => {
        if (i !== selection.index) return u;
        // A new mark replaces any it overlaps.
        const kept = u.entityRefs.filter((r) => r.entityEndPos <= selection.start || r.entityStartPos >= selection.end);
        return { ...u, entityRefs: [...kept, { entityId: entity.id, entityStartPos: selection.start, entityEndPos: selection.end }] };
      });
      return { ...d, entities: params, utterances };
    });
    setSelection(null);
  };

  const noStories = stories.data && !stories.data.childStories.length;
  return (
    <div className="pad-intents">
      <StoriesColumn
        agentId={agentId}
        root={stories.data}
        reloadStories={stories.reload}
        story={story}
        onStory={chooseStory}
        intents={intents}
        intentSearch={search}
        onIntentSearch={setSearch}
        selectedIntentId={open === 'none' || open === 'new' ? null : open}
        onIntent={(id) => id !== open && guard(() => setOpen(id))}
        onCreateIntent={() =>
          guard(() => (stories.data?.childStories.length ? (load(emptyDraft()), setOpen('new')) : toast('Please create story before an Intent', 'error')))
        }
        onDeleteIntent={(i) => void deleteIntent(i)}
      />
      {story && open !== 'none' ? (
        <IntentEditor
          draft={draft}
          dirty={dirty}
          nameError={nameError}
          saving={saving}
          update={update}
          onSave={() => void save()}
          onDiscard={discard}
          onClose={() => guard(() => setOpen('none'))}
          entityName={entityName}
          onSelectText={setSelection}
        />
      ) : (
        <section className="pad-col pad-col-middle pad-col-empty">
          <IllustratedMessage>
            <Heading>{story ? 'No intent open' : noStories ? 'Start with a story' : 'Choose a story'}</Heading>
            <Content>
              {story
                ? 'Open an intent on the left, or create one.'
                : noStories
                  ? 'Stories group the intents of your agent. Add one on the left.'
                  : 'Pick a story on the left to see its intents.'}
            </Content>
          </IllustratedMessage>
        </section>
      )}
      {selection && draft.utterances[selection.index] ? (
        <EntityPicker
          agentId={agentId}
          selection={selection}
          phrase={draft.utterances[selection.index]!.utterance}
          onPick={pick}
          onClose={() => setSelection(null)}
          onEntitiesChanged={() => setEntitiesNonce((n) => n + 1)}
        />
      ) : (
        story && open !== 'none' && <EntitiesPanel draft={draft} update={update} entityName={entityName} showMissingPrompts={missingPrompts} />
      )}
    </div>
  );
}
