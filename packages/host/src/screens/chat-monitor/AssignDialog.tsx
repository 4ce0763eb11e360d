import { Button, ButtonGroup, Content, Dialog, Divider, Heading, Item, Picker, Text } from '@adobe/react-spectrum';
import { useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { MonitorAgent, MonitorChat } from '@parley/sdk/contract/chat-monitor';
import { chatsRoutes } from '@parley/sdk/contract/routes';
import { api } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { STATUS_NAMES } from './agent-status.js';

/** Assign a waiting chat to an agent of its queue (online agents first); the agent accepts it from their widget. */
export function AssignDialog({ chat, agents, onDone }: { chat: MonitorChat; agents: MonitorAgent[]; onDone: () => void }) {
  const ranked = [...agents].sort(
    (a, b) => (a.agentStatus === 1 ? 0 : 1) - (b.agentStatus === 1 ? 0 : 1) || a.activeChats - b.activeChats || a.name.localeCompare(b.name),
  );
  const [uId, setUId] = useState<string | null>(ranked[0]?.uId ?? null);
  const [saving, setSaving] = useState(false);
  const assign = async () => {
    if (!uId) return;
    setSaving(true);
    try {
      await firstValueFrom(api.call(chatsRoutes.assign, { id: chat.chatId, uId }));
      toast(`Assigned to ${agents.find((a) => a.uId === uId)?.name ?? 'the agent'}`, 'success');
      onDone();
    } catch (error) {
      showRefusal(error);
      setSaving(false);
    }
  };
  return (
    <Dialog size="S">
      <Heading>Assign chat</Heading>
      <Divider />
      <Content>
        <p className="assign-who">
          {chat.customerName || chat.customerNumber} · {chat.channelName}
        </p>
        {ranked.length ? (
          <Picker label="Agent" items={ranked} selectedKey={uId} onSelectionChange={(k) => setUId(String(k))} width="100%">
            {(a) => (
              <Item key={a.uId} textValue={a.name}>
                <Text>{a.name}</Text>
                <Text slot="description">{`${STATUS_NAMES[a.agentStatus] ?? 'Offline'} · ${a.activeChats} open`}</Text>
              </Item>
            )}
          </Picker>
        ) : (
          <p>Nobody in this department handles chats: add agents to it first.</p>
        )}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={onDone}>
          Cancel
        </Button>
        <Button variant="accent" isDisabled={!uId} isPending={saving} onPress={() => void assign()}>
          Assign
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
