import { randomBytes } from 'node:crypto';

/** A payment link as the sandbox keeps it (in memory: the demo's links live as long as the process). */
export interface SandboxLink {
  id: string;
  amount: number;
  currency: string;
  referenceId: string;
  description: string;
  callbackUrl: string;
  status: 'created' | 'paid' | 'cancelled' | 'expired';
  paymentId: string;
  expireBy: number;
  createdAt: number;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay's ids: a prefix and 14 base-62 characters. */
export const razorpayId = (prefix: string) => `${prefix}_${[...randomBytes(14)].map((b) => ID_CHARS[b % 62]).join('')}`;

export class SandboxLinks {
  private readonly links = new Map<string, SandboxLink>();
  private readonly references = new Set<string>();

  create(fields: Omit<SandboxLink, 'id' | 'status' | 'paymentId' | 'createdAt'>): SandboxLink | 'duplicate' {
    if (this.references.has(fields.referenceId)) return 'duplicate';
    const link: SandboxLink = { ...fields, id: razorpayId('plink'), status: 'created', paymentId: '', createdAt: Math.floor(Date.now() / 1000) };
    this.links.set(link.id, link);
    this.references.add(link.referenceId);
    return link;
  }

  get(id: string): SandboxLink | undefined {
    const link = this.links.get(id);
    if (link && link.status === 'created' && link.expireBy && link.expireBy * 1000 < Date.now()) link.status = 'expired';
    return link;
  }
}

/** The entity as Razorpay's API returns it (the fields a client reads, and a few more). */
export const entityOf = (link: SandboxLink, baseUrl: string) => ({
  id: link.id,
  entity: 'payment_link',
  amount: link.amount,
  amount_paid: link.status === 'paid' ? link.amount : 0,
  currency: link.currency,
  accept_partial: false,
  reference_id: link.referenceId,
  description: link.description,
  status: link.status,
  short_url: `${baseUrl}/pay/${link.id}`,
  callback_url: link.callbackUrl,
  callback_method: 'get',
  expire_by: link.expireBy,
  created_at: link.createdAt,
  payments: link.paymentId ? [{ payment_id: link.paymentId, amount: link.amount, status: 'captured' }] : null,
});
