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

/** Where one key stands in its window, as the RateLimit header and the `rateLimit` query tell it. */
export interface RateLimitState {
  /** Requests a window allows. */
  readonly limit: number;
  /** Requests left in this window (0 once over). */
  readonly remaining: number;
  /** Whole seconds until this window ends and the allowance is whole again (at least 1). */
  readonly resetSeconds: number;
  /** Seconds until the caller may try again: 0 while the request is within the limit, else `resetSeconds`. */
  readonly retryAfter: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request on `key`: where the key stands afterwards, and whether the request was within the limit. */
  take(key: string): RateLimitState {
    const now = this.now();
    const windowMs = this.limit.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (window === undefined || now - window.startedAt >= windowMs) {
      if (this.windows.size > 50_000) this.prune(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    const state = this.stateOf(window, now);
    return window.count <= this.limit.requests ? state : { ...state, retryAfter: state.resetSeconds };
  }

  /** Where `key` stands, without counting a request (a key with no running window has its whole allowance). */
  peek(key: string): RateLimitState {
    const now = this.now();
    const window = this.windows.get(key);
    if (window === undefined || now - window.startedAt >= this.limit.windowSeconds * 1000)
      return {
        limit: this.limit.requests,
        remaining: this.limit.requests,
        resetSeconds: this.limit.windowSeconds,
        retryAfter: 0,
      };
    return this.stateOf(window, now);
  }

  private stateOf(window: Window, now: number): RateLimitState {
    const windowMs = this.limit.windowSeconds * 1000;
    return {
      limit: this.limit.requests,
      remaining: Math.max(0, this.limit.requests - window.count),
      // Rounded up, so a client that waits this long is never early.
      resetSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)),
      retryAfter: 0,
    };
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, window] of this.windows)
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
  }
}

/** The one policy's name in the headers (draft-ietf-httpapi-ratelimit-headers: a quoted policy identifier). */
export const RATE_LIMIT_POLICY = 'default';

/**
 * The `RateLimit-Policy` and `RateLimit` header fields of draft-ietf-httpapi-ratelimit-headers (Structured
 * Fields lists): the policy's quota `q` per window `w` seconds, and the remaining quota `r` with `t` seconds until
 * it is whole again. `Retry-After` is added only to a refusal, by the caller.
 */
export function rateLimitHeaders(limit: RateLimit, state: RateLimitState): Record<string, string> {
  return {
    'RateLimit-Policy': `"${RATE_LIMIT_POLICY}";q=${limit.requests};w=${limit.windowSeconds}`,
    RateLimit: `"${RATE_LIMIT_POLICY}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}
