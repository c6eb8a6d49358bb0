/**
 * What the page of a game that is over shows (finished-game.tsx loads this file as a chunk of its own, so the first
 * load carries none of it: docs/web.md, "Budget"): the result with each seat's placement, outcome, score and
 * pay-off cards left, Rematch, the rating change of a rated game, the revealed seeds (docs/fairness.md), the replay
 * with Verify (replay-viewer.tsx) and the move log. Below 600 px each seat's row of a table is a card of its own
 * (replay.css), so a phone scrolls no table sideways.
 */
import { Fragment } from 'preact';
import { RematchButton } from '../new-game/rematch-button';
import { PlayerLink } from '../players/player-link';
import type { ReplayGameQuery, ReplayPlayerFragment } from '../generated/graphql';
import { formatNumber } from '../i18n';
import { MoveHistory } from './move-history';
import { ReplayViewer } from './replay-viewer';
import { strings } from './strings';
import { dealtBy } from './verify-panel';

export type ReplayGame = NonNullable<ReplayGameQuery['game']>;

const bySeat = (a: ReplayPlayerFragment, b: ReplayPlayerFragment) => a.seat - b.seat;

export function GameOver({ game }: { game: ReplayGame }) {
  const players = [...game.players].sort(bySeat);
  const names = players.map((player) => player.player.username);
  return (
    <>
      <Result game={game} players={players} />
      {game.mySeat !== null && game.mySeat !== undefined && (
        <RematchButton
          gameId={game.id}
          againstBot={
            game.seats === 2 && players.some((seat) => seat.seat !== game.mySeat && seat.player.isBot)
          }
        />
      )}
      {game.rated && <RatingChange players={players} />}
      <Seeds game={game} players={players} />
      {/* A game called off before its first move has nothing to replay. */}
      {(game.status === 'FINISHED' || game.version > 0) && (
        <ReplayViewer gameId={game.id} mySeat={game.mySeat ?? null} names={names} dealt={dealtBy(game)} />
      )}
      <MoveHistory gameId={game.id} version={game.version} />
    </>
  );
}

