/**
 * A played demo game as the rows the service would have left: the `games` row of a finished game, each seat's
 * `game_players` row with its outcome (and rating change when rated), and the move log in `game_events`. Column
 * by column as the repository writes them (src/games/persistence), without a client move id (bots
 * that never retried).
 */
import { GameResult, PresetName, RULES_VERSION, seedCommitment } from '../../engine';
import { RatingChange, SeatOutcome } from '../../games/domain/finish';
import { copyRow } from '../../db/copy';
import { BulkGames, newBulkGames } from '../../games/persistence/bulk-games';
import { GameTimes } from './timeline';
import { PlayedGame, demoClientSeeds, presetOptions } from './play';
import { GamePlan } from './plan';

/** One chunk's rows: the bulk path of the game tables (src/games/persistence/bulk-games.ts). */
export type ChunkRows = BulkGames;
export const newChunkRows = newBulkGames;

const OPTIONS_JSON = new Map<PresetName, string>();

function optionsJson(preset: PresetName): string {
  let json = OPTIONS_JSON.get(preset);
  if (json === undefined) {
    json = JSON.stringify(presetOptions(preset));
    OPTIONS_JSON.set(preset, json);
  }
  return json;
}

export interface FinishedGame {
  readonly plan: GamePlan;
  readonly result: GameResult;
  readonly eventCount: number;
  readonly times: GameTimes;
  /** Player ids by seat. */
  readonly playerIds: readonly string[];
  readonly outcomes: readonly SeatOutcome[];
  /** By seat; null for an unrated game. */
  readonly ratings: readonly RatingChange[] | null;
}

/** The `games` row and the seats' `game_players` rows of a finished game. */
export function addGameRows(rows: ChunkRows, game: FinishedGame): void {
  const { plan, times, playerIds } = game;
  rows.games.add([
    plan.id,
    plan.preset,
    optionsJson(plan.preset),
    plan.seats,
    plan.rated,
    'FINISHED',
    game.eventCount,
    null,
    null,
    plan.seed,
    seedCommitment(RULES_VERSION, plan.seed),
    RULES_VERSION,
    null,
    false,
    null,
    playerIds[0] as string,
    JSON.stringify(game.result),
    times.createdAt,
    times.startedAt,
    times.finishedAt,
    times.finishedAt,
  ]);
  for (const outcome of game.outcomes) {
    const change = game.ratings?.[outcome.seat] ?? null;
    rows.gamePlayers.add([
      plan.id,
      outcome.seat,
      outcome.playerId,
      times.joinedAt[outcome.seat] as Date,
      // Demo players give no seed of their own: every seat has its stand-in, as the service's deal gives it.
      demoClientSeeds(plan)[outcome.seat] as string,
      'SERVER_STAND_IN',
      times.finishedAt,
      outcome.outcome,
      outcome.placement,
      outcome.score,
      outcome.payoffLeft,
      change?.before.rating ?? null,
      change?.before.deviation ?? null,
      change?.before.volatility ?? null,
      change?.after.rating ?? null,
      change?.after.deviation ?? null,
      change?.after.volatility ?? null,
    ]);
  }
}

/** The `game_events` rows of a played game, as COPY text (built where the game was played). */
export function eventRowsText(
  gameId: string,
  played: PlayedGame,
  times: GameTimes,
  playerIds: readonly string[],
): string {
  let text = '';
  played.events.forEach((event, index) => {
    text += copyRow([
      gameId,
      index + 1,
      event.type,
      JSON.stringify(event),
      playerIds[event.seat] as string,
      null,
      times.decidedAt[played.decisions[index] as number] as Date,
    ]);
  });
  return text;
}
