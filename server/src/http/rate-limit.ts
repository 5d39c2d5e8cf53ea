/**
 * A fixed-window rate limiter kept in memory, for calls where abuse is cheap (putLogs, SMS codes).
 * Each key gets `limit` hits per `windowMs`.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit for `key`; false when the key is over its limit for the current window. */
  hit(key: string, limit: number, windowMs: number): boolean {
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || t - w.start >= windowMs) {
      if (this.windows.size > 100_000) this.prune(t, windowMs);
      this.windows.set(key, { start: t, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= limit;
  }

  /** Forgets every window (tests start from a clean slate). */
  clear(): void {
    this.windows.clear();
  }

  private prune(t: number, windowMs: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= windowMs) this.windows.delete(k);
  }
}
