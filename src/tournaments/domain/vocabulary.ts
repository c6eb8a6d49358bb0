/**
 * Names and limits of correspondence tournaments, written once: each list `as const`, its type derived, and the
 * check of a tournament's shape that the service maps to errors. Pure.
 *
 * Scores are kept in half points, integers everywhere (HALF_POINTS): the API shows points = halfPoints / 2, so no
 * float is ever summed or compared.
 */

/** How the games of a tournament are paired: everyone against everyone (round-robin.ts), or round by round (swiss.ts). */
export const TOURNAMENT_FORMATS = ['ROUND_ROBIN', 'SWISS'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

/** Where a tournament is in its life. */
export const TOURNAMENT_STATUSES = ['OPEN', 'RUNNING', 'FINISHED', 'CANCELLED'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** How one game of a pairing ended, told from the pairing's `first` and `second` players. */
export const GAME_RESULTS = ['FIRST_WON', 'SECOND_WON', 'DRAW'] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

/** One game of a round: two players' ids. Who is `first` is the pairing's own order (see each pairing function). */
export interface Pairing {
  readonly first: string;
  readonly second: string;
}

/** One round: its games, and the player who sits out (an odd number of players), or null. */
export interface Round {
  readonly pairings: readonly Pairing[];
  readonly bye: string | null;
}

/**
 * What a game or a bye is worth, in half points. A Swiss bye is a win (the player could not be paired through no
 * fault of theirs); a round-robin sit-out is worth nothing, because every player of an odd round robin sits out
 * exactly once (round-robin.ts), so it takes the same from everyone.
 */
export const HALF_POINTS = {
  WIN: 2,
  DRAW: 1,
  LOSS: 0,
  SWISS_BYE: 2,
  ROUND_ROBIN_SIT_OUT: 0,
} as const;

/** A round robin's players: at least 3 (2 would be a match), at most 16 (15 games each, played at once). */
export const ROUND_ROBIN_MIN_PLAYERS = 3;
export const ROUND_ROBIN_MAX_PLAYERS = 16;

/** A Swiss tournament's players: at least 4 (fewer is a round robin), at most 256. */
export const SWISS_MIN_PLAYERS = 4;
export const SWISS_MAX_PLAYERS = 256;

/** A Swiss tournament's rounds: 1 to 20, and always fewer than its players (no rematch could fill more). */
/** The longest tournament name. */
export const MAX_NAME_LENGTH = 80;
/** Days per move in a tournament's games. */
export const MIN_DAYS_PER_MOVE = 1;
export const MAX_DAYS_PER_MOVE = 14;
/** How far ahead a tournament may be set to start. */
export const MAX_DAYS_TO_START = 60;
/** How many open or running tournaments one player may organise at once. */
export const MAX_ORGANISED = 5;

export const SWISS_MIN_ROUNDS = 1;
export const SWISS_MAX_ROUNDS = 20;

/** What a tournament is asked to be, as the creator gives it. `rounds` is Swiss only: a round robin's follow from its players. */
export interface TournamentShape {
  readonly format: TournamentFormat;
  /** Players the tournament starts with at least. */
  readonly minPlayers: number;
  /** Players it takes at most. */
  readonly maxPlayers: number;
  /** Swiss: the number of rounds; a round robin: null. */
  readonly rounds: number | null;
}

export const TOURNAMENT_SHAPE_REFUSALS = [
  'PLAYERS_NOT_INTEGER',
  'PLAYERS_OUT_OF_RANGE',
  'MIN_ABOVE_MAX',
  'ROUNDS_REQUIRED',
  'ROUNDS_NOT_ALLOWED',
  'ROUNDS_NOT_INTEGER',
  'ROUNDS_OUT_OF_RANGE',
  'ROUNDS_NOT_BELOW_PLAYERS',
] as const;
export type TournamentShapeRefusalReason = (typeof TOURNAMENT_SHAPE_REFUSALS)[number];

/** The message for each refusal, for a person to read. */
export const TOURNAMENT_SHAPE_MESSAGES = {
  PLAYERS_NOT_INTEGER: 'The numbers of players must be whole numbers.',
  PLAYERS_OUT_OF_RANGE:
    `A round robin takes ${ROUND_ROBIN_MIN_PLAYERS} to ${ROUND_ROBIN_MAX_PLAYERS} players; ` +
    `a Swiss tournament ${SWISS_MIN_PLAYERS} to ${SWISS_MAX_PLAYERS}.`,
  MIN_ABOVE_MAX: 'The least number of players must not be above the greatest.',
  ROUNDS_REQUIRED: 'A Swiss tournament needs its number of rounds.',
  ROUNDS_NOT_ALLOWED: "A round robin's rounds follow from its players: give no number of rounds.",
  ROUNDS_NOT_INTEGER: 'The number of rounds must be a whole number.',
  ROUNDS_OUT_OF_RANGE: `A Swiss tournament has ${SWISS_MIN_ROUNDS} to ${SWISS_MAX_ROUNDS} rounds.`,
  ROUNDS_NOT_BELOW_PLAYERS: 'A Swiss tournament needs fewer rounds than its least number of players.',
} as const satisfies Readonly<Record<TournamentShapeRefusalReason, string>>;

export interface TournamentShapeRefusal {
  readonly reason: TournamentShapeRefusalReason;
  readonly message: string;
}

function refuse(reason: TournamentShapeRefusalReason): TournamentShapeRefusal {
  return { reason, message: TOURNAMENT_SHAPE_MESSAGES[reason] };
}

function playerLimits(format: TournamentFormat): readonly [number, number] {
  switch (format) {
    case 'ROUND_ROBIN':
      return [ROUND_ROBIN_MIN_PLAYERS, ROUND_ROBIN_MAX_PLAYERS];
    case 'SWISS':
      return [SWISS_MIN_PLAYERS, SWISS_MAX_PLAYERS];
    default: {
      const unknown: never = format;
      throw new Error(`Unknown tournament format: ${String(unknown)}`);
    }
  }
}

/**
 * Whether a tournament may have this shape: null when it may, else the first refusal found (players, then rounds).
 * Swiss rounds are checked against `minPlayers`, the fewest the tournament can start with, so that they are fewer
 * than the players whoever joins. Fewer rounds than players is needed for a tournament without rematches, not
 * enough: pairing can still run out (swiss.ts, `exhausted`), and the service ends the tournament then.
 */
export function validateTournamentShape(shape: TournamentShape): TournamentShapeRefusal | null {
  const { format, minPlayers, maxPlayers, rounds } = shape;
  if (!Number.isInteger(minPlayers) || !Number.isInteger(maxPlayers)) return refuse('PLAYERS_NOT_INTEGER');
  const [least, most] = playerLimits(format);
  if (minPlayers < least || maxPlayers > most || minPlayers > most || maxPlayers < least) {
    return refuse('PLAYERS_OUT_OF_RANGE');
  }
  if (minPlayers > maxPlayers) return refuse('MIN_ABOVE_MAX');
  switch (format) {
    case 'ROUND_ROBIN':
      return rounds === null ? null : refuse('ROUNDS_NOT_ALLOWED');
    case 'SWISS':
      if (rounds === null) return refuse('ROUNDS_REQUIRED');
      if (!Number.isInteger(rounds)) return refuse('ROUNDS_NOT_INTEGER');
      if (rounds < SWISS_MIN_ROUNDS || rounds > SWISS_MAX_ROUNDS) return refuse('ROUNDS_OUT_OF_RANGE');
      if (rounds >= minPlayers) return refuse('ROUNDS_NOT_BELOW_PLAYERS');
      return null;
    default: {
      const unknown: never = format;
      throw new Error(`Unknown tournament format: ${String(unknown)}`);
    }
  }
}
