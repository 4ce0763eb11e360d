import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { channelMessages, chats } from '../../db/schema.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type { SealedBox } from '../../secrets/sealed-box.js';
import type { InboundMessage } from '../../vendors/vendor.js';
import type { InboundItem } from '../chats/inbound.js';
import type { ChatService } from '../chats/service.js';
import { parseCloudWebhookEntries, verifyCloudSignature, type CloudWebhookEntry } from '../../vendors/whatsapp-webhook.js';
import { openSecrets } from './channel-secrets.js';
import { webhookChannels, type ChannelRow } from './queries.js';
import type { StatusItem } from './status-batch.js';
import { StatusCommitter } from './status-commit.js';
import { recordTemplateEvent, type StatusEvent } from './status-events.js';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

export interface WebhookDeps {
  db: Db;
  sealed: SealedBox;
  config: Config;
  events?: EventBus | undefined;
  /** Live chat: customers' messages are stored there before the webhook answers. */
  chats?: ChatService | undefined;
}

/** The app secret a channel's webhooks are signed with; a channel whose sealed fields cannot be read has none. */
function appSecretOf(sealed: SealedBox, channel: ChannelRow): string {
  try {
    return openSecrets(sealed, channel).appSecret ?? '';
  } catch {
    return '';
  }
}

/** Message statuses come with the phone number's id; template reviews only with the WABA's. */
const isFor = (entry: CloudWebhookEntry) => (c: ChannelRow) =>
  entry.phoneNumberId ? c.data.phoneNumberId === entry.phoneNumberId : c.data.wabaId === entry.wabaId;

/**
 * The WhatsApp Cloud API's webhook endpoint (outside /api, in Meta's format rather than the envelope). Meta retries
 * until it gets a 200, so a 200 means every event is stored; a wrong signature or an unknown number gets 401 and
 * nothing is written.
 */
export async function whatsappWebhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  const { db, sealed, config } = deps;
  const statuses = new StatusCommitter(db, deps.events, app.log, (changes) => deps.chats?.announceStatuses(changes));
  const secretOf = rememberedSecrets(sealed);
  const channelsOf = recentLookup((phoneNumberIds: string[], wabaIds: string[]) => webhookChannels(db, phoneNumberIds, wabaIds));

  // Meta's subscription check: echo the challenge when the verify token is ours.
  app.get(WEBHOOK_PATH, async (request, res) => {
    const q = request.query as Record<string, string | undefined>;
    if (q['hub.mode'] === 'subscribe' && q['hub.verify_token'] === config.whatsappVerifyToken && q['hub.challenge'] !== undefined) {
      return res.type('text/plain').send(q['hub.challenge']);
    }
    return res.status(403).type('text/plain').send('Forbidden');
  });

  // Encapsulated: the signature is over the exact bytes Meta sent, so this route alone reads JSON as a raw buffer.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    raw.post(WEBHOOK_PATH, async (request, res) => {
      const body = request.body as Buffer;
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        return res.status(400).type('text/plain').send('Bad Request');
      }
      const entries = parseCloudWebhookEntries(json);
      const phoneNumberIds = [...new Set(entries.flatMap((e) => (e.phoneNumberId ? [e.phoneNumberId] : [])))];
      const wabaIds = [...new Set(entries.flatMap((e) => (e.phoneNumberId ? [] : [e.wabaId])))];
      const signature = request.headers['x-hub-signature-256'];
      const verifiedOf = (channels: ChannelRow[]) => channels.filter((c) => verifyCloudSignature(body, signature, secretOf(c)));
      let candidates = await channelsOf(phoneNumberIds, wabaIds);
      let verified = verifiedOf(candidates);
      if (!verified.length) {
        candidates = await channelsOf(phoneNumberIds, wabaIds, true);
        verified = verifiedOf(candidates);
      }
      if (!verified.length) {
        request.log.warn({ phoneNumberIds, wabaIds, candidates: candidates.length }, 'whatsapp webhook refused: no channel or a wrong signature');
        return res.status(401).type('text/plain').send('Unauthorized');
      }
      const items: StatusItem[] = [];
      const inbound: InboundItem[] = [];
      for (const entry of entries) {
        const targets = verified.filter(isFor(entry));
        for (const event of entry.events) {
          if (event.kind === 'message') {
            const channel = targets.length ? await inboundOwner(db, targets, event) : null;
            if (channel) inbound.push({ channel, message: event });
          } else if (event.kind === 'status') {
            for (const channel of await ownersOf(db, targets, event)) items.push({ channel, event });
          } else {
            for (const channel of targets) {
              const changed = await recordTemplateEvent(db, channel, event);
              for (const t of changed) {
                await deps.events
                  ?.publish({ type: 'template.status', eId: channel.eId, data: { channelId: channel.id, templateId: t.id, name: t.name, status: t.status } })
                  .catch((err: unknown) => request.log.warn({ err }, 'template status not published'));
              }
            }
          }
        }
      }
      // Committed with the webhooks arriving meanwhile; a broadcast's message follows its new events in the same commit.
      await statuses.write(items);
      // Committed with the messages of the webhooks arriving meanwhile; agents hear of them after the commit.
      if (inbound.length && deps.chats) await deps.chats.receive(inbound);
      return res.status(200).type('text/plain').send('EVENT_RECEIVED');
    });
  });
}

