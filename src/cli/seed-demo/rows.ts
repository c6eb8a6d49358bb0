/**
 * A played demo game as the rows the service would have left: the `games` row of a finished game, each seat's
 * `game_players` row with its outcome (and rating change when rated), and the move log in `game_events`. Column
 * by column as games.service.ts writes them (create, join, append), without a client move id (bots
 * that never retried).
 */
import { GameResult, PresetName, RULES_VERSION, seedCommitment } from '../../engine';
import { RatingChange, SeatOutcome } from '../../games/domain/finish';
import { CopyBuffer, copyRow } from './copy';
import { GameTimes } from './timeline';
import { PlayedGame, demoClientSeeds, presetOptions } from './play';
import { GamePlan } from './plan';

/** The COPY buffers of one chunk of games, in the order they must be sent (foreign keys). */
export interface ChunkRows {
  readonly games: CopyBuffer;
  readonly gamePlayers: CopyBuffer;
  readonly gameEvents: CopyBuffer;
}

export function newChunkRows(): ChunkRows {
  return {
    games: new CopyBuffer('games', [
      'id',
      'preset',
      'options',
      'seats',
      'rated',
      'status',
      'version',
      'current_seat',
      'current_player_id',
      'seed',
      'seed_commitment',
      'rules_version',
      'start_position',
      'deal_chosen',
      'invited_player_id',
      'created_by_id',
      'result',
      'created_at',
      'started_at',
      'finished_at',
      'updated_at',
    ]),
    gamePlayers: new CopyBuffer('game_players', [
      'game_id',
      'seat',
      'player_id',
      'joined_at',
      'client_seed',
      'client_seed_source',
      'finished_at',
      'outcome',
      'placement',
      'score',
      'payoff_left',
      'rating_before',
      'deviation_before',
      'volatility_before',
      'rating_after',
      'deviation_after',
      'volatility_after',
    ]),
    gameEvents: new CopyBuffer('game_events', [
      'game_id',
      'seq',
      'type',
      'payload',
      'actor_id',
      'client_move_id',
      'created_at',
    ]),
  };
}

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
