import type { FastifyReply } from 'fastify';
import type { SandboxContext } from './context.js';
import { GraphErrors } from './graph-error.js';

/** Served media are data, never a document of this origin. */
export const MEDIA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * `GET /{version}/{media-id}`: the media's description and a URL for its bytes, on the host the caller reached (Meta
 * gives a lookaside.fbsbx.com URL, fetched with the same bearer token).
 */
export async function mediaInfo(ctx: SandboxContext, id: string, bytesUrl: string) {
  const media = await ctx.media.info(id);
  if (!media) throw GraphErrors.unknownObject(id);
  return { messaging_product: 'whatsapp', url: bytesUrl, mime_type: media.mimeType, sha256: media.sha256, file_size: media.size, id: media.id };
}

/** The bytes of a media id, with its type; a Graph error when the id holds nothing. */
export async function sendMediaBytes(ctx: SandboxContext, id: string, reply: FastifyReply) {
  const [media, bytes] = await Promise.all([ctx.media.info(id), ctx.media.bytes(id)]);
  if (!media || !bytes) throw GraphErrors.unknownObject(id);
  return reply.type(media.mimeType).header('content-security-policy', MEDIA_POLICY).header('cache-control', 'private, max-age=300').send(bytes);
}
