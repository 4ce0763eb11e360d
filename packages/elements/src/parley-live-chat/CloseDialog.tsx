import { Button, ButtonGroup, Content, Dialog, Divider, Heading, TextArea } from '@adobe/react-spectrum';
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
