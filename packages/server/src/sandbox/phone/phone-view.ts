import type { ConversationRow } from '../whatsapp/conversation-store.js';
import { MEDIA_TYPES } from '../whatsapp/message-content.js';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** One message as the phone page draws it: who wrote it, its words, what came with it, and its ticks. */
export interface PhoneMessage {
  id: string;
  from: 'business' | 'customer';
  type: string;
  /** ISO time the sandbox took the message. */
  at: string;
  /** accepted, sent, delivered, read or failed. */
  status: string;
  error?: { code: number; title: string };
  header?: string;
  text?: string;
  footer?: string;
  buttons?: string[];
  media?: { kind: string; url?: string; filename?: string; format?: string };
  location?: { latitude: number; longitude: number; name?: string; address?: string };
}

/** The phone shows its own uploads (and media a business sent by id) from here, without the Graph token. */
export const phoneMediaUrl = (prefix: string, id: string) => `${prefix}/api/media/${encodeURIComponent(id)}`;

export function phoneMessage(row: ConversationRow, mediaPrefix: string): PhoneMessage {
  const body = row.body;
  const content = obj(body[row.type]);
  const error = obj(body.error);
  const view: PhoneMessage = {
    id: row.id,
    from: row.direction === 'in' ? 'customer' : 'business',
    type: row.type,
    at: row.createdAt.toISOString(),
    status: row.status,
    ...(typeof error.code === 'number' ? { error: { code: error.code, title: String(error.title ?? '') } } : {}),
  };
  if (row.type === 'text') view.text = str(content.body) ?? '';
  else if ((MEDIA_TYPES as readonly string[]).includes(row.type)) {
    const id = str(content.id);
    const url = str(content.link) ?? (id ? phoneMediaUrl(mediaPrefix, id) : undefined);
    view.media = { kind: row.type, ...(url ? { url } : {}), ...(str(content.filename) ? { filename: str(content.filename)! } : {}) };
    const caption = str(content.caption);
    if (caption) view.text = caption;
  } else if (row.type === 'location') {
    view.location = {
      latitude: Number(content.latitude),
      longitude: Number(content.longitude),
      ...(str(content.name) ? { name: str(content.name)! } : {}),
      ...(str(content.address) ? { address: str(content.address)! } : {}),
    };
  } else if (row.type === 'template') Object.assign(view, templateView(obj(body.rendered)));
  else if (row.type === 'interactive') Object.assign(view, interactiveView(content));
  return view;
}

function templateView(rendered: Json): Partial<PhoneMessage> {
  const header = obj(rendered.header);
  const cards = arr(rendered.cards).map(String);
  return {
    text: [str(rendered.body) ?? '', ...cards].filter(Boolean).join('\n\n'),
    ...(str(header.text) ? { header: str(header.text)! } : {}),
    ...(str(header.format)
      ? { media: { kind: str(header.format)!.toLowerCase(), format: str(header.format)!, ...(str(header.link) ? { url: str(header.link)! } : {}) } }
      : {}),
    ...(str(rendered.footer) ? { footer: str(rendered.footer)! } : {}),
    ...(arr(rendered.buttons).length ? { buttons: arr(rendered.buttons).map(String) } : {}),
  };
}

/** Reply buttons' titles, or a list's button; the rest of an interactive message is not drawn. */
function interactiveView(content: Json): Partial<PhoneMessage> {
  const action = obj(content.action);
  const buttons = arr(action.buttons)
    .map((b) => str(obj(obj(b).reply).title) ?? str(obj(b).title))
    .filter((t): t is string => !!t);
  const single = str(action.button) ?? str(obj(action.parameters).display_text);
  return {
    text: str(obj(content.body).text) ?? '',
    ...(str(obj(content.header).text) ? { header: str(obj(content.header).text)! } : {}),
    ...(str(obj(content.footer).text) ? { footer: str(obj(content.footer).text)! } : {}),
    ...(buttons.length || single ? { buttons: buttons.length ? buttons : [single!] } : {}),
  };
}
