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
 * right password during the wait is refused like a wrong one (else the wait would tell the two apart). The counts
 * live in this app copy (N copies allow N times as many attempts: docs/api.md). Pure: time is an argument.
 */

interface Policy {
  readonly free: number;
  readonly maxDelayMs: number;
}

const PER_ACCOUNT_AND_ADDRESS: Policy = { free: 5, maxDelayMs: 15 * 60_000 };
const PER_ADDRESS: Policy = { free: 30, maxDelayMs: 15 * 60_000 };
const PER_ACCOUNT: Policy = { free: 100, maxDelayMs: 60_000 };
const FIRST_DELAY_MS = 1000;
const FORGET_AFTER_MS = 60 * 60_000;
const MAX_ENTRIES = 100_000;

interface Failures {
  count: number;
  lastAt: number;
}

export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  /** Milliseconds until `account` may be tried from `address` again; 0 when it may be tried now. */
  waitMs(account: string, address: string | undefined, now: number): number {
    return Math.max(
      ...this.keys(account, address).map(([key, policy]) => {
        const entry = this.current(key, now);
        return entry === undefined ? 0 : Math.max(0, entry.lastAt + delayAfter(entry.count, policy) - now);
      }),
    );
  }

  failed(account: string, address: string | undefined, now: number): void {
    if (this.failures.size >= MAX_ENTRIES) this.prune(now);
    for (const [key] of this.keys(account, address)) {
      const entry = this.current(key, now);
      this.failures.set(key, { count: (entry?.count ?? 0) + 1, lastAt: now });
    }
  }

  succeeded(account: string, address: string | undefined): void {
    this.failures.delete(this.keys(account, address)[0]![0]);
  }

  private keys(account: string, address: string | undefined): [string, Policy][] {
    const name = account.toLowerCase();
    const from = address ?? 'unknown';
    return [
      [`pair:${name}\u0000${from}`, PER_ACCOUNT_AND_ADDRESS],
      [`address:${from}`, PER_ADDRESS],
      [`account:${name}`, PER_ACCOUNT],
    ];
  }

  private current(key: string, now: number): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry === undefined || now - entry.lastAt < FORGET_AFTER_MS) return entry;
    this.failures.delete(key);
    return undefined;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures)
      if (now - entry.lastAt >= FORGET_AFTER_MS) this.failures.delete(key);
    // Still full (an attack from very many addresses): forget the oldest half rather than grow without bound.
    if (this.failures.size < MAX_ENTRIES) return;
    let drop = this.failures.size / 2;
    for (const key of this.failures.keys()) {
      if (drop-- <= 0) break;
      this.failures.delete(key);
    }
  }
}

/** The wait after `count` failures: nothing while they are free, then 1 s, doubling, up to the policy's cap. */
export function delayAfter(count: number, policy: Policy): number {
  if (count <= policy.free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(count - policy.free - 1, 30), policy.maxDelayMs);
}
