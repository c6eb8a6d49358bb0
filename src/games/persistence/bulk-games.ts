/**
 * The bulk path of the game aggregate's storage (with games.repository.ts, the only code that writes `games`,
 * `game_players` and `game_events`): finished games written with COPY, for seed:demo, column by column as the
 * repository writes them. Run it on a connection whose notifier is `none`: demo games tell nobody.
 */
import type { Client } from 'pg';
import { CopyBuffer } from '../../db/copy';
import type { GameRow, SeatRow } from './game-rows';

/** The COPY buffers of a batch of finished games. */
export interface BulkGames {
  readonly games: CopyBuffer;
  readonly gamePlayers: CopyBuffer;
  readonly gameEvents: CopyBuffer;
}

/** The columns a finished game's row fills (the rest keep their defaults); names checked against GameRow. */
const BULK_GAME_COLUMNS = [
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
] as const satisfies readonly (keyof GameRow)[];

/** The columns of a finished game's seats; names checked against SeatRow. */
const BULK_SEAT_COLUMNS = [
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
] as const satisfies readonly (keyof SeatRow)[];

export function newBulkGames(): BulkGames {
  return {
    games: new CopyBuffer('games', BULK_GAME_COLUMNS),
    gamePlayers: new CopyBuffer('game_players', BULK_SEAT_COLUMNS),
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

/** Sends a batch, in the order the foreign keys need (games, then their seats, then their logs). */
export async function writeBulkGames(client: Client, rows: BulkGames): Promise<void> {
  await rows.games.send(client);
  await rows.gamePlayers.send(client);
  await rows.gameEvents.send(client);
}
