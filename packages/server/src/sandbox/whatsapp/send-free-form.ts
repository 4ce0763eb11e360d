import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import type { SandboxContext } from './context.js';
import { lastInboundAt } from './conversation-store.js';
import { GraphErrors } from './graph-error.js';
import { freeFormContent } from './message-content.js';
import { FateErrors, type FateStep } from './message-fate.js';
import { accepted, logSent, newWamid, type Send } from './outbound.js';
import type { SentMessage } from './webhook-payloads.js';

type Json = Record<string, unknown>;

/** WhatsApp's customer-service window: a business may write freely for 24 hours after the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 3600 * 1000;

const IN_WINDOW: FateStep[] = [{ status: 'sent' }, { status: 'delivered' }];
const OUT_OF_WINDOW: FateStep[] = [{ status: 'failed', error: FateErrors.reEngagement }];

/**
 * The account a number's webhooks name: the one it sent templates for, else the demo's. A number that only ever
 * chats never tells the sandbox its account, and the product routes by phone number id anyway.
 */
export const accountOf = (ctx: SandboxContext, phoneNumberId: string) => ctx.phoneAccounts.get(phoneNumberId) ?? DEMO_CHANNEL.wabaId;

/**
 * A text, media, location or interactive message. Outside the customer-service window the Cloud API still accepts
 * it (a wamid, HTTP 200) and fails it afterwards with 131047, so the sandbox does the same. Inside, it is sent and
 * delivered; read only when the customer's phone reads it (customer-phone.ts).
 */
export async function sendFreeForm(ctx: SandboxContext, send: Send, type: string, body: Json) {
  const content = freeFormContent(type, body);
  const replyTo = (body.context as { message_id?: unknown } | undefined)?.message_id;
  const { phoneNumberId, waId } = send;
  const last = await lastInboundAt(ctx.db, phoneNumberId, waId);
  if (!ctx.limiter.take(phoneNumberId)) throw GraphErrors.rateLimit();

  const message: SentMessage = {
    wamid: newWamid(),
    wabaId: accountOf(ctx, phoneNumberId),
    phoneNumberId,
    waId,
    category: 'SERVICE',
    callbackData: send.callbackData,
    sentAt: Math.floor(Date.now() / 1000),
  };
  logSent(ctx, message, type, { ...content, ...(typeof replyTo === 'string' ? { context: { message_id: replyTo } } : {}) });
  const open = last !== null && Date.now() - last.getTime() <= SERVICE_WINDOW_MS;
  (open ? IN_WINDOW : OUT_OF_WINDOW).forEach((step, i) => ctx.webhooks.scheduleStatus(message, step, (i + 1) * ctx.timing.statusStepMs));
  return accepted(send.input, waId, message.wamid);
}
