import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Item, Menu } from '@adobe/react-spectrum/Menu';
import { MenuTrigger } from '@adobe/react-spectrum/MenuTrigger';
import { Text } from '@adobe/react-spectrum/Text';
import { Tooltip, TooltipTrigger } from '@adobe/react-spectrum/Tooltip';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { ChatState } from '@parley/sdk/contract/chat-texts';
import type { Reader } from './live-chat-context.js';

export type ChatCommand = 'pin' | 'unpin' | 'transfer' | 'invite' | 'close' | 'suspend' | 'resume' | 'tags' | 'transcript' | 'leave';

/** What the reader may do with the chat (docs/live-chat.md "who acts"): the server refuses the rest anyway. */
export function allowedCommands(chat: ChatSummary, reader: Reader | null): Set<ChatCommand> {
  const allowed = new Set<ChatCommand>(['transcript']);
  if (!reader) return allowed;
  const handling = chat.handlingAgent === reader.uId;
  const participant = chat.participants.some((p) => p.uId === reader.uId && p.role === 'invited');
  const ongoing = chat.state === ChatState.ONGOING;
  const suspended = chat.state === ChatState.SUSPEND;
  if (handling && (ongoing || suspended)) {
    allowed.add(chat.pinned ? 'unpin' : 'pin');
    allowed.add('tags');
  }
  if (handling && ongoing) {
    allowed.add('invite');
    allowed.add('suspend');
  }
  if (handling && suspended) allowed.add('resume');
  if ((handling || reader.supervisor) && ongoing) allowed.add('transfer');
  if ((handling || reader.supervisor) && (ongoing || suspended)) allowed.add('close');
  if (participant && !handling && ongoing) allowed.add('leave');
  return allowed;
}

const STATE_WORDS: Record<number, string> = {
  [ChatState.CREATED]: 'With the bot',
  [ChatState.STARTED]: 'Waiting',
  [ChatState.ONGOING]: 'Ongoing',
  [ChatState.CLOSED]: 'Closed',
  [ChatState.MISSED]: 'Missed',
  [ChatState.SUSPEND]: 'Suspended',
};

interface Props {
  chat: ChatSummary;
  reader: Reader | null;
  onCommand(command: ChatCommand): void;
  onBack(): void;
  panelShown: boolean;
  onTogglePanel(): void;
}

export function ChatHeader({ chat, reader, onCommand, onBack, panelShown, onTogglePanel }: Props) {
  const allowed = allowedCommands(chat, reader);
  const more = (['suspend', 'resume', 'tags', 'transcript', 'leave'] as const).filter((c) => allowed.has(c));
  const MORE_LABELS: Record<(typeof more)[number], string> = {
    suspend: 'Suspend',
    resume: 'Resume',
    tags: 'Tags and note',
    transcript: 'Send transcript',
    leave: 'Leave chat',
  };
  return (
    <header className="plc-thread-header">
      <ActionButton isQuiet onPress={onBack} UNSAFE_className="plc-back" aria-label="Back to the chats">
        ‹
      </ActionButton>
      <div className="plc-thread-title">
        <h2>{chat.customerName || chat.customerNumber}</h2>
        <span className="plc-muted">
          {chat.customerNumber} · {chat.channelName || 'Chat'} · <span data-state={chat.state}>{STATE_WORDS[chat.state] ?? ''}</span>
          {chat.handlingAgentName && chat.handlingAgent !== reader?.uId ? ` · with ${chat.handlingAgentName}` : ''}
        </span>
      </div>
      <div className="plc-thread-actions">
        {(allowed.has('pin') || allowed.has('unpin')) && (
          <TooltipTrigger>
            <ActionButton isQuiet aria-label={chat.pinned ? 'Unpin chat' : 'Pin chat'} onPress={() => onCommand(chat.pinned ? 'unpin' : 'pin')}>
              <Text>{chat.pinned ? 'Unpin' : 'Pin'}</Text>
            </ActionButton>
            <Tooltip>{chat.pinned ? 'Unpin: back among the others' : 'Pin: keep it at the top of the list'}</Tooltip>
          </TooltipTrigger>
        )}
        {allowed.has('transfer') && (
          <ActionButton isQuiet onPress={() => onCommand('transfer')}>
            Transfer
          </ActionButton>
        )}
        {allowed.has('invite') && (
          <ActionButton isQuiet onPress={() => onCommand('invite')}>
            Invite
          </ActionButton>
        )}
        {allowed.has('close') && (
          <ActionButton onPress={() => onCommand('close')} UNSAFE_className="plc-close-chat">
            Close chat
          </ActionButton>
        )}
        <ActionButton isQuiet onPress={onTogglePanel} UNSAFE_className="plc-panel-toggle" aria-pressed={panelShown}>
          Customer
        </ActionButton>
        {more.length > 0 && (
          <MenuTrigger>
            <ActionButton isQuiet aria-label="More actions">
              •••
            </ActionButton>
            <Menu onAction={(key) => onCommand(key as ChatCommand)}>
              {more.map((c) => (
                <Item key={c}>{MORE_LABELS[c]}</Item>
              ))}
            </Menu>
          </MenuTrigger>
        )}
      </div>
    </header>
  );
}
