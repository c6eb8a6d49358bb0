/**
 * The life of a correspondence tournament (docs/social.md#tournaments), decided purely: what a creation request may
 * be, who may join, when it starts or is called off, which round comes next (or that it is over), and a game's
 * result for the standings. Time is an input; the tournament director (src/tournaments/tournament-director.ts)
 * reads the facts, asks here, and acts through the repository and the game handler.
 */
import { roundRobinRounds } from './round-robin';
import { standings, type StandingRow } from './standings';
import { pairSwissRound } from './swiss';
import {
  MAX_DAYS_PER_MOVE,
  MAX_DAYS_TO_START,
  MAX_NAME_LENGTH,
  MAX_ORGANISED,
  MIN_DAYS_PER_MOVE,
  validateTournamentShape,
  type GameResult,
  type TournamentShapeRefusalReason,
  type TournamentFormat,
  type TournamentStatus,
} from './vocabulary';

export { MAX_DAYS_PER_MOVE, MAX_DAYS_TO_START, MAX_NAME_LENGTH, MAX_ORGANISED, MIN_DAYS_PER_MOVE };

/** A creation request, as the API takes it. */
export interface TournamentRequest {
  readonly name: string;
  readonly format: TournamentFormat;
  readonly daysPerMove: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly rounds: number | null;
  readonly startsAt: Date;
  /** Players whose timeout rate is above this (0–1) may not join; null: anyone. */
  readonly maxTimeoutRate: number | null;
}

/** Why a creation request is refused, beyond its shape's refusals (vocabulary.ts, TOURNAMENT_SHAPE_REFUSALS). */
export type RequestRefusalReason =
  | TournamentShapeRefusalReason
  | 'NAME_LENGTH'
  | 'DAYS_PER_MOVE'
  | 'STARTS_AT'
  | 'MAX_TIMEOUT_RATE'
  | 'TOO_MANY_ORGANISED';

/** Why a creation request is refused (null when it is not): which refusal, a message, and the field it is about. */
export function requestRefusal(
  request: TournamentRequest,
  now: Date,
  organisedNow: number,
): { readonly reason: RequestRefusalReason; readonly message: string; readonly field: string } | null {
  const name = request.name.trim();
  if (name.length === 0 || [...name].length > MAX_NAME_LENGTH) {
    return { reason: 'NAME_LENGTH', message: `a name is 1–${MAX_NAME_LENGTH} characters`, field: 'name' };
  }
  if (
    !Number.isInteger(request.daysPerMove) ||
    request.daysPerMove < MIN_DAYS_PER_MOVE ||
    request.daysPerMove > MAX_DAYS_PER_MOVE
  ) {
    return {
      reason: 'DAYS_PER_MOVE',
      message: `daysPerMove is ${MIN_DAYS_PER_MOVE}–${MAX_DAYS_PER_MOVE}`,
      field: 'daysPerMove',
    };
  }
  const shape = validateTournamentShape(request);
  if (shape !== null) return { reason: shape.reason, message: shape.message, field: 'players' };
  const ahead = request.startsAt.getTime() - now.getTime();
  if (ahead < 0 || ahead > MAX_DAYS_TO_START * 86_400_000) {
    return {
      reason: 'STARTS_AT',
      message: `startsAt is from now to ${MAX_DAYS_TO_START} days ahead`,
      field: 'startsAt',
    };
  }
  if (request.maxTimeoutRate !== null && !(request.maxTimeoutRate >= 0 && request.maxTimeoutRate <= 1)) {
    return { reason: 'MAX_TIMEOUT_RATE', message: 'maxTimeoutRate is from 0 to 1', field: 'maxTimeoutRate' };
  }
  if (organisedNow >= MAX_ORGANISED) {
    return {
      reason: 'TOO_MANY_ORGANISED',
      message: `one organises at most ${MAX_ORGANISED} open or running tournaments`,
      field: 'name',
    };
  }
  return null;
}

/** Why a player may not join. */
export type JoinRefusal = 'notOpen' | 'full' | 'guest' | 'builtinBot' | 'timeoutRate';

export const JOIN_REFUSAL_MESSAGES = {
  notOpen: 'the tournament takes no more players: it has started or is over',
  full: 'the tournament is full',
  guest: 'guests do not play tournaments',
  builtinBot: 'the built-in bots do not play tournaments',
  timeoutRate: 'your timeout rate is above what this tournament accepts',
} as const satisfies Readonly<Record<JoinRefusal, string>>;

