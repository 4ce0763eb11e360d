import { ActionButton } from '@adobe/react-spectrum/ActionButton';
import { Button } from '@adobe/react-spectrum/Button';
import Attach from '@spectrum-icons/workflow/Attach';
import { useId, useState, type KeyboardEvent } from 'react';
import type { ChatDetail, ChatMessage } from '@parley/sdk/contract/chats';
import { ChatMessages, ChatState, MAX_REPLY_CHARS, PICKUP_ACTIONS, type PickupBucket } from '@parley/sdk/contract/chat-texts';
import { useChildElement } from '../internal/child-elements.js';
import { messageOf, once } from '../internal/use-call.js';
import { useLiveChat } from './live-chat-context.js';

const WAITING: Record<PickupBucket, string> = {
  new: 'This chat waits in the queue. Pick it up to answer.',
  missed: 'Nobody picked this chat up in time. Pick it up to answer.',
  transferred: 'This chat was transferred to you.',
  invited: 'You are invited to this chat.',
  assigned: 'This chat was assigned to you.',
};

const isPickup = (bucket: string): bucket is PickupBucket => bucket in PICKUP_ACTIONS;

interface Props {
  chat: ChatDetail;
  onSent(message: ChatMessage): void;
  onPicked(chat: ChatDetail): void;
  onDeclined(): void;
  onResume(): void;
  onTyping(): void;
}

const ATTACHMENT_DIALOG = 'parley-attachment-dialog';
/** What the attachment dialog hands back (its `parley-attachment-selected` detail). */
interface Chosen {
  artifact: { _id: string; data: { name: string; type?: string } };
}

/** The reply box, or what stands in its place: Pick up and Decline while the chat waits, Resume while suspended. */
export function Composer({ chat, onSent, onPicked, onDeclined, onResume, onTyping }: Props) {
  const { client, toast, apiBase, token } = useLiveChat();
  const [text, setText] = useState('');
  const [file, setFile] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<'send' | 'pickup' | 'decline' | null>(null);
  const errorId = useId();
  const canReply = chat.bucket === 'mine' && chat.state === ChatState.ONGOING;

  // Files come from the attachment library, when the page defines its dialog (the console does; a partner page may not).
  const canAttach = typeof customElements !== 'undefined' && Boolean(customElements.get(ATTACHMENT_DIALOG));
  const dialog = useChildElement(
    ATTACHMENT_DIALOG,
    { 'api-base': apiBase, token: token ?? '', 'hide-browse': '' },
    {
      'parley-attachment-selected': (detail) => {
        const { artifact } = detail as Chosen;
        setFile({ id: artifact._id, name: artifact.data.name });
        setError(undefined);
      },
      'parley-close': () => undefined,
    },
    canAttach && chat.bucket === 'mine',
  );

  const send = async () => {
    const message = text.trim();
    if (!message && !file) {
      setError(ChatMessages.emptyReply);
      return;
    }
    if (busy) return;
    setBusy('send');
    setError(undefined);
    try {
      onSent(await once(client.chats.reply({ id: chat.chatId, message: text, ...(file ? { artifactId: file.id } : {}) })));
      setText('');
      setFile(null);
    } catch (e) {
      setError(messageOf(e));
      toast(messageOf(e), 'error');
    } finally {
      setBusy(null);
    }
  };

  const act = async (kind: 'pickup' | 'decline') => {
    if (!isPickup(chat.bucket)) return;
    setBusy(kind);
    try {
      if (kind === 'pickup') onPicked(await once(client.chats.pickup({ id: chat.chatId, type: chat.bucket })));
      else {
        await once(client.chats.decline({ id: chat.chatId }));
        onDeclined();
      }
    } catch (e) {
      toast(messageOf(e), 'error');
    } finally {
      setBusy(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  if (isPickup(chat.bucket) && chat.state !== ChatState.CLOSED) {
    const request = chat.bucket === 'transferred' || chat.bucket === 'invited' || chat.bucket === 'assigned';
    return (
      <div className="plc-composer plc-composer-waiting" part="composer">
        <p>
          {WAITING[chat.bucket]}
          {request && chat.transferringAgentName ? ` (from ${chat.transferringAgentName})` : ''}
        </p>
        <div className="plc-composer-buttons">
          {request && (
            <Button variant="secondary" onPress={() => void act('decline')} isPending={busy === 'decline'} isDisabled={busy !== null}>
              Decline
            </Button>
          )}
          <Button variant="accent" onPress={() => void act('pickup')} isPending={busy === 'pickup'} isDisabled={busy !== null}>
            Pick up
          </Button>
        </div>
      </div>
    );
  }
  if (chat.bucket === 'suspended' && chat.state === ChatState.SUSPEND) {
    return (
      <div className="plc-composer plc-composer-waiting" part="composer">
        <p>This chat is suspended.</p>
        <Button variant="accent" onPress={onResume}>
          Resume
        </Button>
      </div>
    );
  }
  if (!canReply) {
    return (
      <div className="plc-composer plc-composer-waiting" part="composer">
        <p>{chat.state === ChatState.CLOSED ? ChatMessages.closed : ChatMessages.notYours}</p>
      </div>
    );
  }
  return (
    <div className="plc-composer" part="composer">
      {file && (
        <p className="plc-composer-file">
          <span>📎 {file.name}</span>
          <ActionButton isQuiet aria-label={`Remove ${file.name}`} onPress={() => setFile(null)}>
            ✕
          </ActionButton>
        </p>
      )}
      {canAttach && (
        <ActionButton isQuiet aria-label="Attach a file" isDisabled={chat.isJITRequired} onPress={() => dialog.current?.setAttribute('open', '')}>
          <Attach />
        </ActionButton>
      )}
      <textarea
        className="plc-input"
        aria-label="Reply"
        placeholder={chat.isJITRequired ? 'Send a template to reopen the conversation' : 'Type a reply — Enter sends, Shift+Enter starts a new line'}
        value={text}
        maxLength={MAX_REPLY_CHARS}
        rows={2}
        disabled={chat.isJITRequired}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
          if (e.target.value) onTyping();
        }}
        onKeyDown={onKeyDown}
      />
      <Button variant="accent" onPress={() => void send()} isPending={busy === 'send'} isDisabled={chat.isJITRequired || (!text.trim() && !file)}>
        Send
      </Button>
      {error && (
        <p className="plc-composer-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
