import type { Agent } from '@parley/sdk/contract/nlp-agents';

export type AnalyticsKind = 'conversation' | 'sentiment' | 'call-classification';

/** agent-designer 2: call classification is framed for one department, a fixed value. */
export const CALL_CLASSIFICATION_DEPARTMENT = 'default';

/**
 * The framed page's address: the configured base with `view` and the spec's parameters (enterprise and agent for
 * conversation and sentiment; enterprise and the fixed department for call classification).
 */
export function analyticsAddress(base: string, kind: AnalyticsKind, agent: Pick<Agent, 'id' | 'eId'>): string {
  const url = new URL(base, location.href);
  url.searchParams.set('view', kind);
  url.searchParams.set('eId', agent.eId);
  if (kind === 'call-classification') url.searchParams.set('departmentId', CALL_CLASSIFICATION_DEPARTMENT);
  else url.searchParams.set('agentId', agent.id);
  return url.toString();
}
