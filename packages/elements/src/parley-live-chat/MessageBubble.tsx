import type { ChatMessage } from '@parley/sdk/contract/chats';
import { ChatAction } from '@parley/sdk/contract/chat-texts';
import { useChatTimes } from './chat-times.js';
import { MessageAttachment } from './MessageAttachment.js';

/** Transfers, invites, pickups, closes and the like: one centred line rather than a bubble. */
const SYSTEM_ACTIONS: ReadonlySet<number> = new Set([
  ChatAction.AGENT_PICKED,
  ChatAction.TRANSFERRED,
  ChatAction.INVITED,
  ChatAction.ACCEPTED_INVITE,
  ChatAction.AGENT_CLOSED,
  ChatAction.AGENT_LEFT,
  ChatAction.MISSED,
]);

export type Actor = 'customer' | 'agent' | 'bot' | 'system' | 'error';

export function actorOf(m: ChatMessage): Actor {
  if (m.actionType === ChatAction.ERROR) return 'error';
  if (SYSTEM_ACTIONS.has(m.actionType) || m.kind === 'system') return 'system';
  if (m.actionType === ChatAction.BOT_REPLY) return 'bot';
  if (m.actionType === ChatAction.AGENT_REPLY) return 'agent';
  return 'customer';
}

const TICKS: Record<string, { mark: string; label: string }> = {
  sending: { mark: '🕓', label: 'Sending' },
  sent: { mark: '✓', label: 'Sent' },
  delivered: { mark: '✓✓', label: 'Delivered' },
  read: { mark: '✓✓', label: 'Read' },
  failed: { mark: '⚠', label: 'Failed' },
};

/** One message: the customer's on the left, ours on the right with its delivery ticks; text is only ever text. */
export function MessageBubble({ message, chatId }: { message: ChatMessage; chatId: string }) {
  const actor = actorOf(message);
  const times = useChatTimes();
  const time = (
    <time className="plc-time" dateTime={message.actedOn} title={times.moment(message.actedOn)}>
      {times.clock(message.actedOn)}
    </time>
  );
  if (actor === 'system' || actor === 'error') {
    return (
      <li className="plc-system" data-actor={actor} part={`message ${actor}`}>
        <span>{message.message || message.kind}</span> {time}
      </li>
    );
  }
  const tick = actor === 'customer' ? undefined : TICKS[message.currentDeliveryStatus];
  const failed = message.currentDeliveryStatus === 'failed';
  return (
    <li className="plc-message" data-actor={actor} part={`message ${actor}`} data-action-id={message.actionId}>
      <div className="plc-bubble" data-failed={failed ? '' : undefined}>
        {actor !== 'customer' && <span className="plc-author">{actor === 'bot' ? 'Bot' : message.userName || 'Agent'}</span>}
        {message.attachment && <MessageAttachment chatId={chatId} message={message} />}
        {(message.message || !message.attachment) && <p className="plc-text">{message.message || `(${message.kind})`}</p>}
        <span className="plc-meta">
          {time}
          {tick && (
            <span className="plc-tick" data-status={message.currentDeliveryStatus} role="img" aria-label={tick.label} title={tick.label}>
              {tick.mark}
            </span>
          )}
        </span>
        {failed && (
          <p className="plc-failure" role="note">
            Not delivered{message.channelErrorDesc ? `: ${message.channelErrorDesc}` : ''}
            {message.channelErrorCode ? ` (${message.channelErrorCode})` : ''}
          </p>
        )}
      </div>
    </li>
  );
}
