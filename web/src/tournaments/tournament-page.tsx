/**
 * One tournament (/tournaments/<id>, open signed out too): its name, format, rules, status, organiser, start and
 * "Round X of Y"; Join and Withdraw for a player (withdrawing from a running one asks first, in the page: one's
 * running games in it are resigned), Start now and Call off for its organiser while it is open; the players while
 * it is open, then the standings (points with ½, W/D/L, Buchholz and Sonneborn–Berger, explained under the table,
 * withdrawn players marked); and each round's boards, the latest first, with a link to every game.
 *
 * The rounds move on by the server's director, which tells no page: while the tournament is open or running the
 * page reads it again every POLL_MS, when the tab is shown again, and at once when one of my games starts or ends
 * (myEvents, the home page's subscription). Each change I make answers the tournament as it is after it.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Question } from '../question';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { TournamentDetailFragment, TournamentGameResult } from '../generated/graphql';
import { subscribeMyEvents } from '../home';
import { formatDateTime, formatNumber } from '../i18n';
import type { Me } from '../me';
import { Link } from '../router';
import { strings as sharedStrings } from '../strings';
import { tieBreaks } from '../../../src/tournaments/domain/standings';
import { TOURNAMENTS } from './operations';
import { strings } from './strings';
import { TournamentAction, actionFailureText } from './tournament-errors';
import {
  POLL_MS,
  RoundBoards,
  boardState,
  formatScore,
  isLive,
  outcomeFor,
  roundsOf,
} from './tournament-view';
import './tournaments.css';

type Tournament = TournamentDetailFragment;

/** A result as the board's row writes it, the first player's score first: the same in every language. */
const RESULT_TEXT = { FIRST_WON: '1–0', SECOND_WON: '0–1', DRAW: '½–½' } as const satisfies Record<
  TournamentGameResult,
  string
>;

/** A score in the reader's digits, with ¼ ½ ¾ for its fraction. */
const score = (value: number) => formatScore(value, (whole) => formatNumber(whole));

/** A horizontally scrolling box around a wide table (a phone): focusable, so the keyboard scrolls it too. */
function TableScroll({ labelledBy, children }: { labelledBy: string; children: ComponentChildren }) {
  return (
    <div class="table-scroll" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </div>
  );
}

function Facts({ tournament }: { tournament: Tournament }) {
  const S = strings();
  const shared = sharedStrings();
  const rounds =
    tournament.currentRound > 0 && tournament.rounds !== null
      ? S.roundOf(tournament.currentRound, tournament.rounds)
      : tournament.rounds !== null
        ? S.roundsPlanned(tournament.rounds)
        : S.roundsFromPlayers;
  const when =
    tournament.status === 'FINISHED' || tournament.status === 'CANCELLED'
      ? { label: S.ended, at: tournament.finishedAt ?? tournament.startsAt }
      : tournament.startedAt !== null
        ? { label: S.started, at: tournament.startedAt }
        : { label: S.starts, at: tournament.startsAt };
  return (
    <dl class="tournament-facts">
      <div>
        <dt>{S.column.format}</dt>
        <dd data-testid="tournament-format">{S.format[tournament.format]}</dd>
      </div>
      <div>
        <dt>{S.rules}</dt>
        <dd>
          {shared.preset[tournament.preset]}, {tournament.rated ? shared.rated : shared.casual}
        </dd>
      </div>
      <div>
        <dt>{S.time}</dt>
        <dd>{shared.perMove(tournament.daysPerMove, null)}</dd>
      </div>
      <div>
        <dt>{S.column.status}</dt>
        <dd>
          <span
            class={`tournament-status status-${tournament.status.toLowerCase()}`}
            data-testid="tournament-status"
          >
            {S.status[tournament.status]}
          </span>
        </dd>
      </div>
      <div>
        <dt>{S.round}</dt>
        <dd data-testid="tournament-round">{rounds}</dd>
      </div>
      <div>
        <dt>{S.players}</dt>
        <dd data-testid="tournament-players">
          {S.playersCount(tournament.playerCount, tournament.minPlayers, tournament.maxPlayers)}
        </dd>
      </div>
      <div>
        <dt>{when.label}</dt>
        <dd>
          <time dateTime={when.at}>{formatDateTime(when.at)}</time>
        </dd>
      </div>
      <div>
        <dt>{S.organiser}</dt>
        <dd>
          <Link to={{ page: 'player', username: tournament.organiser.username }}>
            {tournament.organiser.username}
          </Link>
        </dd>
      </div>
      {tournament.maxTimeoutRate !== null && (
        <div>
          <dt>{S.maxTimeoutRate}</dt>
          <dd>{S.maxTimeoutRateValue(`${formatNumber(tournament.maxTimeoutRate * 100, 0)}\u00a0%`)}</dd>
        </div>
      )}
    </dl>
  );
}

