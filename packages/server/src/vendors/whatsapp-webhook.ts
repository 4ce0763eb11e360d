import { createHmac, timingSafeEqual } from 'node:crypto';
import { TEMPLATE_STATUSES, type TemplateStatus } from '@parley/sdk/contract/templates';
import type { InboundMessage, WebhookEvent } from './vendor.js';

/** `sha256=<hex>`: what Meta puts in X-Hub-Signature-256, an HMAC-SHA256 of the raw body keyed by the app secret. */
export function signCloudBody(raw: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
}

/** True when the header is the body's signature under this secret; compared in constant time. */
export function verifyCloudSignature(raw: Buffer | string, header: string | string[] | undefined, appSecret: string): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !appSecret) return false;
  const expected = Buffer.from(signCloudBody(raw, appSecret));
  const actual = Buffer.from(given.trim().toLowerCase());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Meta's template statuses folded onto ours: the ones we know pass through; a template under appeal is still
 * pending; a flagged, reinstated or unlocked one can still be sent; deleted, archived, locked or over the limit cannot.
 */
export function cloudTemplateStatus(value: unknown): TemplateStatus | null {
  if (typeof value !== 'string') return null;
  const upper = value.toUpperCase();
  if ((TEMPLATE_STATUSES as readonly string[]).includes(upper)) return upper as TemplateStatus;
  return OTHER_STATUSES[upper] ?? null;
}

const OTHER_STATUSES: Record<string, TemplateStatus> = {
  IN_APPEAL: 'PENDING',
  FLAGGED: 'APPROVED',
  REINSTATED: 'APPROVED',
  UNLOCKED: 'APPROVED',
  PENDING_DELETION: 'DISABLED',
  DELETED: 'DISABLED',
  ARCHIVED: 'DISABLED',
  LOCKED: 'DISABLED',
  LIMIT_EXCEEDED: 'DISABLED',
};

