import { useNavigate, useSearch } from '@tanstack/react-router';
import { createElement, useEffect } from 'react';
import type { ChatOpenedDetail, OpenCustomerDetail } from '@parley/elements/parley-live-chat/events';
import { useSession } from '../stores/session-store.js';
import type { LiveChatSearch } from './live-chat-search.js';
import { ScreenTitle } from './ScreenTitle.js';
import { useElement } from './use-element.js';

/**
 * Mounts `<parley-live-chat>` at /chat/conversation. The broadcast sender is defined beside it, so a just-in-time
 * chat's "Send template" opens it in chat-test mode inside the inbox.
 */
export function LiveChatScreen() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  const { chatId } = useSearch({ strict: false }) as LiveChatSearch;
  const { ref, ready } = useElement(() =>
    Promise.all([import('@parley/elements/parley-live-chat/define'), import('@parley/elements/parley-broadcast-sender/define')]),
  );

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onCustomer = (e: Event) => {
      const { customerId } = (e as CustomEvent<OpenCustomerDetail>).detail;
      void navigate({ to: `/customer-master/customers/view/${encodeURIComponent(customerId)}` });
    };
    const onOpened = (e: Event) => {
      const opened = (e as CustomEvent<ChatOpenedDetail>).detail.chatId;
      void navigate({ to: '/chat/conversation', search: { chatId: opened }, replace: true });
    };
    el.addEventListener('parley-open-customer', onCustomer);
    el.addEventListener('parley-chat-opened', onOpened);
    return () => {
      el.removeEventListener('parley-open-customer', onCustomer);
      el.removeEventListener('parley-chat-opened', onOpened);
    };
  }, [ref, ready, navigate]);

  if (!ready) return <div className="screen-loading" aria-busy="true" />;
  return (
    <>
      <ScreenTitle>Conversation</ScreenTitle>
      <div style={{ height: 'calc(100vh - var(--parley-top-bar-height, 56px) - 48px)', minHeight: 480 }}>
        {createElement('parley-live-chat', { ref, 'api-base': '/api', token: token ?? '', ...(chatId ? { 'chat-id': chatId } : {}) })}
      </div>
    </>
  );
}
