/**
 * A tournament's table, live: from its entrants, its games so far and its byes. Pure. All scores are whole numbers
 * in the unit their field names (half points, quarter points), so sums and comparisons are exact; the API divides.
 *
 * - Points: a win 2 half points, a draw 1, a loss 0 (vocabulary.ts HALF_POINTS); a Swiss bye 2. A round-robin
 *   sit-out scores 0: the caller passes byes for Swiss only, and leaves round-robin sit-outs out.
 * - A game without a result (null: not finished yet) counts for nothing: not played, no points, no opponent for the
 *   tie-breaks.
 * - Buchholz (`buchholzHalf`, half points): the sum of the final half points of every opponent met in a finished
 *   game, once per game. A bye adds nothing.
 * - Sonneborn–Berger (`sonnebornBergerQuarter`, quarter points): the points of each opponent beaten plus half the
 *   points of each opponent drawn with, i.e. 2 × (their half points) for a win and 1 × (their half points) for a
 *   draw, in quarter points, so it stays a whole number.
 * - Order: points, more first; then Swiss: Buchholz, then Sonneborn–Berger; round robin: Sonneborn–Berger, then
 *   Buchholz (everyone met everyone, so Buchholz tells less there); then the seed, lower first; then the id. The
 *   rank is the place in that order, 1-based and strict: no two rows share one.
 * - Withdrawn players keep their results and their row, flagged.
 */
import { HALF_POINTS, type GameResult, type TournamentFormat } from './vocabulary';

export interface StandingsEntrant {
  readonly id: string;
  /** Starting rank: 1 is the best rated at the start. */
  readonly seed: number;
  readonly withdrawn: boolean;
}

export interface StandingsGame {
  /** The round the game belongs to (the table does not depend on it). */
  readonly round: number;
  readonly first: string;
  readonly second: string;
  /** Null while the game is not finished. */
  readonly result: GameResult | null;
}

/** A Swiss bye (round-robin sit-outs are not passed). */
export interface StandingsBye {
  readonly round: number;
  readonly playerId: string;
}

export interface StandingsInput {
  readonly entrants: readonly StandingsEntrant[];
  readonly games: readonly StandingsGame[];
  readonly byes: readonly StandingsBye[];
  readonly format: TournamentFormat;
}

export interface StandingRow {
  readonly id: string;
  readonly seed: number;
  readonly withdrawn: boolean;
  /** 1-based place in the table; strict. */
  readonly rank: number;
  readonly halfPoints: number;
  /** Finished games. */
  readonly played: number;
  readonly won: number;
  readonly drawn: number;
  readonly lost: number;
  /** Swiss byes had. */
  readonly byes: number;
  readonly buchholzHalf: number;
  readonly sonnebornBergerQuarter: number;
}

interface Tally {
  halfPoints: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  byes: number;
  /** Opponents of finished games: the id and what the game gave this player (half points). */
  readonly met: { readonly opponent: string; readonly scored: number }[];
}

/** What each side of a finished game scores, in half points: [first, second]. */
function scores(result: GameResult): readonly [number, number] {
  switch (result) {
    case 'FIRST_WON':
      return [HALF_POINTS.WIN, HALF_POINTS.LOSS];
    case 'SECOND_WON':
      return [HALF_POINTS.LOSS, HALF_POINTS.WIN];
    case 'DRAW':
      return [HALF_POINTS.DRAW, HALF_POINTS.DRAW];
    default: {
      const unknown: never = result;
      throw new Error(`Unknown game result: ${String(unknown)}`);
    }
  }
}

function count(tally: Tally, scored: number, opponent: string): void {
  tally.halfPoints += scored;
  tally.played += 1;
  if (scored === HALF_POINTS.WIN) tally.won += 1;
  else if (scored === HALF_POINTS.DRAW) tally.drawn += 1;
  else tally.lost += 1;
  tally.met.push({ opponent, scored });
}

/** The table, best first. Throws a RangeError for a game or bye of someone not among the entrants. */
export function standings(input: StandingsInput): StandingRow[] {
  const tallies = new Map<string, Tally>();
  for (const entrant of input.entrants) {
    if (tallies.has(entrant.id)) throw new RangeError(`Entrant ${entrant.id} is given twice.`);
    tallies.set(entrant.id, { halfPoints: 0, played: 0, won: 0, drawn: 0, lost: 0, byes: 0, met: [] });
  }
  const tallyOf = (id: string): Tally => {
    const tally = tallies.get(id);
    if (tally === undefined) throw new RangeError(`${id} is not an entrant of the tournament.`);
    return tally;
  };
  for (const game of input.games) {
    const first = tallyOf(game.first);
    const second = tallyOf(game.second);
    if (game.first === game.second) throw new RangeError(`${game.first} is paired with themselves.`);
    if (game.result === null) continue;
    const [firstScored, secondScored] = scores(game.result);
    count(first, firstScored, game.second);
    count(second, secondScored, game.first);
  }
  for (const bye of input.byes) {
    const tally = tallyOf(bye.playerId);
    tally.halfPoints += HALF_POINTS.SWISS_BYE;
    tally.byes += 1;
  }

  const rows = input.entrants.map((entrant) => {
    const tally = tallyOf(entrant.id);
    let buchholzHalf = 0;
    let sonnebornBergerQuarter = 0;
    for (const { opponent, scored } of tally.met) {
      const theirs = tallyOf(opponent).halfPoints;
      buchholzHalf += theirs;
      // A win earns all of the opponent's points, a draw half: in quarter points, 2× and 1× their half points.
      sonnebornBergerQuarter += theirs * scored;
    }
    return {
      id: entrant.id,
      seed: entrant.seed,
      withdrawn: entrant.withdrawn,
      halfPoints: tally.halfPoints,
      played: tally.played,
      won: tally.won,
      drawn: tally.drawn,
      lost: tally.lost,
      byes: tally.byes,
      buchholzHalf,
      sonnebornBergerQuarter,
    };
  });

  const [firstTieBreak, secondTieBreak] = tieBreaks(input.format);
  rows.sort(
    (a, b) =>
      b.halfPoints - a.halfPoints ||
      b[firstTieBreak] - a[firstTieBreak] ||
      b[secondTieBreak] - a[secondTieBreak] ||
      a.seed - b.seed ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}

type TieBreak = 'buchholzHalf' | 'sonnebornBergerQuarter';

/** The tie-breaks after points, in order, for a format. */
export function tieBreaks(format: TournamentFormat): readonly [TieBreak, TieBreak] {
  switch (format) {
    case 'SWISS':
      return ['buchholzHalf', 'sonnebornBergerQuarter'];
    case 'ROUND_ROBIN':
      return ['sonnebornBergerQuarter', 'buchholzHalf'];
    default: {
      const unknown: never = format;
      throw new Error(`Unknown tournament format: ${String(unknown)}`);
    }
  }
}
