/** My record against the player whose page this is (`headToHead`, counted from my side): every preset together. */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { PlayersHeadToHeadQuery } from '../generated/graphql';
import { PLAYERS } from './operations';
import { strings } from './strings';

type Tally = PlayersHeadToHeadQuery['headToHead'];

export function HeadToHead({ me, opponent }: { me: string; opponent: string }) {
  const S = strings();
  const [record, setRecord] = useState<Tally | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => {
    let current = true;
    setRecord(null);
    setError(null);
    request(PLAYERS, 'PlayersHeadToHead', { player: me, opponent })
      .then((answer) => current && setRecord(answer.headToHead))
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => {
      current = false;
    };
  }, [me, opponent]);
  return (
    <section class="head-to-head card" data-testid="head-to-head">
      <h2>{S.headToHead(opponent)}</h2>
      {error !== null && <ErrorBox error={error} />}
      {error === null && record === null && <p class="muted">{S.loading}</p>}
      {record !== null && (
        <p
          data-games={record.games}
          data-wins={record.wins}
          data-losses={record.losses}
          data-draws={record.draws}
        >
          {record.games === 0
            ? S.headToHeadNone
            : S.headToHeadLine(record.games, record.wins, record.losses, record.draws)}
        </p>
      )}
    </section>
  );
}
