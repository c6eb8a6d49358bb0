/**
 * What a finished game records per seat (src/games/domain/finish.ts): outcomes and placements from the engine's result,
 * and one rating period per game (src/ratings/rating-changes.ts) in which every pair of players is one result
 * (docs/api/ratings-and-history.md#ratings). Hand-checked cases: the expected ratings come from `rate()` on
 * results written out here, not from the pairing code under test.
 */
import type { GameResult } from '../../../src/engine';
import { seatOutcomes } from '../../../src/games/domain/finish';
import { ratingChanges } from '../../../src/ratings/rating-changes';
import { NEW_PLAYER, Rating, Result, rate } from '../../../src/ratings/glicko2';

const players = (count: number) =>
  Array.from({ length: count }, (_, seat) => ({ seat, playerId: `p${seat}` }));

function result(partial: Partial<GameResult> & Pick<GameResult, 'winner' | 'ranking'>): GameResult {
  return { reason: 'payoffEmptied', score: 0, payoffLeft: partial.ranking.flat().map(() => 0), ...partial };
}

describe('seatOutcomes', () => {
  it('two players: the winner wins and scores, the other loses with 0', () => {
    const outcomes = seatOutcomes(
      result({ winner: 1, score: 35, ranking: [[1], [0]], payoffLeft: [7, 0] }),
      players(2),
    );
    expect(outcomes).toEqual([
      { seat: 0, playerId: 'p0', outcome: 'LOSS', placement: 2, score: 0, payoffLeft: 7 },
      { seat: 1, playerId: 'p1', outcome: 'WIN', placement: 1, score: 35, payoffLeft: 0 },
    ]);
  });

  it('a drawn two-player game is a draw for both', () => {
    const outcomes = seatOutcomes(result({ reason: 'blocked', winner: null, ranking: [[0, 1]] }), players(2));
    expect(outcomes.map((o) => [o.outcome, o.placement, o.score])).toEqual([
      ['DRAW', 1, 0],
      ['DRAW', 1, 0],
    ]);
  });

  it('several players without a winner: those tied first draw, the rest lose', () => {
    const outcomes = seatOutcomes(
      result({ reason: 'stuck', winner: null, ranking: [[2, 0], [3], [1]], payoffLeft: [4, 9, 4, 6] }),
      players(4),
    );
    expect(outcomes.map((o) => [o.seat, o.outcome, o.placement])).toEqual([
      [0, 'DRAW', 1],
      [1, 'LOSS', 3],
      [2, 'DRAW', 1],
      [3, 'LOSS', 2],
    ]);
  });

  it('refuses a result that leaves a seat out of the ranking', () => {
    expect(() => seatOutcomes(result({ winner: 0, ranking: [[0]] }), players(2))).toThrow(RangeError);
  });
});

describe('ratingChanges', () => {
  const scores = (opponents: readonly Rating[], ...values: Result['score'][]): Result[] =>
    values.map((score, index) => ({ opponent: opponents[index]!, score }));

  it('two players: one result each, against the other’s rating before the game', () => {
    const strong: Rating = { rating: 1800, deviation: 80, volatility: 0.06 };
    const outcomes = seatOutcomes(result({ winner: 0, ranking: [[0], [1]] }), players(2));
    const changes = ratingChanges(
      outcomes,
      new Map([
        ['p0', NEW_PLAYER],
        ['p1', strong],
      ]),
    );
    expect(changes[0]!.after).toEqual(rate(NEW_PLAYER, scores([strong], 1)));
    expect(changes[1]!.after).toEqual(rate(strong, scores([NEW_PLAYER], 0)));
    expect(changes[1]!.before).toEqual(strong);
  });

  it('four players by placement: every pair is one result, ties are draws', () => {
    const r = (rating: number): Rating => ({ rating, deviation: 100, volatility: 0.06 });
    const before = [r(1500), r(1600), r(1400), r(1700)];
    // Seat 3 first, seats 0 and 2 tied second, seat 1 last.
    const outcomes = seatOutcomes(result({ winner: 3, ranking: [[3], [0, 2], [1]] }), players(4));
    const changes = ratingChanges(outcomes, new Map(before.map((rating, seat) => [`p${seat}`, rating])));
    const [b0, b1, b2, b3] = before as [Rating, Rating, Rating, Rating];
    expect(changes.map((change) => change.after)).toEqual([
      rate(b0, scores([b1, b2, b3], 1, 0.5, 0)),
      rate(b1, scores([b0, b2, b3], 0, 0, 0)),
      rate(b2, scores([b0, b1, b3], 0.5, 1, 0)),
      rate(b3, scores([b0, b1, b2], 1, 1, 1)),
    ]);
  });
});
