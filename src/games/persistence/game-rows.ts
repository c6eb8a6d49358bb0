/**
 * The games and game_players rows as the database returns them — through node-postgres (the hot reads: a dealt
 * game's row, a list page) or through Prisma — and their mapping into the app's own records
 * (src/games/domain/game-record.ts). Nothing of these row types leaves persistence/.
 */
import type { GameResult, PresetName, StoredOptions } from '../../engine';
import type { Game, GamePlayer, Player, Prisma } from '../../generated/prisma/client';
import type {
  EndReasonName,
  GameRecord,
  GameRowRecord,
  GameSeatRecord,
  UnratedReasonName,
} from '../domain/game-record';
import type { ClientSeedSourceName } from '../domain/client-seed-source';
import type { DeclineReasonName } from '../domain/challenge';
import type { GameStatusName, OutcomeName } from '../domain/vocabulary';

/**
 * What a game carries of each seated player: who they are, never their credentials. Games are cached per app
 * copy and passed to resolvers, exports and bots, so a password hash must never be in one.
 */
export const SEAT_PLAYER_FIELDS = {
  id: true,
  username: true,
  usernameKey: true,
  isBot: true,
  createdAt: true,
  deletedAt: true,
  guestSince: true,
} as const satisfies Partial<Record<keyof Player, true>>;

type SeatPlayer = Pick<Player, keyof typeof SEAT_PLAYER_FIELDS>;

/** A game as Prisma returns it with `include: { players: { include: { player } } }`. */
export type PrismaGameRecord = Game & { players: (GamePlayer & { player: SeatPlayer })[] };

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
  remind_at: Date | null;
  reminded_turn_at: Date | null;
  end_reason: string | null;
  sweep_claimed_until: Date | null;
  archived_at: Date | null;
  unrated_reason: string | null;
  decline_reason: string | null;
  await_client_seed: boolean;
  seek_rating_min: number | null;
  seek_rating_max: number | null;
  tournament_id: string | null;
}

/** Every column of GameRow, in the migration's order: a read names them rather than `*` (sql/stored-log.ts, READ_GAME_ROW). */
export const GAME_COLUMNS = [
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
  'seconds_per_move',
  'turn_started_at',
  'deadline',
  'reminded_turn_at',
  'end_reason',
  'sweep_claimed_until',
  'archived_at',
  'unrated_reason',
  'remind_at',
  'decline_reason',
  'await_client_seed',
  'seek_rating_min',
  'seek_rating_max',
  'tournament_id',
] as const satisfies readonly (keyof GameRow)[];

// A column added to GameRow but not to the list above fails to compile here.
type UnlistedGameColumn = Exclude<keyof GameRow, (typeof GAME_COLUMNS)[number]>;
const everyGameColumnListed: UnlistedGameColumn extends never ? true : UnlistedGameColumn = true;
void everyGameColumnListed;

/** A game_players row joined with its player, as node-postgres returns it. */
export interface SeatRow {
  game_id: string;
  seat: number;
  player_id: string;
  joined_at: Date;
  client_seed: string | null;
  client_seed_source: string | null;
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
  bot_versions: string[];
  username: string;
  username_key: string;
  is_bot: boolean;
  player_created_at: Date;
  player_deleted_at: Date | null;
  player_guest_since: Date | null;
}

export function seatOfRow(row: SeatRow): GameSeatRecord {
  return narrowSeat({
    gameId: row.game_id,
    seat: row.seat,
    playerId: row.player_id,
    joinedAt: row.joined_at,
    clientSeed: row.client_seed,
    clientSeedSource: row.client_seed_source,
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
    botVersions: row.bot_versions,
    player: {
      id: row.player_id,
      username: row.username,
      usernameKey: row.username_key,
      isBot: row.is_bot,
      createdAt: row.player_created_at,
      deletedAt: row.player_deleted_at,
      guestSince: row.player_guest_since,
    },
  });
}

/**
 * The one place that trusts the texts and JSON of a stored game as the app's types: the columns hold what the app
 * wrote (the database checks none of these texts), whichever client read them.
 */
// `vacationPauses` is read only by the statements that decide who is away (games.repository.ts, AWAY_NOW).
function narrowGame({
  seekRatingMin,
  seekRatingMax,
  vacationPauses: _vacationPauses,
  ...row
}: Omit<Game, 'vacationPauses'> & { vacationPauses?: boolean }): GameRowRecord {
  return {
    ...row,
    seekRatings:
      seekRatingMin === null || seekRatingMax === null ? null : { min: seekRatingMin, max: seekRatingMax },
    preset: row.preset as PresetName,
    options: row.options as unknown as StoredOptions,
    status: row.status as GameStatusName,
    result: row.result as unknown as GameResult | null,
    endReason: row.endReason as EndReasonName | null,
    unratedReason: row.unratedReason as UnratedReasonName | null,
    declineReason: row.declineReason as DeclineReasonName | null,
  };
}

function narrowSeat(seat: GamePlayer & { player: SeatPlayer }): GameSeatRecord {
  return {
    ...seat,
    clientSeedSource: seat.clientSeedSource as ClientSeedSourceName | null,
    outcome: seat.outcome as OutcomeName | null,
  };
}

/** A games row as node-postgres returns it, as the app's record. */
export function gameOfRow(row: GameRow): GameRowRecord {
  return narrowGame({
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
    remindAt: row.remind_at,
    remindedTurnAt: row.reminded_turn_at,
    endReason: row.end_reason,
    sweepClaimedUntil: row.sweep_claimed_until,
    archivedAt: row.archived_at,
    unratedReason: row.unrated_reason,
    declineReason: row.decline_reason,
    awaitClientSeed: row.await_client_seed,
    seekRatingMin: row.seek_rating_min,
    seekRatingMax: row.seek_rating_max,
    tournamentId: row.tournament_id,
  });
}

/** A game as Prisma returns it, as the app's record. */
export function recordOfPrisma(game: PrismaGameRecord): GameRecord {
  const { players, ...row } = game;
  return {
    ...narrowGame(row),
    players: players.map(narrowSeat),
  };
}
