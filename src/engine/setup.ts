/**
 * Setting up a game from (options, deal, seats) — docs/rules.md §2.2, §5. The deal names the game's rules
 * version and its seeds (seeding.ts), which give the generator; every step draws from it in this fixed order, so
 * the same inputs always give the same deal:
 *
 * `separate` decks (S1–S4, R1–R4):
 *   1. Shuffle the pay-off deck (52 cards, A♠…K♣ in suit order S H D C) and deal `payoffSize` cards to each
 *      seat in turn as a block (seat 0 takes the first block from the top); the top card of each is face up.
 *   2. First player: the highest face-up card (a joker counts above a king). On a tie for highest:
 *      `redeal` gathers the whole pay-off deck, reshuffles and re-splits it (S3);
 *      `reshufflePiles` reshuffles every pay-off pile in seat order (R3). Repeat until one is highest; after 64
 *      pile reshuffles still tied (possible only with tiny pay-off piles) it redeals as `redeal` does.
 *   3. Pay-off deck cards left over (when `payoffSize × seats < 52`) join the stock deck. Shuffle the stock
 *      deck (52 cards + `jokersPerDeck` jokers); the dealer is the seat before the first player (R4) and deals
 *      one card at a time, the first player first, until every hand holds `handSize`. The rest is the stock.
 * `combined` decks (E1, E19): one deck (+ jokers) per seat, all shuffled together; pay-off piles are dealt
 *   as in 1 from that shuffle, the first player is found as in 2, the hands are dealt as in 3 from what is left.
 *
 * "Top" of any pile or deck is its last element: dealing takes from the end.
 */
import { Card, JOKER, rankOf, standardDeck } from './cards';
import {
  StoredOptions,
  frozenOptions,
  optionsUnderRules,
  resolveMaxCenterPiles,
  validateOptions,
} from './options';
import { RngState, shuffleInPlace } from './rng';
import { Deal, dealGenerator } from './seeding';
import { GameState, SeatState } from './state';
import { versionParts } from './versions';

/** Pile reshuffles tried on a tie before falling back to a redeal of the whole pay-off deck. */
const RESHUFFLE_ATTEMPTS = 64;

export class InvalidOptionsError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid rule options: ${problems.join('; ')}`);
  }
}

/**
 * Builds the initial state, reading `stored` as the deal's rules version does (`optionsUnderRules`); throws `InvalidOptionsError` (naming each bad option) for an unsound option set, and a
 * RangeError for a deal whose client seeds are neither none (a chosen deal) nor one per seat.
 */
export function setup(stored: StoredOptions, deal: Deal, seatCount: number): GameState {
  const rules = versionParts(deal.version).rules;
  const options = optionsUnderRules(rules, stored);
  const problems = validateOptions(options, seatCount);
  if (problems.length > 0) throw new InvalidOptionsError(problems.map((problem) => problem.message));
  if (deal.clientSeeds.length !== 0 && deal.clientSeeds.length !== seatCount) {
    throw new RangeError(
      `${deal.clientSeeds.length} client seeds for ${seatCount} seats: one per seat, or none`,
    );
  }

  const rng = dealGenerator(deal);
  let payoffDeck: Card[];
  let stockDeck: Card[];
  if (options.deckMode === 'separate') {
    payoffDeck = standardDeck(0);
    stockDeck = standardDeck(options.jokersPerDeck);
  } else {
    payoffDeck = [];
    for (let i = 0; i < seatCount; i++) payoffDeck.push(...standardDeck(options.jokersPerDeck));
    stockDeck = [];
  }
  shuffleInPlace(rng, payoffDeck);
  let payoffs = splitPayoffs(payoffDeck, options.payoffSize, seatCount);
  let first = highestTop(payoffs);
  for (let attempt = 1; first === null; attempt++) {
    // Reshuffling the piles cannot break a tie when the tied piles hold nothing but the tied rank (tiny
    // pay-off piles); after RESHUFFLE_ATTEMPTS the whole pay-off deck is redealt instead, which always can.
    if (options.firstPlayerTie === 'redeal' || attempt > RESHUFFLE_ATTEMPTS) {
      shuffleInPlace(rng, payoffDeck);
      payoffs = splitPayoffs(payoffDeck, options.payoffSize, seatCount);
    } else {
      for (const pile of payoffs) shuffleInPlace(rng, pile);
    }
    first = highestTop(payoffs);
  }

  const leftover = payoffDeck.slice(0, payoffDeck.length - options.payoffSize * seatCount);
  let stock: Card[];
  if (options.deckMode === 'separate') {
    stock = [...stockDeck, ...leftover];
    shuffleInPlace(rng, stock);
  } else {
    stock = leftover;
  }
  const seats: SeatState[] = payoffs.map((payoff) => ({
    hand: [],
    payoff,
    sidePiles: Array.from({ length: options.sidePiles }, () => []),
    out: false,
  }));
  for (let round = 0; round < options.handSize; round++) {
    for (let offset = 0; offset < seatCount; offset++) {
      seats[(first + offset) % seatCount]!.hand.push(stock.pop() as Card);
    }
  }
  const maxCenterPiles = resolveMaxCenterPiles(options, seatCount);
  return {
    rules,
    options: frozenOptions(options),
    maxCenterPiles,
    seats,
    center: Array.from({ length: maxCenterPiles }, () => null),
    stock,
    setAside: [],
    rng: rng satisfies RngState,
    current: first,
    turn: 0,
    turnActive: false,
    nullTurns: 0,
    departed: [],
    result: null,
  };
}

/** Pay-off piles dealt from the top (end) of `deck` in blocks, seat 0 first; the deck itself is not changed. */
function splitPayoffs(deck: readonly Card[], size: number, seats: number): Card[][] {
  const piles: Card[][] = [];
  for (let seat = 0; seat < seats; seat++) {
    const end = deck.length - seat * size;
    piles.push(deck.slice(end - size, end));
  }
  return piles;
}

/** The seat whose face-up pay-off card is strictly highest, or null on a tie (a joker ranks above a king). */
function highestTop(piles: readonly Card[][]): number | null {
  let best = -1;
  let bestSeat: number | null = null;
  piles.forEach((pile, seat) => {
    const top = pile[pile.length - 1] as Card;
    const value = top === JOKER ? 14 : rankOf(top);
    if (value > best) {
      best = value;
      bestSeat = seat;
    } else if (value === best) {
      bestSeat = null;
    }
  });
  return bestSeat;
}
