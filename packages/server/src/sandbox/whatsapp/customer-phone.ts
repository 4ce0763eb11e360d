import type { SandboxContext } from './context.js';
import { insertInbound, readByCustomer } from './conversation-store.js';
import { newWamid } from './outbound.js';
import { accountOf } from './send-free-form.js';
import { inboundPayload, type SentMessage } from './webhook-payloads.js';

type Json = Record<string, unknown>;

/** Who writes, and to which business number. */
export interface Customer {
  phoneNumberId: string;
  /** Digits only, country code first (a WhatsApp id). */
  waId: string;
  /** The profile name the business sees. */
  name: string;
}

/** Images and PDFs, as the phone page uploads them. */
export interface Upload {
  bytes: Buffer;
  mimeType: string;
  filename?: string;
  caption?: string;
}

/**
 * A customer's message to the business, as Meta delivers it: kept in the conversation log (which opens the 24-hour
 * window for the business's replies) and posted as a signed `messages` webhook, retried like the statuses.
 * `content` is the type's own object (`{body}` for text, `{id, mime_type, sha256, caption}` for an image ...).
 */
export async function customerSends(ctx: SandboxContext, from: Customer, type: string, content: Json): Promise<{ id: string; message: Json }> {
  const id = newWamid();
  const createdAt = new Date();
  const message = { from: from.waId, id, timestamp: String(Math.floor(createdAt.getTime() / 1000)), type, [type]: content };
  await insertInbound(ctx.db, {
    id,
    phoneNumberId: from.phoneNumberId,
    waId: from.waId,
    direction: 'in',
    type,
    body: { [type]: content, name: from.name },
    status: 'sent',
    createdAt,
  });
  ctx.webhooks.schedule(
    inboundPayload({ wabaId: accountOf(ctx, from.phoneNumberId), phoneNumberId: from.phoneNumberId }, { waId: from.waId, name: from.name }, message),
  );
  return { id, message };
}

export const customerSendsText = (ctx: SandboxContext, from: Customer, text: string) => customerSends(ctx, from, 'text', { body: text });

/** An image or a PDF: stored under a media id first, which the business then fetches as from Meta (media-routes.ts). */
export async function customerSendsMedia(ctx: SandboxContext, from: Customer, upload: Upload) {
  const media = await ctx.media.put(upload.bytes, upload.mimeType, upload.filename);
  const type = upload.mimeType.startsWith('image/') ? 'image' : 'document';
  const content = {
    id: media.id,
    mime_type: media.mimeType,
    sha256: media.sha256,
    ...(upload.caption ? { caption: upload.caption } : {}),
    ...(type === 'document' && upload.filename ? { filename: upload.filename } : {}),
  };
  return { mediaId: media.id, ...(await customerSends(ctx, from, type, content)) };
}

/**
 * The customer's phone shows the business's messages: each one sent or delivered, of those named (or all), becomes
 * read and gets its `read` status webhook, once. Answers the ids it read.
 */
export async function customerReads(ctx: SandboxContext, to: Pick<Customer, 'phoneNumberId' | 'waId'>, ids?: string[]): Promise<string[]> {
  await ctx.conversations.flush();
  const rows = await readByCustomer(ctx.db, to.phoneNumberId, to.waId, ids);
  const sentAt = Math.floor(Date.now() / 1000);
  for (const row of rows) {
    const report = (row.body.report ?? {}) as { wabaId?: string; category?: string; callbackData?: string };
    const m: SentMessage = {
      wamid: row.id,
      wabaId: report.wabaId ?? accountOf(ctx, row.phoneNumberId),
      phoneNumberId: row.phoneNumberId,
      waId: row.waId,
      category: report.category ?? 'SERVICE',
      callbackData: report.callbackData,
      sentAt,
    };
    ctx.webhooks.scheduleStatus(m, { status: 'read' }, 0);
  }
  return rows.map((r) => r.id);
}
