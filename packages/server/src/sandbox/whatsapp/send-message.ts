import { variablesIn } from '@parley/sdk/contract/templates';
import type { SandboxContext } from './context.js';
import { readByBusiness } from './conversation-store.js';
import { GraphErrors } from './graph-error.js';
import { messageFate } from './message-fate.js';
import { accepted, logSent, newWamid, type Send } from './outbound.js';
import { sendFreeForm } from './send-free-form.js';
import { renderTemplate } from './template-render.js';
import { approvedTemplates, type SandboxTemplate } from './templates-store.js';
import type { SentMessage } from './webhook-payloads.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Cloud API's limit on `biz_opaque_callback_data`. */
const MAX_CALLBACK_DATA = 512;

/**
 * `POST /{version}/{phone-number-id}/messages`: checks the request as the Cloud API does and answers a `wamid`. A
 * template's status webhooks follow its fate (message-fate.ts); any other message's follow the customer-service
 * window (send-free-form.ts); `status: read` marks a customer's message read.
 */
export async function sendMessage(ctx: SandboxContext, phoneNumberId: string, rawBody: unknown) {
  const body = obj(rawBody) ?? {};
  if (body.messaging_product !== 'whatsapp') throw GraphErrors.required('messaging_product');
  if (body.status !== undefined) return markRead(ctx, phoneNumberId, body);
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') throw GraphErrors.invalidParameter('recipient_type must be individual');
  if (!nonEmpty(body.to)) throw GraphErrors.required('to');
  const waId = body.to.replace(/[\s()+-]/g, '');
  if (!/^\d{7,15}$/.test(waId)) throw GraphErrors.invalidParameter(`Invalid WhatsApp recipient: ${body.to}`);
  const callbackData = body.biz_opaque_callback_data;
  if (callbackData !== undefined && (typeof callbackData !== 'string' || callbackData.length > MAX_CALLBACK_DATA)) {
    throw GraphErrors.invalidParameter(`biz_opaque_callback_data must be a string of at most ${MAX_CALLBACK_DATA} characters`);
  }
  const type = body.type ?? 'text';
  if (typeof type !== 'string') throw GraphErrors.invalidParameter('Param type must be a string');
  const send = { phoneNumberId, input: body.to, waId, callbackData };
  return type === 'template' ? sendTemplate(ctx, send, body) : sendFreeForm(ctx, send, type, body);
}

async function sendTemplate(ctx: SandboxContext, send: Send, body: Json) {
  const { phoneNumberId, waId, callbackData } = send;
  const template = obj(body.template);
  if (!template || !nonEmpty(template.name)) throw GraphErrors.required("template['name']");
  const language = obj(template.language)?.code;
  if (!nonEmpty(language)) throw GraphErrors.required("template['language']['code']");

  const stored = pickAccount(await approvedOf(ctx, template.name, language), ctx.phoneAccounts.get(phoneNumberId));
  if (!stored) throw GraphErrors.noTranslation(template.name, language);
  checkBodyParameters(stored, template.components);
  if (!ctx.limiter.take(phoneNumberId)) throw GraphErrors.rateLimit();
  ctx.phoneAccounts.set(phoneNumberId, stored.wabaId);

  const message: SentMessage = {
    wamid: newWamid(),
    wabaId: stored.wabaId,
    phoneNumberId,
    waId,
    category: stored.category,
    callbackData,
    sentAt: Math.floor(Date.now() / 1000),
  };
  logSent(ctx, message, 'template', { template, rendered: renderTemplate(stored, template.components) });
  messageFate(waId).forEach((step, i) => ctx.webhooks.scheduleStatus(message, step, (i + 1) * ctx.timing.statusStepMs));
  return accepted(send.input, waId, message.wamid, { message_status: 'accepted' });
}

/** `{messaging_product, status: 'read', message_id}`: the business has read a customer's message (blue ticks on the phone). */
async function markRead(ctx: SandboxContext, phoneNumberId: string, body: Json) {
  if (body.status !== 'read') throw GraphErrors.invalidParameter('Param status must be read');
  if (!nonEmpty(body.message_id)) throw GraphErrors.required('message_id');
  if (!(await readByBusiness(ctx.db, phoneNumberId, body.message_id))) throw GraphErrors.invalidParameter(`Invalid message_id: ${body.message_id}`);
  return { success: true };
}

/** A template just approved is read at once (nothing is kept for a name with none); one paused or deleted may still send for a second. */
async function approvedOf(ctx: SandboxContext, name: string, language: string): Promise<SandboxTemplate[]> {
  const key = `${name}\u0000${language}`;
  const hit = ctx.approved.get(key);
  if (hit && Date.now() - hit.at < 1000) return hit.templates;
  const templates = await approvedTemplates(ctx.db, name, language);
  if (templates.length) ctx.approved.set(key, { at: Date.now(), templates });
  else ctx.approved.delete(key);
  return templates;
}

/** The number's own account when it has the template; else the account that approved it first. */
function pickAccount(candidates: SandboxTemplate[], boundWaba: string | undefined): SandboxTemplate | undefined {
  return candidates.find((t) => t.wabaId === boundWaba) ?? candidates[0];
}

/** The body's `{{n}}` variables must each get a parameter, as Meta checks (error 132000). */
function checkBodyParameters(stored: SandboxTemplate, components: unknown) {
  const text = (stored.components as { type?: unknown; text?: unknown }[]).find((c) => c.type === 'BODY')?.text;
  const expected = variablesIn(typeof text === 'string' ? text : undefined).length;
  const bodyComponent = (Array.isArray(components) ? components : []).map(obj).find((c) => String(c?.type ?? '').toLowerCase() === 'body');
  const given = Array.isArray(bodyComponent?.parameters) ? bodyComponent.parameters.length : 0;
  if (given !== expected) throw GraphErrors.paramCount('body', given, expected);
}
