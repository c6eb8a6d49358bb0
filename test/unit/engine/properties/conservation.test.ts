/**
 * Property 1: card conservation. After setup and after every event each card is in exactly one place, and
 * together the places hold exactly the decks the options call for (docs/rules.md §2.2, `deckMode`).
 */
import fc from 'fast-check';
import { Card, GameState, RuleOptions, formatCard, standardDeck } from '../../../../src/engine';
import { gameSpecArb, optionsOf, playout, playoutSettingsArb, startGame } from '../../../support/playout';

/** Every card of the game, wherever it lies. */
function cardsInPlay(state: GameState): Card[] {
  const cards: Card[] = [];
  for (const seat of state.seats) {
    cards.push(...seat.hand, ...seat.payoff);
    for (const pile of seat.sidePiles) for (const side of pile) cards.push(side.card);
  }
  for (const pile of state.center) if (pile !== null) cards.push(...pile);
  cards.push(...state.stock, ...state.setAside);
  return cards;
}

/** The decks of a game: a 52-card pay-off deck and a stock deck with jokers, or one deck per seat. */
function decksOf(options: RuleOptions, seats: number): Card[] {
  if (options.deckMode === 'separate') return [...standardDeck(0), ...standardDeck(options.jokersPerDeck)];
  return Array.from({ length: seats }, () => standardDeck(options.jokersPerDeck)).flat();
}

/** The multiset of cards as sorted notation, so a failure names the cards that went missing or doubled. */
function multiset(cards: readonly Card[]): string[] {
  return cards.map(formatCard).sort();
}

/** How many of each card there are (cards are small integers), cheap enough to check after every event. */
function cardCounts(cards: readonly Card[]): string {
  const counts = new Array<number>(56).fill(0);
  for (const card of cards) counts[card] = (counts[card] ?? 0) + 1;
  return counts.join();
}

describe('card conservation', () => {
  it('every card is in exactly one place after setup and after every event, and the cards are the decks', () => {
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        const decks = decksOf(optionsOf(spec), spec.seats);
        const expected = cardCounts(decks);
        const check = (state: GameState): void => {
          const cards = cardsInPlay(state);
          // On a mismatch, let jest show which cards went missing or were doubled.
          if (cardCounts(cards) !== expected) expect(multiset(cards)).toEqual(multiset(decks));
        };
        const initial = startGame(spec);
        check(initial);
        playout(initial, { ...settings, onStep: ({ after }) => check(after) });
      }),
      { numRuns: 200 },
    );
  });

  it('the deck sizes follow deckMode: 104 + jokers when separate, seats × (52 + jokers) when combined', () => {
    fc.assert(
      fc.property(gameSpecArb, (spec) => {
        const options = optionsOf(spec);
        const size = cardsInPlay(startGame(spec)).length;
        if (options.deckMode === 'separate') expect(size).toBe(104 + options.jokersPerDeck);
        else expect(size).toBe(spec.seats * (52 + options.jokersPerDeck));
      }),
      { numRuns: 200 },
    );
  });
});
