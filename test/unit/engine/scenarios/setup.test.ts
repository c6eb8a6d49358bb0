/**
 * docs/rules.md §2.2 (setup, the deal and the first player). The deal is checked against the procedure written out
 * in setup.ts and docs/rules.md §2.2 and §5, redone here step by step with the rng.ts functions.
 */
import {
  Card,
  GameState,
  JOKER,
  PresetName,
  RuleOptions,
  Seat,
  dealGenerator,
  formatCard,
  legalMoves,
  newDeal,
  optionsFor,
  rankOf,
  setup,
  shuffleInPlace,
  standardDeck,
  viewFor,
} from '../../../../src/engine';
import { fields, run, runOf, sortedRun } from './support';

/** What the book procedure gives for a seed: the first split, the final pay-off piles, the first player, and
 * the stock deck shuffled, before the hands are dealt from its top (last element). */
interface BookDeal {
  readonly firstSplit: Card[][];
  readonly payoffs: Card[][];
  readonly first: Seat;
  readonly stockDeck: Card[];
}

function splitPayoffs(deck: readonly Card[], size: number, seats: number): Card[][] {
  return Array.from({ length: seats }, (_, seat) =>
    deck.slice(deck.length - (seat + 1) * size, deck.length - seat * size),
  );
}

/** The seat with the strictly highest face-up card (a joker above a king), or null on a tie. */
function highestTop(piles: readonly Card[][]): Seat | null {
  const values = piles.map((pile) => {
    const top = pile[pile.length - 1] as Card;
    return top === JOKER ? 14 : rankOf(top);
  });
  const best = Math.max(...values);
  return values.filter((value) => value === best).length === 1 ? values.indexOf(best) : null;
}

function dealByTheBook(options: RuleOptions, seed: string, seats: number): BookDeal {
  const rng = dealGenerator(newDeal(seed));
  const separate = options.deckMode === 'separate';
  const payoffDeck = separate
    ? standardDeck(0)
    : Array.from({ length: seats }, () => standardDeck(options.jokersPerDeck)).flat();
  shuffleInPlace(rng, payoffDeck);
  const firstSplit = splitPayoffs(payoffDeck, options.payoffSize, seats);
  let payoffs = firstSplit.map((pile) => pile.slice());
  let first = highestTop(payoffs);
  while (first === null) {
    if (options.firstPlayerTie === 'redeal') {
      // S3: the whole pay-off deck is gathered, reshuffled and split again.
      shuffleInPlace(rng, payoffDeck);
      payoffs = splitPayoffs(payoffDeck, options.payoffSize, seats);
    } else {
      // R3: each pay-off pile is reshuffled on its own.
      for (const pile of payoffs) shuffleInPlace(rng, pile);
    }
    first = highestTop(payoffs);
  }
  const leftover = payoffDeck.slice(0, payoffDeck.length - options.payoffSize * seats);
  const stockDeck = separate ? [...standardDeck(options.jokersPerDeck), ...leftover] : leftover;
  if (separate) shuffleInPlace(rng, stockDeck);
  return { firstSplit, payoffs, first, stockDeck };
}

/**
 * The first seed `${prefix}-0`, `${prefix}-1`, … whose deal has `property`: the tests below state what they need of
 * a deal rather than pin seeds of one generator.
 */
function seedWhere(prefix: string, property: (seed: string) => boolean): string {
  for (let index = 0; index < 500; index++) {
    const seed = `${prefix}-${index}`;
    if (property(seed)) return seed;
  }
  throw new Error(`no seed ${prefix}-N has the property`);
}

function allCards(state: GameState): Card[] {
  return [...state.stock, ...state.seats.flatMap((seat) => [...seat.payoff, ...seat.hand])];
}

const GAMES: readonly (readonly [PresetName, number, number])[] = [
  // preset, seats, total cards (S1 "108 kort"; E1, E19: one 52-card deck per player)
  ['classic', 2, 108],
  ['zloba', 2, 108],
  ['modern', 2, 104],
  ['modern', 3, 156],
  ['modern', 6, 312],
];

