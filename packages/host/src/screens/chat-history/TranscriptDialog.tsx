import { Content, Dialog, DialogContainer, Divider, Heading, ProgressCircle } from '@adobe/react-spectrum';
import { useEffect, useRef, useState } from 'react';
import type { ChatDetail } from '@parley/sdk/contract/chats';
import { api } from '../../stores/session-store.js';
import { showRefusal } from '../../components/show-refusal.js';
import { createdOn } from '../broadcast/history-range.js';
import { clockTime, transcriptLines } from './transcript-lines.js';

/** A closed chat's thread, read-only (chatsApi.get): customer left, agents and the bot right, system lines centred. */
export function TranscriptDialog({ chatId, onClose }: { chatId: string | undefined; onClose(): void }) {
  return (
    <DialogContainer type="modal" onDismiss={onClose}>
      {chatId && <Transcript chatId={chatId} onClose={onClose} />}
    </DialogContainer>
  );
}

function Transcript({ chatId, onClose }: { chatId: string; onClose(): void }) {
  const [chat, setChat] = useState<ChatDetail | null>(null);
  // The parent makes a new onClose each render; the fetch depends on the chat alone.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const sub = api.chats.get({ id: chatId }).subscribe({
      next: setChat,
      error: (error: unknown) => {
        showRefusal(error);
        close.current();
      },
    });
    return () => sub.unsubscribe();
  }, [chatId]);
  const lines = chat ? transcriptLines(chat.messages, chat.customerName) : [];
  return (
    <Dialog size="L" isDismissable>
      <Heading>{chat ? `Chat with ${chat.customerName || chat.customerNumber}` : 'Chat transcript'}</Heading>
      <Divider />
      <Content>
        {!chat ? (
          <div className="transcript-loading">
            <ProgressCircle isIndeterminate aria-label="Loading the transcript" />
          </div>
        ) : (
          <>
            <dl className="transcript-facts">
              <div>
                <dt>Number</dt>
                <dd>{chat.customerNumber}</dd>
              </div>
              <div>
                <dt>Channel</dt>
                <dd>{chat.channelName || '-'}</dd>
              </div>
              <div>
                <dt>Agent</dt>
                <dd>{chat.handlingAgentName || '-'}</dd>
              </div>
              <div>
                <dt>Started</dt>
                <dd>{createdOn(chat.createdOn)}</dd>
              </div>
              <div>
                <dt>Closed</dt>
                <dd>{chat.closedOn ? createdOn(chat.closedOn) : '-'}</dd>
              </div>
              {chat.feedback && (
                <div>
                  <dt>Closing note</dt>
                  <dd>{chat.feedback}</dd>
                </div>
              )}
              {chat.tags.length > 0 && (
                <div>
                  <dt>Tags</dt>
                  <dd>{chat.tags.join(', ')}</dd>
                </div>
              )}
            </dl>
            <ol className="transcript" aria-label="Messages">
              {lines.map((line, i) => (
                <li key={line.actionId} className="transcript-item">
                  {line.day !== lines[i - 1]?.day && <div className="transcript-day">{line.day}</div>}
                  {line.speaker === 'system' ? (
                    <p className="transcript-system">
                      {line.text} · <time dateTime={line.at.toISOString()}>{clockTime(line.at)}</time>
                    </p>
                  ) : (
                    <div className="transcript-bubble" data-speaker={line.speaker}>
                      <div className="transcript-who">
                        {line.name}
                        {line.speaker === 'bot' && <span className="transcript-bot-tag">Bot</span>}
                      </div>
                      <p className="transcript-text">{line.text}</p>
                      <time className="transcript-time" dateTime={line.at.toISOString()}>
                        {clockTime(line.at)}
                        {line.failed ? ' · not delivered' : ''}
                      </time>
                    </div>
                  )}
                </li>
              ))}
            </ol>
            {!lines.length && <p className="muted">No messages</p>}
          </>
        )}
      </Content>
    </Dialog>
  );
}
