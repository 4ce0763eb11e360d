import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BroadcastMessages } from '@parley/sdk/contract/broadcasts';
import type { Db } from '../../db/database.js';
import { broadcasts, broadcastMessages } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { EventBus } from '../../realtime/event-bus.js';
import { VendorError, type VendorClient } from '../../vendors/vendor.js';
import { BroadcastBudget } from '../billing/broadcast-budget.js';
import { findChannel } from '../channels/queries.js';
import { vendorFor, type VendorDeps } from '../channels/vendor-for.js';
import { progressFor } from './progress.js';
import { reconcile, RECONCILE, type ReconcileOptions } from './reconcile.js';
import { SendPacer } from './send-pacer.js';
import { queueUnfinished, SEND_JOB, type SendJobData } from './send-queue.js';
import { claim, markHanded, SendRecorder, type Claimed, type SendTarget } from './send-record.js';

/** Cloud API: "Rate limit hit" for the business number. Never a failure: the message waits and goes again. */
export const RATE_LIMIT_CODE = 130429;

export interface SendJobDeps {
  db: Db;
  jobs: JobQueue;
  events: EventBus;
  vendor: VendorDeps;
  log: FastifyBaseLogger;
  /** Messages per second per channel (config.broadcastRatePerSecond; Meta's default throughput is 80). */
  ratePerSecond: number;
  reconcile?: ReconcileOptions;
}

/** Sends in flight at once: enough to keep the pace through half a second of vendor latency (HTTP calls are cheap). */
const inFlightFor = (rate: number) => Math.min(256, Math.max(8, Math.ceil(rate / 2)));
/** Messages claimed at a time: a quarter of a second's worth, so a crash leaves few to reconcile. */
const claimFor = (rate: number) => Math.min(500, Math.max(10, Math.ceil(rate / 4)));
/** Messages marked handed at a time: a twentieth of a second's worth, one short statement each. */
const handFor = (rate: number) => Math.min(64, Math.max(1, Math.ceil(rate / 20)));

/**
 * The most messages a crash can leave handed to the vendor without its answer: the calls in flight and the marked
 * ones not yet called (this part and the next, marked ahead). Those the vendor accepted are told by their webhooks;
 * the rest are never sent again (reconcile.ts).
 */
export const unknownFateBound = (rate: number) => inFlightFor(rate) + 2 * handFor(rate);

/**
 * Failures of the connection itself, before a byte of the request left: the vendor cannot have the message. (Not
 * OutboundRefused: it also refuses a reply after the request went.)
 */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
export function neverLeft(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && NOT_CONNECTED.has(e.code)) return true;
  }
  return false;
}
/** Tries of a message whose vendor could not be reached before it fails (it never reached the vendor). */
const UNREACHABLE_ATTEMPTS = 10;

export async function registerBroadcastSendJob(deps: SendJobDeps) {
  // Many retries: a takeover after a crash counts as one; the job's own state makes every run safe to repeat.
  await deps.jobs.register<SendJobData>(SEND_JOB, async ({ broadcastId, eId }) => runBroadcast(deps, broadcastId, eId), {
    retryLimit: 50,
    expireInSeconds: 6 * 3600,
  });
  await queueUnfinished(deps.db, deps.jobs).catch((err: unknown) => deps.log.warn({ err }, 'unfinished broadcasts not queued again'));
}

/**
 * Sends one broadcast until no message is queued or sending. Safe to run again at any point (a retry, a takeover
 * after its process died): it first reconciles what the previous run left `sending` (never sending again what may
 * have reached the vendor), then claims only `queued` rows.
 */
export async function runBroadcast(deps: SendJobDeps, broadcastId: string, eId: string) {
  const { db } = deps;
  const progress = progressFor(db, deps.events);
  const [b] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.eId, eId)));
  if (!b || b.status === 'COMPLETED' || b.status === 'FAILED') return;
  const failAll = async (title: string) => {
    await db
      .update(broadcastMessages)
      .set({ state: 'failed', errorTitle: title, statusAt: new Date() })
      .where(and(eq(broadcastMessages.broadcastId, b.id), inArray(broadcastMessages.state, ['queued', 'sending'])));
    await db.update(broadcasts).set({ status: 'FAILED', completedAt: new Date() }).where(eq(broadcasts.id, b.id));
    await progress.flush(b.id, eId);
  };
  const channel = b.channelId ? await findChannel(db, eId, b.channelId) : null;
  if (!channel) return failAll(BroadcastMessages.channelNotFound);
  let client: VendorClient;
  try {
    client = vendorFor(channel, deps.vendor);
  } catch (err) {
    // A channel this server will not connect for (its base URL no longer allowed, ids not digits): nothing is sent,
    // and retrying would not change that.
    if (err instanceof VendorError) return failAll(err.message);
    throw err;
  }
  await db
    .update(broadcasts)
    .set({ status: 'SENDING' })
    .where(and(eq(broadcasts.id, b.id), eq(broadcasts.status, 'QUEUED')));
  await progress.flush(b.id, eId);
  const target: SendTarget = { eId, channelId: channel.id, broadcastId: b.id, templateName: b.templateName };
  const sender = new Sender(deps, target, client, b.language, new BroadcastBudget(db, eId, b.id, b.templateId));
  for (;;) {
    const settled = await reconcile(db, target, deps.reconcile ?? RECONCILE);
    if (settled.found || settled.requeued || settled.failed) deps.log.info({ broadcastId, ...settled }, 'broadcast messages of unknown fate reconciled');
    await sender.drain();
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(broadcastMessages)
      .where(and(eq(broadcastMessages.broadcastId, b.id), inArray(broadcastMessages.state, ['queued', 'sending'])));
    if (!left?.n) break;
  }
  await db
    .update(broadcasts)
    .set({ status: 'COMPLETED', completedAt: new Date() })
    .where(and(eq(broadcasts.id, b.id), eq(broadcasts.status, 'SENDING')));
  await progress.flush(b.id, eId);
}

