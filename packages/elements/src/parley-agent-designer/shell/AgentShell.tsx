import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Badge } from '@adobe/react-spectrum/Badge';
import { Button } from '@adobe/react-spectrum/Button';
import { Flex } from '@adobe/react-spectrum/Flex';
import { Heading } from '@adobe/react-spectrum/Heading';
import { ProgressBar } from '@adobe/react-spectrum/ProgressBar';
import { StatusLight } from '@adobe/react-spectrum/StatusLight';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import ArrowLeft from '@spectrum-icons/workflow/ArrowLeft';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { useDesigner } from '../designer-context.js';
import { paths, type AgentTab } from '../designer-routes.js';
import { trainingLabel } from '../agents/training-label.js';
import { useLoad, messageOf } from '../../internal/use-call.js';
import { AgentTabContent } from './AgentTabContent.js';
import { TryItPanel } from './TryItPanel.js';
import { useTraining } from './use-training.js';
import { useState } from 'react';

/** The tab links of agent-designer 2, in the spec's order and words. */
const TABS: { tab: AgentTab; label: string }[] = [
  { tab: 'intents', label: 'Intents' },
  { tab: 'entity-list', label: 'Entity List' },
  { tab: 'configuration', label: 'Configuration' },
  { tab: 'conversation', label: 'Designer' },
  { tab: 'gen-ai', label: 'Gen AI' },
  { tab: 'call-classification', label: 'Call Classification' },
  { tab: 'sentiment', label: 'Sentiment' },
];

export function AgentShell() {
  const designer = useDesigner();
  const { route, client, toast, canEdit, readOnly } = designer;
  const agentId = route.screen === 'agents' || route.screen === 'integration' ? '' : (route.agentId ?? '');
  const passed = designer.navState as Agent | undefined;
  const loaded = useLoad(
    () => client.nlpAgents.get({ id: agentId }),
    [agentId, client],
    (e) => toast(messageOf(e), 'error'),
  );
  const agent = loaded.data ?? (passed?.id === agentId ? passed : undefined);
  const { training, train } = useTraining(agentId, agent?.training);
  const [tryIt, setTryIt] = useState(false);

  const tab: AgentTab | 'entity-form' =
    route.screen === 'entity-form' ? 'entity-form' : route.screen === 'agent' ? (route.tab ?? (agent?.type === 'prompt' ? 'prompt' : 'intents')) : 'intents';
  const isPrompt = tab === 'prompt';
  const activeTab = tab === 'entity-form' ? 'entity-list' : tab;

  const back = () => {
    // agent-designer 4: the back arrow is refused while the open intent has unsaved changes.
    if (designer.unsaved) return toast('please save the intent', 'error');
    designer.navigate(paths.agents());
  };
  const label = training ? trainingLabel(training) : null;
  const progress = training?.status === 'training' ? Math.round((training.progress ?? 0) * 100) : null;

  return (
    <div className="pad-shell">
      <header className="pad-shell-header">
        <Flex alignItems="center" gap="size-100" flexGrow={1} minWidth={0}>
          <TooltipTrigger>
            <ActionButton isQuiet aria-label="Back to agents" onPress={back}>
              <ArrowLeft />
            </ActionButton>
            <Tooltip>Back to agents</Tooltip>
          </TooltipTrigger>
          <Heading level={2} margin={0} UNSAFE_className="pad-shell-title">
            {agent?.name ?? ' '}
          </Heading>
          {!isPrompt && label && <StatusLight variant={label.variant}>{label.text}</StatusLight>}
        </Flex>
        <Flex gap="size-100" alignItems="center">
          {progress !== null && <ProgressBar label="Training" value={progress} width="size-2400" />}
          {canEdit && !isPrompt && (
            <Button variant="primary" onPress={() => void train()} isDisabled={training?.status === 'training'}>
              Train Agent
            </Button>
          )}
          {readOnly && <Badge variant="neutral">View only</Badge>}
          <Button variant="accent" onPress={() => setTryIt(true)}>
            Try it
          </Button>
        </Flex>
      </header>
      {/* Only once the agent is known: a prompt agent opened without a tab has none, and they must not flash by. */}
      {agent && !isPrompt && (
        <nav className="pad-tabs" aria-label="Agent sections">
          {TABS.map((t) => (
            <a
              key={t.tab}
              href={`#${t.tab}`}
              className="pad-tab"
              aria-current={activeTab === t.tab ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                if (activeTab === t.tab) return;
                if (designer.unsaved) return toast('Please Save or Discard the changes', 'error');
                designer.navigate(paths.agent(agentId, t.tab));
              }}
            >
              {t.label}
            </a>
          ))}
        </nav>
      )}
      {/* A section, not <main>: the page that embeds the designer (the console, a partner's CRM) has its own. */}
      <section className="pad-shell-body" aria-label={agent ? agent.name : 'Agent'} data-dimmed={tryIt || undefined}>
        {agent && <AgentTabContent tab={tab} agent={agent} reloadAgent={loaded.reload} />}
      </section>
      {tryIt && <TryItPanel agent={agent} onClose={() => setTryIt(false)} />}
    </div>
  );
}
