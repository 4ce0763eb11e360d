import { ActionButton, Content, Dialog, DialogTrigger, Divider, Heading, Switch } from '@adobe/react-spectrum';
import ChatIcon from '@spectrum-icons/workflow/Chat';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { PickupBucket } from '@parley/sdk/contract/chat-texts';
import { useCan } from '../../components/use-can.js';
import { useChatStore } from '../../stores/chat-store.js';
import { toast } from '../../stores/toast-store.js';
import { badgeLabel, chooseType, countItems, type CountItem } from './chat-counts.js';
import { CountList } from './CountList.js';
import { FloatingChatBox } from './FloatingChatBox.js';
import { NotificationModal } from './NotificationModal.js';
import { SoundSettings } from './SoundSettings.js';
import { CONVERSATION_PATH, useChatEvents } from './use-chat-events.js';
import './chat-notifications.css';

/** The live chat notification widget (platform-shell 2.11), for users who handle chats (CHAT.HANDLE) only. */
export function ChatNotifications() {
  const canHandle = useCan(['CHAT.HANDLE']);
  return canHandle ? <ChatNotificationWidget /> : null;
}

function ChatNotificationWidget() {
  useChatEvents();
  const navigate = useNavigate();
  const counts = useChatStore((s) => s.counts);
  const boxShown = useChatStore((s) => s.boxShown);
  // The inbox lists the same counts in its own tabs: there the box would only cover the customer panel.
  const onInbox = useRouterState({ select: (s) => s.location.pathname.startsWith(CONVERSATION_PATH) });
  const setBox = useChatStore((s) => s.setBox);
  const [open, setOpen] = useState<PickupBucket | null>(null);
  const items = countItems(counts);
  const total = counts?.totalChatCount ?? 0;

  const choose = (item: CountItem) => {
    const outcome = chooseType(item);
    if ('toast' in outcome) toast(outcome.toast, 'info');
    else setOpen(outcome.open);
  };

  return (
    <>
      <DialogTrigger type="popover" placement="bottom end">
        <ActionButton isQuiet aria-label={badgeLabel(total)} UNSAFE_className="chat-nav-button">
          <ChatIcon />
          <span className="chat-badge" data-blink={total > 0} aria-hidden>
            {total}
          </span>
        </ActionButton>
        {(close) => (
          <Dialog size="S" UNSAFE_className="chat-dropdown">
            <Heading>Live chats</Heading>
            <Divider />
            <Content>
              <CountList
                items={items}
                onChoose={(item) => {
                  close();
                  choose(item);
                }}
              />
              <div className="chat-dropdown-options">
                <Switch isSelected={boxShown} onChange={(shown) => setBox({ boxShown: shown })}>
                  Floating box
                </Switch>
                <SoundSettings />
              </div>
            </Content>
          </Dialog>
        )}
      </DialogTrigger>
      {boxShown && !onInbox && <FloatingChatBox items={items} total={total} onChoose={choose} />}
      <NotificationModal
        type={open}
        onClose={() => setOpen(null)}
        onPickedUp={(chatId) => {
          setOpen(null);
          void navigate({ href: `${CONVERSATION_PATH}?chatId=${encodeURIComponent(chatId)}` });
        }}
      />
    </>
  );
}
