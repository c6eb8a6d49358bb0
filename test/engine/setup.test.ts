import { optionsFor, rankOf, seedRng, setup, shuffleInPlace, standardDeck } from '../../src/engine';

describe('setup: first player ties (RULES §1.3)', () => {
  it('R3 reshufflePiles still finds a first player when one-card piles keep tying (falls back to a redeal)', () => {
    // With payoffSize 1 a pile reshuffle cannot change the face-up card; seed t7 ties on the first deal.
    const deck = standardDeck(0);
    shuffleInPlace(seedRng('t7'), deck);
    expect(rankOf(deck[51]!)).toBe(rankOf(deck[50]!)); // the first deal ties: seat 0 takes the top card, seat 1 the next
    const options = optionsFor('zloba', { payoffSize: 1 });
    const state = setup(options, 't7', 2);
    const tops = state.seats.map((seat) => rankOf(seat.payoff[0]!));
    expect(tops[0]).not.toBe(tops[1]);
    expect(state.current).toBe(tops[0]! > tops[1]! ? 0 : 1);
  });
});
