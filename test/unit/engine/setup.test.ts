import {
  dealGenerator,
  newDeal,
  optionsFor,
  rankOf,
  setup,
  shuffleInPlace,
  standardDeck,
} from '../../../src/engine';

/** Whether the first shuffle of `seed`'s deal gives the two top cards (seat 0's and seat 1's) the same rank. */
function firstDealTies(seed: string): boolean {
  const deck = standardDeck(0);
  shuffleInPlace(dealGenerator(newDeal(seed)), deck);
  return rankOf(deck[51]!) === rankOf(deck[50]!);
}

describe('setup: first player ties (docs/rules.md §2.2)', () => {
  it('R3 reshufflePiles still finds a first player when one-card piles keep tying (falls back to a redeal)', () => {
    // With payoffSize 1 a pile reshuffle cannot change the face-up card: a seed whose first deal ties.
    const seed = Array.from({ length: 200 }, (_, index) => `tie-${index}`).find(firstDealTies);
    expect(seed).toBeDefined();
    const options = optionsFor('zloba', { payoffSize: 1 });
    const state = setup(options, newDeal(seed!), 2);
    const tops = state.seats.map((seat) => rankOf(seat.payoff[0]!));
    expect(tops[0]).not.toBe(tops[1]);
    expect(state.current).toBe(tops[0]! > tops[1]! ? 0 : 1);
  });
});
