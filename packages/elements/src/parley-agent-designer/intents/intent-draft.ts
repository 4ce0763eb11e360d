import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EntityRef, Intent } from '@parley/sdk/contract/nlp-intents';

export interface DraftPhrase {
  utterance: string;
  entityRefs: EntityRef[];
}
export interface DraftParameter {
  id: string;
  name: string;
  required: boolean;
  value: string;
  prompts: string[];
}
export interface Draft {
  id?: string;
  name: string;
  utterances: DraftPhrase[];
  responses: { response: string }[];
  entities: DraftParameter[];
}

export const emptyDraft = (): Draft => ({ name: '', utterances: [], responses: [], entities: [] });

export const draftOf = (intent: Intent): Draft => ({
  id: intent.id,
  name: intent.name,
  utterances: intent.utterances.map((u) => ({ utterance: u.utterance, entityRefs: u.entityRefs })),
  responses: intent.responses.map((r) => ({ response: r.response })),
  entities: intent.entities.map((e) => ({ ...e, prompts: [...e.prompts] })),
});

/** Phrases are compared as the server compares them: case and inner whitespace ignored. */
export const phraseKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The intent being edited and the last saved copy. Unsaved changes (agent-designer 4) are whatever differs from the
 * saved copy, so undoing an edit by hand clears the flag too.
 */
export function useIntentDraft(onDirtyChange: (dirty: boolean) => void) {
  const [saved, setSaved] = useState<Draft>(emptyDraft);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const load = useCallback((next: Draft) => {
    setSaved(next);
    setDraft(next);
  }, []);
  const discard = useCallback(() => setDraft(saved), [saved]);
  const update = useCallback((change: (d: Draft) => Draft) => setDraft((d) => change(d)), []);
  return { draft, saved, dirty, load, discard, update };
}

/** Parameter names are derived from the entity's name: lower case, words joined by underscores, unique in the intent. */
export function parameterName(entityName: string, taken: string[]): string {
  const base =
    entityName
      .replace(/^@?sys\./i, '')
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '') || 'param';
  let name = base;
  for (let i = 2; taken.includes(name); i++) name = `${base}_${i}`;
  return name;
}