export interface JoinFacts {
  readonly status: TournamentStatus;
  /** Players in it now (not counting the one joining). */
  readonly entrants: number;
  readonly maxPlayers: number;
  readonly alreadyIn: boolean;
  readonly isGuest: boolean;
  readonly isBuiltinBot: boolean;
  readonly timeoutRate: number | null;
  readonly maxTimeoutRate: number | null;
}

/** Whether the player may join; joining again while in it changes nothing (null). */
export function joinRefusal(facts: JoinFacts): JoinRefusal | null {
  if (facts.status !== 'OPEN') return 'notOpen';
  if (facts.alreadyIn) return null;
  if (facts.isGuest) return 'guest';
  if (facts.isBuiltinBot) return 'builtinBot';
  if (
    facts.maxTimeoutRate !== null &&
    facts.timeoutRate !== null &&
    facts.timeoutRate > facts.maxTimeoutRate
  ) {
    return 'timeoutRate';
  }
  if (facts.entrants >= facts.maxPlayers) return 'full';
  return null;
}

/** What an open tournament does now: start (full, or its time came with enough players), cancel, or wait. */
export function openDecision(
  tournament: { readonly startsAt: Date; readonly minPlayers: number; readonly maxPlayers: number },
  entrants: number,
  now: Date,
): 'start' | 'cancel' | 'wait' {
  if (entrants >= tournament.maxPlayers) return 'start';
  if (now.getTime() < tournament.startsAt.getTime()) return 'wait';
  return entrants >= tournament.minPlayers ? 'start' : 'cancel';
}

/** One board of a round: two players, or one alone (a Swiss bye, or a round robin's sit-out). */
export interface Board {
  readonly first: string;
  readonly second: string | null;
}

/** A board as stored, with its game's result once the game is over. */
export interface PlayedBoard extends Board {
  readonly round: number;
  /** The game's result; null while it runs, and for an aborted game (nobody scores: a double forfeit). */
  readonly result: GameResult | null;
  /** Whether the board is done: a lone player's at once, a game's once it is over. */
  readonly over: boolean;
}

/** An entrant as the director sees it. */
export interface Entrant {
  readonly id: string;
  readonly seed: number;
  readonly withdrawn: boolean;
}

/** A tournament running, as the director reads it. */
export interface RunningTournament {
  readonly format: TournamentFormat;
  /** Swiss: its rounds; a round robin: null (its rounds follow from its players). */
  readonly rounds: number | null;
  readonly currentRound: number;
  readonly entrants: readonly Entrant[];
  readonly boards: readonly PlayedBoard[];
}

/** What comes next for a running tournament. */
export type Next =
  | { readonly kind: 'wait' }
  | { readonly kind: 'round'; readonly round: number; readonly boards: readonly Board[] }
  | { readonly kind: 'finish' };

/**
 * The next step: wait while a board of the current round is not over; else the next round's boards, or the finish
 * (the last round played, a Swiss with no round left that keeps its rules, or fewer than two players left).
 */
