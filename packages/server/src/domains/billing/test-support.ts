import { randomBytes } from 'node:crypto';

/** A status webhook as Meta sends it, for one message; `pricing` as Meta's sent and delivered statuses carry it. */
export function statusWebhook(phoneNumberId: string, wamid: string, status: string, pricing?: { billable: boolean; category: string }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '7770009999',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001234', phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: '14155550123',
                  ...(pricing ? { pricing: { ...pricing, pricing_model: 'PMP' }, conversation: { id: randomBytes(8).toString('hex'), origin: { type: pricing.category } } } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

export const wamid = () => `wamid.${randomBytes(12).toString('hex')}`;
