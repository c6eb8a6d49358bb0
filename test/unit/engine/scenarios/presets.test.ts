/** docs/rules.md §1 and §3: the presets, seat counts, and option validation (each problem names its option). */
import {
  InvalidOptionsError,
  PRESETS,
  RuleOptions,
  newDeal,
  optionsFor,
  setup,
  validateOptions,
} from '../../../../src/engine';

/** The option a setup refusal names, from the thrown `InvalidOptionsError`. */
function setupError(options: RuleOptions, seats: number): string {
  try {
    setup(options, newDeal('validation'), seats);
  } catch (error) {
    if (error instanceof InvalidOptionsError) return error.problems.join('; ');
    throw error;
  }
  throw new Error(`setup accepted ${seats} seats`);
}

function problemOptions(options: RuleOptions, seats?: number): string[] {
  return validateOptions(options, seats).map((problem) => problem.option);
}

describe('§3 presets', () => {
  // The table of docs/rules.md §3.1, column by column.
  it('§3 the presets carry the values of the table in docs/rules.md §3.1', () => {
    expect(PRESETS.classic).toMatchObject({
      minPlayers: 2,
      maxPlayers: 2,
      deckMode: 'separate',
      jokersPerDeck: 4,
      payoffSize: 26,
      handSize: 5,
      wildRanks: ['JOKER'],
      centerTopRank: 'K',
      maxCenterPiles: 8,
      completedPile: 'shuffleIntoStock',
      refillWhenHandEmpty: false,
      sidePiles: 4,
      sideBuild: 'sameOrOneLower',
      lowCardsToSide: 'unrestricted',
      turnEnd: 'optional',
      forcedAces: true,
      forcedTwoOnAce: false,
      forcedPayoffPlay: true,
      payoffCountVisible: false,
    });
    expect(PRESETS.zloba).toMatchObject({
      minPlayers: 2,
      maxPlayers: 2,
      deckMode: 'separate',
      payoffSize: 26,
      handSize: 5,
      wildRanks: ['JOKER'],
      centerTopRank: 'K',
      maxCenterPiles: 4,
      completedPile: 'shuffleIntoStock',
      refillWhenHandEmpty: false,
      sideBuild: 'sameOrOneLower',
      lowCardsToSide: 'centerFullOnly',
      turnEnd: 'optional',
      forcedAces: true,
      forcedTwoOnAce: true,
      forcedPayoffPlay: false,
      payoffCountVisible: true,
    });
    expect(PRESETS.modern).toMatchObject({
      minPlayers: 2,
      maxPlayers: 6,
      deckMode: 'combined',
      payoffSize: 20,
      handSize: 5,
      wildRanks: ['K'],
      centerTopRank: 'Q',
      maxCenterPiles: 'playersPlusOne',
      completedPile: 'setAsideRecycle',
      refillWhenHandEmpty: true,
      sideBuild: 'any',
      lowCardsToSide: 'unrestricted',
      turnEnd: 'mandatory',
      forcedAces: false,
      forcedTwoOnAce: false,
      forcedPayoffPlay: false,
      payoffCountVisible: true,
    });
  });

  // E19: "More than two players, usually a maximum of six, can play spite and malice. Game play is the same, but
  // add one deck and allow one extra center stack for each additional player."
  it.each([2, 3, 4, 5, 6])(
    'E19 modern: %i seats play, with one centre pile more than the players',
    (seats) => {
      const state = setup(optionsFor('modern'), newDeal('seats'), seats);
      expect(state.seats).toHaveLength(seats);
      expect(state.maxCenterPiles).toBe(seats + 1);
      expect(state.center).toHaveLength(seats + 1);
    },
  );

  it.each([1, 7])('E19 modern: %i seats are refused, naming seats', (seats) => {
    expect(problemOptions(optionsFor('modern'), seats)).toEqual(['seats']);
    expect(setupError(optionsFor('modern'), seats)).toMatch(/^seats: must be from 2 to 6/);
  });

  // S1: "Illvilja och elakhet, 2 spelare, 108 kort."; R1: "Число игроков. Два."
  it.each(['classic', 'zloba'] as const)('S1/R1 %s: a 3-seat game is refused, naming seats', (preset) => {
    expect(problemOptions(optionsFor(preset), 3)).toEqual(['seats']);
    expect(setupError(optionsFor(preset), 3)).toMatch(/^seats: must be from 2 to 2/);
  });

  // E6/E7: piles to the queen only work because kings are wild; E20's variant with jokers goes to the king.
  it('E6/E7/E20: centerTopRank Q without wild kings is refused, naming centerTopRank', () => {
    const jokersToQueen = optionsFor('modern', { wildRanks: ['JOKER'] });
    expect(problemOptions(jokersToQueen)).toEqual(['centerTopRank']);
    expect(setupError(jokersToQueen, 2)).toMatch(/centerTopRank: Q needs K in wildRanks/);
    expect(problemOptions(optionsFor('classic', { centerTopRank: 'Q' }))).toEqual(['centerTopRank']);
    // "…or by changing the center stack sequence from ace to king" (E20): a sound variant.
    expect(problemOptions(optionsFor('modern', { wildRanks: ['JOKER'], centerTopRank: 'K' }), 2)).toEqual([]);
  });

  it('S2/E2: a pay-off size the decks cannot hold is refused, naming payoffSize', () => {
    // Separate decks: two pay-off piles come from the one 52-card pay-off deck (S2).
    expect(problemOptions(optionsFor('classic', { payoffSize: 27 }), 2)).toEqual(['payoffSize']);
    expect(setupError(optionsFor('classic', { payoffSize: 27 }), 2)).toMatch(
      /payoffSize: 27 × 2 seats needs 54 cards/,
    );
    // Combined decks: 2 × 48 pay-off cards and 2 hands of 5 need 106 of 104 cards (E1).
    expect(problemOptions(optionsFor('modern', { payoffSize: 48 }), 2)).toEqual(['payoffSize']);
    expect(problemOptions(optionsFor('modern', { payoffSize: 47 }), 2)).toEqual([]);
    expect(problemOptions(optionsFor('zloba', { payoffSize: 53 }))).toEqual(['payoffSize']);
  });
});