/** One run's sending: claim, pace, hand over with several calls in flight, record in batches. */
class Sender {
  private readonly pacer: SendPacer;
  private readonly recorder: SendRecorder;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly maxInFlight: number;
  private readonly claimSize: number;
  private readonly handSize: number;

  constructor(
    private readonly deps: SendJobDeps,
    private readonly target: SendTarget,
    private readonly client: VendorClient,
    private readonly language: string,
    private readonly budget: BroadcastBudget,
  ) {
    this.pacer = new SendPacer(deps.ratePerSecond);
    this.maxInFlight = inFlightFor(deps.ratePerSecond);
    this.claimSize = claimFor(deps.ratePerSecond);
    this.handSize = handFor(deps.ratePerSecond);
    const progress = progressFor(deps.db, deps.events);
    this.recorder = new SendRecorder(deps.db, target, () => progress.touch(target.broadcastId, target.eId));
  }

  /**
   * Until nothing is queued; messages whose call got no answer stay `sending` for the next reconcile. The next batch is
   * claimed while this one goes out, and results are written in the background: the database's round trips never
   * stand between two sends.
   */
  async drain() {
    const { db } = this.deps;
    const claimNext = () => this.claimAffordable();
    try {
      let next = claimNext();
      for (;;) {
        if (this.recorder.failure) throw this.recorder.failure;
        const batch = await next;
        if (!batch.length) {
          await Promise.allSettled(this.inFlight);
          // Rate-limited messages become `queued` again when the recorder writes them: written, then looked for.
          await this.recorder.flush();
          const again = await claimNext();
          if (!again.length) return;
          next = Promise.resolve(again);
          continue;
        }
        next = claimNext();
        // Settled here too, so a failure of the prefetch never goes unhandled while this batch is sent.
        next.catch(() => undefined);
        const parts: Claimed[][] = [];
        for (let i = 0; i < batch.length; i += this.handSize) parts.push(batch.slice(i, i + this.handSize));
        // Each part is marked handed, committed, before its first request; the next part's mark is written while
        // this one goes out, so the marks cost the pace nothing.
        let marked: Promise<void> | undefined = markHanded(
          db,
          parts[0]!.map((m) => m.id),
        );
        for (let p = 0; p < parts.length; p++) {
          await marked;
          marked =
            p + 1 < parts.length
              ? markHanded(
                  db,
                  parts[p + 1]!.map((m) => m.id),
                )
              : undefined;
          marked?.catch(() => undefined);
          for (const message of parts[p]!) {
            while (this.inFlight.size >= this.maxInFlight) await Promise.race(this.inFlight);
            await this.pacer.take();
            const call: Promise<void> = this.send(message).finally(() => this.inFlight.delete(call));
            this.inFlight.add(call);
          }
        }
      }
    } finally {
      await Promise.allSettled(this.inFlight);
      await this.recorder.close();
    }
  }

  /**
   * A batch a prepaid wallet covers, counting what is in flight (billing/broadcast-budget.ts). Once it covers none,
   * the recipients still queued are failed as not sent for want of balance, and the broadcast ends as the rest settle.
   */
  private async claimAffordable(): Promise<Claimed[]> {
    const n = await this.budget.allowance(this.claimSize);
    if (n > 0) return claim(this.deps.db, this.target.broadcastId, n);
    if (await this.budget.stop()) progressFor(this.deps.db, this.deps.events).touch(this.target.broadcastId, this.target.eId);
    return [];
  }

  private async send(m: Claimed) {
    try {
      const { messageId } = await this.client.sendTemplate({
        to: m.recipient,
        templateName: this.target.templateName,
        language: this.language,
        components: m.components,
        callbackData: m.id,
      });
      this.pacer.succeeded();
      this.recorder.add('accepted', { id: m.id, wamid: messageId, recipient: m.recipient });
    } catch (err) {
      if (!(err instanceof VendorError)) throw err;
      if (err.code === RATE_LIMIT_CODE) {
        this.pacer.rateLimited();
        this.recorder.add('requeued', m.id);
      } else if (err.httpStatus >= 400 && err.httpStatus < 500) {
        this.recorder.add('refused', { id: m.id, code: err.code || null, title: err.message });
      } else if (err.httpStatus === 0 && neverLeft(err)) {
        // The vendor is unreachable: the pause keeps an outage from running through the list.
        this.pacer.rateLimited();
        if (m.attempts >= UNREACHABLE_ATTEMPTS) this.recorder.add('refused', { id: m.id, code: null, title: err.message });
        else this.recorder.add('requeued', m.id);
      } else {
        // No answer, or a server error: the vendor may have taken it. It stays `sending`, and only a webhook naming
        // it settles it (reconcile.ts); it is never sent again. The pause keeps a failing vendor from taking many.
        this.pacer.rateLimited();
        this.deps.log.warn({ err, broadcastId: this.target.broadcastId }, 'broadcast message handed over without an answer');
      }
    }
  }
}
