import type { FastifyBaseLogger } from 'fastify';
import type { InboundItem, StoredInbound } from './inbound.js';

/** Messages per transaction at most: a burst is written in a few commits rather than one huge one. */
const MAX_MESSAGES = 500;

interface Waiting {
  items: InboundItem[];
  resolve: (stored: StoredInbound[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for customers' messages: those of every webhook that arrives while a batch is being written go into
 * the next one, so under load one transaction (a fixed handful of statements, inbound.ts) and one publish carry
 * dozens of messages, and a quiet endpoint still writes each webhook at once. One batch at a time, in arrival order,
 * so a chat's messages keep their order. A webhook is answered only after its own messages are committed; when a
 * batch fails, each webhook of it is written alone, so one bad message fails only its own webhook, which the vendor
 * then retries.
 */
export class InboundCommitter {
  private queue: Waiting[] = [];
  private running = false;
  /** Announcements run one batch after another, so a chat's events go out in the order its messages were stored. */
  private announcing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: (items: InboundItem[]) => Promise<(StoredInbound | null)[]>,
    /** Told of what a batch stored, after its commit (agents hear of it; not awaited by the webhooks). */
    private readonly announce: (stored: StoredInbound[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves, with what was new among them, once these messages are stored; rejects when they could not be. */
  write(items: InboundItem[]): Promise<StoredInbound[]> {
    if (!items.length) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      if (!this.running) void this.run();
    });
  }

  private async run() {
    this.running = true;
    try {
      while (this.queue.length) {
        // Let the webhooks already received reach the queue first: on embedded PGlite a transaction never waits for
        // I/O, so without this turn of the event loop each batch would hold the one message that started it.
        await new Promise((resolve) => setImmediate(resolve));
        const batch: Waiting[] = [];
        let size = 0;
        while (this.queue.length && (size === 0 || size + this.queue[0]!.items.length <= MAX_MESSAGES)) {
          const next = this.queue.shift()!;
          batch.push(next);
          size += next.items.length;
        }
        await this.commit(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async commit(batch: Waiting[]) {
    try {
      const results = await this.store(batch.flatMap((w) => w.items));
      let at = 0;
      const mine = batch.map((w) => results.slice(at, (at += w.items.length)).filter((s): s is StoredInbound => s !== null));
      this.told(mine.flat());
      batch.forEach((w, i) => w.resolve(mine[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      this.log.warn({ err, webhooks: batch.length }, 'inbound batch failed; writing its webhooks one by one');
      for (const w of batch) {
        try {
          const stored = (await this.store(w.items)).filter((s): s is StoredInbound => s !== null);
          this.told(stored);
          w.resolve(stored);
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }

  /** Settles once every batch committed so far has been announced. */
  announced(): Promise<void> {
    return this.announcing;
  }

  private told(stored: StoredInbound[]) {
    if (!stored.length) return;
    this.announcing = this.announcing.then(() => this.announce(stored)).catch((err: unknown) => this.log.warn({ err }, 'inbound messages not announced'));
  }
}
