/**
 * The agent area's route table (agent-designer 2), parsed from the spec path the host passes as `view`
 * (`bots`, `bots/{id}/intents`, `bots/{id}/entity-list/create`, ...). The designer renders from this alone, so the
 * host's URL and the element's screen never disagree.
 */
export type AgentTab = 'intents' | 'entity-list' | 'configuration' | 'conversation' | 'gen-ai' | 'call-classification' | 'sentiment' | 'prompt';

export type DesignerRoute =
  | { screen: 'agents' }
  | { screen: 'agent'; agentId: string; tab: AgentTab | null; entityTab?: 'custom' | 'system' }
  | { screen: 'entity-form'; agentId: string; entityId: string | null }
  | { screen: 'integration'; agentId: string | null; from: AgentTab | null };

const TABS = new Set<AgentTab>(['intents', 'entity-list', 'configuration', 'conversation', 'gen-ai', 'call-classification', 'sentiment', 'prompt']);

export function parseView(view: string | undefined | null): DesignerRoute {
  const parts = (view ?? 'bots')
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  if (parts[0] !== 'bots' || !parts[1]) return { screen: 'agents' };
  const agentId = parts[1];
  if (parts[1] === 'integration') {
    const from = parts[3];
    return { screen: 'integration', agentId: parts[2] ?? null, from: from && TABS.has(from as AgentTab) ? (from as AgentTab) : null };
  }
  const tab = parts[2];
  if (tab === 'entity-list' && parts[3] === 'create') return { screen: 'entity-form', agentId, entityId: null };
  if (tab === 'entity-list' && parts[3] && parts[3] !== 'custom' && parts[3] !== 'system') return { screen: 'entity-form', agentId, entityId: parts[3] };
  if (tab === 'entity-list') return { screen: 'agent', agentId, tab: 'entity-list', entityTab: parts[3] === 'system' ? 'system' : 'custom' };
  return { screen: 'agent', agentId, tab: tab && TABS.has(tab as AgentTab) ? (tab as AgentTab) : null };
}

export const paths = {
  agents: () => 'bots',
  agent: (id: string, tab?: AgentTab) => (tab ? `bots/${encodeURIComponent(id)}/${tab}` : `bots/${encodeURIComponent(id)}`),
  entityList: (id: string, type?: 'custom' | 'system') => `bots/${encodeURIComponent(id)}/entity-list${type === 'system' ? '/system' : ''}`,
  entityCreate: (id: string) => `bots/${encodeURIComponent(id)}/entity-list/create`,
  entityEdit: (id: string, entityId: string) => `bots/${encodeURIComponent(id)}/entity-list/${encodeURIComponent(entityId)}`,
  /**
   * The LLM integration form ('Create Configuration'); the spec leaves its route out, so it lives under the agent area.
   * `from` is the agent tab that opened it, in the path so that Save, Cancel and Back find it after a reload too.
   */
  integration: (agentId?: string, from?: AgentTab) =>
    agentId ? `bots/integration/${encodeURIComponent(agentId)}${from ? `/${from}` : ''}` : 'bots/integration',
};
