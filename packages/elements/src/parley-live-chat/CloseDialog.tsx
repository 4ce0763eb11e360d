import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Heading } from '@adobe/react-spectrum/Heading';
import { TextArea } from '@adobe/react-spectrum/TextArea';
import { useState } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { ChatLimits } from '@parley/sdk/contract/chat-texts';
import { messageOf, once } from '../internal/use-call.js';
import { useLiveChat } from './live-chat-context.js';

/** Closing a chat (4.4), with an optional note on how it ended that the history keeps. */
export function CloseDialog({ chat, onClose }: { chat: ChatSummary; onClose(closed: ChatSummary | null): void }) {
  const { client, toast } = useLiveChat();
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const closed = await once(client.chats.close({ id: chat.chatId, ...(feedback.trim() ? { feedback: feedback.trim() } : {}) }));
      toast('Chat closed', 'success');
      onClose(closed);
    } catch (e) {
      toast(messageOf(e), 'error');
      setBusy(false);
    }
  };
  return (
    <Dialog size="S">
      <Heading>Close chat with {chat.customerName || chat.customerNumber}</Heading>
      <Divider />
      <Content>
        <TextArea label="Feedback (optional)" value={feedback} onChange={setFeedback} maxLength={ChatLimits.feedbackChars} width="100%" autoFocus />
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onClose(null)}>
          Cancel
        </Button>
        <Button variant="negative" onPress={() => void submit()} isPending={busy}>
          Close chat
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