/** How long a webhook's channel lookup serves the next ones: a burst of customers' messages reads its channel once. */
const LOOKUP_MS = 1000;

/**
 * The channels of these numbers as read within the last second (or being read now), so a burst of webhooks (200 a
 * second, each waiting its turn at the database) does not read the same row for each. `fresh` reads again: a webhook
 * whose signature none of the remembered channels verifies asks for it, so a new app secret counts at once.
 */
function recentLookup<T>(read: (phoneNumberIds: string[], wabaIds: string[]) => Promise<T>) {
  const recent = new Map<string, { answer: Promise<T>; at: number }>();
  return (phoneNumberIds: string[], wabaIds: string[], fresh = false): Promise<T> => {
    const key = JSON.stringify([phoneNumberIds, wabaIds]);
    const now = Date.now();
    const known = recent.get(key);
    if (known && !fresh && now - known.at < LOOKUP_MS) return known.answer;
    for (const [k, v] of recent) if (now - v.at >= LOOKUP_MS) recent.delete(k);
    const answer = read(phoneNumberIds, wabaIds);
    recent.set(key, { answer, at: now });
    answer.catch(() => recent.get(key)?.answer === answer && recent.delete(key));
    return answer;
  };
}

/** Opened app secrets by their sealed text: an AES-GCM opening per webhook was a tenth of its CPU; rotation seals anew. */
function rememberedSecrets(sealed: SealedBox) {
  const opened = new Map<string, string>();
  return (channel: ChannelRow): string => {
    if (!channel.sealedData) return '';
    let secret = opened.get(channel.sealedData);
    if (secret === undefined) {
      secret = appSecretOf(sealed, channel);
      if (opened.size >= 1000) opened.clear();
      opened.set(channel.sealedData, secret);
    }
    return secret;
  };
}

/**
 * Which of the channels sharing a phone number id an event is for: the one that sent the message. Before the sender
 * has recorded it (a fast webhook) every such channel keeps the event; a real number belongs to one channel, so this
 * only happens when several channels point at the same sandbox number.
 */
async function ownersOf(db: Db, targets: ChannelRow[], event: StatusEvent): Promise<ChannelRow[]> {
  if (targets.length < 2) return targets;
  const sent = await db
    .select({ channelId: channelMessages.channelId })
    .from(channelMessages)
    .where(
      and(
        inArray(
          channelMessages.channelId,
          targets.map((t) => t.id),
        ),
        eq(channelMessages.wamid, event.messageId),
      ),
    );
  const owners = new Set(sent.map((s) => s.channelId));
  return owners.size ? targets.filter((t) => owners.has(t.id)) : targets;
}

/**
 * Which channel a customer's message is for when several share its phone number id (only sandbox numbers are
 * shared): the one with the customer's open chat, else the one that last wrote to them, else the oldest.
 */
async function inboundOwner(db: Db, targets: ChannelRow[], message: InboundMessage): Promise<ChannelRow> {
  if (targets.length < 2) return targets[0]!;
  const ids = targets.map((t) => t.id);
  const number = `+${message.from.replace(/\D/g, '')}`;
  const [open] = await db
    .select({ channelId: chats.channelId })
    .from(chats)
    .where(and(inArray(chats.channelId, ids), eq(chats.customerNumber, number), ne(chats.state, 3)))
    .limit(1);
  const [wrote] = open
    ? [open]
    : await db
        .select({ channelId: channelMessages.channelId })
        .from(channelMessages)
        .where(and(inArray(channelMessages.channelId, ids), eq(channelMessages.recipient, number)))
        .orderBy(desc(channelMessages.createdAt))
        .limit(1);
  const oldest = [...targets].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
  return targets.find((t) => t.id === wrote?.channelId) ?? oldest;
}