export function nextStep(tournament: RunningTournament): Next {
  const current = tournament.boards.filter((board) => board.round === tournament.currentRound);
  if (current.some((board) => !board.over)) return { kind: 'wait' };
  const round = tournament.currentRound + 1;
  const active = tournament.entrants.filter((entrant) => !entrant.withdrawn);
  if (active.length < 2) return { kind: 'finish' };
  switch (tournament.format) {
    case 'ROUND_ROBIN': {
      const schedule = roundRobinRounds(seedOrder(tournament.entrants));
      if (round > schedule.length) return { kind: 'finish' };
      const planned = schedule[round - 1]!;
      const withdrawn = new Set(tournament.entrants.filter((e) => e.withdrawn).map((e) => e.id));
      const boards: Board[] = [];
      for (const { first, second } of planned.pairings) {
        // A withdrawn player's games are not played: the other sits this round out.
        if (withdrawn.has(first) && withdrawn.has(second)) continue;
        if (withdrawn.has(first)) boards.push({ first: second, second: null });
        else if (withdrawn.has(second)) boards.push({ first, second: null });
        else boards.push({ first, second });
      }
      if (planned.bye !== null && !withdrawn.has(planned.bye))
        boards.push({ first: planned.bye, second: null });
      return { kind: 'round', round, boards };
    }
    case 'SWISS': {
      if (round > (tournament.rounds ?? 0)) return { kind: 'finish' };
      const table = tableOf(tournament);
      const points = new Map(table.map((row) => [row.id, row.halfPoints]));
      const opponents = new Map<string, string[]>();
      const byes = new Set<string>();
      for (const board of tournament.boards) {
        if (board.second === null) {
          byes.add(board.first);
          continue;
        }
        opponents.set(board.first, [...(opponents.get(board.first) ?? []), board.second]);
        opponents.set(board.second, [...(opponents.get(board.second) ?? []), board.first]);
      }
      const paired = pairSwissRound(
        active.map((entrant) => ({
          id: entrant.id,
          seed: entrant.seed,
          halfPoints: points.get(entrant.id) ?? 0,
          hadBye: byes.has(entrant.id),
          opponents: opponents.get(entrant.id) ?? [],
        })),
      );
      if (paired.kind === 'exhausted') return { kind: 'finish' };
      const boards: Board[] = paired.pairings.map(({ first, second }) => ({ first, second }));
      if (paired.bye !== null) boards.push({ first: paired.bye, second: null });
      return { kind: 'round', round, boards };
    }
    default:
      return unreachable(tournament.format);
  }
}

/** The standings as they are now (live: a game still running counts for nothing yet). */
export function tableOf(
  tournament: Pick<RunningTournament, 'format' | 'entrants' | 'boards'>,
): StandingRow[] {
  return standings({
    format: tournament.format,
    entrants: tournament.entrants,
    games: tournament.boards
      .filter((board): board is PlayedBoard & { second: string } => board.second !== null)
      .map((board) => ({
        round: board.round,
        first: board.first,
        second: board.second,
        result: board.result,
      })),
    // A round robin's sit-out scores nothing; a Swiss bye scores a win.
    byes:
      tournament.format === 'SWISS'
        ? tournament.boards
            .filter((board) => board.second === null)
            .map((board) => ({ round: board.round, playerId: board.first }))
        : [],
  });
}

/** An entry as stored: its seed once the tournament started, when the player withdrew, whether their account went. */
export interface EntryFacts {
  readonly playerId: string;
  readonly seed: number | null;
  readonly withdrawnAt: Date | null;
  /** The account was deleted or disabled. */
  readonly gone: boolean;
}

/**
 * The entrants as the rules see them: a player who withdrew, or whose account was deleted or disabled since, is
 * withdrawn — paired no more, their results standing.
 */
export function entrantsOf(entries: readonly EntryFacts[]): Entrant[] {
  return entries.map((entry) => ({
    id: entry.playerId,
    seed: entry.seed ?? Number.MAX_SAFE_INTEGER,
    withdrawn: entry.withdrawnAt !== null || entry.gone,
  }));
}

/** The entrants in seed order (1 first). */
export function seedOrder(entrants: readonly Entrant[]): string[] {
  return [...entrants].sort((a, b) => a.seed - b.seed).map((entrant) => entrant.id);
}

/**
 * The seeds at the start: the best rated in the tournament's preset first (a player with no rated game there counts
 * as a new player's 1500), then the earlier to join.
 */
export function seeds(
  entrants: readonly { readonly id: string; readonly rating: number | null; readonly joinedAt: Date }[],
): Map<string, number> {
  const ordered = [...entrants].sort(
    (a, b) =>
      (b.rating ?? 1500) - (a.rating ?? 1500) ||
      a.joinedAt.getTime() - b.joinedAt.getTime() ||
      (a.id < b.id ? -1 : 1),
  );
  return new Map(ordered.map((entrant, index) => [entrant.id, index + 1]));
}

/** A finished board's result from its two seats' outcomes (WIN, LOSS, DRAW); null when it has none (aborted). */
export function resultOf(first: string | null, second: string | null): GameResult | null {
  if (first === 'WIN' && second !== 'WIN') return 'FIRST_WON';
  if (second === 'WIN' && first !== 'WIN') return 'SECOND_WON';
  if (first === 'DRAW' && second === 'DRAW') return 'DRAW';
  return null;
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${String(value)}`);
}
