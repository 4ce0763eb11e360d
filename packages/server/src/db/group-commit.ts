import type { FastifyBaseLogger } from 'fastify';

interface Waiting<I, W> {
  items: I[];
  resolve: (share: W) => void;
  reject: (err: unknown) => void;
}

export interface GroupCommitOptions<I, B, W> {
  /** Items per transaction at most: a burst is written in a few commits rather than one huge one. */
  maxItems: number;
  /** Writes one batch in one transaction; B is what the batch changed. */
  store: (items: I[]) => Promise<B>;
  /** What one caller gets of its batch's result: its items start at `start` of the batch, `count` of them. */
  share: (batch: B, start: number, count: number) => W;
  /** Told of each committed batch (events, announcements); not awaited by the callers. */
  committed: (batch: B) => void;
  log: FastifyBaseLogger;
  /** Names the batches in the log. */
  what: string;
  /**
   * Waits one turn of the event loop before each batch, so requests already received join it: on embedded PGlite a
   * transaction never waits for I/O, so without this each batch would hold only the request that started it.
   */
  gatherFirst?: boolean;
}

/**
 * Group commit for webhook endpoints: the items of every request that arrives while a batch is being written go into
 * the next one, so under load one transaction carries hundreds of items and a quiet endpoint still writes each request
 * at once. One batch at a time, in arrival order. A caller's promise settles only after its own items are committed
 * (the vendor is answered 200 only then and retries anything else). When a batch fails, each request of it is written
 * alone, so one bad item fails only its own request.
 */
export class GroupCommit<I, B, W> {
  private queue: Waiting<I, W>[] = [];
  private running = false;

  constructor(private readonly options: GroupCommitOptions<I, B, W>) {}

  /** Settles with this caller's share of its batch once its items are committed; rejects when they could not be. */
  write(items: I[], empty: W): Promise<W> {
    if (!items.length) return Promise.resolve(empty);
    return new Promise((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      if (!this.running) void this.run();
    });
  }

  private async run() {
    this.running = true;
    try {
      while (this.queue.length) {
        if (this.options.gatherFirst) await new Promise((resolve) => setImmediate(resolve));
        const batch: Waiting<I, W>[] = [];
        let size = 0;
        while (this.queue.length && (size === 0 || size + this.queue[0]!.items.length <= this.options.maxItems)) {
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

  private async commit(batch: Waiting<I, W>[]) {
    const { store, share, committed, log, what } = this.options;
    try {
      const result = await store(batch.flatMap((w) => w.items));
      committed(result);
      let at = 0;
      for (const w of batch) {
        w.resolve(share(result, at, w.items.length));
        at += w.items.length;
      }
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      log.warn({ err, webhooks: batch.length }, `${what} batch failed; writing its webhooks one by one`);
      for (const w of batch) {
        try {
          const result = await store(w.items);
          committed(result);
          w.resolve(share(result, 0, w.items.length));
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }
}
