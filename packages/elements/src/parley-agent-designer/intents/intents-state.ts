export type { Story } from '@parley/sdk/contract/nlp-agents';

export interface IntentSummary {
  id: string;
  name: string;
  storyId: string;
  phrases: number;
  updatedOn: string;
}

/** agent-designer 9: intents come 200 per call from 0; the search waits 300 ms of quiet typing. */
export const INTENTS_PER_CALL = 200;
export const INTENT_SEARCH_DEBOUNCE_MS = 300;
