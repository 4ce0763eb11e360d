import { createHash } from 'node:crypto';
import type { FateStep } from './message-fate.js';
import type { SandboxTemplate } from './templates-store.js';

/** What the sandbox knows of an accepted message when it reports on it. */
export interface SentMessage {
  wamid: string;
  wabaId: string;
  phoneNumberId: string;
  waId: string;
  category: string;
  callbackData: string | undefined;
  /** Unix seconds of the send. */
  sentAt: number;
}

const envelope = (wabaId: string, field: string, value: unknown) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field }] }],
});

/**
 * One entry of a status webhook's `statuses` as Meta writes it. Sent and delivered carry the conversation and its
 * pricing (as Meta's do); failed carries the error; read neither.
 */
export function statusObject(m: SentMessage, step: FateStep) {
  const category = m.category.toLowerCase();
  // One conversation per business number, user and day, as Meta's 24-hour conversations.
  const conversationId = createHash('sha256')
    .update(`${m.phoneNumberId}:${m.waId}:${Math.floor(m.sentAt / 86400)}`)
    .digest('hex')
    .slice(0, 32);
  const billing =
    step.status === 'sent' || step.status === 'delivered'
      ? {
          conversation: {
            id: conversationId,
            ...(step.status === 'sent' ? { expiration_timestamp: String(m.sentAt + 86400) } : {}),
            origin: { type: category },
          },
          // Service conversations (the business answering within the customer's window) are free.
          pricing: { billable: category !== 'service', pricing_model: 'CBP', category },
        }
      : {};
  return {
    id: m.wamid,
    status: step.status,
    timestamp: String(m.sentAt),
    recipient_id: m.waId,
    ...(m.callbackData !== undefined ? { biz_opaque_callback_data: m.callbackData } : {}),
    ...billing,
    ...(step.status === 'failed' ? { errors: [step.error] } : {}),
  };
}

// The sandbox has no display number of its own: it reports the phone number id in its place.
const metadata = (phoneNumberId: string) => ({ display_phone_number: phoneNumberId, phone_number_id: phoneNumberId });

/** A status webhook for one business number: Meta puts one status in it, or several when many are due at once. */
export function statusesPayload(m: Pick<SentMessage, 'wabaId' | 'phoneNumberId'>, statuses: unknown[]) {
  return envelope(m.wabaId, 'messages', { messaging_product: 'whatsapp', metadata: metadata(m.phoneNumberId), statuses });
}

/** A customer's message as Meta's `messages` webhook carries it: the sender's profile name beside the message itself. */
export function inboundPayload(to: { wabaId: string; phoneNumberId: string }, from: { waId: string; name: string }, message: Record<string, unknown>) {
  return envelope(to.wabaId, 'messages', {
    messaging_product: 'whatsapp',
    metadata: metadata(to.phoneNumberId),
    contacts: [{ profile: { name: from.name }, wa_id: from.waId }],
    messages: [message],
  });
}

export function templatePayload(t: SandboxTemplate, reason: string | null) {
  return envelope(t.wabaId, 'message_template_status_update', {
    event: t.status,
    message_template_id: Number(t.id),
    message_template_name: t.name,
    message_template_language: t.language,
    reason: reason ?? 'NONE',
    message_template_category: t.category,
  });
}
