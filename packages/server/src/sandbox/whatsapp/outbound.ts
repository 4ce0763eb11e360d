import { randomBytes } from 'node:crypto';
import type { SandboxContext } from './context.js';
import type { SentMessage } from './webhook-payloads.js';

/** A send's checked envelope: the business number, the recipient as given and as resolved, the callback data. */
export interface Send {
  phoneNumberId: string;
  input: string;
  waId: string;
  callbackData: string | undefined;
}

export const newWamid = () => `wamid.${randomBytes(30).toString('base64url')}`;

/** What a send answers, as the Cloud API does: the recipient as given and as resolved, and the new message's id. */
export const accepted = (input: string, waId: string, wamid: string, extra: Record<string, unknown> = {}) => ({
  messaging_product: 'whatsapp',
  contacts: [{ input, wa_id: waId }],
  messages: [{ id: wamid, ...extra }],
});

/**
 * Keeps a business message in the conversation log, `accepted` until its first status; `report` holds what a read
 * status, posted later when the customer's phone reads it, must carry.
 */
export function logSent(ctx: SandboxContext, m: SentMessage, type: string, content: Record<string, unknown>) {
  ctx.conversations.sent({
    id: m.wamid,
    phoneNumberId: m.phoneNumberId,
    waId: m.waId,
    direction: 'out',
    type,
    body: { ...content, report: { wabaId: m.wabaId, category: m.category, ...(m.callbackData !== undefined ? { callbackData: m.callbackData } : {}) } },
    status: 'accepted',
    createdAt: new Date(),
  });
}