/** One `entry` of a webhook: the account it is about, the phone number (message statuses) and its events. */
export interface CloudWebhookEntry {
  wabaId: string;
  phoneNumberId: string | null;
  events: WebhookEvent[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/**
 * Reads a Cloud API webhook (already verified) per entry and change: message statuses and customers' messages
 * (`field: messages`) and template reviews (`field: message_template_status_update`). Anything else (other fields,
 * statuses we do not track) is skipped, never an error: Meta adds fields and events over time.
 */
export function parseCloudWebhookEntries(json: unknown): CloudWebhookEntry[] {
  const body = obj(json);
  if (body.object !== 'whatsapp_business_account') return [];
  const entries: CloudWebhookEntry[] = [];
  for (const rawEntry of arr(body.entry)) {
    const entry = obj(rawEntry);
    const wabaId = str(entry.id) ?? '';
    for (const rawChange of arr(entry.changes)) {
      const change = obj(rawChange);
      const value = obj(change.value);
      if (change.field === 'messages') {
        const phoneNumberId = str(obj(value.metadata).phone_number_id);
        const names = new Map(arr(value.contacts).map((c) => [str(obj(c).wa_id) ?? '', str(obj(obj(c).profile).name) ?? '']));
        const messages = arr(value.messages).flatMap((m) => inboundMessage(m, names));
        entries.push({ wabaId, phoneNumberId, events: [...arr(value.statuses).flatMap(statusEvent), ...messages] });
      } else if (change.field === 'message_template_status_update') {
        const event = templateEvent(value);
        entries.push({ wabaId, phoneNumberId: null, events: event ? [event] : [] });
      }
    }
  }
  return entries;
}

/** Every event of a webhook, whatever account it names. */
export function parseCloudWebhook(json: unknown): WebhookEvent[] {
  return parseCloudWebhookEntries(json).flatMap((e) => e.events);
}

/** The last second of year 9999: beyond it no date column or JavaScript Date of ours holds a status time. */
const LAST_SECOND = Date.UTC(9999, 11, 31, 23, 59, 59) / 1000;

/**
 * A status's time in Unix seconds. One that is missing, or no time at all (1e15 seconds is past JavaScript's last
 * date: storing it threw, the webhook answered 500, and Meta would have sent it again for days), is taken as the
 * moment it arrived, so the status itself is still recorded and the rest of the webhook with it.
 */
function eventSeconds(raw: unknown): number {
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= LAST_SECOND ? seconds : Math.floor(Date.now() / 1000);
}

function statusEvent(raw: unknown): WebhookEvent[] {
  const s = obj(raw);
  const status = str(s.status);
  const messageId = str(s.id);
  if (!status || !STATUSES.has(status) || !messageId) return [];
  const error = obj(arr(s.errors)[0]);
  const code = error.code === undefined || error.code === null || !Number.isFinite(Number(error.code)) ? null : Number(error.code);
  return [
    {
      kind: 'status',
      messageId,
      status: status as 'sent' | 'delivered' | 'read' | 'failed',
      timestamp: eventSeconds(s.timestamp),
      recipient: str(s.recipient_id) ?? '',
      errorCode: code,
      errorTitle: str(error.title) ?? str(error.message),
      callbackData: str(s.biz_opaque_callback_data),
      raw,
    },
  ];
}

function templateEvent(value: Json): WebhookEvent | null {
  const status = cloudTemplateStatus(value.event);
  const id = str(value.message_template_id);
  if (!status || !id) return null;
  const reason = str(value.reason);
  return {
    kind: 'template',
    vendorTemplateId: id,
    name: str(value.message_template_name) ?? '',
    language: str(value.message_template_language) ?? '',
    status,
    reason: reason && reason !== 'NONE' ? reason : null,
    raw: value,
  };
}

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/** The words a message shows in a chat list: its body, caption, chosen button or list row, or what it is. */
function inboundText(m: Json, type: string): string {
  const part = obj(m[type]);
  switch (type) {
    case 'text':
      return str(part.body) ?? '';
    case 'button':
      return str(part.text) ?? str(part.payload) ?? '';
    case 'interactive': {
      const reply = obj(part.button_reply ?? part.list_reply ?? part.nfm_reply);
      return str(reply.title) ?? str(reply.body) ?? str(reply.id) ?? '';
    }
    case 'reaction':
      return str(part.emoji) ?? '';
    case 'location':
      return [str(part.name), str(part.address)].filter(Boolean).join(', ');
    case 'contacts':
      return arr(m.contacts)
        .map((c) => str(obj(obj(c).name).formatted_name) ?? '')
        .filter(Boolean)
        .join(', ');
    default:
      return MEDIA_TYPES.has(type) ? (str(part.caption) ?? '') : '';
  }
}

function inboundMessage(raw: unknown, names: Map<string, string>): InboundMessage[] {
  const m = obj(raw);
  const messageId = str(m.id);
  const from = str(m.from);
  if (!messageId || !from) return [];
  const given = str(m.type) ?? 'unsupported';
  const type = given === 'unknown' ? 'unsupported' : given;
  const part = obj(m[type]);
  const media =
    MEDIA_TYPES.has(type) && str(part.id)
      ? { id: str(part.id)!, mimeType: str(part.mime_type) ?? 'application/octet-stream', fileName: str(part.filename), caption: str(part.caption) }
      : null;
  const latitude = Number(part.latitude);
  const longitude = Number(part.longitude);
  const location =
    type === 'location' && Number.isFinite(latitude) && Number.isFinite(longitude)
      ? { latitude, longitude, name: str(part.name), address: str(part.address) }
      : null;
  return [
    {
      kind: 'message',
      messageId,
      from,
      profileName: names.get(from) ?? '',
      timestamp: eventSeconds(m.timestamp),
      type,
      text: inboundText(m, type).slice(0, 8192),
      media,
      location,
      replyTo: str(obj(m.context).id) ?? (type === 'reaction' ? str(part.message_id) : null),
      raw,
    },
  ];
}
