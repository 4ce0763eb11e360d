import { createHmac, randomBytes } from 'node:crypto';
import type { Parley } from '../app.js';
import { call } from './harness.js';

/** A customer's message as the WhatsApp Cloud API's `messages` webhook carries it. */
export function inboundWebhook(phoneNumberId: string, from: string, message: Record<string, unknown>, profileName = 'Asha Rao') {
  const id = (message.id as string | undefined) ?? `wamid.${randomBytes(12).toString('hex')}`;
  return {
    id,
    payload: {
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
                contacts: [{ profile: { name: profileName }, wa_id: from }],
                messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', ...message }],
              },
            },
          ],
        },
      ],
    },
  };
}

/** Posts the exact bytes Meta would, signed with the app secret. */
export function postWebhook(parley: Parley, payload: unknown, appSecret: string) {
  const raw = JSON.stringify(payload);
  return parley.app.inject({
    method: 'POST',
    url: '/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` },
    payload: raw,
  });
}

/** A WhatsApp channel on the built-in sandbox (no base URL), signed with the sandbox's own secret. */
export async function sandboxChannel(parley: Parley, token: string, phoneNumberId: string, name = `Chat ${phoneNumberId}`): Promise<string> {
  const { sandboxAccessToken, sandboxAppSecret } = parley.deps.config;
  const created = await call(parley, 'POST', 'e/enterprise/channels', {
    token,
    json: {
      name,
      type: 4,
      vendor: 20,
      contactId: '+15550001234',
      data: { phoneNumberId, wabaId: '7770009999', accessToken: sandboxAccessToken, appSecret: sandboxAppSecret },
    },
  });
  if (!created.status) throw new Error(`channel not created: ${created.message}`);
  return created.data.channel.channelId as string;
}
