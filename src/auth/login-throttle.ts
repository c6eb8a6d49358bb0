/**
 * Failed sign-ins, throttled with growing delays — never a lock-out that someone else can trigger. Three counts,
 * each with a few free failures and then a wait that doubles with every further failure:
 *
 * - one account from one address: the guesser's own attempts (5 free, then 1 s, 2 s, 4 s … up to 15 min);
 * - one address, any accounts: credential stuffing (30 free, then the same, up to 15 min);
 * - one account, from anywhere: guessing spread over many addresses (100 free, then at most 1 min: a slow-down for
 *   the owner too, but never more than a minute, so nobody can shut an owner out).
 *
 * A success clears the count of that account from that address. A count is forgotten an hour after its last
 * failure. The sign-in is judged before the password is checked, so a throttled attempt costs no hashing, and a
 * right password during the wait is refused like a wrong one (else the wait would tell the two apart).
 *
 * This is the policy, pure (time is an argument); the counts live in the database, shared by every app copy
 * (LoginFailuresRepository), so N copies allow no more attempts than one.
 */

export interface ThrottlePolicy {
  readonly free: number;
  readonly maxDelayMs: number;
}

const PER_ACCOUNT_AND_ADDRESS: ThrottlePolicy = { free: 5, maxDelayMs: 15 * 60_000 };
const PER_ADDRESS: ThrottlePolicy = { free: 30, maxDelayMs: 15 * 60_000 };
const PER_ACCOUNT: ThrottlePolicy = { free: 100, maxDelayMs: 60_000 };
const FIRST_DELAY_MS = 1000;
/** A count whose last failure is this old is forgotten: the next failure starts it again at one. */
export const FORGET_AFTER_MS = 60 * 60_000;

/** One count: its failures so far and the time (ms) of the last. */
export interface Failures {
  readonly count: number;
  readonly lastAt: number;
}

/** What one count is kept under, and how it is judged. */
export interface ThrottleCount {
  readonly key: string;
  readonly policy: ThrottlePolicy;
}

/** The three counts a sign-in of `account` from `address` is judged by; the first is the pair a success clears. */
export function throttleCounts(account: string, address: string | undefined): readonly ThrottleCount[] {
  const name = account.toLowerCase();
  const from = address ?? 'unknown';
  return [
    { key: `pair:${name}\u0000${from}`, policy: PER_ACCOUNT_AND_ADDRESS },
    { key: `address:${from}`, policy: PER_ADDRESS },
    { key: `account:${name}`, policy: PER_ACCOUNT },
  ];
}

/** Whether a count whose last failure was at `lastAt` is forgotten at `now`. */
export function isForgotten(lastAt: number, now: number): boolean {
  return now - lastAt >= FORGET_AFTER_MS;
}

/** Milliseconds until the sign-in may be tried again, given its counts as stored; 0 when it may be tried now. */
export function loginWaitMs(
  counts: readonly ThrottleCount[],
  stored: ReadonlyMap<string, Failures>,
  now: number,
): number {
  return Math.max(
    0,
    ...counts.map(({ key, policy }) => {
      const entry = stored.get(key);
      if (entry === undefined || isForgotten(entry.lastAt, now)) return 0;
      // A free failure never waits, even when another copy, whose clock runs a little ahead, wrote its time.
      const delay = delayAfter(entry.count, policy);
      return delay === 0 ? 0 : Math.max(0, entry.lastAt + delay - now);
    }),
  );
}

/** The wait after `count` failures: nothing while they are free, then 1 s, doubling, up to the policy's cap. */
export function delayAfter(count: number, policy: ThrottlePolicy): number {
  if (count <= policy.free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(count - policy.free - 1, 30), policy.maxDelayMs);
}
