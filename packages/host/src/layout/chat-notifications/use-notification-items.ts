import { useEffect, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import type { PickupBucket } from '@parley/sdk/contract/chat-texts';
import type { chatsApi } from '@parley/sdk/contract/chats';
import type { ReplyOf } from '@parley/sdk/contract/endpoint';
import { showRefusal } from '../../components/show-refusal.js';
import { useChatStore } from '../../stores/chat-store.js';
import { api } from '../../stores/session-store.js';

export type NotificationItem = ReplyOf<typeof chatsApi.notifications>[number];

/**
 * The modal's rows for one type (`chatUserDetails?State`), asked again whenever the counts move, so a chat another
 * agent took leaves the list. A refused fetch shows the server's message (platform-shell 8).
 */
export function useNotificationItems(type: PickupBucket | null) {
  const counts = useChatStore((s) => s.counts);
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!type) return;
    setLoading(true);
    const sub = api.chats.notifications({ State: type }).subscribe({
      next: (rows) => setItems(rows),
      error: (error: unknown) => {
        showRefusal(error);
        setLoading(false);
      },
      complete: () => setLoading(false),
    });
    return () => sub.unsubscribe();
  }, [type, counts]);
  return { items: type ? items : [], loading };
}

export const pickup = (id: string, type: PickupBucket) => firstValueFrom(api.chats.pickup({ id, type }));
