/**
 * The tournaments (/tournaments, open signed out too): the open and running ones, those starting soonest first, or
 * (/tournaments/finished) the finished and called-off ones, newest first — each with its format, rules, days per
 * move, players so far of the most it takes, status and start (or end) in the reader's own time. "New tournament"
 * for a signed-in player; a guest is told to keep the account first (GUEST_NOT_ALLOWED: docs/schema.graphql).
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { TournamentStatus, TournamentSummaryFragment } from '../generated/graphql';
import { formatDateTime, formatNumber } from '../i18n';
import type { Me } from '../me';
import { Link } from '../router';
import { strings as sharedStrings } from '../strings';
import { TOURNAMENTS } from './operations';
import { strings } from './strings';
import './tournaments.css';

type Tab = 'current' | 'finished';

const STATUSES = {
  current: ['OPEN', 'RUNNING'],
  finished: ['FINISHED', 'CANCELLED'],
} as const satisfies Record<Tab, readonly TournamentStatus[]>;

/** The most a list shows (the API's own most: src/tournaments/tournaments.service.ts MAX_TOURNAMENT_LIST). */
const LIST_SIZE = 100;

function Tabs({ tab }: { tab: Tab }) {
  const S = strings();
  return (
    <nav class="tournament-tabs" aria-label={S.tabs}>
      {(['current', 'finished'] as const).map((each) => (
        <Link
          key={each}
          to={{ page: 'tournaments', finished: each === 'finished' }}
          class={each === tab ? 'tab current' : 'tab'}
          current={each === tab}
          testId={`tournaments-tab-${each}`}
        >
          {S.tab[each]}
        </Link>
      ))}
    </nav>
  );
}

function Row({ tournament }: { tournament: TournamentSummaryFragment }) {
  const S = strings();
  const shared = sharedStrings();
  // When it ended, started, or is to start: whichever is its latest news.
  const when = tournament.finishedAt ?? tournament.startedAt ?? tournament.startsAt;
  return (
    <tr data-testid="tournament-row" data-id={tournament.id} data-status={tournament.status}>
      <th scope="row" class="name">
        <Link to={{ page: 'tournament', id: tournament.id }} testId="tournament-link">
          {tournament.name}
        </Link>
        {tournament.joined && <span class="tournament-badge">{S.joinedBadge}</span>}
      </th>
      <td>{S.format[tournament.format]}</td>
      <td>
        {shared.preset[tournament.preset]}, {tournament.rated ? shared.rated : shared.casual}
        <span class="line muted">{shared.perMove(tournament.daysPerMove, null)}</span>
      </td>
      <td class="number">
        {formatNumber(tournament.playerCount)}/{formatNumber(tournament.maxPlayers)}
      </td>
      <td>
        <span class={`tournament-status status-${tournament.status.toLowerCase()}`}>
          {S.status[tournament.status]}
        </span>
      </td>
      <td>
        <time dateTime={when}>{formatDateTime(when)}</time>
      </td>
    </tr>
  );
}

export function TournamentsPage({ finished, me }: { finished: boolean; me: Me | null }) {
  const S = strings();
  const tab: Tab = finished ? 'finished' : 'current';
  const [list, setList] = useState<readonly TournamentSummaryFragment[] | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);

  useEffect(() => {
    let current = true;
    setList(null);
    setError(null);
    request(TOURNAMENTS, 'TournamentList', { statuses: [...STATUSES[tab]], first: LIST_SIZE })
      .then((answer) => current && setList(answer.tournaments))
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => void (current = false);
  }, [tab]);

  return (
    <section class="tournaments-page" data-testid="tournaments" data-tab={tab} data-loaded={list !== null}>
      <h1>{S.title}</h1>
      <p class="muted">{S.about}</p>
      {me !== null &&
        (me.isGuest ? (
          <p class="hint" data-testid="tournament-guest-hint">
            {S.guestHint}
          </p>
        ) : (
          <p>
            <Link to={{ page: 'newTournament' }} class="tournament-button" testId="new-tournament">
              {S.newTournament}
            </Link>
          </p>
        ))}
      <Tabs tab={tab} />
      {error !== null && <ErrorBox error={error} />}
      {list === null && error === null && <p class="muted">{S.loading}</p>}
      {list !== null && list.length === 0 && (
        <p class="muted" data-testid="tournaments-empty">
          {S.empty[tab]}
        </p>
      )}
      {list !== null && list.length > 0 && (
        <div class="table-scroll" role="region" aria-labelledby="tournaments-caption" tabIndex={0}>
          <table class="tournament-table">
            <caption id="tournaments-caption">{S.caption[tab]}</caption>
            <thead>
              <tr>
                <th scope="col">{S.column.name}</th>
                <th scope="col">{S.column.format}</th>
                <th scope="col">{S.column.preset}</th>
                <th scope="col" class="number">
                  {S.column.players}
                </th>
                <th scope="col">{S.column.status}</th>
                <th scope="col">{tab === 'finished' ? S.column.ended : S.column.start}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((tournament) => (
                <Row key={tournament.id} tournament={tournament} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