describe('§2.2 setup', () => {
  // S2: "Den ena leken (utan jokrar) blandas och delas i 2 delar vardera innehållande 26 kort."
  // R2: "Колоду А тасуют и делят на две части…"; E2: "Deal both players 20 cards face down in a pile…"
  // S4: "Given blandar den andra leken (med de 4 jokrarna) och ger 5 kort till varje spelare."
  // E3: "Deal an additional five cards to both players for their hands."
  it.each(GAMES)(
    'S1/S2/S4 R1/R2/R4 E1/E2/E3: %s with %i seats deals its pay-off piles and hands',
    (preset, seats, total) => {
      const options = optionsFor(preset);
      const state = setup(options, newDeal('sizes'), seats);
      const payoffSize = preset === 'modern' ? 20 : 26;
      expect(state.seats.map((seat) => seat.payoff.length)).toEqual(Array(seats).fill(payoffSize));
      expect(state.seats.map((seat) => seat.hand.length)).toEqual(Array(seats).fill(5));
      expect(state.stock).toHaveLength(total - seats * (payoffSize + 5));
      const cards = allCards(state);
      expect(cards).toHaveLength(total);
      expect(cards.filter((card) => card === JOKER)).toHaveLength(preset === 'modern' ? 0 : 4);
      // Every natural card is there as often as there are decks: two in separate mode, one per seat when combined.
      const copies = preset === 'modern' ? seats : 2;
      const naturals = cards.filter((card) => card !== JOKER);
      expect(sortedRun(naturals)).toBe(
        sortedRun(Array.from({ length: copies }, () => standardDeck(0)).flat()),
      );
    },
  );

  // S2: the pay-off deck has no jokers ("Den ena leken (utan jokrar)").
  it('S2 classic: no joker is dealt to a pay-off pile', () => {
    const state = setup(optionsFor('classic'), newDeal('sizes'), 2);
    expect(state.seats.flatMap((seat) => seat.payoff).filter((card) => card === JOKER)).toHaveLength(0);
  });

  // S3: "Båda spelarna vänder det översta kortet i sin trave så att det kommer att ligga med framsidan upp."
  // E2: "Turn the top card of each pay-off pile face up."
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S3/E2 %s: every pay-off top is face up in every view',
    (preset) => {
      const state = setup(optionsFor(preset), newDeal('face-up'), 2);
      const tops = state.seats.map((seat) => formatCard(seat.payoff[seat.payoff.length - 1] as Card));
      for (const viewer of [null, 0, 1]) {
        expect(viewFor(state, viewer).seats.map((seat) => seat.payoffTop)).toEqual(tops);
      }
    },
  );

  // S5: "Han har första gången 6 spelbara kort – 5 på hand och ett överst i traven."
  it('S5 classic: the first player starts with 5 cards and the pay-off top, and does not draw on turn 1', () => {
    // A deal in which the first player is seat 1 and has no forced play, so may pass at once.
    const seed = seedWhere('deal', (candidate) => {
      const dealt = setup(optionsFor('classic'), newDeal(candidate), 2);
      return dealt.current === 1 && legalMoves(dealt).includes('pass');
    });
    const state = setup(optionsFor('classic'), newDeal(seed), 2);
    expect(state.current).toBe(1);
    expect(state.seats[1]!.hand).toHaveLength(5);
    expect(fields(state).activity).toBe('n');
    const hand = state.seats[1]!.hand.map(formatCard);
    const sources = legalMoves(state).flatMap((move) =>
      move === 'pass' ? [] : [move.split('-')[0] as string],
    );
    for (const source of sources) expect([...hand, 'p']).toContain(source);
    // Passing at once makes a null turn: nothing was drawn.
    const after = run(state, 'pass');
    expect(fields(after).nullTurns).toBe(1);
    expect(after.stock).toHaveLength(46);
  });

  // R4: "Колоду Б тасует противник первого игрока, который раздает по пять карт каждому (по одной карте за один раз…)"
  it.each([
    ['classic', 2, 1],
    ['classic', 2, 0],
    ['zloba', 2, 1],
    ['modern', 2, 1],
    ['modern', 3, 1],
  ] as const)(
    'R4 %s (%i seats, seat %i first): the dealer deals one card at a time, the first player first',
    (preset, seats, first) => {
      const options = optionsFor(preset);
      const seed = seedWhere(
        'deal',
        (candidate) => setup(options, newDeal(candidate), seats).current === first,
      );
      const state = setup(options, newDeal(seed), seats);
      const book = dealByTheBook(options, seed, seats);
      expect(book.first).toBe(first);
      expect(state.current).toBe(first);
      const dealt = book.stockDeck.slice().reverse(); // dealing takes from the top, the last element
      for (let offset = 0; offset < seats; offset++) {
        const seat = (book.first + offset) % seats;
        const expected = Array.from({ length: 5 }, (_, round) => dealt[round * seats + offset] as Card);
        expect(runOf(state.seats[seat]!.hand)).toBe(runOf(expected));
      }
      expect(runOf(state.stock)).toBe(runOf(book.stockDeck.slice(0, book.stockDeck.length - 5 * seats)));
    },
  );
});