/** Join, Withdraw, Start now and Call off, as they apply to me and the tournament now. */
function Actions({
  tournament,
  me,
  onChanged,
}: {
  tournament: Tournament;
  me: Me | null;
  onChanged: (next: Tournament) => void;
}) {
  const S = strings();
  const [asking, setAsking] = useState<'withdraw' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ error: ApiFailure; action: TournamentAction } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  if (me === null)
    return tournament.status === 'OPEN' ? (
      <p>
        <Link to={{ page: 'signIn' }} testId="tournament-sign-in">
          {S.signInToJoin}
        </Link>
      </p>
    ) : null;
  const organiser = tournament.organiser.username === me.username;
  const mine = tournament.players.find((entry) => entry.player.username === me.username);
  const open = tournament.status === 'OPEN';
  const running = tournament.status === 'RUNNING';

  const act = async (action: TournamentAction): Promise<void> => {
    setBusy(true);
    setFailure(null);
    try {
      const id = tournament.id;
      let next: Tournament;
      switch (action) {
        case 'join':
          next = (await request(TOURNAMENTS, 'JoinTournament', { id })).joinTournament;
          break;
        case 'withdraw':
          next = (await request(TOURNAMENTS, 'WithdrawFromTournament', { id })).withdrawFromTournament;
          break;
        case 'start':
          next = (await request(TOURNAMENTS, 'StartTournament', { id })).startTournament;
          break;
        case 'cancel':
          next = (await request(TOURNAMENTS, 'CancelTournament', { id })).cancelTournament;
          break;
        default: {
          const never: never = action;
          return never;
        }
      }
      setAsking(null);
      onChanged(next);
    } catch (error) {
      setFailure({ error: asFailure(error), action });
    } finally {
      setBusy(false);
    }
  };
  const closeQuestion = () => {
    setAsking(null);
    opener.current?.focus();
  };

  const buttons: ComponentChildren[] = [];
  if (open && !tournament.joined && !me.isGuest && tournament.playerCount < tournament.maxPlayers)
    buttons.push(
      <button
        type="button"
        key="join"
        data-testid="tournament-join"
        disabled={busy}
        onClick={() => void act('join')}
      >
        {S.join}
      </button>,
    );
  if (open && tournament.joined)
    buttons.push(
      <button
        type="button"
        key="leave"
        class="secondary"
        data-testid="tournament-leave"
        disabled={busy}
        onClick={() => void act('withdraw')}
      >
        {S.leave}
      </button>,
    );
  if (running && tournament.joined)
    buttons.push(
      <button
        type="button"
        key="withdraw"
        class="secondary"
        data-testid="tournament-withdraw"
        aria-expanded={asking === 'withdraw'}
        disabled={busy && asking !== 'withdraw'}
        onClick={(event) => {
          opener.current = event.currentTarget;
          setAsking(asking === 'withdraw' ? null : 'withdraw');
        }}
      >
        {S.withdraw}
      </button>,
    );
  if (open && organiser) {
    buttons.push(
      <button
        type="button"
        key="start"
        data-testid="tournament-start"
        disabled={busy || tournament.playerCount < tournament.minPlayers}
        aria-describedby="tournament-start-hint"
        onClick={() => void act('start')}
      >
        {S.startNow}
      </button>,
      <button
        type="button"
        key="cancel"
        class="secondary"
        data-testid="tournament-cancel"
        aria-expanded={asking === 'cancel'}
        disabled={busy && asking !== 'cancel'}
        onClick={(event) => {
          opener.current = event.currentTarget;
          setAsking(asking === 'cancel' ? null : 'cancel');
        }}
      >
        {S.cancel}
      </button>,
    );
  }

  return (
    <div class="tournament-actions" data-testid="tournament-actions">
      {me.isGuest && open && (
        <p class="hint" data-testid="tournament-guest-hint">
          {S.guestHint}
        </p>
      )}
      {tournament.joined && isLive(tournament.status) && <p data-testid="tournament-joined">{S.joined}</p>}
      {mine?.withdrawn === true && <p data-testid="tournament-withdrawn">{S.withdrawn}</p>}
      {open && !tournament.joined && tournament.playerCount >= tournament.maxPlayers && <p>{S.full}</p>}
      {buttons.length > 0 && <div class="tournament-buttons">{buttons}</div>}
      {open && organiser && (
        <p class="hint" id="tournament-start-hint">
          {S.startHint(tournament.minPlayers)}
        </p>
      )}
      {asking === 'withdraw' && (
        <Question
          question={S.withdrawQuestion}
          about={S.withdrawAbout}
          yes={S.withdrawYes}
          no={S.withdrawNo}
          busy={busy}
          testId="withdraw-confirm"
          className="tournament-question card"
          buttonsClass="tournament-buttons"
          onYes={() => void act('withdraw')}
          onNo={closeQuestion}
        />
      )}
      {asking === 'cancel' && (
        <Question
          question={S.cancelQuestion}
          about={S.cancelAbout}
          yes={S.cancelYes}
          no={S.cancelNo}
          busy={busy}
          testId="cancel-confirm"
          className="tournament-question card"
          buttonsClass="tournament-buttons"
          onYes={() => void act('cancel')}
          onNo={closeQuestion}
        />
      )}
      {failure !== null && (
        <ErrorBox error={failure.error} text={actionFailureText(failure.error, failure.action, tournament)} />
      )}
    </div>
  );
}