function Result({ game, players }: { game: ReplayGame; players: readonly ReplayPlayerFragment[] }) {
  const S = strings();
  const result = game.result;
  if (result === null || result === undefined) {
    return (
      <section class="card result" data-testid="result" data-reason="">
        <h2>{S.result}</h2>
        <p>{S.aborted}</p>
        {game.abortReason !== null && game.abortReason !== undefined && (
          <p class="muted">{S.abortReason[game.abortReason]}</p>
        )}
      </section>
    );
  }
  const winner = players.find((player) => player.seat === result.winner);
  return (
    <section
      class="card result"
      data-testid="result"
      data-reason={result.reason}
      data-winner={result.winner ?? ''}
    >
      <h2>{S.result}</h2>
      <p class="result-line">
        <strong data-testid="winner">
          {winner === undefined ? S.draw : S.winner(winner.player.username)}
        </strong>
        {' — '}
        <span data-testid="end-reason">{S.reason[result.reason]}</span>
      </p>
      <div class="table-scroll">
        {/* The roles keep it a table to a screen reader where a phone stacks its rows as cards (replay.css). */}
        <table class="result-table" role="table">
          <ColumnHeaders labels={[S.placement, S.player, S.outcomeLabel, S.score, S.payoffLeft]} />
          <tbody role="rowgroup">
            {[...players]
              .sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99) || a.seat - b.seat)
              .map((player) => (
                <tr key={player.seat} role="row" data-testid="result-seat" data-seat={player.seat}>
                  <td role="cell" data-label={S.placement} data-testid="placement">
                    {player.placement ?? '–'}
                  </td>
                  <th scope="row" role="rowheader">
                    <PlayerLink username={player.player.username} />
                  </th>
                  <td
                    role="cell"
                    data-label={S.outcomeLabel}
                    data-testid="outcome"
                    data-outcome={player.outcome ?? ''}
                  >
                    {player.outcome === null || player.outcome === undefined
                      ? '–'
                      : S.outcome[player.outcome]}
                  </td>
                  <td role="cell" data-label={S.score} data-testid="score">
                    {player.score ?? '–'}
                  </td>
                  <td role="cell" data-label={S.payoffLeft} data-testid="payoff-left">
                    {result.payoffLeft[player.seat] ?? player.payoffLeft ?? '–'}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A result table's header row (on a phone each cell shows its column's label instead: replay.css). */
function ColumnHeaders({ labels }: { labels: readonly string[] }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {labels.map((label) => (
          <th key={label} scope="col" role="columnheader">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A rating as the page shows it: one decimal. */
const rating = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : formatNumber(value, 1);
const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : '±'}${formatNumber(Math.abs(value), 1)}`;

function RatingChange({ players }: { players: readonly ReplayPlayerFragment[] }) {
  const S = strings();
  return (
    <section class="card" data-testid="rating">
      <h2>{S.rating}</h2>
      <div class="table-scroll">
        <table class="result-table" role="table">
          <ColumnHeaders labels={[S.player, S.ratingBefore, S.ratingAfter, S.ratingChange]} />
          <tbody role="rowgroup">
            {players.map((player) => (
              <tr key={player.seat} role="row" data-testid="rating-seat" data-seat={player.seat}>
                <th scope="row" role="rowheader">
                  <PlayerLink username={player.player.username} />
                </th>
                <td role="cell" data-label={S.ratingBefore} data-testid="rating-before">
                  {rating(player.ratingBefore)}
                </td>
                <td role="cell" data-label={S.ratingAfter} data-testid="rating-after">
                  {rating(player.ratingAfter)}
                </td>
                <td
                  role="cell"
                  data-label={S.ratingChange}
                  data-testid="rating-change"
                  data-value={player.ratingChange ?? ''}
                  class={(player.ratingChange ?? 0) >= 0 ? 'gain' : 'loss'}
                >
                  {player.ratingChange === null || player.ratingChange === undefined
                    ? '–'
                    : signed(player.ratingChange)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Seeds({ game, players }: { game: ReplayGame; players: readonly ReplayPlayerFragment[] }) {
  const S = strings();
  return (
    <section class="card seeds" data-testid="seeds">
      <h2>{S.seeds}</h2>
      <p class="hint">{S.seedsHint}</p>
      <dl>
        <dt>{S.serverSeed}</dt>
        <dd>
          <code data-testid="seed">{game.seed ?? '–'}</code>
        </dd>
        <dt>{S.commitment}</dt>
        <dd>
          <code data-testid="seed-commitment">{game.seedCommitment}</code>
        </dd>
        <dt>{S.rulesVersion}</dt>
        <dd>
          <code>{game.rulesVersion}</code>
        </dd>
        {players.map((player) => (
          <Fragment key={player.seat}>
            <dt>
              {S.clientSeed}: {player.player.username}
            </dt>
            <dd data-testid="client-seed" data-seat={player.seat}>
              {player.clientSeed === null || player.clientSeed === undefined ? (
                S.noClientSeed
              ) : (
                <>
                  <code data-testid="client-seed-value">{player.clientSeed}</code>{' '}
                  <span class="muted" data-source={player.clientSeedSource ?? ''}>
                    (
                    {player.clientSeedSource === null || player.clientSeedSource === undefined
                      ? '–'
                      : S.source[player.clientSeedSource]}
                    )
                  </span>
                </>
              )}
            </dd>
          </Fragment>
        ))}
        {game.startPosition !== null && game.startPosition !== undefined && (
          <>
            <dt>{S.startPosition}</dt>
            <dd>
              <code data-testid="start-position">{game.startPosition}</code>
            </dd>
          </>
        )}
      </dl>
      {game.dealChosen && <p class="hint">{S.dealChosen}</p>}
    </section>
  );
}
