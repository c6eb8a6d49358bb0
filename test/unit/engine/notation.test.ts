import fc from 'fast-check';
import {
  JOKER,
  formatCard,
  formatMove,
  legalMoves,
  newDeal,
  optionsFor,
  parseCard,
  parseMove,
  play,
  setup,
  standardDeck,
} from '../../../src/engine';

describe('card notation (docs/notation.md)', () => {
  it('names every card of a deck uniquely and reads each name back to the same card', () => {
    const cards = [...standardDeck(0), JOKER];
    const names = cards.map(formatCard);
    expect(new Set(names).size).toBe(53);
    for (const card of cards) expect(parseCard(formatCard(card))).toBe(card);
    expect(names).toEqual(expect.arrayContaining(['7H', 'TD', 'AS', 'KC', '*']));
  });

  it('refuses anything else, never throwing', () => {
    for (const text of ['', '10H', '7h', '1S', 'ZZ', '**', '7HX', ' 7H']) expect(parseCard(text)).toBeNull();
  });
});

describe('move notation round-trips exactly', () => {
  it('every documented example', () => {
    for (const text of ['7H-c2', 'p-c', 'd3-c1', '8S-d1', '*-d2=8', 'KH-c1', 'pass', 'p-c12']) {
      expect(formatMove(parseMove(text)!)).toBe(text);
    }
  });

  it('any text is either refused or is exactly the canonical form of what it parses to', () => {
    const alphabet = fc.constantFrom(...'0123456789pcdAKQJT*SHDC-=as '.split(''));
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 9 }), (text) => {
        const move = parseMove(text);
        if (move !== null) expect(formatMove(move)).toBe(text);
      }),
      { numRuns: 5000 },
    );
  });

  it('every legal move of random playouts, in every preset', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('classic', 'zloba', 'modern' as const),
        fc.string(),
        fc.nat(),
        (preset, seed, pick) => {
          let state = setup(optionsFor(preset), newDeal(seed), 2);
          for (let step = 0; step < 60 && state.result === null; step++) {
            const moves = legalMoves(state);
            for (const text of moves) expect(formatMove(parseMove(text)!)).toBe(text);
            const next = play(state, {
              type: 'move',
              seat: state.current,
              move: moves[(pick + step) % moves.length]!,
            });
            if (!next.ok) throw new Error(next.violation.reason);
            state = next.state;
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
