/**
 * The attack on games dealt under `xoshiro128ss-sha256-v1`, as anyone could run it: the public `seedCommitment`
 * is SHA-256 of the seed, and that version's generator state is the first 128 bits of that very digest. So the
 * commitment alone gives the generator, and the deal procedure (docs/fairness.md, "The deal") gives every hand,
 * every face-down pay-off card and the stock order.
 *
 * Self-contained on purpose: its own xoshiro128**, sampling and deal, and from the engine only the unshuffled
 * decks and card ranks, so that it runs the same against any version of the server (and shows the hole on the
 * code before the fix). It handles the rule options of the deal that the tests use (both deck modes, both ways of
 * breaking a tie).
 */
import { Card, JOKER, RuleOptions, rankOf, standardDeck } from '../../src/engine';

export interface RecoveredDeal {
  readonly hands: Card[][];
  readonly payoffs: Card[][];
  readonly stock: Card[];
  readonly first: number;
}

type State = [number, number, number, number];

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

function next(s: State): number {
  const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
  const t = s[1] << 9;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 11);
  for (let i = 0; i < 4; i++) s[i] = s[i]! >>> 0;
  return result;
}

function below(s: State, n: number): number {
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const x = next(s);
    if (x < limit) return x % n;
  }
}

function shuffle<T>(s: State, items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = below(s, i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
}

function split(deck: readonly Card[], size: number, seats: number): Card[][] {
  return Array.from({ length: seats }, (_, seat) =>
    deck.slice(deck.length - (seat + 1) * size, deck.length - seat * size),
  );
}

function highest(piles: readonly Card[][]): number | null {
  const values = piles.map((pile) => {
    const top = pile[pile.length - 1] as Card;
    return top === JOKER ? 14 : rankOf(top);
  });
  const best = Math.max(...values);
  return values.filter((value) => value === best).length === 1 ? values.indexOf(best) : null;
}

/** The deal a game with this public commitment has, if its generator is seeded from the commitment's digest. */
export function dealFromCommitment(commitment: string, options: RuleOptions, seats: number): RecoveredDeal {
  const digest = Buffer.from(commitment, 'hex');
  const s: State = [0, 1, 2, 3].map((word) => digest.readUInt32BE(word * 4)) as State;
  const separate = options.deckMode === 'separate';
  const payoffDeck = separate
    ? standardDeck(0)
    : Array.from({ length: seats }, () => standardDeck(options.jokersPerDeck)).flat();
  shuffle(s, payoffDeck);
  let payoffs = split(payoffDeck, options.payoffSize, seats);
  let first = highest(payoffs);
  for (let attempt = 1; first === null; attempt++) {
    if (options.firstPlayerTie === 'redeal' || attempt > 64) {
      shuffle(s, payoffDeck);
      payoffs = split(payoffDeck, options.payoffSize, seats);
    } else {
      for (const pile of payoffs) shuffle(s, pile);
    }
    first = highest(payoffs);
  }
  const leftover = payoffDeck.slice(0, payoffDeck.length - options.payoffSize * seats);
  const stock = separate ? [...standardDeck(options.jokersPerDeck), ...leftover] : leftover;
  if (separate) shuffle(s, stock);
  const hands: Card[][] = Array.from({ length: seats }, () => []);
  for (let round = 0; round < options.handSize; round++) {
    for (let offset = 0; offset < seats; offset++) hands[(first + offset) % seats]!.push(stock.pop() as Card);
  }
  return { hands, payoffs, stock, first };
}
