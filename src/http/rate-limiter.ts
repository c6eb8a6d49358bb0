/**
 * A fixed-window request counter per key (a token, or a client address): how many requests a caller may make
 * per window, and how long to wait once over. src/auth/access-gate.ts decides whose key an operation counts on.
 */

interface Window {
  startedAt: number;
  count: number;
}

export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the caller may try again, or 0 when this request is within the limit. */
  take(key: string): number {
    const now = this.now();
    const windowMs = this.limit.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (window === undefined || now - window.startedAt >= windowMs) {
      if (this.windows.size > 50_000) this.prune(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.limit.requests) return 0;
    return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, window] of this.windows)
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
  }
}
