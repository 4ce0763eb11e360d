import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Item, Menu } from '@adobe/react-spectrum/Menu';
import { MenuTrigger } from '@adobe/react-spectrum/MenuTrigger';
import { StatusLight } from '@adobe/react-spectrum/StatusLight';
import { Text } from '@adobe/react-spectrum/Text';
import More from '@spectrum-icons/workflow/More';
import type { Agent } from '@parley/sdk/contract/nlp-agents';
import { formatCardDate } from '../../internal/dates.js';
import { trainingLabel } from './training-label.js';

interface Props {
  agent: Agent;
  onOpen(agent: Agent): void;
  onEdit?: () => void;
  onDelete?: () => void;
}

export function AgentCard({ agent, onOpen, onEdit, onDelete }: Props) {
  const label = trainingLabel(agent.training);
  const isPrompt = agent.type === 'prompt';
  return (
    <article className="pad-agent-card" aria-label={agent.name}>
      {/* The whole card opens the agent (the button's ::after covers it), but the button's name is the agent's name as
          shown: a name that differed from the visible text would fail "label in name" (WCAG 2.5.3). */}
      <div className="pad-agent-body">
        <span className="pad-agent-type">{(agent.type ?? 'nlp').toUpperCase()}</span>
        <button type="button" className="pad-agent-open pad-agent-name" onClick={() => onOpen(agent)}>
          <span className="pad-sr-only">Open </span>
          {agent.name}
        </button>
        {agent.description && <span className="pad-agent-description">{agent.description}</span>}
        <span className="pad-agent-dates">
          <span>Created On: {formatCardDate(agent.createdAt)}</span>
          <span>Updated On: {formatCardDate(agent.updatedAt)}</span>
        </span>
      </div>
      <div className="pad-agent-footer">
        {isPrompt ? <Text UNSAFE_className="pad-muted">Prompt agent</Text> : <StatusLight variant={label.variant}>{label.text}</StatusLight>}
        {(onEdit || onDelete) && (
          <MenuTrigger>
            <ActionButton isQuiet aria-label={`Actions for ${agent.name}`}>
              <More />
            </ActionButton>
            <Menu onAction={(key) => (key === 'edit' ? onEdit?.() : onDelete?.())}>
              <Item key="edit">Edit</Item>
              <Item key="delete">Delete</Item>
            </Menu>
          </MenuTrigger>
        )}
      </div>
    </article>
  );
}
