/**
 * What the tournaments pages work out before they draw anything, pure (no DOM, no request), so it is tested alone
 * (test/unit/web/tournament-view.test.ts): scores in quarters written with ¼ ½ ¾, the rounds' boards grouped, a
 * board's result as its row says it, and the new-tournament form — its defaults, the limits it checks before it is
 * sent (the server's own: src/tournaments/domain/), and the input it becomes.
 */
import {
  MAX_DAYS_PER_MOVE,
  MAX_DAYS_TO_START,
  MAX_NAME_LENGTH,
  MAX_ORGANISED,
  MIN_DAYS_PER_MOVE,
  ROUND_ROBIN_MAX_PLAYERS,
  ROUND_ROBIN_MIN_PLAYERS,
  SWISS_MAX_PLAYERS,
  SWISS_MIN_PLAYERS,
  TOURNAMENT_SHAPE_REFUSALS,
  validateTournamentShape,
  type TournamentShapeRefusalReason,
} from '../../../src/tournaments/domain/vocabulary';
import type {
  CreateTournamentInput,
  Preset,
  TournamentDetailFragment,
  TournamentFormat,
  TournamentStatus,
} from '../generated/graphql';

// The server's limits of a new tournament, from its vocabulary (which imports nothing).
export { MAX_DAYS_PER_MOVE, MAX_DAYS_TO_START, MAX_NAME_LENGTH, MAX_ORGANISED, MIN_DAYS_PER_MOVE };

/**
 * How often an open or running tournament’s page reads it again: its rounds move on
 * by the server's director, which tells no one, so the page asks; my own games' events make it ask at once too.
 */
export const POLL_MS = 10_000;

