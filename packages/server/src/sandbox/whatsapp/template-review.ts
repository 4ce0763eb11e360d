import type { Db } from '../../db/database.js';
import { decideTemplate, pendingTemplates, type SandboxTemplate } from './templates-store.js';
import { templatePayload } from './webhook-payloads.js';
import type { WebhookDelivery } from './webhook-delivery.js';

/** The word that gets a sandbox template rejected, so the rejected path can be shown and tested. */
export const REJECT_WORD = 'reject-me';
export const REJECT_REASON = 'INVALID_FORMAT';

/** Whether a sandbox template's body text contains the reject word (top-level body or a carousel card's). */
export function wouldReject(components: unknown[]): boolean {
  const bodies = components.flatMap((c) => {
    const comp = c as { type?: unknown; text?: unknown; cards?: { components?: unknown[] }[] };
    if (comp.type === 'BODY') return [comp];
    return (comp.cards ?? []).flatMap((card) => (card.components ?? []) as (typeof comp)[]).filter((x) => x.type === 'BODY');
  });
  return bodies.some((b) => typeof b.text === 'string' && b.text.includes(REJECT_WORD));
}

/** A rejected sandbox template's reason; the table keeps only the status, and the reject word is the one rule. */
export const rejectedReason = (t: SandboxTemplate) => (t.status === 'REJECTED' ? REJECT_REASON : null);

/**
 * Meta's review, played by a timer: each submitted template is decided `delayMs` after its submission, and a
 * `message_template_status_update` webhook tells the product. Overdue ones (a restart, a slow timer) are decided
 * when the account is next read, and all of them at start-up; the conditional update lets one decision win.
 */
export class TemplateReview {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly delayMs: number,
    private readonly webhooks: WebhookDelivery,
    private readonly onError: (err: unknown) => void,
  ) {}

  schedule(t: SandboxTemplate): void {
    if (this.closed) return;
    const wait = Math.max(0, t.createdAt.getTime() + this.delayMs - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) this.decide(t).catch(this.onError);
    }, wait);
    this.timers.add(timer);
  }

  /** Every pending template: overdue ones now, the others when their time comes. */
  async resumeAll(): Promise<void> {
    for (const t of await pendingTemplates(this.db)) this.schedule(t);
  }

  /** Decides the account's overdue templates before a read, so a list never shows one pending past its time. */
  async decideDue(wabaId: string): Promise<void> {
    const due = await pendingTemplates(this.db, { wabaId, before: new Date(Date.now() - this.delayMs) });
    for (const t of due) await this.decide(t);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private async decide(t: SandboxTemplate): Promise<void> {
    const decided = await decideTemplate(this.db, t.id, wouldReject(t.components) ? 'REJECTED' : 'APPROVED');
    if (decided) this.webhooks.schedule(templatePayload(decided, rejectedReason(decided)));
  }
}
