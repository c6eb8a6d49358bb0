import {
  LICHESS,
  NEW_PLAYER,
  Rating,
  isProvisional,
  pairwiseResults,
  rate,
} from '../../../src/ratings/glicko2';

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example (τ = 0.5): 1500/200/0.06 → 1464.06 / 151.52 / 0.05999", () => {
    // Glickman, "Example of the Glicko-2 system" (2013): a 1500 player (RD 200, σ 0.06) beats a 1400 (RD 30) and
    // loses to a 1550 (RD 100) and a 1700 (RD 300) in one rating period.
    const player: Rating = { rating: 1500, deviation: 200, volatility: 0.06 };
    const after = rate(
      player,
      [
        { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
        { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
      ],
      { ...LICHESS, tau: 0.5 },
    );
    // The paper rounds its intermediate values; computed exactly the rating is 1464.0507 (within 0.01).
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 2);
    expect(after.volatility).toBeCloseTo(0.05999, 4); // exactly 0.0599960
  });

  it('uses the Lichess constants for new players and keeps the deviation within 45–500', () => {
    expect(NEW_PLAYER).toEqual({ rating: 1500, deviation: 500, volatility: 0.09 });
    expect(LICHESS).toEqual({ tau: 0.75, minDeviation: 45, maxDeviation: 500, provisionalDeviation: 110 });
    // An idle period grows the deviation, but never past 500.
    expect(rate(NEW_PLAYER, []).deviation).toBe(500);
    // Many games shrink it, but never below 45 (unclamped, 30 games a period would take it near 30).
    const opponent: Rating = { rating: 1500, deviation: 45, volatility: 0.06 };
    let player: Rating = { rating: 1500, deviation: 60, volatility: 0.06 };
    for (let period = 0; period < 10; period++) {
      player = rate(
        player,
        Array.from({ length: 30 }, () => ({ opponent, score: 0.5 as const })),
      );
    }
    expect(player.deviation).toBe(45);
  });

  it('is provisional while RD ≥ 110', () => {
    expect(isProvisional(NEW_PLAYER)).toBe(true);
    expect(isProvisional({ rating: 1500, deviation: 110, volatility: 0.09 })).toBe(true);
    expect(isProvisional({ rating: 1500, deviation: 109.9, volatility: 0.09 })).toBe(false);
  });

  it('moves two equal new players apart symmetrically after one decisive game', () => {
    const winner = rate(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 1 }]);
    const loser = rate(NEW_PLAYER, [{ opponent: NEW_PLAYER, score: 0 }]);
    expect(winner.rating - 1500).toBeGreaterThan(100);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.deviation).toBeLessThan(500);
  });
});

describe('placement to pairwise results (3–6 players, as BGA)', () => {
  const r = (rating: number): Rating => ({ rating, deviation: 100, volatility: 0.06 });

  it('counts every pair once: a win for the better placed, a draw within a tied group', () => {
    // Seat 2 won; seats 0 and 3 tied second; seat 1 last.
    const before = new Map([
      [0, r(1500)],
      [1, r(1600)],
      [2, r(1400)],
      [3, r(1550)],
    ]);
    const results = pairwiseResults([[2], [0, 3], [1]], before);
    const scores = (seat: number): Record<number, number> =>
      Object.fromEntries(
        results
          .get(seat)!
          .map((result) => [[...before].find(([, rating]) => rating === result.opponent)![0], result.score]),
      );
    expect(scores(2)).toEqual({ 0: 1, 1: 1, 3: 1 });
    expect(scores(0)).toEqual({ 1: 1, 2: 0, 3: 0.5 });
    expect(scores(3)).toEqual({ 0: 0.5, 1: 1, 2: 0 });
    expect(scores(1)).toEqual({ 0: 0, 2: 0, 3: 0 });
  });

  it('rates a four-player game in one period: the winner gains, the last loses, and the sum barely moves', () => {
    const before = new Map([
      ['a', r(1500)],
      ['b', r(1500)],
      ['c', r(1500)],
      ['d', r(1500)],
    ]);
    const results = pairwiseResults([['a'], ['b'], ['c'], ['d']], before);
    const after = new Map([...results].map(([player, mine]) => [player, rate(before.get(player)!, mine)]));
    expect(after.get('a')!.rating).toBeGreaterThan(after.get('b')!.rating);
    expect(after.get('b')!.rating).toBeGreaterThan(after.get('c')!.rating);
    expect(after.get('c')!.rating).toBeGreaterThan(after.get('d')!.rating);
    const total = [...after.values()].reduce((sum, rating) => sum + rating.rating, 0);
    expect(Math.abs(total - 4 * 1500)).toBeLessThan(1e-6);
  });
});
