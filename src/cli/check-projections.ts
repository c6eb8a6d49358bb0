/**
 * `npm run check:projections [-- --repair]`: rebuilds every game's projection from its move log (the truth)
 * and reports each difference from the stored `games` row; exits 1 if any. With --repair it
 * rewrites the differing rows from the log (each guarded by the version it read). Each game is folded under its
 * own rules version; a game under a version this engine does not know is reported (and never repaired), not
 * replayed under other rules.
 * Uses DATABASE_URL, or the embedded Postgres in DATA_DIR that `npm start` uses (the running server's, while it runs).
 */
import { Client } from 'pg';
import { notifierOption } from '../notifications/notification-writer';
import { repairProjection } from '../games/persistence/projection-repair';
import { GameEvent, GameResult, replayFrom } from '../engine';
import { runTool } from './run-tool';
import { toolDatabase } from './tool-database';
import { seatOutcomes } from '../games/domain/finish';
import { ApiError } from '../errors/api-error';
import { LogCorruptError, initialState } from '../games/domain/initial-state';
import { GameProjection, projectionOf, sameResult } from '../games/domain/projection';

interface GameRow {
  id: string;
  status: string;
  version: number;
  seats: number;
  options: unknown;
  seed: string;
  rules_version: string;
  deal_chosen: boolean;
  start_position: string | null;
  current_seat: number | null;
  current_player_id: string | null;
  result: GameResult | null;
  started_at: Date | null;
  end_reason: string | null;
}

/** A seat as stored, with the outcome columns a finishing move writes. */
export interface StoredSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly clientSeed: string | null;
  readonly outcome: string | null;
  readonly placement: number | null;
  readonly score: number | null;
  readonly payoffLeft: number | null;
  readonly finishedAt: Date | null;
}

export interface Difference {
  readonly gameId: string;
  readonly field: string;
  readonly stored: unknown;
  readonly fromLog: unknown;
}

/** Compares one game row with the projection its log gives; returns the differences and that projection. */
export function compare(
  row: GameRow,
  events: GameEvent[],
  players: readonly StoredSeat[],
): { differences: Difference[]; projection: GameProjection | null } {
  const differences: Difference[] = [];
  const differ = (field: string, stored: unknown, fromLog: unknown): void => {
    differences.push({ gameId: row.id, field, stored, fromLog });
  };
  if (row.started_at === null) {
    // Never dealt (waiting, or aborted while waiting): the log must be empty.
    if (events.length > 0 || row.version !== 0) differ('version', row.version, events.length);
    return { differences, projection: null };
  }
  const origin = {
    rulesVersion: row.rules_version,
    options: row.options,
    seed: row.seed,
    seats: row.seats,
    startPosition: row.start_position,
    dealChosen: row.deal_chosen,
    clientSeeds: Array.from(
      { length: row.seats },
      (_, seat) => players.find((entry) => entry.seat === seat)?.clientSeed ?? null,
    ),
  };
  let initial;
  try {
    initial = initialState(origin);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'UNSUPPORTED_RULES_VERSION') {
      differ('rules_version', row.rules_version, `nothing: ${error.message}`);
      return { differences, projection: null };
    }
    if (error instanceof LogCorruptError) {
      differ('deal', 'stored', `cannot be dealt: ${error.message}`);
      return { differences, projection: null };
    }
    throw error;
  }
  const replayed = replayFrom(initial, events);
  if (!replayed.ok) {
    differ(`log event ${replayed.index + 1}`, 'stored', `does not replay: ${replayed.violation.reason}`);
    return { differences, projection: null };
  }
  const projection = projectionOf(replayed.state, events.length, players);
  // Aborted before the first move, because a player who never moved ran out of time, or by an admin
  // (adminAbortGame): the log stops there.
  const aborted =
    row.status === 'ABORTED' &&
    (events.length === 0 || row.end_reason === 'noMove' || row.end_reason === 'moderated');
  if (row.version !== projection.version) differ('version', row.version, projection.version);
  if (!aborted) {
    if (row.status !== projection.status) differ('status', row.status, projection.status);
    if (row.current_seat !== projection.currentSeat)
      differ('current_seat', row.current_seat, projection.currentSeat);
    if (row.current_player_id !== projection.currentPlayerId) {
      differ('current_player_id', row.current_player_id, projection.currentPlayerId);
    }
    if (!sameResult(row.result, projection.result)) differ('result', row.result, projection.result);
  }
  // Each seat's outcome follows from the result (src/games/domain/finish.ts); none before the end. Ratings are not
  // recomputed here: they depend on the order games finished in, not on one log.
  const outcomes = projection.result === null || aborted ? null : seatOutcomes(projection.result, players);
  for (const seat of [...players].sort((a, b) => a.seat - b.seat)) {
    const expected = outcomes?.find((outcome) => outcome.seat === seat.seat) ?? null;
    const pairs: [string, unknown, unknown][] = [
      ['outcome', seat.outcome, expected?.outcome ?? null],
      ['placement', seat.placement, expected?.placement ?? null],
      ['score', seat.score, expected?.score ?? null],
      ['payoff_left', seat.payoffLeft, expected?.payoffLeft ?? null],
      ['finished', seat.finishedAt !== null, expected !== null],
    ];
    for (const [field, stored, fromLog] of pairs) {
      if (stored !== fromLog) differ(`seat ${seat.seat} ${field}`, stored, fromLog);
    }
  }
  return { differences, projection: aborted ? null : projection };
}

