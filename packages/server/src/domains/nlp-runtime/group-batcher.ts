/** One item's outcome in a batch: a batch may fail some items and answer the others. */
export type Settled<O> = { ok: true; value: O } | { ok: false; error: unknown };

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: items submitted while a batch is in flight wait and go together in the next one, so under load
 * one database round trip serves many requests, and an idle process sends each item at once (no added delay).
 * `run` answers every item of its batch, in order; a batch that throws fails all of its items.
 */
export class GroupBatcher<I, O> {
  private queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<Settled<O>[]>,
    private readonly opts: { maxBatch: number; maxInFlight: number },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.opts.maxInFlight) return;
    this.scheduled = true;
    // Items submitted in the same turn of the event loop (requests parsed together) join the same batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.queue.length && this.inFlight < this.opts.maxInFlight) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      void this.run(batch.map((w) => w.item))
        .then(
          (results) => {
            batch.forEach((w, i) => {
              const r = results[i];
              if (!r) w.reject(new Error('batch answered fewer items than it was given'));
              else if (r.ok) w.resolve(r.value);
              else w.reject(r.error);
            });
          },
          (error: unknown) => {
            for (const w of batch) w.reject(error);
          },
        )
        .finally(() => {
          this.inFlight--;
          if (this.queue.length) this.schedule();
        });
    }
  }
}

/** Runs `task` after every earlier task of the same key has settled: a session's turns run one at a time, in order. */
export class KeyedLanes {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
