import type { BroadcastDetail, BroadcastListItem, MessageItem, VariableMapping } from '@parley/sdk/contract/broadcasts';
import { BROADCAST_STATUSES, MESSAGE_STATUSES, type BroadcastStatus, type MessageStatus } from '@parley/sdk/contract/broadcast-texts';
import type { BroadcastMessageRow, BroadcastRow, EventRow } from './history-queries.js';

/** 'DELIVERED' → 'Delivered': how the screens show a status (customer-master-and-broadcast 2, "status in title case"). */
export const titleCase = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();

const broadcastStatus = (s: string): BroadcastStatus => (BROADCAST_STATUSES.includes(s as BroadcastStatus) ? (s as BroadcastStatus) : 'QUEUED');
const messageStatus = (s: string): MessageStatus => {
  const upper = s.toUpperCase() as MessageStatus;
  return MESSAGE_STATUSES.includes(upper) ? upper : 'QUEUED';
};

export function listItem(b: BroadcastRow): BroadcastListItem {
  return {
    id: b.id,
    name: b.name,
    user: { name: b.createdByName },
    // The spec's history shows '-' for a broadcast without a channel.
    channelName: b.channelName || '-',
    createdOn: b.createdAt.toISOString(),
    status: broadcastStatus(b.status),
  };
}

export function detail(b: BroadcastRow, phoneNumbers: string[]): BroadcastDetail {
  return {
    ...listItem(b),
    channelId: b.channelId,
    phoneNumbers,
    message: b.message,
    columnMapping: Array.isArray(b.columnMapping) ? (b.columnMapping as VariableMapping[]) : [],
    resourceType: b.resourceType,
    resourceId: b.resourceId,
    counts: { total: b.total, accepted: b.accepted, sent: b.sent, delivered: b.delivered, read: b.read, failed: b.failed },
    completedOn: b.completedAt?.toISOString() ?? null,
  };
}

export function messageItem(m: BroadcastMessageRow, from: string): MessageItem {
  return {
    id: m.id,
    from,
    to: m.recipient,
    currentDeliveryStatus: messageStatus(m.state),
    currentDeliveryStatusTime: (m.statusAt ?? m.handedAt ?? m.createdAt).toISOString(),
    channelMessageId: m.wamid,
    errorCode: m.errorCode,
    errorTitle: m.errorTitle,
  };
}

export interface HistoryStep {
  status: string;
  time: string;
  description: string;
}

/** A failure's words for the history table: the vendor's title and its code, as much of them as it gave. */
const failure = (title: string | null, code: number | null) => [title, code === null ? null : `(${code})`].filter(Boolean).join(' ');

/** Which step comes first when two share a timestamp (a fast vendor reports sent and delivered in the same second). */
const RANK: Record<string, number> = { queued: 0, sending: 1, accepted: 2, sent: 3, delivered: 4, read: 5, failed: 6 };

/**
 * The message-status dialog's history (platform-shell 2.12), oldest first: QUEUED when the broadcast stored it,
 * ACCEPTED when the vendor took it, then every status the vendor's webhooks reported. A message that failed before
 * the vendor ever answered has its failure from its own row.
 */
export function statusHistory(m: BroadcastMessageRow, events: EventRow[]): HistoryStep[] {
  const steps: { status: string; at: Date; description: string }[] = [{ status: 'queued', at: m.createdAt, description: '' }];
  if (m.wamid) steps.push({ status: 'accepted', at: m.handedAt ?? m.statusAt ?? m.createdAt, description: '' });
  for (const e of events) {
    steps.push({
      status: e.status.toLowerCase(),
      at: e.occurredAt,
      description: e.status.toLowerCase() === 'failed' ? failure(e.errorTitle, e.errorCode) : '',
    });
  }
  if (m.state === 'failed' && !steps.some((s) => s.status === 'failed')) {
    steps.push({ status: 'failed', at: m.statusAt ?? m.handedAt ?? m.createdAt, description: failure(m.errorTitle, m.errorCode) });
  }
  // Webhook times are whole seconds (Unix seconds), ours have milliseconds: within one second the lifecycle decides,
  // or a read at 10:00:00 would come before the acceptance at 10:00:00.700.
  const second = (d: Date) => Math.floor(d.getTime() / 1000);
  return steps
    .sort((a, b) => second(a.at) - second(b.at) || (RANK[a.status] ?? 9) - (RANK[b.status] ?? 9) || a.at.getTime() - b.at.getTime())
    .map((s) => ({ status: titleCase(s.status), time: s.at.toISOString(), description: s.description }));
}