export async function checkProjections(
  databaseUrl: string,
  repair: boolean,
  log: (line: string) => void,
): Promise<Difference[]> {
  // A repair rewrites projections: it tells nobody (no player events, no webhook deliveries).
  const client = new Client({ connectionString: databaseUrl, options: notifierOption('none') });
  await client.connect();
  const all: Difference[] = [];
  try {
    const games = (await client.query<GameRow>('SELECT * FROM games ORDER BY created_at, id')).rows;
    for (const row of games) {
      const events = (
        await client.query<{ payload: GameEvent }>(
          'SELECT payload FROM game_events WHERE game_id = $1 ORDER BY seq',
          [row.id],
        )
      ).rows.map((event) => event.payload);
      const players = (
        await client.query<{
          seat: number;
          player_id: string;
          client_seed: string | null;
          outcome: string | null;
          placement: number | null;
          score: number | null;
          payoff_left: number | null;
          finished_at: Date | null;
        }>(
          'SELECT seat, player_id, client_seed, outcome, placement, score, payoff_left, finished_at FROM game_players WHERE game_id = $1',
          [row.id],
        )
      ).rows.map((player): StoredSeat => ({
        seat: player.seat,
        playerId: player.player_id,
        clientSeed: player.client_seed,
        outcome: player.outcome,
        placement: player.placement,
        score: player.score,
        payoffLeft: player.payoff_left,
        finishedAt: player.finished_at,
      }));
      const { differences, projection } = compare(row, events, players);
      for (const difference of differences) {
        log(
          `game ${difference.gameId}: ${difference.field} is ${JSON.stringify(difference.stored)}, the log gives ${JSON.stringify(difference.fromLog)}`,
        );
      }
      all.push(...differences);
      if (repair && differences.length > 0 && projection !== null) {
        const outcomes = projection.result === null ? [] : seatOutcomes(projection.result, players);
        await repairProjection(client, row.id, row.version, projection, outcomes);
        log(`game ${row.id}: repaired from the log`);
      }
    }
    log(
      `checked ${games.length} games: ${all.length === 0 ? 'every projection matches its log' : `${all.length} differences`}`,
    );
  } finally {
    await client.end();
  }
  return all;
}

async function main(): Promise<number> {
  const repair = process.argv.includes('--repair');
  // The running server's embedded Postgres while it runs, as the backup tools do (src/cli/tool-database.ts).
  const database = await toolDatabase(process.env);
  try {
    const differences = await checkProjections(database.url, repair, (line) => console.log(line));
    return differences.length > 0 && !repair ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (require.main === module) runTool(main, 'check:projections failed');
