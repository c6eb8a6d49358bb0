/**
 * The fixed-window rate limiter (src/http/rate-limiter.ts) with a fake clock: the window, Retry-After in whole
 * seconds and independent keys. Whose key an operation counts on (src/auth/access-gate.ts) is covered over HTTP and
 * graphql-ws in test/service/bad-input.e2e.test.ts.
 */
import { RateLimiter } from '../../src/http/rate-limiter';

function limiterAt(
  requests: number,
  windowSeconds: number,
): { limiter: RateLimiter; clock: { now: number } } {
  const clock = { now: 1_000_000 };
  return { limiter: new RateLimiter({ requests, windowSeconds }, () => clock.now), clock };
}

describe('RateLimiter.take', () => {
  it('allows `requests` per window, then answers the seconds until the window ends', () => {
    const { limiter, clock } = limiterAt(5, 60);
    for (let index = 0; index < 5; index++) expect(limiter.take('k')).toBe(0);
    expect(limiter.take('k')).toBe(60);
    clock.now += 10_200;
    // 49.8 s left: rounded up, so a client that waits Retry-After seconds is never early.
    expect(limiter.take('k')).toBe(50);
    clock.now += 49_000;
    expect(limiter.take('k')).toBe(1);
  });

  it('never answers 0 seconds to a refused caller, even just before the window ends', () => {
    const { limiter, clock } = limiterAt(1, 60);
    expect(limiter.take('k')).toBe(0);
    clock.now += 59_999;
    expect(limiter.take('k')).toBe(1);
  });

  it('starts a new window once the old one is over', () => {
    const { limiter, clock } = limiterAt(2, 60);
    limiter.take('k');
    limiter.take('k');
    expect(limiter.take('k')).toBeGreaterThan(0);
    clock.now += 60_000;
    expect(limiter.take('k')).toBe(0);
    expect(limiter.take('k')).toBe(0);
    expect(limiter.take('k')).toBe(60);
  });

  it('keeps a window per key: one caller over the limit does not limit another', () => {
    const { limiter } = limiterAt(1, 60);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
    expect(limiter.take('c')).toBe(0);
    expect(limiter.take('b')).toBeGreaterThan(0);
  });

  it('counts refused requests too: hammering does not reopen the window early', () => {
    const { limiter, clock } = limiterAt(1, 10);
    limiter.take('k');
    for (let index = 0; index < 100; index++) limiter.take('k');
    clock.now += 9_000;
    expect(limiter.take('k')).toBe(1);
    clock.now += 1_000;
    expect(limiter.take('k')).toBe(0);
  });

  it('stays correct after many keys have come and gone (expired windows are pruned)', () => {
    const { limiter, clock } = limiterAt(1, 1);
    for (let index = 0; index < 50_002; index++) limiter.take(`old-${index}`);
    clock.now += 2_000;
    expect(limiter.take('new')).toBe(0);
    expect(limiter.take('old-1')).toBe(0);
    expect(limiter.take('old-1')).toBe(1);
  });
});
