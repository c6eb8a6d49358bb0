/**
 * A game that is over (FINISHED or ABORTED): the result with each seat's placement, outcome, score and pay-off
 * cards left, the rating change of a rated game, the revealed seeds (docs/fairness.md), the move log, and the
 * replay with Verify (replay-viewer.tsx), which runs the rules engine in the browser. A game that is not over yet
 * shows its log live until it is, then all of the above.
 */
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request, subscribe } from '../api';
import { ErrorBox } from '../error-box';
import { RematchButton } from '../new-game/rematch-button';
import { PlayerLink } from '../players/player-link';
import type {
  ReplayGameQuery,
  ReplayGameQueryVariables,
  ReplayGameUpdatedSubscription,
  ReplayGameUpdatedSubscriptionVariables,
  ReplayPlayerFragment,
} from '../generated/graphql';
import { formatNumber } from '../i18n';
import type { Me } from '../me';
import { strings as sharedStrings } from '../strings';
import { MoveHistory } from './move-history';
import REPLAY from './replay.graphql?raw';
import { ReplayViewer } from './replay-viewer';
import { strings } from './strings';
import './replay.css';

declare module '../api' {
  interface Operations {
    ReplayGame: [ReplayGameQuery, ReplayGameQueryVariables];
    ReplayGameUpdated: [ReplayGameUpdatedSubscription, ReplayGameUpdatedSubscriptionVariables];
  }
}

type ReplayGame = NonNullable<ReplayGameQuery['game']>;

function isOver(game: { status: ReplayGame['status'] }): boolean {
  switch (game.status) {
    case 'FINISHED':
    case 'ABORTED':
      return true;
    case 'WAITING':
    case 'ACTIVE':
      return false;
    default: {
      const never: never = game.status;
      return never;
    }
  }
}

const bySeat = (a: ReplayPlayerFragment, b: ReplayPlayerFragment) => a.seat - b.seat;

export function FinishedGame({ id }: { id: string; me: Me }) {
  const [game, setGame] = useState<ReplayGame | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let current = true;
    request(REPLAY, 'ReplayGame', { id })
      .then((data) => {
        if (!current) return;
        setGame(data.game);
        setMissing(data.game === null);
      })
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => {
      current = false;
    };
  }, [id, reads]);

  if (error !== null) return <ErrorBox error={error} />;
  if (missing) return <p data-testid="not-found">{sharedStrings().nav.notFound}</p>;
  if (game === null) return <p class="muted">{sharedStrings().working}</p>;
  if (!isOver(game)) {
    return <NotOverYet game={game} onOver={() => setReads((count) => count + 1)} />;
  }
  const players = [...game.players].sort(bySeat);
  const names = players.map((player) => player.player.username);
  return (
    <section class="finished-game" data-testid="finished-game" data-game-id={id} data-status={game.status}>
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
        <ReplayViewer gameId={game.id} mySeat={game.mySeat ?? null} names={names} />
      )}
      <MoveHistory gameId={game.id} version={game.version} />
    </section>
  );
}

/** A game still being played: its log, following the game (gameUpdated) until it is over. */
function NotOverYet({ game, onOver }: { game: ReplayGame; onOver: () => void }) {
  const S = strings();
  const [version, setVersion] = useState(game.version);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(
    () =>
      subscribe(
        REPLAY,
        'ReplayGameUpdated',
        { id: game.id },
        (data) => {
          setVersion(data.gameUpdated.version);
          if (isOver(data.gameUpdated)) onOver();
        },
        (failure) => setError(asFailure(failure)),
      ),
    [game.id],
  );
  return (
    <section
      class="finished-game"
      data-testid="finished-game"
      data-game-id={game.id}
      data-status={game.status}
    >
      <p class="muted">{S.notOver}</p>
      {error !== null && <ErrorBox error={error} />}
      <MoveHistory gameId={game.id} version={version} />
    </section>
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
        <table class="result-table">
          <thead>
            <tr>
              <th scope="col">{S.placement}</th>
              <th scope="col">{S.player}</th>
              <th scope="col">{S.outcomeLabel}</th>
              <th scope="col">{S.score}</th>
              <th scope="col">{S.payoffLeft}</th>
            </tr>
          </thead>
          <tbody>
            {[...players]
              .sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99) || a.seat - b.seat)
              .map((player) => (
                <tr key={player.seat} data-testid="result-seat" data-seat={player.seat}>
                  <td data-testid="placement">{player.placement ?? '–'}</td>
                  <th scope="row">
                    <PlayerLink username={player.player.username} />
                  </th>
                  <td data-testid="outcome" data-outcome={player.outcome ?? ''}>
                    {player.outcome === null || player.outcome === undefined
                      ? '–'
                      : S.outcome[player.outcome]}
                  </td>
                  <td data-testid="score">{player.score ?? '–'}</td>
                  <td data-testid="payoff-left">
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
        <table class="result-table">
          <thead>
            <tr>
              <th scope="col">{S.player}</th>
              <th scope="col">{S.ratingBefore}</th>
              <th scope="col">{S.ratingAfter}</th>
              <th scope="col">{S.ratingChange}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((player) => (
              <tr key={player.seat} data-testid="rating-seat" data-seat={player.seat}>
                <th scope="row">
                  <PlayerLink username={player.player.username} />
                </th>
                <td data-testid="rating-before">{rating(player.ratingBefore)}</td>
                <td data-testid="rating-after">{rating(player.ratingAfter)}</td>
                <td
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
