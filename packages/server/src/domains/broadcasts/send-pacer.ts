const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How far behind schedule the pacer may catch up in a burst (a timer that fired late, a GC pause). */
const CATCH_UP_MS = 50;
const MIN_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 5000;
/** The vendor counts over its own clock; a little slack keeps jitter on the way from touching its window. */
const WINDOW_MS = 1010;

/**
 * Paces sends to `perSecond`: evenly spaced, and never more than `perSecond` in any window of a second (a sliding
 * log of the last sends, as the Cloud API counts per phone number). A rate-limit answer pauses every send with a
 * growing backoff (the channel, not the message, is over its limit); a success resets it.
 */
export class SendPacer {
  private readonly interval: number;
  private next = 0;
  private readonly log: number[];
  private head = 0;
  private pausedUntil = 0;
  private backoffMs = 0;

  constructor(private readonly perSecond: number) {
    this.interval = 1000 / perSecond;
    this.log = new Array<number>(Math.max(1, Math.floor(perSecond))).fill(-Infinity);
  }

  /** Resolves when one more send may start; calls are expected one at a time. */
  async take(): Promise<void> {
    for (;;) {
      const now = performance.now();
      const wait = Math.max(this.pausedUntil - now, this.next - now, this.log[this.head]! + WINDOW_MS - now);
      if (wait <= 0) break;
      await sleep(Math.max(1, Math.ceil(wait)));
    }
    const now = performance.now();
    this.next = Math.max(this.next, now - CATCH_UP_MS) + this.interval;
    this.log[this.head] = now;
    this.head = (this.head + 1) % this.log.length;
  }

  /**
   * Several calls in flight meet the same full window at once: they share one pause. It doubles only when the limit is
   * met again after a pause has ended.
   */
  rateLimited() {
    const now = performance.now();
    if (now < this.pausedUntil) return;
    this.backoffMs = Math.min(Math.max(this.backoffMs * 2, MIN_BACKOFF_MS), MAX_BACKOFF_MS);
    this.pausedUntil = now + this.backoffMs;
  }

  succeeded() {
    this.backoffMs = 0;
  }
}
