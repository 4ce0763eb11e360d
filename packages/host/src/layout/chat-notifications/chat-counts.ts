import { NO_CHATS_TEXT, type PickupBucket } from '@parley/sdk/contract/chat-texts';
import type { ChatCounts } from '@parley/sdk/contract/chats';

export interface CountItem {
  type: PickupBucket;
  label: string;
  count: number;
}

/** The widget's rows in the spec's order (2.11), with the field of `chat_count` each reads. */
const ROWS: readonly { type: PickupBucket; label: string; field: keyof ChatCounts }[] = [
  { type: 'new', label: 'Live', field: 'newChatCount' },
  { type: 'transferred', label: 'Transferred', field: 'transferredChatCount' },
  { type: 'invited', label: 'Invited', field: 'invitedChatCount' },
  { type: 'assigned', label: 'Assigned', field: 'assginedChatCount' },
  { type: 'missed', label: 'Missed', field: 'missedChatCount' },
];

/** Counts as the dropdown and the floating box list them; before the first answer every count reads 0. */
export function countItems(counts: ChatCounts | null): CountItem[] {
  return ROWS.map(({ type, label, field }) => ({ type, label, count: counts?.[field] ?? 0 }));
}

export const typeLabel = (type: PickupBucket) => ROWS.find((r) => r.type === type)?.label ?? type;

/**
 * What choosing a type does (4.4): a type with nothing waiting shows section 8's toast instead of an empty modal.
 */
export function chooseType(item: CountItem): { toast: string } | { open: PickupBucket } {
  return item.count > 0 ? { open: item.type } : { toast: NO_CHATS_TEXT[item.type] };
}

/** The top-nav button's name: what it is, then how many wait (a screen reader hears the badge's number in words). */
export function badgeLabel(total: number): string {
  // The badge's number is visible text, so the name always holds it (axe: label-content-name-mismatch).
  return `Chat notifications, ${total} waiting`;
}
