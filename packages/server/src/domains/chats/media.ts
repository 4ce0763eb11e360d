import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { chatMessages } from '../../db/schema.js';
import { vendorFor } from '../channels/vendor-for.js';
import type { StoredInbound } from './inbound.js';
import type { ChatDeps } from './service.js';

export const mediaKey = (eId: string, actionId: number) => `chat-media/${eId}/${actionId}`;
export const mediaPath = (chatId: string, actionId: number) => `/api/e/enterprise/chat/${chatId}/media/${actionId}`;

/**
 * A customer's photo or document is fetched from the vendor through the channel's client (Cloud API media ids
 * expire within days) and kept in our storage; the message's attachment then points at our own, signed-in route.
 */
export async function fetchInboundMedia(deps: ChatDeps, s: StoredInbound) {
  if (!s.mediaId) return null;
  const { bytes, mimeType } = await vendorFor(s.channel, deps.vendors).downloadMedia(s.mediaId);
  await deps.files.write(mediaKey(s.chat.eId, s.message.actionId), Readable.from(bytes));
  const attachment = { ...(s.message.attachment ?? {}), mimeType, size: bytes.length, url: mediaPath(s.chat.id, s.message.actionId) };
  const [row] = await deps.db.update(chatMessages).set({ attachment }).where(eq(chatMessages.actionId, s.message.actionId)).returning();
  return row ?? null;
}
