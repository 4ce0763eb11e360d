import {
  ActionButton,
  Cell,
  Column,
  Content,
  DialogContainer,
  Heading,
  IllustratedMessage,
  Row,
  TableBody,
  TableHeader,
  TableView,
} from '@adobe/react-spectrum';
import { useEffect, useState } from 'react';
import { ChatState, MissedReason } from '@parley/sdk/contract/chats';
import type { MonitorChat } from '@parley/sdk/contract/chat-monitor';
import { STATUS_NAMES } from './agent-status.js';
import { AssignDialog } from './AssignDialog.js';
import { elapsed, secondsSince } from './elapsed.js';
import { useMonitor } from './use-monitor.js';
import { formatMoment } from '../../format/locale.js';
import './chat-monitor.css';

type QueuedChat = MonitorChat & { deptId: string | null; queue: string };

const CHAT_COLUMNS = [
  { key: 'customer', name: 'Customer', width: '1.2fr' },
  { key: 'queue', name: 'Department', width: '1fr' },
  { key: 'channel', name: 'Channel', width: '1fr' },
  { key: 'state', name: 'State', width: '1fr' },
  { key: 'wait', name: 'Waiting', width: 120 },
  { key: 'assign', name: 'Assign', width: 120 },
] as const;
const AGENT_COLUMNS = [
  { key: 'name', name: 'Agent', width: '1.2fr' },
  { key: 'status', name: 'Status', width: 140 },
  { key: 'open', name: 'Open chats', width: 120 },
  { key: 'departments', name: 'Departments', width: '2fr' },
] as const;

const stateOf = (c: MonitorChat) =>
  c.pendingTo
    ? 'Assigned, awaiting the agent'
    : c.state === ChatState.MISSED
      ? c.missedReason === MissedReason.OUT_OF_HOURS
        ? 'Missed (out of hours)'
        : 'Missed (timed out)'
      : 'Waiting';

/**
 * The supervisors' real-time monitor (`/chat/monitor`, CHAT.VIEW_MONITOR): each department's queue with the longest
 * wait, the chats in it (assignable to an agent of the queue), and the agents with their status and load.
 */
export function ChatMonitorScreen() {
  const { queues, agents, at } = useMonitor();
  const [now, setNow] = useState(() => Date.now());
  const [assigning, setAssigning] = useState<QueuedChat | null>(null);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const names = new Map(queues.map((q) => [q.deptId, q.name]));
  const chats: QueuedChat[] = queues.flatMap((q) => q.chats.map((c) => ({ ...c, deptId: q.deptId, queue: q.name })));
  const shown = queues.filter((q) => q.deptId !== null || q.waiting + q.missed > 0);
  const agentsOf = (deptId: string | null) => agents.filter((a) => deptId === null || a.deptIds.includes(deptId));

  const chatCell = (c: QueuedChat, key: string) => {
    switch (key) {
      case 'customer':
        return c.customerName ? `${c.customerName} (${c.customerNumber})` : c.customerNumber;
      case 'queue':
        return c.queue;
      case 'channel':
        return c.channelName || '-';
      case 'state':
        return stateOf(c);
      case 'wait':
        return elapsed(secondsSince(c.waitingSince, now));
      default:
        return (
          <ActionButton isQuiet onPress={() => setAssigning(c)}>
            Assign
          </ActionButton>
        );
    }
  };

  return (
    <section className="chat-monitor" aria-labelledby="monitor-title">
      <header className="chat-monitor-header">
        <h1 id="monitor-title">Real-time monitor</h1>
        <span className="chat-monitor-at" aria-live="polite">
          {at ? `Live · updated ${formatMoment(at, 'timeSeconds')}` : 'Loading…'}
        </span>
      </header>
      <ul className="queue-cards" aria-label="Queues">
        {shown.map((q) => {
          const oldest = q.chats.find((c) => c.state === ChatState.STARTED);
          return (
            <li key={q.deptId ?? 'none'} className="queue-card" data-busy={q.waiting > 0 || undefined}>
              <h2>{q.name}</h2>
              <dl>
                <div>
                  <dt>Waiting</dt>
                  <dd data-testid="queue-waiting">{q.waiting}</dd>
                </div>
                <div>
                  <dt>Missed</dt>
                  <dd>{q.missed}</dd>
                </div>
                <div>
                  <dt>Longest wait</dt>
                  <dd>{oldest ? elapsed(secondsSince(oldest.waitingSince, now)) : '-'}</dd>
                </div>
                <div>
                  <dt>Agents online</dt>
                  <dd>
                    {agentsOf(q.deptId).filter((a) => a.agentStatus === 1).length} of {agentsOf(q.deptId).length}
                  </dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
      <h2 className="chat-monitor-section">Chats in the queues</h2>
      <div className="chat-monitor-table">
        <TableView
          aria-label="Chats in the queues"
          density="compact"
          overflowMode="truncate"
          selectionMode="none"
          height={chats.length ? 36 + chats.length * 33 : 200}
          renderEmptyState={() => (
            <IllustratedMessage>
              <Heading>No Record</Heading>
              <Content>No chat is waiting.</Content>
            </IllustratedMessage>
          )}
        >
          <TableHeader columns={CHAT_COLUMNS}>
            {(c) => (
              <Column key={c.key} width={c.width}>
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={chats}>
            {(c) => (
              <Row key={c.chatId} textValue={c.customerName || c.customerNumber}>
                {(key) => <Cell>{chatCell(c, String(key))}</Cell>}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <h2 className="chat-monitor-section">Agents</h2>
      <div className="chat-monitor-table">
        <TableView aria-label="Agents" density="compact" overflowMode="truncate" selectionMode="none" height={agents.length ? 36 + agents.length * 33 : 160}>
          <TableHeader columns={AGENT_COLUMNS}>
            {(c) => (
              <Column key={c.key} width={c.width}>
                {c.name}
              </Column>
            )}
          </TableHeader>
          <TableBody items={agents}>
            {(a) => (
              <Row key={a.uId} textValue={a.name}>
                {(key) => (
                  <Cell>
                    {key === 'name' ? (
                      a.name
                    ) : key === 'status' ? (
                      <span className="agent-status" data-status={a.agentStatus}>
                        {STATUS_NAMES[a.agentStatus] ?? 'Offline'}
                      </span>
                    ) : key === 'open' ? (
                      String(a.activeChats)
                    ) : (
                      a.deptIds
                        .map((d) => names.get(d) ?? '')
                        .filter(Boolean)
                        .join(', ') || '-'
                    )}
                  </Cell>
                )}
              </Row>
            )}
          </TableBody>
        </TableView>
      </div>
      <DialogContainer onDismiss={() => setAssigning(null)}>
        {assigning && <AssignDialog chat={assigning} agents={agentsOf(assigning.deptId)} onDone={() => setAssigning(null)} />}
      </DialogContainer>
    </section>
  );
}