describe('§2.2 first player', () => {
  // S3: "Den spelare som vände det högsta kortet börjar spela."
  // R3: "старшая карта назначает первого игрока"
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S3/R3 %s: the highest upturned pay-off card starts',
    (preset) => {
      const options = optionsFor(preset);
      for (let i = 0; i < 10; i++) {
        const state = setup(options, newDeal(`deal-${i}`), 2);
        const tops = state.seats.map((seat) => rankOf(seat.payoff[seat.payoff.length - 1] as Card));
        const other = 1 - state.current;
        expect(tops[state.current]).toBeGreaterThan(tops[other] as number);
        expect(state.seats.map((seat) => runOf(seat.payoff))).toEqual(
          dealByTheBook(options, `deal-${i}`, 2).payoffs.map(runOf),
        );
      }
    },
  );

  /** A seed whose first split ties for the highest upturned card, and the book's deal of it. */
  const tieOf = (options: RuleOptions, seats: number): { seed: string; book: BookDeal } => {
    const seed = seedWhere(
      'tie',
      (candidate) => highestTop(dealByTheBook(options, candidate, seats).firstSplit) === null,
    );
    const book = dealByTheBook(options, seed, seats);
    expect(highestTop(book.firstSplit)).toBeNull();
    return { seed, book };
  };

  // S3: "Är båda korten lika höga upprepas proceduren vi beskrev för några meningar sedan."
  it('S3 classic: on a tie the whole pay-off deck is reshuffled and split again', () => {
    const options = optionsFor('classic');
    const { seed, book } = tieOf(options, 2);
    const state = setup(options, newDeal(seed), 2);
    expect(state.seats.map((seat) => runOf(seat.payoff))).toEqual(book.payoffs.map(runOf));
    expect(state.current).toBe(book.first);
    // A re-split, not a reshuffle of each pile: the piles no longer hold the same cards as before.
    expect(state.seats.map((seat) => sortedRun(seat.payoff))).not.toEqual(book.firstSplit.map(sortedRun));
  });

  // R3: "если карты окажутся в одном номинале, расчетные пачки перетасовывают, после чего переворачивают новые карты"
  it.each([
    ['zloba', 2],
    ['modern', 2],
    ['modern', 3],
  ] as const)('R3 %s (%i seats): on a tie each pay-off pile is reshuffled', (preset, seats) => {
    const options = optionsFor(preset);
    const { seed, book } = tieOf(options, seats);
    const state = setup(options, newDeal(seed), seats);
    expect(state.seats.map((seat) => runOf(seat.payoff))).toEqual(book.payoffs.map(runOf));
    expect(state.current).toBe(book.first);
    // Each pile keeps its own cards, in a new order.
    expect(state.seats.map((seat) => sortedRun(seat.payoff))).toEqual(book.firstSplit.map(sortedRun));
    expect(state.seats.map((seat) => runOf(seat.payoff))).not.toEqual(book.firstSplit.map(runOf));
  });

  it('S3/R3 classic with firstPlayerTie reshufflePiles: the tie keeps each pile’s cards', () => {
    const options = optionsFor('classic', { firstPlayerTie: 'reshufflePiles' });
    const { seed, book } = tieOf(options, 2);
    const state = setup(options, newDeal(seed), 2);
    expect(state.seats.map((seat) => runOf(seat.payoff))).toEqual(book.payoffs.map(runOf));
    expect(state.seats.map((seat) => sortedRun(seat.payoff))).toEqual(book.firstSplit.map(sortedRun));
  });
});
