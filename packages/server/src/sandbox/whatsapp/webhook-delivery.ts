import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { signCloudBody } from '../../vendors/whatsapp-webhook.js';
import type { FateStep } from './message-fate.js';
import { statusesPayload, statusObject, type SentMessage } from './webhook-payloads.js';

export interface DeliveryOptions {
  /** The receiver; unset: this server's /webhooks/whatsapp, in-process. */
  url: string | undefined;
  appSecret: string;
  /** Waits before each retry of a refused or unreachable delivery: a list, or Meta's growing gaps (metaRetry). */
  retryDelaysMs: number[] | RetrySchedule;
  /**
   * Statuses of one number due within this many milliseconds go out together in one webhook, as Meta batches them
   * under load (a broadcast at 1,000 msg/s is 3,000 statuses a second); 0 posts each alone.
   */
  batchMs: number;
  /** Told of each status the moment it happens (its webhook is due), so the sandbox's own log follows its webhooks. */
  onStatus?: (m: SentMessage, step: FateStep) => void;
}

/** Meta keeps retrying a webhook its receiver did not take for this long. */
export const META_RETRY_HORIZON_MS = 7 * 24 * 3600 * 1000;

export interface RetrySchedule {
  firstMs: number;
  maxMs: number;
  horizonMs: number;
}

/**
 * Meta's schedule for a webhook not answered 2xx: retried with decreasing frequency (here the wait doubles from
 * `firstMs` up to `maxMs`) until `horizonMs` has passed, so a receiver down for hours still gets every status.
 */
export const metaRetry = (firstMs: number, maxMs: number, horizonMs = META_RETRY_HORIZON_MS): RetrySchedule => ({
  firstMs: Math.max(1, firstMs),
  maxMs: Math.max(1, maxMs),
  horizonMs,
});

/** The wait before retry number `attempt` (0 first), or undefined once the schedule's horizon is spent. */
export function retryDelay(schedule: number[] | RetrySchedule, attempt: number, spentMs: number): number | undefined {
  if (Array.isArray(schedule)) return schedule[attempt];
  const wait = Math.min(schedule.firstMs * 2 ** Math.min(attempt, 40), schedule.maxMs);
  return spentMs + wait <= schedule.horizonMs ? wait : undefined;
}

/** Statuses per webhook at most (Meta's batches are small). */
const MAX_STATUSES = 100;

export const WEBHOOK_PATH = '/webhooks/whatsapp';
const TIMEOUT_MS = 10_000;

/**
 * Posts signed webhooks as Meta does: the JSON body, `X-Hub-Signature-256: sha256=<hmac>` under the app secret,
 * retried while the receiver does not answer 2xx. Never throws: a send request must not fail for its webhooks.
 */
export class WebhookDelivery {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly outbox = new Map<string, { number: Pick<SentMessage, 'wabaId' | 'phoneNumberId'>; statuses: unknown[] }>();
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly log: FastifyBaseLogger,
    private readonly opts: DeliveryOptions,
  ) {}

  /** Posts `payload` after `delayMs` (its bytes are fixed now, so a duplicate is the same bytes twice). */
  schedule(payload: unknown, delayMs = 0): void {
    const raw = JSON.stringify(payload);
    this.later(delayMs, () => this.attempt(raw, 0, 0));
  }

  /** A message's status webhook, due after `delayMs`: alone, or with the number's other statuses due then. */
  scheduleStatus(m: SentMessage, step: FateStep, delayMs: number): void {
    const alone = this.opts.batchMs ? null : JSON.stringify(statusesPayload(m, [statusObject(m, step)]));
    this.later(delayMs, async () => {
      this.opts.onStatus?.(m, step);
      if (alone === null) this.enqueue(m, statusObject(m, step));
      else await this.attempt(alone, 0, 0);
    });
  }

  private enqueue(m: SentMessage, status: unknown) {
    const key = `${m.wabaId}:${m.phoneNumberId}`;
    let group = this.outbox.get(key);
    if (!group) {
      this.outbox.set(key, (group = { number: m, statuses: [] }));
      this.later(this.opts.batchMs, async () => this.post(key));
    }
    group.statuses.push(status);
    if (group.statuses.length >= MAX_STATUSES) this.post(key);
  }

  private post(key: string) {
    const group = this.outbox.get(key);
    if (!group) return;
    this.outbox.delete(key);
    void this.attempt(JSON.stringify(statusesPayload(group.number, group.statuses)), 0, 0);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.outbox.clear();
  }

  private later(ms: number, run: () => Promise<void>) {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) void run();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(raw: string, attempt: number, spentMs: number): Promise<void> {
    const headers = { 'content-type': 'application/json', 'x-hub-signature-256': signCloudBody(raw, this.opts.appSecret) };
    let status = 0;
    try {
      if (this.opts.url) {
        const res = await fetch(this.opts.url, { method: 'POST', headers, body: raw, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await res.arrayBuffer();
        status = res.status;
      } else {
        status = (await this.app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: raw })).statusCode;
      }
    } catch (err) {
      if (this.closed) return;
      this.log.warn({ err }, 'sandbox webhook not delivered');
    }
    if (status >= 200 && status < 300) return;
    const wait = retryDelay(this.opts.retryDelaysMs, attempt, spentMs);
    if (wait === undefined) {
      this.log.warn({ status, attempts: attempt + 1 }, 'sandbox webhook dropped after its retries');
      return;
    }
    this.later(wait, () => this.attempt(raw, attempt + 1, spentMs + wait));
  }
}
