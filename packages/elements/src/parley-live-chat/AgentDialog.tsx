import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Heading } from '@adobe/react-spectrum/Heading';
import { Radio, RadioGroup } from '@adobe/react-spectrum/RadioGroup';
import { SearchField } from '@adobe/react-spectrum/SearchField';
import { Text } from '@adobe/react-spectrum/Text';
import { useState } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { AgentStatus } from '@parley/sdk/contract/chat-texts';
import { messageOf, once, useDebounced, useLoad } from '../internal/use-call.js';
import { useLiveChat } from './live-chat-context.js';

const STATUS_WORDS: Record<number, string> = { [AgentStatus.ONLINE]: 'Online', [AgentStatus.AWAY]: 'Away', [AgentStatus.OFFLINE]: 'Offline' };

/** Transfer or invite: another agent of the enterprise, with their availability and load shown (not enforced). */
export function AgentDialog({ kind, chat, onClose }: { kind: 'transfer' | 'invite'; chat: ChatSummary; onClose(done: boolean): void }) {
  const { client, toast, reader } = useLiveChat();
  const [name, setName] = useState('');
  const term = useDebounced(name.trim(), 250);
  const agents = useLoad(() => client.chats.agents({ perPage: 50, ...(term ? { name: term } : {}) }), [client, term]);
  const [picked, setPicked] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const taken = new Set([reader?.uId, ...chat.participants.map((p) => p.uId)]);
  const choices = (agents.data ?? []).filter((a) => !taken.has(a.uId));
  const title = kind === 'transfer' ? 'Transfer chat' : 'Invite an agent';

  const submit = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      await once(kind === 'transfer' ? client.chats.transfer({ id: chat.chatId, uId: picked }) : client.chats.invite({ id: chat.chatId, uId: picked }));
      toast(kind === 'transfer' ? 'Transfer requested' : 'Invitation sent', 'success');
      onClose(true);
    } catch (e) {
      toast(messageOf(e), 'error');
      setBusy(false);
    }
  };

  return (
    <Dialog size="S">
      <Heading>{title}</Heading>
      <Divider />
      <Content>
        <SearchField label="Find an agent" value={name} onChange={setName} width="100%" autoFocus />
        {agents.loading && !agents.data ? (
          <Text>Loading agents…</Text>
        ) : choices.length === 0 ? (
          <Text>No other agents{term ? ' match' : ''}</Text>
        ) : (
          <RadioGroup label="Agent" value={picked} onChange={setPicked} marginTop="size-150">
            {choices.map((a) => (
              <Radio key={a.uId} value={a.uId}>
                {a.name} · {STATUS_WORDS[a.agentStatus] ?? 'Offline'} · {a.activeChats} active
              </Radio>
            ))}
          </RadioGroup>
        )}
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onClose(false)}>
          Cancel
        </Button>
        <Button variant="accent" onPress={() => void submit()} isDisabled={!picked} isPending={busy}>
          {kind === 'transfer' ? 'Transfer' : 'Invite'}
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
