import { randomBytes } from 'node:crypto';
import { statusesPayload } from '../../sandbox/whatsapp/webhook-payloads.js';

/** A status webhook as Meta sends it, for one message; `pricing` as Meta's sent and delivered statuses carry it. */
export function statusWebhook(phoneNumberId: string, wamid: string, status: string, pricing?: { billable: boolean; category: string }) {
  return statusesPayload({ wabaId: '7770009999', phoneNumberId }, [
    {
      id: wamid,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: '14155550123',
      ...(pricing
        ? { pricing: { ...pricing, pricing_model: 'PMP' }, conversation: { id: randomBytes(8).toString('hex'), origin: { type: pricing.category } } }
        : {}),
    },
  ]);
}

export const wamid = () => `wamid.${randomBytes(12).toString('hex')}`;
