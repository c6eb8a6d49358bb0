/**
 * Vacation (docs/correspondence.md "Vacation"): the days left of the allowance (`vacation`), going away for whole
 * days (`startVacation`), and while away the day it ends and "I'm back" (`endVacation`). The number of days is not
 * capped in the page: the server knows what is left, and its refusal says so.
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountVacationFragment } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { strings as shared } from '../strings';
import { useAction, useLoad } from './hooks';
import { VACATION } from './operations';
import { strings } from './strings';

/** Days the field offers at first. */
const FIRST_DAYS = 7;

export function VacationSection() {
  const S = strings().vacation;
  const common = shared();
  const loaded = useLoad(() => request(VACATION, 'AccountVacation', {}), []);
  const action = useAction();
  // The answer of the last start or end, newer than the first read.
  const [answered, setAnswered] = useState<AccountVacationFragment | null>(null);
  const [days, setDays] = useState(String(FIRST_DAYS));
  const status = answered ?? loaded.data?.vacation ?? null;

  const start = async (event: Event): Promise<void> => {
    event.preventDefault();
    const answer = await action.run(() => request(VACATION, 'AccountStartVacation', { days: Number(days) }));
    if (answer !== undefined) setAnswered(answer.startVacation);
  };
  const back = async (): Promise<void> => {
    const answer = await action.run(() => request(VACATION, 'AccountEndVacation', {}));
    if (answer !== undefined) setAnswered(answer.endVacation);
  };

  return (
    <section class="card account-section" data-testid="account-vacation" aria-labelledby="account-vacation-h">
      <h2 id="account-vacation-h">{S.heading}</h2>
      <p class="hint">{S.about}</p>
      {loaded.error !== null && <ErrorBox error={loaded.error} />}
      {status !== null && status.allowanceDays === 0 && <p class="muted">{S.off}</p>}
      {status !== null && status.allowanceDays > 0 && (
        <p data-testid="vacation-left" data-days-left={status.daysLeft}>
          {S.left(status.daysLeft, status.allowanceDays)}
        </p>
      )}
      {status !== null && status.current !== null && (
        <div class="data-part">
          <p data-testid="vacation-away" data-ends-at={status.current.endsAt}>
            <strong>{S.awayUntil(formatDateTime(status.current.endsAt))}</strong>
          </p>
          <button
            type="button"
            data-testid="vacation-back"
            disabled={action.busy}
            onClick={() => void back()}
          >
            {action.busy ? common.working : S.back}
          </button>
        </div>
      )}
      {status !== null && status.current === null && status.allowanceDays > 0 && (
        <form onSubmit={(event) => void start(event)}>
          <label>
            {S.days}
            <input
              name="vacation-days"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              required
              value={days}
              onInput={(event) => setDays(event.currentTarget.value)}
            />
          </label>
          <button type="submit" data-testid="vacation-start" disabled={action.busy}>
            {action.busy ? common.working : S.start}
          </button>
        </form>
      )}
      {action.error !== null && <ErrorBox error={action.error} />}
    </section>
  );
}
