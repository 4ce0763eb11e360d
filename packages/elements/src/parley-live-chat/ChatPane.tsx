import { Button } from '@adobe/react-spectrum/Button';
import { DialogContainer } from '@adobe/react-spectrum/DialogContainer';
import { useState, type Dispatch } from 'react';
import type { ChatDetail, ChatSummary } from '@parley/sdk/contract/chats';
import { ChatMessages } from '@parley/sdk/contract/chat-texts';
import { useRootConfirm } from '../internal/element-root.js';
import { messageOf, once } from '../internal/use-call.js';
import { AgentDialog } from './AgentDialog.js';
import { ChatHeader, type ChatCommand } from './ChatHeader.js';
import type { InboxAction, Typing } from './chat-state.js';
import { CloseDialog } from './CloseDialog.js';
import { Composer } from './Composer.js';
import type { SendTemplateDetail } from './events.js';
import { useLiveChat } from './live-chat-context.js';
import { TagsDialog } from './TagsDialog.js';
import { SENDER_TAG, TemplateDialog } from './TemplateDialog.js';
import { Thread } from './Thread.js';
import { TranscriptDialog } from './TranscriptDialog.js';

type Open = 'transfer' | 'invite' | 'close' | 'tags' | 'transcript' | 'template' | null;

interface Props {
  chat: ChatDetail;
  typing: Typing | null;
  dispatch: Dispatch<InboxAction>;
  onBack(): void;
  onPicked(): void;
  onTyping(chatId: string): void;
  panelShown: boolean;
  onTogglePanel(): void;
}

/** The open chat: its header with the actions, the just-in-time banner, the thread and the reply box. */
export function ChatPane({ chat, typing, dispatch, onBack, onPicked, onTyping, panelShown, onTogglePanel }: Props) {
  const { client, toast, reader, emit } = useLiveChat();
  const confirm = useRootConfirm();
  const [dialog, setDialog] = useState<Open>(null);
  const updated = (summary: ChatSummary | null) => summary && dispatch({ type: 'chat', chat: summary });

  const quick = async (command: 'pin' | 'unpin' | 'suspend' | 'resume' | 'leave') => {
    try {
      const call = { pin: client.chats.pin, unpin: client.chats.unpin, suspend: client.chats.suspend, resume: client.chats.resume, leave: client.chats.leave }[
        command
      ];
      updated(await once(call({ id: chat.chatId })));
      if (command === 'leave') toast(ChatMessages.youLeft, 'info');
    } catch (e) {
      toast(messageOf(e), 'error');
    }
  };

  const leave = async () => {
    const sure = await confirm({
      title: 'Leave this chat?',
      message: 'You will no longer see its new messages.',
      action: 'Leave',
      cancel: 'Stay',
      variant: 'confirmation',
    });
    if (sure) await quick('leave');
  };

  const onCommand = (command: ChatCommand) => {
    if (command === 'pin' || command === 'unpin' || command === 'suspend' || command === 'resume') void quick(command);
    else if (command === 'leave') void leave();
    else setDialog(command);
  };

  const sendTemplate = () => {
    if (customElements.get(SENDER_TAG)) return setDialog('template');
    // Without the sender on the page the host decides how a template is sent.
    emit<SendTemplateDetail>('parley-send-template', { chatId: chat.chatId, channelId: chat.channelId, customerNumber: chat.customerNumber });
  };

  return (
    <section className="plc-thread" aria-label={`Chat with ${chat.customerName || chat.customerNumber}`}>
      <ChatHeader chat={chat} reader={reader} onCommand={onCommand} onBack={onBack} panelShown={panelShown} onTogglePanel={onTogglePanel} />
      {chat.isJITRequired && chat.bucket === 'mine' && (
        <div className="plc-banner" role="status">
          <span>{ChatMessages.jitRequired}</span>
          <Button variant="primary" onPress={sendTemplate}>
            Send template
          </Button>
        </div>
      )}
      <Thread chat={chat} typing={typing} />
      <Composer
        chat={chat}
        onSent={(message) => dispatch({ type: 'message', chatId: chat.chatId, message })}
        onPicked={(picked) => {
          dispatch({ type: 'detail', chat: picked });
          onPicked();
        }}
        onDeclined={() => {
          dispatch({ type: 'remove', chatId: chat.chatId });
          onBack();
        }}
        onResume={() => void quick('resume')}
        onTyping={() => onTyping(chat.chatId)}
      />
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog === 'transfer' || dialog === 'invite' ? (
          <AgentDialog kind={dialog} chat={chat} onClose={() => setDialog(null)} />
        ) : dialog === 'close' ? (
          <CloseDialog
            chat={chat}
            onClose={(closed) => {
              setDialog(null);
              updated(closed);
            }}
          />
        ) : dialog === 'tags' ? (
          <TagsDialog
            chat={chat}
            onClose={(saved) => {
              setDialog(null);
              updated(saved);
            }}
          />
        ) : dialog === 'transcript' ? (
          <TranscriptDialog chat={chat} onClose={() => setDialog(null)} />
        ) : dialog === 'template' ? (
          <TemplateDialog chat={chat} onClose={() => setDialog(null)} />
        ) : null}
      </DialogContainer>
    </section>
  );
}
