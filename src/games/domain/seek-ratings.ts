/**
 * Seeks by rating (docs/social.md#seeks-by-rating), pure. A seek may name the ratings it accepts relative to its
 * creator's own in the seek's preset — `below` and `above` — fixed as an absolute range when it opens. Two seeks
 * are matched only when each player's rating is in the other's range (a seek without a range accepts anyone).
 */
import type { RatingRange } from './game-record';

/** The rating of a player who has no rated game in a preset yet: a new player's (src/ratings/glicko2.ts NEW_PLAYER). */
export const UNRATED_RATING = 1500;
/** The widest a side of a range may reach, in rating points. */
export const MAX_RATING_SPREAD = 1000;

/** The range a seek with `wanted` accepts around `rating`, or the refusal of a side outside 0–MAX_RATING_SPREAD. */
export function seekRatingRange(
  rating: number,
  wanted: { readonly below: number; readonly above: number },
): { readonly ok: true; readonly range: RatingRange } | { readonly ok: false; readonly message: string } {
  for (const side of ['below', 'above'] as const) {
    const points = wanted[side];
    if (!Number.isInteger(points) || points < 0 || points > MAX_RATING_SPREAD)
      return {
        ok: false,
        message: `ratingRange.${side} is a whole number of points from 0 to ${MAX_RATING_SPREAD}`,
      };
  }
  return {
    ok: true,
    range: { min: Math.floor(rating - wanted.below), max: Math.ceil(rating + wanted.above) },
  };
}

/** Whether a seek with `range` (null: none) accepts a player rated `rating`. */
export function acceptsRating(range: RatingRange | null, rating: number): boolean {
  return range === null || (rating >= range.min && rating <= range.max);
}
