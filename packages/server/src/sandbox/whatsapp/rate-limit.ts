/**
 * Messages per second per phone number, over a sliding second (Meta's throughput limit is per business phone number).
 * Only accepted sends count; a refused one does not use the budget.
 */
export class SlidingRateLimit {
  private readonly stamps = new Map<string, number[]>();

  constructor(
    private readonly perSecond: number,
    private readonly windowMs = 1000,
  ) {}

  /** Takes a slot for `key` now, or answers false when the last second is full. */
  take(key: string, now = Date.now()): boolean {
    const recent = (this.stamps.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.perSecond) {
      this.stamps.set(key, recent);
      return false;
    }
    recent.push(now);
    this.stamps.set(key, recent);
    return true;
  }
}