/** Who has joined, while the tournament has not started (or was called off): by when they joined. */
function Players({ tournament }: { tournament: Tournament }) {
  const S = strings();
  return (
    <section aria-labelledby="tournament-players-heading">
      <h2 id="tournament-players-heading">{S.players}</h2>
      {tournament.players.length === 0 ? (
        <p class="muted">{S.noPlayers}</p>
      ) : (
        <ol class="tournament-entrants" data-testid="tournament-entrants">
          {tournament.players.map((entry) => (
            <li
              key={entry.player.username}
              data-testid="tournament-entrant"
              data-username={entry.player.username}
            >
              <Link to={{ page: 'player', username: entry.player.username }}>{entry.player.username}</Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A column head shown short (W, BH) with its full name for screen readers. */
function ShortHead({ short, name }: { short: string; name: string }) {
  return (
    <th scope="col" class="number">
      <abbr title={name} aria-hidden="true">
        {short}
      </abbr>
      <span class="visually-hidden">{name}</span>
    </th>
  );
}

function Standings({ tournament, me }: { tournament: Tournament; me: Me | null }) {
  const S = strings();
  const swiss = tournament.format === 'SWISS';
  const names = {
    buchholzHalf: S.buchholz,
    sonnebornBergerQuarter: S.sonnebornBerger,
  } as const;
  const order = tieBreaks(tournament.format).map((tieBreak) => names[tieBreak]);
  return (
    <section aria-labelledby="tournament-standings-heading">
      <h2 id="tournament-standings-heading">{S.standings}</h2>
      <TableScroll labelledBy="tournament-standings-caption">
        <table class="tournament-table standings" data-testid="standings">
          <caption id="tournament-standings-caption">{S.standingsCaption}</caption>
          <thead>
            <tr>
              <th scope="col" class="number">
                {S.rank}
              </th>
              <th scope="col">{S.player}</th>
              <th scope="col" class="number">
                {S.points}
              </th>
              <th scope="col" class="number">
                {S.played}
              </th>
              <ShortHead {...S.won} />
              <ShortHead {...S.drawn} />
              <ShortHead {...S.lost} />
              {swiss && (
                <th scope="col" class="number">
                  {S.byes}
                </th>
              )}
              {order.map((tieBreak) => (
                <ShortHead key={tieBreak.short} short={tieBreak.short} name={tieBreak.name} />
              ))}
            </tr>
          </thead>
          <tbody>
            {tournament.standings.map((row) => (
              <tr
                key={row.player.username}
                class={[
                  row.withdrawn ? 'withdrawn' : '',
                  row.player.username === me?.username ? 'mine' : '',
                ].join(' ')}
                data-testid="standing"
                data-username={row.player.username}
                data-rank={row.rank}
                data-points={row.points}
                data-withdrawn={row.withdrawn ? 'true' : 'false'}
              >
                <td class="number">{formatNumber(row.rank)}</td>
                <th scope="row" class="name">
                  <Link to={{ page: 'player', username: row.player.username }}>{row.player.username}</Link>
                  {row.withdrawn && (
                    <span class="tournament-badge" data-testid="withdrawn-mark">
                      {S.withdrawnMark}
                    </span>
                  )}
                </th>
                <td class="number" data-testid="standing-points">
                  {score(row.points)}
                </td>
                <td class="number">{formatNumber(row.played)}</td>
                <td class="number">{formatNumber(row.won)}</td>
                <td class="number">{formatNumber(row.drawn)}</td>
                <td class="number">{formatNumber(row.lost)}</td>
                {swiss && <td class="number">{formatNumber(row.byes)}</td>}
                {tieBreaks(tournament.format).map((tieBreak) => (
                  <td key={tieBreak} class="number">
                    {score(tieBreak === 'buchholzHalf' ? row.buchholz : row.sonnebornBerger)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div class="hint tournament-note" data-testid="tiebreak-note">
        <p>{S.tiebreakOrder(order[0]!.short, order[1]!.short)}</p>
        <ul>
          {order.map((tieBreak) => (
            <li key={tieBreak.short}>{tieBreak.about}</li>
          ))}
        </ul>
        <p>
          {S.liveNote}
          {swiss && ` ${S.byeNote}`}
        </p>
      </div>
    </section>
  );
}

function Round({ round, tournament, me }: { round: RoundBoards; tournament: Tournament; me: Me | null }) {
  const S = strings();
  const current = tournament.status === 'RUNNING' && round.round === tournament.currentRound;
  const headingId = `tournament-round-${round.round}`;
  return (
    <section
      class="tournament-round"
      aria-labelledby={headingId}
      data-testid="round"
      data-round={round.round}
      data-current={current ? 'true' : 'false'}
    >
      <h3 id={headingId}>
        {S.roundOf(round.round, tournament.rounds ?? round.round)}
        {current && <span class="muted"> ({S.beingPlayed})</span>}
      </h3>
      <TableScroll labelledBy={`${headingId}-caption`}>
        <table class="tournament-table boards">
          <caption id={`${headingId}-caption`} class="visually-hidden">
            {S.roundCaption(round.round)}
          </caption>
          <thead>
            <tr>
              <th scope="col" class="number">
                {S.board}
              </th>
              <th scope="col">{S.first}</th>
              <th scope="col">{S.second}</th>
              <th scope="col">{S.result}</th>
              <th scope="col">{S.game}</th>
            </tr>
          </thead>
          <tbody>
            {round.boards.map((board) => {
              const state = boardState(board, tournament.format);
              const mine =
                me !== null &&
                (board.first.username === me.username || board.second?.username === me.username);
              return (
                <tr
                  key={board.board}
                  class={mine ? 'mine' : undefined}
                  data-testid="board"
                  data-board={board.board}
                  data-first={board.first.username}
                  data-second={board.second?.username ?? ''}
                  data-result={board.result ?? ''}
                  data-over={board.over ? 'true' : 'false'}
                  data-mine={mine ? 'true' : 'false'}
                  data-outcome={me === null ? '' : (outcomeFor(board, me.username) ?? '')}
                >
                  <td class="number">{formatNumber(board.board)}</td>
                  <td>
                    <Link to={{ page: 'player', username: board.first.username }}>
                      {board.first.username}
                    </Link>
                  </td>
                  <td>
                    {board.second === null ? (
                      <span class="muted">{state.kind === 'bye' ? S.bye : S.sitOut}</span>
                    ) : (
                      <Link to={{ page: 'player', username: board.second.username }}>
                        {board.second.username}
                      </Link>
                    )}
                  </td>
                  <td data-testid="board-result">
                    {state.kind === 'result'
                      ? RESULT_TEXT[state.result]
                      : state.kind === 'playing'
                        ? S.playing
                        : state.kind === 'noResult'
                          ? S.noResult
                          : '—'}
                  </td>
                  <td>
                    {board.gameId !== null && (
                      <Link
                        to={{ page: 'game', id: board.gameId }}
                        testId="board-game"
                        label={S.gameLabel(round.round, board.board)}
                      >
                        {S.game}
                      </Link>
                    )}
                    {mine && board.second !== null && <span class="tournament-badge">{S.yourGame}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export function TournamentPage({ id, me }: { id: string; me: Me | null }) {
  const S = strings();
  const [tournament, setTournament] = useState<Tournament | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  // Only the latest read is shown: an older one that answers late would show the tournament as it was.
  const asked = useRef(0);

  const read = () => {
    const ticket = ++asked.current;
    request(TOURNAMENTS, 'TournamentPage', { id })
      .then((answer) => {
        if (ticket !== asked.current) return;
        setTournament(answer.tournament);
        setError(null);
      })
      .catch((failure: unknown) => ticket === asked.current && setError(asFailure(failure)));
  };
  const changed = (next: Tournament) => {
    asked.current += 1;
    setTournament(next);
    setError(null);
  };

  useEffect(() => {
    read();
    return () => void (asked.current += 1);
  }, [id]);

  const live = tournament === null || isLive(tournament.status);
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => document.visibilityState === 'visible' && read(), POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && read();
    document.addEventListener('visibilitychange', onVisible);
    // A game of mine starting or ending is a round moving on (or about to): read at once. A failed subscription
    // leaves the polling, which is enough.
    const unsubscribe = me === null ? () => {} : subscribeMyEvents(read, () => {});
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
    };
  }, [id, live, me]);

  if (tournament === null)
    return (
      <section class="tournament-page" data-testid="tournament" data-loaded="false">
        {error === null ? (
          <p class="muted">{S.loading}</p>
        ) : error.code === 'NOT_FOUND' ? (
          <p data-testid="tournament-not-found">{S.notFound}</p>
        ) : (
          <ErrorBox error={error} />
        )}
      </section>
    );

  const started = tournament.status === 'RUNNING' || tournament.status === 'FINISHED';
  const rounds = roundsOf(tournament.boards);
  return (
    <section
      class="tournament-page"
      data-testid="tournament"
      data-loaded="true"
      data-status={tournament.status}
      data-round={tournament.currentRound}
    >
      <h1>{tournament.name}</h1>
      <p>
        <Link to={{ page: 'tournaments', finished: !isLive(tournament.status) }}>{S.title}</Link>
      </p>
      <Facts tournament={tournament} />
      <Actions tournament={tournament} me={me} onChanged={changed} />
      {error !== null && <ErrorBox error={error} />}
      {started ? <Standings tournament={tournament} me={me} /> : <Players tournament={tournament} />}
      {tournament.status !== 'CANCELLED' && (
        <section aria-labelledby="tournament-rounds-heading">
          <h2 id="tournament-rounds-heading">{S.rounds}</h2>
          {rounds.length === 0 ? (
            <p class="muted">{S.noRounds}</p>
          ) : (
            rounds.map((round) => <Round key={round.round} round={round} tournament={tournament} me={me} />)
          )}
        </section>
      )}
    </section>
  );
}
