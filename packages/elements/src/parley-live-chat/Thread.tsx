import { useEffect, useRef } from 'react';
import type { ChatDetail } from '@parley/sdk/contract/chats';
import type { Typing } from './chat-state.js';
import { MessageBubble } from './MessageBubble.js';

/** The conversation as a polite live log: new messages are read out without taking the agent's focus. */
export function Thread({ chat, typing }: { chat: ChatDetail; typing: Typing | null }) {
  const end = useRef<HTMLDivElement>(null);
  const last = chat.messages.at(-1)?.actionId;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [chat.chatId, last, typing]);
  const typingHere = typing?.chatId === chat.chatId;
  return (
    <div className="plc-thread-scroll">
      <div role="log" aria-live="polite" aria-label={`Conversation with ${chat.customerName || chat.customerNumber}`} part="thread">
        <ol className="plc-messages">
          {chat.messages.map((m) => (
            <MessageBubble key={m.actionId} message={m} chatId={chat.chatId} />
          ))}
        </ol>
      </div>
      {chat.messages.length === 0 && <p className="plc-empty">No messages yet</p>}
      {typingHere && (
        <p className="plc-typing" part="typing">
          {typing.name || 'The customer'} is typing…
        </p>
      )}
      <div ref={end} />
    </div>
  );
}