/** Whether a tournament can still change (and its page keeps reading it). */
export function isLive(status: TournamentStatus): boolean {
  switch (status) {
    case 'OPEN':
    case 'RUNNING':
      return true;
    case 'FINISHED':
    case 'CANCELLED':
      return false;
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** The fractions a score can have: points and Buchholz are in halves, Sonneborn–Berger in quarters. */
export const FRACTIONS = ['', '¼', '½', '¾'] as const;
export type Fraction = (typeof FRACTIONS)[number];

/**
 * A score as a whole number and a fraction sign (2.5 → 2 and "½"); null for a value that is not a whole number of
 * quarters (the API never answers one: src/tournaments/tournaments.resolver.ts divides whole numbers by 2 and 4).
 */
export function scoreParts(value: number): { readonly whole: number; readonly fraction: Fraction } | null {
  const quarters = value * 4;
  if (!Number.isSafeInteger(quarters) || quarters < 0) return null;
  return { whole: Math.floor(quarters / 4), fraction: FRACTIONS[quarters % 4]! };
}

/** A score written with its fraction sign: "2½", "½" (no "0½"), "3"; `whole` writes the number in the reader's way. */
export function formatScore(value: number, whole: (value: number) => string = String): string {
  const parts = scoreParts(value);
  if (parts === null) return whole(value);
  if (parts.fraction === '') return whole(parts.whole);
  return parts.whole === 0 ? parts.fraction : `${whole(parts.whole)}${parts.fraction}`;
}

export type Board = TournamentDetailFragment['boards'][number];

/** One round's boards, top board first. */
export interface RoundBoards {
  readonly round: number;
  readonly boards: readonly Board[];
}

/** The rounds so far, the latest first (the one being played is what a player looks for), each by board number. */
export function roundsOf(boards: readonly Board[]): RoundBoards[] {
  const byRound = new Map<number, Board[]>();
  for (const board of boards) byRound.set(board.round, [...(byRound.get(board.round) ?? []), board]);
  return [...byRound]
    .sort(([a], [b]) => b - a)
    .map(([round, list]) => ({ round, boards: [...list].sort((a, b) => a.board - b.board) }));
}

/** What a board's row says of its game. */
export type BoardState =
  | { readonly kind: 'result'; readonly result: NonNullable<Board['result']> }
  | { readonly kind: 'playing' }
  /** Over without a result: the game was called off (nobody scores). */
  | { readonly kind: 'noResult' }
  /** A player alone: a Swiss bye (a point) or a round robin's sit-out (no game, no point). */
  | { readonly kind: 'bye' }
  | { readonly kind: 'sitOut' };

export function boardState(board: Board, format: TournamentFormat): BoardState {
  if (board.second === null) return { kind: format === 'SWISS' ? 'bye' : 'sitOut' };
  if (board.result !== null) return { kind: 'result', result: board.result };
  return board.over ? { kind: 'noResult' } : { kind: 'playing' };
}

/** How a board went for one of its players: null when they are not on it or it has no result (yet). */
export function outcomeFor(board: Board, username: string): 'won' | 'lost' | 'drawn' | null {
  const first = board.first.username === username;
  const second = board.second?.username === username;
  if ((!first && !second) || board.result === null) return null;
  switch (board.result) {
    case 'DRAW':
      return 'drawn';
    case 'FIRST_WON':
      return first ? 'won' : 'lost';
    case 'SECOND_WON':
      return second ? 'won' : 'lost';
    default: {
      const never: never = board.result;
      return never;
    }
  }
}

/** The new-tournament form as typed: numbers as their fields hold them, so a half-typed one is still shown. */
export interface TournamentForm {
  readonly name: string;
  readonly format: TournamentFormat;
  readonly preset: Preset;
  readonly rated: boolean;
  readonly daysPerMove: string;
  readonly minPlayers: string;
  readonly maxPlayers: string;
  /** Swiss only. */
  readonly rounds: string;
  /** A `datetime-local` field's value (the reader's own time zone): "2026-12-10T18:00". */
  readonly startsAt: string;
  /** Percent, 0–100; empty: anyone may join. */
  readonly maxTimeoutRate: string;
}

/** The fewest and most players of each format (the server's: src/tournaments/domain/vocabulary.ts). */
export const PLAYER_LIMITS = {
  ROUND_ROBIN: [ROUND_ROBIN_MIN_PLAYERS, ROUND_ROBIN_MAX_PLAYERS],
  SWISS: [SWISS_MIN_PLAYERS, SWISS_MAX_PLAYERS],
} as const satisfies Record<TournamentFormat, readonly [number, number]>;

/** Each format's numbers when it is chosen: a size that fills in a few days, Swiss rounds well below its players. */
export const FORMAT_DEFAULTS = {
  ROUND_ROBIN: { minPlayers: '4', maxPlayers: '8', rounds: '' },
  SWISS: { minPlayers: '8', maxPlayers: '32', rounds: '5' },
} as const satisfies Record<TournamentFormat, Pick<TournamentForm, 'minPlayers' | 'maxPlayers' | 'rounds'>>;

/** A date as a `datetime-local` field writes it, in the time zone the `Date` methods use (the reader's). */
export function localInputValue(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}` +
    `T${two(date.getHours())}:${two(date.getMinutes())}`
  );
}

/** The form as it opens: a round robin, three days per move, starting tomorrow on the hour. */
export function initialForm(now: Date): TournamentForm {
  const start = new Date(now.getTime() + 86_400_000);
  start.setMinutes(0, 0, 0);
  return {
    name: '',
    format: 'ROUND_ROBIN',
    preset: 'CLASSIC',
    rated: false,
    daysPerMove: '3',
    ...FORMAT_DEFAULTS.ROUND_ROBIN,
    startsAt: localInputValue(start),
    maxTimeoutRate: '',
  };
}

/** The form's parts a refusal is about: the server's `extensions.field` names (src/tournaments/domain/lifecycle.ts). */
export const FORM_FIELDS = ['name', 'daysPerMove', 'players', 'startsAt', 'maxTimeoutRate'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** What is wrong with a part of the form. */
export type Problem =
  | { readonly field: 'name'; readonly kind: 'nameLength' | 'tooMany' }
  | { readonly field: 'daysPerMove'; readonly kind: 'daysPerMove' }
  | { readonly field: 'players'; readonly kind: TournamentShapeRefusalReason | 'shape' }
  | { readonly field: 'startsAt'; readonly kind: 'startsAt' }
  | { readonly field: 'maxTimeoutRate'; readonly kind: 'maxTimeoutRate' };

/** A field's text as a number ("" and "abc" are NaN, so they fail every range check). */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The form's problems, one per part at most, in the form's order; none: it may be sent. */
export function formProblems(form: TournamentForm, now: Date): Problem[] {
  const problems: Problem[] = [];
  const name = form.name.trim();
  if (name.length === 0 || [...name].length > MAX_NAME_LENGTH)
    problems.push({ field: 'name', kind: 'nameLength' });
  const days = numberOf(form.daysPerMove);
  if (!Number.isInteger(days) || days < MIN_DAYS_PER_MOVE || days > MAX_DAYS_PER_MOVE)
    problems.push({ field: 'daysPerMove', kind: 'daysPerMove' });
  const shape = validateTournamentShape({
    format: form.format,
    minPlayers: numberOf(form.minPlayers),
    maxPlayers: numberOf(form.maxPlayers),
    rounds: form.format === 'SWISS' ? numberOf(form.rounds) : null,
  });
  if (shape !== null) problems.push({ field: 'players', kind: shape.reason });
  const startsAt = new Date(form.startsAt).getTime();
  const ahead = startsAt - now.getTime();
  if (Number.isNaN(startsAt) || ahead <= 0 || ahead > MAX_DAYS_TO_START * 86_400_000)
    problems.push({ field: 'startsAt', kind: 'startsAt' });
  if (form.maxTimeoutRate.trim() !== '') {
    const percent = numberOf(form.maxTimeoutRate);
    if (!(percent >= 0 && percent <= 100)) problems.push({ field: 'maxTimeoutRate', kind: 'maxTimeoutRate' });
  }
  return problems;
}

/**
 * Which inputs a players-and-rounds problem is about (each gets `aria-invalid`): of the two numbers of players, the
 * one that is not a whole number or is out of the format's limits — both where each is, or neither alone is.
 */
export function playersInputs(
  kind: TournamentShapeRefusalReason | 'shape',
  form: Pick<TournamentForm, 'format' | 'minPlayers' | 'maxPlayers'>,
): readonly ('min' | 'max' | 'rounds')[] {
  const [least, most] = PLAYER_LIMITS[form.format];
  const wrong = (text: string, whole: boolean) => {
    const value = numberOf(text);
    return !Number.isInteger(value) || (!whole && (value < least || value > most));
  };
  const either = (whole: boolean): ('min' | 'max')[] => {
    const found = (['min', 'max'] as const).filter((input) =>
      wrong(input === 'min' ? form.minPlayers : form.maxPlayers, whole),
    );
    return found.length === 0 ? ['min', 'max'] : found;
  };
  switch (kind) {
    case 'PLAYERS_NOT_INTEGER':
      return either(true);
    case 'PLAYERS_OUT_OF_RANGE':
      return either(false);
    case 'MIN_ABOVE_MAX':
      return ['min', 'max'];
    case 'ROUNDS_REQUIRED':
    case 'ROUNDS_NOT_ALLOWED':
    case 'ROUNDS_NOT_INTEGER':
    case 'ROUNDS_OUT_OF_RANGE':
      return ['rounds'];
    case 'ROUNDS_NOT_BELOW_PLAYERS':
      return ['min', 'rounds'];
    case 'shape':
      return ['min', 'max', 'rounds'];
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** The input the form sends (checked first: formProblems is empty). */
export function toInput(form: TournamentForm): CreateTournamentInput {
  const rate = form.maxTimeoutRate.trim();
  return {
    name: form.name.trim(),
    format: form.format,
    preset: form.preset,
    rated: form.rated,
    daysPerMove: Number(form.daysPerMove),
    minPlayers: Number(form.minPlayers),
    maxPlayers: Number(form.maxPlayers),
    rounds: form.format === 'SWISS' ? Number(form.rounds) : null,
    startsAt: new Date(form.startsAt).toISOString(),
    // Percent on the form, a share for the API; rounded so 7 % is 0.07 and not 0.07000000000000001.
    maxTimeoutRate: rate === '' ? null : Math.round(Number(rate) * 100) / 10_000,
  };
}

/**
 * The part of the form a creation refusal is about, by the server's `extensions.refusal`
 * (src/tournaments/domain/lifecycle.ts, requestRefusal), null when it names none this form knows.
 */
export function problemOfRefusal(refusal: unknown): Problem | null {
  switch (refusal) {
    case 'NAME_LENGTH':
      return { field: 'name', kind: 'nameLength' };
    case 'TOO_MANY_ORGANISED':
      return { field: 'name', kind: 'tooMany' };
    case 'DAYS_PER_MOVE':
      return { field: 'daysPerMove', kind: 'daysPerMove' };
    case 'STARTS_AT':
      return { field: 'startsAt', kind: 'startsAt' };
    case 'MAX_TIMEOUT_RATE':
      return { field: 'maxTimeoutRate', kind: 'maxTimeoutRate' };
    default: {
      const shape = TOURNAMENT_SHAPE_REFUSALS.find((reason) => reason === refusal);
      return shape === undefined ? null : { field: 'players', kind: shape };
    }
  }
}
