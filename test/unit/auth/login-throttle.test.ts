/**
 * Failed sign-ins (src/auth/login-throttle.ts): free failures, then waits that double up to a cap; one account
 * from one address, one address, one account from anywhere (capped at a minute: never a lock-out); a success
 * clears its pair; counts forgotten an hour after the last failure.
 */
import fc from 'fast-check';
import { Failures, delayAfter, loginWaitMs, throttleCounts } from '../../../src/auth/login-throttle';
import { afterFailure } from '../../support/login-throttle';

/**
 * The counts as LoginFailuresRepository keeps them, folded here with the policy's own functions (the repository's
 * SQL is checked against the same behaviour on a real Postgres: test/db/graphql/abuse-limits.db.test.ts).
 */
class LoginThrottle {
  private readonly stored = new Map<string, Failures>();

  failed(account: string, address: string, now: number): void {
    for (const { key } of throttleCounts(account, address))
      this.stored.set(key, afterFailure(this.stored.get(key), now));
  }

  succeeded(account: string, address: string): void {
    this.stored.delete(throttleCounts(account, address)[0]!.key);
  }

  waitMs(account: string, address: string, now: number): number {
    return loginWaitMs(throttleCounts(account, address), this.stored, now);
  }
}

const HOUR = 60 * 60_000;

describe('LoginThrottle', () => {
  it('lets 5 failures of one account from one address go free, then waits 1 s, 2 s, 4 s … up to 15 min', () => {
    const throttle = new LoginThrottle();
    let now = 1_000_000;
    const waits: number[] = [];
    for (let failure = 1; failure <= 18; failure++) {
      throttle.failed('Bob', '192.0.2.1', now);
      waits.push(throttle.waitMs('bob', '192.0.2.1', now));
      now += waits[waits.length - 1]!;
    }
    expect(waits.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(waits.slice(5, 9)).toEqual([1000, 2000, 4000, 8000]);
    expect(Math.max(...waits)).toBe(15 * 60_000);
  });

  it('does not delay the same account from another address, nor another account from that address, early on', () => {
    const throttle = new LoginThrottle();
    for (let failure = 0; failure < 10; failure++) throttle.failed('bob', '192.0.2.1', 0);
    expect(throttle.waitMs('bob', '192.0.2.1', 0)).toBeGreaterThan(0);
    expect(throttle.waitMs('bob', '198.51.100.7', 0)).toBe(0);
    expect(throttle.waitMs('carol', '192.0.2.1', 0)).toBe(0);
  });

  it('slows one account down across addresses after 100 failures, never beyond a minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 5000 }), (failures) => {
        const throttle = new LoginThrottle();
        for (let failure = 0; failure < failures; failure++)
          throttle.failed('bob', `10.0.${failure >> 8}.${failure & 255}`, 0);
        const owner = throttle.waitMs('bob', '203.0.113.50', 0);
        return owner > 0 && owner <= 60_000;
      }),
      { numRuns: 20 },
    );
  });

  it('clears the pair on success, and forgets a count an hour after its last failure', () => {
    const throttle = new LoginThrottle();
    for (let failure = 0; failure < 8; failure++) throttle.failed('bob', '192.0.2.1', 0);
    throttle.succeeded('bob', '192.0.2.1');
    expect(throttle.waitMs('bob', '192.0.2.1', 0)).toBe(0);
    for (let failure = 0; failure < 8; failure++) throttle.failed('dave', '192.0.2.9', 0);
    expect(throttle.waitMs('dave', '192.0.2.9', HOUR - 1)).toBe(0); // the wait itself is long over
    throttle.failed('dave', '192.0.2.9', HOUR - 1);
    expect(throttle.waitMs('dave', '192.0.2.9', HOUR - 1)).toBeGreaterThan(0);
    expect(throttle.waitMs('dave', '192.0.2.9', 3 * HOUR)).toBe(0);
    throttle.failed('dave', '192.0.2.9', 3 * HOUR);
    expect(throttle.waitMs('dave', '192.0.2.9', 3 * HOUR)).toBe(0); // a fresh count: one failure is free
  });

  it('never makes a free failure wait, even one stamped by a copy whose clock runs ahead of the reader', () => {
    const counts = throttleCounts('bob', '192.0.2.1');
    const stamped = (count: number): Map<string, Failures> =>
      new Map(counts.map(({ key }) => [key, { count, lastAt: 10_000 }]));
    // Read 800 ms "before" the failure: the writer's clock is ahead.
    expect(loginWaitMs(counts, stamped(5), 9_200)).toBe(0);
    // A failure past the free ones waits from the stamped time, skew included.
    expect(loginWaitMs(counts, stamped(6), 9_200)).toBe(1_800);
  });

  it('never waits longer than the cap, whatever the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (count) => {
        const wait = delayAfter(count, { free: 5, maxDelayMs: 900_000 });
        return wait >= 0 && wait <= 900_000 && (count > 5 || wait === 0);
      }),
    );
  });
});
