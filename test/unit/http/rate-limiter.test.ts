/**
 * The fixed-window rate limiter (src/http/rate-limiter.ts) with a fake clock: the window, Retry-After in whole
 * seconds and independent keys. Whose key an operation counts on (src/auth/access-gate.ts) is covered over HTTP and
 * graphql-ws in test/e2e/graphql/bad-input.e2e.test.ts.
 */
import { RateLimiter, rateLimitHeaders } from '../../../src/http/rate-limiter';

function limiterAt(
  requests: number,
  windowSeconds: number,
): { limiter: RateLimiter; clock: { now: number } } {
  const clock = { now: 1_000_000 };
  return { limiter: new RateLimiter({ requests, windowSeconds }, () => clock.now), clock };
}

describe('RateLimiter.take (retryAfter)', () => {
  it('allows `requests` per window, then answers the seconds until the window ends', () => {
    const { limiter, clock } = limiterAt(5, 60);
    for (let index = 0; index < 5; index++) expect(limiter.take('k').retryAfter).toBe(0);
    expect(limiter.take('k').retryAfter).toBe(60);
    clock.now += 10_200;
    // 49.8 s left: rounded up, so a client that waits Retry-After seconds is never early.
    expect(limiter.take('k').retryAfter).toBe(50);
    clock.now += 49_000;
    expect(limiter.take('k').retryAfter).toBe(1);
  });

  it('never answers 0 seconds to a refused caller, even just before the window ends', () => {
    const { limiter, clock } = limiterAt(1, 60);
    expect(limiter.take('k').retryAfter).toBe(0);
    clock.now += 59_999;
    expect(limiter.take('k').retryAfter).toBe(1);
  });

  it('starts a new window once the old one is over', () => {
    const { limiter, clock } = limiterAt(2, 60);
    limiter.take('k');
    limiter.take('k');
    expect(limiter.take('k').retryAfter).toBeGreaterThan(0);
    clock.now += 60_000;
    expect(limiter.take('k').retryAfter).toBe(0);
    expect(limiter.take('k').retryAfter).toBe(0);
    expect(limiter.take('k').retryAfter).toBe(60);
  });

  it('keeps a window per key: one caller over the limit does not limit another', () => {
    const { limiter } = limiterAt(1, 60);
    expect(limiter.take('a').retryAfter).toBe(0);
    expect(limiter.take('a').retryAfter).toBeGreaterThan(0);
    expect(limiter.take('b').retryAfter).toBe(0);
    expect(limiter.take('c').retryAfter).toBe(0);
    expect(limiter.take('b').retryAfter).toBeGreaterThan(0);
  });

  it('counts refused requests too: hammering does not reopen the window early', () => {
    const { limiter, clock } = limiterAt(1, 10);
    limiter.take('k');
    for (let index = 0; index < 100; index++) limiter.take('k');
    clock.now += 9_000;
    expect(limiter.take('k').retryAfter).toBe(1);
    clock.now += 1_000;
    expect(limiter.take('k').retryAfter).toBe(0);
  });

  it('stays correct after many keys have come and gone (expired windows are pruned)', () => {
    const { limiter, clock } = limiterAt(1, 1);
    for (let index = 0; index < 50_002; index++) limiter.take(`old-${index}`);
    clock.now += 2_000;
    expect(limiter.take('new').retryAfter).toBe(0);
    expect(limiter.take('old-1').retryAfter).toBe(0);
    expect(limiter.take('old-1').retryAfter).toBe(1);
  });
});

describe('RateLimiter: where a key stands', () => {
  it('counts the remaining requests down to 0 and the seconds until the window ends', () => {
    const { limiter, clock } = limiterAt(3, 60);
    expect(limiter.take('k')).toEqual({ limit: 3, remaining: 2, resetSeconds: 60, retryAfter: 0 });
    clock.now += 17_500;
    expect(limiter.take('k')).toEqual({ limit: 3, remaining: 1, resetSeconds: 43, retryAfter: 0 });
    expect(limiter.take('k')).toEqual({ limit: 3, remaining: 0, resetSeconds: 43, retryAfter: 0 });
    expect(limiter.take('k')).toEqual({ limit: 3, remaining: 0, resetSeconds: 43, retryAfter: 43 });
  });

  it('peeks without counting: a key with no window has its whole allowance', () => {
    const { limiter, clock } = limiterAt(3, 60);
    expect(limiter.peek('k')).toEqual({ limit: 3, remaining: 3, resetSeconds: 60, retryAfter: 0 });
    limiter.take('k');
    expect(limiter.peek('k')).toEqual({ limit: 3, remaining: 2, resetSeconds: 60, retryAfter: 0 });
    expect(limiter.peek('k')).toEqual({ limit: 3, remaining: 2, resetSeconds: 60, retryAfter: 0 });
    clock.now += 60_000;
    expect(limiter.peek('k').remaining).toBe(3);
  });

  it('writes the headers as draft-ietf-httpapi-ratelimit-headers spells them', () => {
    expect(
      rateLimitHeaders(
        { requests: 100, windowSeconds: 60 },
        { limit: 100, remaining: 42, resetSeconds: 17, retryAfter: 0 },
      ),
    ).toEqual({ 'RateLimit-Policy': '"default";q=100;w=60', RateLimit: '"default";r=42;t=17' });
  });
});
