import { Badge } from '@adobe/react-spectrum/Badge';
import { Button } from '@adobe/react-spectrum/Button';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressCircle } from '@adobe/react-spectrum/ProgressCircle';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Text } from '@adobe/react-spectrum/Text';
import { useEffect, useState } from 'react';
import { ParleyError } from '@parley/sdk/parley-error';
import { NlpMessages } from '@parley/sdk/contract/nlp-agents';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { useDesigner } from '../designer-context.js';
import { paths } from '../designer-routes.js';
import { messageOf, once, useDebounced } from '../../internal/use-call.js';
import { AgentCard } from './AgentCard.js';
import { AgentFormDialog } from './AgentFormDialog.js';

/** agent-designer 9: 15 agents per page; the search waits 100 ms of quiet typing. */
export const AGENTS_PER_PAGE = 15;
const SEARCH_DEBOUNCE_MS = 100;

export function AgentsList() {
  const designer = useDesigner();
  const { client, toast, canEdit, readOnly } = designer;
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [agents, setAgents] = useState<Agent[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [nonce, setNonce] = useState(0);
  const [editing, setEditing] = useState<Agent | 'new' | null>(null);

  const loadPage = (from: number, replace: boolean) => {
    setLoading(true);
    return client.nlpAgents.list({ name: term || undefined, from, perPage: AGENTS_PER_PAGE }).subscribe({
      next: (page) => {
        setAgents((list) => (replace ? page.agents : [...list, ...page.agents]));
        setMore(page.more);
        setLoading(false);
      },
      error: (e: unknown) => {
        setLoading(false);
        toast(messageOf(e), 'error');
      },
    });
  };
  useEffect(() => {
    const sub = loadPage(0, true);
    return () => sub.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loadPage` is new on every render; these are what it reads.
  }, [term, nonce, client]);

  const open = (agent: Agent) => designer.navigate(agent.type === 'prompt' ? paths.agent(agent.id, 'prompt') : paths.agent(agent.id), agent);

  const remove = async (agent: Agent) => {
    const ok = await designer.confirm({ title: 'Delete agent', message: `Delete the agent "${agent.name}"? This cannot be undone.` });
    if (!ok) return;
    try {
      await once(client.nlpAgents.delete({ id: agent.id }));
      toast(NlpMessages.agentDeleted, 'success');
    } catch (e) {
      // agent-designer 8: code 101 has its own words; any other refusal shows the server's message.
      toast(e instanceof ParleyError && String(e.code) === '101' ? NlpMessages.agentHasStories : messageOf(e), 'error');
    }
    setNonce((n) => n + 1);
  };

  return (
    <div className="pad-page">
      <Flex alignItems="center" gap="size-200" wrap marginBottom="size-300">
        <Heading level={2} margin={0} flexGrow={1}>
          Agents
        </Heading>
        <SearchField aria-label="Search agents" placeholder="Search" value={search} onChange={setSearch} width="size-3600" />
        {canEdit && (
          <Button variant="accent" onPress={() => setEditing('new')}>
            Create New Agent
          </Button>
        )}
        {readOnly && <Badge variant="neutral">View only</Badge>}
      </Flex>
      <div className="pad-agent-grid" aria-busy={loading}>
        {agents.map((agent) => (
          <AgentCard
            key={agent.id}
            agent={agent}
            onOpen={open}
            onEdit={canEdit ? () => setEditing(agent) : undefined}
            onDelete={canEdit ? () => void remove(agent) : undefined}
          />
        ))}
      </div>
      <Flex justifyContent="center" marginTop="size-300" alignItems="center" gap="size-100">
        {loading && <ProgressCircle aria-label="Loading agents" isIndeterminate size="S" />}
        {!loading && more && (
          <Button variant="secondary" onPress={() => loadPage(agents.length, false)}>
            Show More
          </Button>
        )}
        {!loading && !more && (
          <Button variant="secondary" isDisabled>
            {agents.length ? 'No More Agents to Show' : 'No Agents to Show'}
          </Button>
        )}
      </Flex>
      {!loading && !agents.length && term && <Text UNSAFE_className="pad-muted">No agent matches “{term}”.</Text>}
      <AgentFormDialog
        agent={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onClose={(saved) => {
          setEditing(null);
          if (saved) setNonce((n) => n + 1);
        }}
      />
    </div>
  );
}
