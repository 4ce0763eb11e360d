import type { channelMessageEvents, channelMessages } from '../../db/schema.js';
import { titleCase } from '../broadcasts/present.js';

type Message = typeof channelMessages.$inferSelect;
type Event = typeof channelMessageEvents.$inferSelect;

const failure = (title: string | null, code: number | null) => [title, code === null ? null : `(${code})`].filter(Boolean).join(' ');
const RANK: Record<string, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * The dialog's history (platform-shell 2.12), oldest first: ACCEPTED when the vendor took the message, then each
 * status its webhooks reported (as the broadcast sender's dialog shows them). Within one second the lifecycle
 * decides: webhook times are whole seconds, ours are not.
 */
export function deliveryHistory(m: Message, events: Event[]) {
  const steps = [{ status: 'accepted', at: m.createdAt, description: '' }];
  for (const e of events) {
    const status = e.status.toLowerCase();
    steps.push({ status, at: e.occurredAt, description: status === 'failed' ? failure(e.errorTitle, e.errorCode) : '' });
  }
  if (m.status === 'failed' && !steps.some((s) => s.status === 'failed'))
    steps.push({ status: 'failed', at: m.statusAt, description: failure(m.errorTitle, m.errorCode) });
  const second = (d: Date) => Math.floor(d.getTime() / 1000);
  return steps
    .sort((a, b) => second(a.at) - second(b.at) || (RANK[a.status] ?? 9) - (RANK[b.status] ?? 9) || a.at.getTime() - b.at.getTime())
    .map((s) => ({ status: titleCase(s.status), time: s.at.toISOString(), description: s.description }));
}
