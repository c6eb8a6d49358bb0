/**
 * What a finished game records on each seat: the player's outcome, placement, score and pay-off cards
 * left, and for rated games the Glicko-2 rating before and after (which the ratings module computes:
 * src/ratings/rating-changes.ts). Pure: the service writes these in the same transaction as the finishing move,
 * the demo seeder (src/cli/seed-demo.ts) writes the same from its own games, and the projection check recomputes
 * the outcomes from the recorded result.
 */
import type { GameResult } from '../../engine';
import type { OutcomeName } from './vocabulary';

export type Outcome = OutcomeName;

export interface SeatOutcome {
  readonly seat: number;
  readonly playerId: string;
  readonly outcome: Outcome;
  /** 1 for the best placed group; tied seats share a placement. */
  readonly placement: number;
  /** The winner's score for the winner (docs/rules.md §2.10), 0 for everyone else. */
  readonly score: number;
  readonly payoffLeft: number;
}

/**
 * Each seat's outcome: WIN for the winner; DRAW for a seat in the first placement group when there is no winner
 * (a drawn two-player game, or a tie for first among several); LOSS otherwise.
 */
export function seatOutcomes(
  result: GameResult,
  players: readonly { readonly seat: number; readonly playerId: string }[],
): SeatOutcome[] {
  const placementOf = new Map<number, number>();
  result.ranking.forEach((group, index) => group.forEach((seat) => placementOf.set(seat, index + 1)));
  return [...players]
    .sort((a, b) => a.seat - b.seat)
    .map(({ seat, playerId }) => {
      const placement = placementOf.get(seat);
      if (placement === undefined) throw new RangeError(`seat ${seat} is missing from the ranking`);
      const outcome: Outcome =
        result.winner === seat ? 'WIN' : result.winner === null && placement === 1 ? 'DRAW' : 'LOSS';
      return {
        seat,
        playerId,
        outcome,
        placement,
        score: result.winner === seat ? result.score : 0,
        payoffLeft: result.payoffLeft[seat] ?? 0,
      };
    });
}

/** A Glicko-2 rating as a seat records it before and after a rated game (src/ratings/glicko2.ts computes them). */
export interface SeatRating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

/** A seat's rating change (the ratings module computes it: src/ratings/rating-changes.ts). */
export interface RatingChange {
  readonly playerId: string;
  readonly before: SeatRating;
  readonly after: SeatRating;
}
