/**
 * Failed sign-ins counted in memory the way LoginFailuresRepository counts them in SQL
 * (src/auth/login-failures.repository.ts `failed`): the policy's tests fold counts with it. Test-only, so it lives
 * here rather than beside the policy (src/auth/login-throttle.ts).
 */
import { type Failures, isForgotten } from '../../src/auth/login-throttle';

/** The count after one more failure at `now` (a forgotten count starts again at one). */
export function afterFailure(entry: Failures | undefined, now: number): Failures {
  const kept = entry !== undefined && !isForgotten(entry.lastAt, now);
  return { count: kept ? entry.count + 1 : 1, lastAt: now };
}
