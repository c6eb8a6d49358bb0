/**
 * A webhook's recent deliveries (webhookDeliveries, the newest ten) with each attempt: when, the answer's status or
 * why none came, how long it took. While a delivery is pending, and only while the log is open, it is read again
 * a moment after the next attempt is due (at most every two seconds), so a test's outcome shows without a reload; a
 * read that failed is tried again a few seconds later.
 */
import { useEffect } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountDeliveryFragment } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { useLoad } from './hooks';
import { ACCOUNT } from './operations';
import { AttemptError, strings } from './strings';

const POLL_MS = 2000;
const LONGEST_WAIT_MS = 10 * 60_000;
/** After a read that failed (the network, the server): read again this much later, while the log is open. */
const RETRY_AFTER_FAILURE_MS = 5000;

/**
 * When to read the log again: never when nothing is pending; every POLL_MS before a delivery's first attempt is
 * back, and while an attempt is in flight (claimed,
 * so counted in attemptCount, but not back in attempts; its nextAttemptAt is then only the claim's lease,
 * src/webhooks/webhook-worker.ts) or due; else a moment after the soonest retry (which may be hours away:
 * docs/api/webhooks.md#webhook-requests), at most LONGEST_WAIT_MS.
 */
function nextReadInMs(deliveries: readonly AccountDeliveryFragment[], now: number): number | null {
  const pending = deliveries.filter((delivery) => delivery.status === 'PENDING');
  if (pending.length === 0) return null;
  // A first attempt is due at once (a test, a new event), and its claim's lease may show as nextAttemptAt before
  // the claim counts in attemptCount: until one attempt is back, read every POLL_MS.
  if (pending.some((delivery) => delivery.attempts.length === 0)) return POLL_MS;
  if (pending.some((delivery) => delivery.attemptCount > delivery.attempts.length)) return POLL_MS;
  const due = pending.map((delivery) =>
    delivery.nextAttemptAt === null ? now : Date.parse(delivery.nextAttemptAt),
  );
  return Math.min(Math.max(Math.min(...due) - now + 1000, POLL_MS), LONGEST_WAIT_MS);
}

const ATTEMPT_ERRORS: readonly string[] = [
  'timeout',
  'dns',
  'refused_address',
  'connection_failed',
  'tls',
  'cancelled',
] satisfies readonly AttemptError[];

function isAttemptError(error: string): error is AttemptError {
  return ATTEMPT_ERRORS.includes(error);
}

function AttemptLine({ attempt }: { attempt: AccountDeliveryFragment['attempts'][number] }) {
  const S = strings().webhooks;
  const outcome =
    attempt.statusCode !== null
      ? S.answered(attempt.statusCode)
      : attempt.error === null
        ? ''
        : isAttemptError(attempt.error)
          ? S.attemptError[attempt.error]
          : attempt.error;
  return (
    <li class={attempt.succeeded ? 'attempt ok' : 'attempt'} data-testid="attempt">
      {S.attempt(attempt.number)} · {formatDateTime(attempt.attemptedAt)} · {outcome} ·{' '}
      {S.took(attempt.durationMs)}
    </li>
  );
}

export function Deliveries({
  id,
  webhookId,
  reloadKey,
}: {
  id: string;
  webhookId: string;
  reloadKey: number;
}) {
  const S = strings().webhooks;
  const deliveries = useLoad(
    () => request(ACCOUNT, 'AccountWebhookDeliveries', { webhookId }),
    [webhookId, reloadKey],
  );
  const list = deliveries.data?.webhookDeliveries.edges.map((edge) => edge.node) ?? [];
  // A failed read is tried again (the error shows meanwhile): otherwise a pending delivery's outcome would never
  // show without a reload.
  const wait = deliveries.error !== null ? RETRY_AFTER_FAILURE_MS : nextReadInMs(list, Date.now());

  useEffect(() => {
    if (wait === null) return undefined;
    const timer = setTimeout(deliveries.reload, wait);
    return () => clearTimeout(timer);
    // Scheduled again after each answer that still has a delivery in flight, and after each failure.
  }, [deliveries.data, deliveries.error, wait === null]);

  return (
    <div class="deliveries" id={id} data-testid="deliveries">
      {deliveries.error !== null && <ErrorBox error={deliveries.error} />}
      {deliveries.data !== null && list.length === 0 && <p class="muted">{S.noDeliveries}</p>}
      <ul>
        {list.map((delivery) => (
          <li key={delivery.id} class="delivery" data-testid="delivery" data-status={delivery.status}>
            <span>
              <strong>{S.kind[delivery.kind]}</strong> · {formatDateTime(delivery.createdAt)} ·{' '}
              <span class={`delivery-status ${delivery.status.toLowerCase()}`}>
                {S.status[delivery.status]}
              </span>
              {delivery.nextAttemptAt !== null && (
                <> · {S.nextAttempt(formatDateTime(delivery.nextAttemptAt))}</>
              )}
            </span>
            {delivery.attempts.length > 0 && (
              <ol class="attempts">
                {delivery.attempts.map((attempt) => (
                  <AttemptLine key={attempt.number} attempt={attempt} />
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
