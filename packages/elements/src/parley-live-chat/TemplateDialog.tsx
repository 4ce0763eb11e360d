import { Button } from '@adobe/react-spectrum/Button';
import { ButtonGroup } from '@adobe/react-spectrum/ButtonGroup';
import { Content } from '@adobe/react-spectrum/Content';
import { Dialog } from '@adobe/react-spectrum/Dialog';
import { Divider } from '@adobe/react-spectrum/Divider';
import { Heading } from '@adobe/react-spectrum/Heading';
import { useEffect, useRef } from 'react';
import type { ChatSummary } from '@parley/sdk/contract/chats';
import { ChatMessages } from '@parley/sdk/contract/chat-texts';
import { useLiveChat } from './live-chat-context.js';

export const SENDER_TAG = 'parley-broadcast-sender';

/**
 * A just-in-time chat's template, sent from inside the chat by `<parley-broadcast-sender mode="chat-test">` with the
 * chat's channel and number locked. The sender is another element: it is created by tag name when the page has
 * defined it (the console does), never imported, so the inbox's bundle stays its own.
 */
export function TemplateDialog({ chat, onClose }: { chat: ChatSummary; onClose(sent: boolean): void }) {
  const { apiBase, token } = useLiveChat();
  const host = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const sender = document.createElement(SENDER_TAG);
    const attributes: Record<string, string> = {
      'api-base': apiBase,
      token: token ?? '',
      mode: 'chat-test',
      'channel-id': chat.channelId,
      'phone-number': chat.customerNumber,
      'resource-type': 'CHAT',
      'resource-id': chat.chatId,
    };
    for (const [name, value] of Object.entries(attributes)) sender.setAttribute(name, value);
    const onSenderClose = (e: Event) => closeRef.current((e as CustomEvent<{ reason: string }>).detail?.reason === 'sent');
    sender.addEventListener('parley-close', onSenderClose);
    host.current?.append(sender);
    return () => {
      sender.removeEventListener('parley-close', onSenderClose);
      sender.remove();
    };
  }, [apiBase, token, chat.channelId, chat.customerNumber, chat.chatId]);

  return (
    <Dialog size="L">
      <Heading>Send template</Heading>
      <Divider />
      <Content>
        <p className="plc-muted">{ChatMessages.jitRequired}</p>
        <div ref={host} className="plc-template-host" />
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => onClose(false)}>
          Cancel
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
