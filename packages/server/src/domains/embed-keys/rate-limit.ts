const MAX_TRACKED = 10_000;

/**
 * Requests per key per window, counted in a fixed window. In memory and per process: with several processes behind a
 * load balancer each allows the limit, so the effective limit is the limit times the process count. That is accepted
 * for now (the limit is there to stop one page or script from flooding the NLU, not to bill); a shared counter in the
 * database would cost a write per call on the hottest path.
 */
export class KeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {}

  /** Counts one request; false when the key has used up its window. */
  take(keyId: string, now = Date.now()): boolean {
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= this.windowMs) {
      if (!w && this.windows.size >= MAX_TRACKED) this.prune(now);
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    if (w.count >= this.limit) return false;
    w.count++;
    return true;
  }

  private prune(now: number) {
    for (const [id, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(id);
    // Still full of live windows: forget the oldest (they restart with a fresh window, which only errs towards allowing).
    while (this.windows.size >= MAX_TRACKED) this.windows.delete(this.windows.keys().next().value!);
  }
}
