/**
 * The games and game_players rows as node-postgres returns them, turned into the Prisma models' shapes. The hot
 * reads (a dealt game's row, a list page) use plain queries through the pg pool rather than Prisma's per-call
 * machinery; these keep the results interchangeable with what Prisma returns.
 */
import type { Game, GamePlayer, Player, Prisma } from '../generated/prisma/client';

export type GameWithPlayers = Game & { players: (GamePlayer & { player: Player })[] };

/** A `games` row as node-postgres returns it (column names as in the migration). */
export interface GameRow {
  id: string;
  preset: string;
  options: Prisma.JsonValue;
  seats: number;
  rated: boolean;
  status: string;
  version: number;
  current_seat: number | null;
  current_player_id: string | null;
  seed: string;
  seed_commitment: string;
  rules_version: string;
  start_position: string | null;
  deal_chosen: boolean;
  invited_player_id: string | null;
  created_by_id: string;
  result: Prisma.JsonValue | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  updated_at: Date;
  seconds_per_move: number | null;
  turn_started_at: Date | null;
  deadline: Date | null;
  reminded_turn_at: Date | null;
  end_reason: string | null;
  sweep_claimed_until: Date | null;
}

/** A game_players row joined with its player, as node-postgres returns it. */
export interface SeatRow {
  game_id: string;
  seat: number;
  player_id: string;
  joined_at: Date;
  finished_at: Date | null;
  outcome: string | null;
  placement: number | null;
  score: number | null;
  payoff_left: number | null;
  rating_before: number | null;
  deviation_before: number | null;
  volatility_before: number | null;
  rating_after: number | null;
  deviation_after: number | null;
  volatility_after: number | null;
  username: string;
  username_key: string;
  password_hash: string;
  is_bot: boolean;
  player_created_at: Date;
}

export function seatOfRow(row: SeatRow): GameWithPlayers['players'][number] {
  return {
    gameId: row.game_id,
    seat: row.seat,
    playerId: row.player_id,
    joinedAt: row.joined_at,
    finishedAt: row.finished_at,
    outcome: row.outcome,
    placement: row.placement,
    score: row.score,
    payoffLeft: row.payoff_left,
    ratingBefore: row.rating_before,
    deviationBefore: row.deviation_before,
    volatilityBefore: row.volatility_before,
    ratingAfter: row.rating_after,
    deviationAfter: row.deviation_after,
    volatilityAfter: row.volatility_after,
    player: {
      id: row.player_id,
      username: row.username,
      usernameKey: row.username_key,
      passwordHash: row.password_hash,
      isBot: row.is_bot,
      createdAt: row.player_created_at,
    },
  };
}

/** A games row as node-postgres returns it, in the Prisma model's shape. */
export function gameOfRow(row: GameRow): Game {
  return {
    id: row.id,
    preset: row.preset,
    options: row.options,
    seats: row.seats,
    rated: row.rated,
    status: row.status,
    version: row.version,
    currentSeat: row.current_seat,
    currentPlayerId: row.current_player_id,
    seed: row.seed,
    seedCommitment: row.seed_commitment,
    rulesVersion: row.rules_version,
    startPosition: row.start_position,
    dealChosen: row.deal_chosen,
    invitedPlayerId: row.invited_player_id,
    createdById: row.created_by_id,
    result: row.result,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
    secondsPerMove: row.seconds_per_move,
    turnStartedAt: row.turn_started_at,
    deadline: row.deadline,
    remindedTurnAt: row.reminded_turn_at,
    endReason: row.end_reason,
    sweepClaimedUntil: row.sweep_claimed_until,
  };
}
