import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEMO_CHANNEL } from '../../seed/demo-channels.js';
import { DEMO_CUSTOMER_COUNT, demoCustomerAt } from '../../seed/demo-customers.js';
import type { SandboxContext } from '../whatsapp/context.js';
import { conversation } from '../whatsapp/conversation-store.js';
import { customerReads, customerSendsMedia, customerSendsText, type Customer } from '../whatsapp/customer-phone.js';
import { MAX_TEXT } from '../whatsapp/message-content.js';
import { MEDIA_POLICY } from '../whatsapp/media-routes.js';
import { phoneMessage } from './phone-view.js';
import { MAX_UPLOAD_BYTES, PhoneError, readUpload } from './upload.js';

export const PHONE_PREFIX = '/sandbox/phone';

/** The page's files: the same path from src/sandbox/phone and dist/sandbox/phone (tsc does not copy them). */
const PAGE_DIR = fileURLToPath(new URL('../../../src/sandbox/phone/page/', import.meta.url));
const PAGE_FILES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'phone.js': 'text/javascript; charset=utf-8',
  'phone.css': 'text/css; charset=utf-8',
};
/** Its own module and stylesheet only, nothing inline, talking to this origin alone; nobody may frame it. */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A conversation's window on the page: the newest messages, and the statuses of the business's among them. */
const SHOWN = 100;
/**
 * A poll's cursor stays this far behind the server's clock: the business's messages reach the log up to a flush
 * later than their time, and one read past would never be shown. The page drops the repeats by id.
 */
const CURSOR_LAG_MS = 3000;
const SUGGESTED_CUSTOMERS = 6;

type Json = Record<string, unknown>;
const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s()+-]/g, '') : '');

function customerOf(input: Json): Customer {
  const phoneNumberId = digits(input.phoneNumberId) || DEMO_CHANNEL.phoneNumberId;
  if (!/^\d{1,20}$/.test(phoneNumberId)) throw new PhoneError(400, 'The business number id is digits only');
  const waId = digits(input.waId);
  if (!/^\d{7,15}$/.test(waId)) throw new PhoneError(400, 'Enter the customer number with its country code, such as +91 98200 07919');
  const name = typeof input.name === 'string' && input.name.trim() ? input.name.trim().slice(0, 60) : 'Sandbox customer';
  return { phoneNumberId, waId, name };
}

/**
 * The sandbox's customer phone at /sandbox/phone: a page that plays a WhatsApp customer of a sandbox number, and its
 * JSON API. No Parley session: anyone who reaches a server with the sandbox on (PARLEY_SANDBOX, off in production)
 * can write to the business as any customer and read what the business wrote to them, as with the Graph sandbox.
 */
export async function phoneRoutes(scope: FastifyInstance, ctx: SandboxContext) {
  scope.setErrorHandler((err, request, reply) => {
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) return reply.status(status).send({ error: (err as Error).message });
    request.log.error({ err }, 'sandbox phone error');
    return reply.status(500).send({ error: 'The sandbox could not do that' });
  });
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const page = (file: string) => async (_request: unknown, reply: FastifyReply) =>
    reply
      .type(PAGE_FILES[file]!)
      .header('content-security-policy', PAGE_POLICY)
      .send(await readFile(PAGE_DIR + file));
  scope.get('/', page('index.html'));
  scope.get('/phone.js', page('phone.js'));
  scope.get('/phone.css', page('phone.css'));

  scope.get('/api/suggestions', async () => ({
    business: [
      { phoneNumberId: DEMO_CHANNEL.phoneNumberId, name: DEMO_CHANNEL.name, number: DEMO_CHANNEL.contactId },
      ...[...ctx.phoneAccounts.keys()]
        .filter((id) => id !== DEMO_CHANNEL.phoneNumberId)
        .map((phoneNumberId) => ({ phoneNumberId, name: `Sandbox number ${phoneNumberId}` })),
    ],
    customers: Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, i) => demoCustomerAt(i))
      .filter((_, i) => i % 2 === 1)
      .slice(0, SUGGESTED_CUSTOMERS)
      .map((c) => ({ number: `+${digits(c.phoneNumber)}`, name: c.name })),
  }));

  scope.get('/api/messages', async (request) => {
    const query = request.query as Json;
    const { phoneNumberId, waId } = customerOf(query);
    const after = Number(query.after);
    const rows = await conversation(ctx.db, phoneNumberId, waId, { limit: SHOWN });
    const fresh = Number.isFinite(after) && after > 0 ? rows.filter((r) => r.createdAt.getTime() > after) : rows;
    return {
      messages: fresh.map((r) => phoneMessage(r, PHONE_PREFIX)),
      statuses: rows.filter((r) => r.direction === 'out').map((r) => ({ id: r.id, status: r.status, ...(r.body.error ? { error: r.body.error } : {}) })),
      cursor: Date.now() - CURSOR_LAG_MS,
    };
  });

  scope.post('/api/text', async (request) => {
    const body = (request.body ?? {}) as Json;
    const from = customerOf(body);
    const text = typeof body.text === 'string' ? body.text.trim() : '';
    if (!text) throw new PhoneError(400, 'Type a message first');
    if (text.length > MAX_TEXT) throw new PhoneError(400, `A message can be at most ${MAX_TEXT} characters`);
    const { id } = await customerSendsText(ctx, from, text);
    return { id };
  });

  scope.post('/api/read', async (request) => {
    const body = (request.body ?? {}) as Json;
    const to = customerOf(body);
    const ids = Array.isArray(body.ids) ? body.ids.filter((id): id is string => typeof id === 'string').slice(0, SHOWN) : undefined;
    return { read: await customerReads(ctx, to, ids) };
  });

  scope.get<{ Params: { id: string } }>('/api/media/:id', async (request, reply) => {
    const { id } = request.params;
    const [media, bytes] = await Promise.all([ctx.media.info(id), ctx.media.bytes(id)]);
    if (!media || !bytes) throw new PhoneError(404, 'No such media');
    return reply.type(media.mimeType).header('content-security-policy', MEDIA_POLICY).send(bytes);
  });

  // Multipart in a scope of its own, so no other route of the server starts taking multipart bodies.
  await scope.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 6, fieldSize: 2048, parts: 8 } });
    uploads.post('/api/media', async (request) => {
      const { fields, upload } = await readUpload(request);
      const { id, mediaId } = await customerSendsMedia(ctx, customerOf(fields), upload);
      return { id, mediaId };
    });
  });
}
