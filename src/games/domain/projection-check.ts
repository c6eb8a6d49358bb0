/**
 * The check of one game's projection row against its move log (the truth), shared by check:projections
 * (src/cli/check-projections.ts) and the archiver (src/archive/archive-worker.ts), which archives a log only when
 * its decoded archive replays to the row as stored. Pure: the caller reads the rows.
 */
import { GameEvent, GameResult, UnsupportedRulesVersionError, replayFrom } from '../../engine';
import { seatOutcomes } from './finish';
import { LogCorruptError, initialState } from './initial-state';
import { GameProjection, projectionOf, sameResult } from './projection';

/** A `games` row as stored (the columns the check reads). */
export interface GameRow {
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
  /** When the log moved into its archive (game_archives); null while it is rows. */
  archived_at: Date | null;
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
    if (error instanceof UnsupportedRulesVersionError) {
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
