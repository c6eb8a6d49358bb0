import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  Command,
  GameState,
  JOKER,
  PresetName,
  Deal,
  RuleOptions,
  RulesVersion,
  cloneState,
  dealGenerator,
  formatPosition,
  legalMoves,
  newDeal,
  nextUint32,
  optionsFor,
  parseCard,
  parsePosition,
  play,
  seedXoshiro128ss,
  setup,
  setupFromPosition,
  stateHash,
} from '../../../src/engine';

const CLASSIC = optionsFor('classic');
const ZLOBA = optionsFor('zloba');
const MODERN = optionsFor('modern');

const GAMES: readonly (readonly [PresetName, number])[] = [
  ['classic', 2],
  ['zloba', 2],
  ['modern', 2],
  ['modern', 3],
  ['modern', 4],
  ['modern', 5],
  ['modern', 6],
];

const V1: RulesVersion = 'malice-rules-1+xoshiro128ss-sha256-v1';
/** The deal the positions of these tests belong to (current version; a position takes no client seeds). */
const DEAL = newDeal('position-tests');
const CHACHA_RNG = `chacha20:${'0123456789abcdef'.repeat(4)}:${'0'.repeat(24)}:0`;

/** A classic position, valid as written; the validation tests break one field of it at a time. */
const BASE = `c1=AS2H3D4C5S6H 2C8D - 9H:7SKD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n ${CHACHA_RNG}`;

const FIELD = {
  center: 0,
  stock: 1,
  setAside: 2,
  seats: 3,
  current: 4,
  turn: 5,
  nullTurns: 6,
  activity: 7,
  rng: 8,
} as const;

function withField(text: string, field: keyof typeof FIELD, value: string): string {
  const fields = text.split(' ');
  fields[FIELD[field]] = value;
  return fields.join(' ');
}

function parsed(options: RuleOptions, text: string, deal: Deal = DEAL): GameState {
  const result = parsePosition(options, text, deal);
  if (!result.ok) throw new Error(`refused ${text}: ${result.error}`);
  return result.state;
}

function errorOf(options: RuleOptions, text: string, deal: Deal = DEAL): string {
  const result = parsePosition(options, text, deal);
  if (result.ok) throw new Error(`accepted ${text}`);
  return result.error;
}

function playOrFail(state: GameState, move: string): GameState {
  const result = play(state, { type: 'move', seat: state.current, move });
  if (!result.ok) throw new Error(`${move} refused: ${result.violation.reason}`);
  return result.state;
}

/**
 * Plays from `state` by the given picks: mostly a legal move, sometimes a resignation or a timeout so that seats
 * leave games of three or more. Returns every state passed through while the game was still running.
 */
function randomWalk(state: GameState, picks: readonly number[]): GameState[] {
  const states = [state];
  let current = state;
  for (const pick of picks) {
    const seatsIn = current.seats.flatMap((seat, index) => (seat.out ? [] : [index]));
    const leaving = pick % 50 === 0 && seatsIn.length > 2;
    const command: Command = !leaving
      ? { type: 'move', seat: current.current, move: pickMove(current, pick) }
      : pick % 100 === 0
        ? { type: 'timeout', seat: current.current }
        : { type: 'resign', seat: seatsIn[(pick >> 7) % seatsIn.length]! };
    const result = play(current, command);
    if (!result.ok) throw new Error(`a legal choice was refused: ${result.violation.reason}`);
    if (result.state.result !== null) break;
    current = result.state;
    states.push(current);
  }
  return states;
}

function pickMove(state: GameState, pick: number): string {
  const moves = legalMoves(state);
  return moves[pick % moves.length] as string;
}

describe('formatPosition / parsePosition round trip', () => {
  it('keeps states from setup and from random play, in every preset and seat count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GAMES),
        fc.string({ maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 500, size: 'max' }),
        ([preset, seats], seed, picks) => {
          const options = optionsFor(preset);
          const states = randomWalk(setup(options, newDeal(seed), seats), picks);
          // Every fifth state and the last: enough variety, and the file stays fast.
          const checked = states.filter((_, index) => index % 5 === 0 || index === states.length - 1);
          for (const state of checked) {
            const text = formatPosition(state);
            const back = parsed(options, text);
            expect(stateHash(back)).toBe(stateHash(state));
            expect(back.maxCenterPiles).toBe(state.maxCenterPiles);
            expect(back.departed).toEqual(state.departed);
            expect(formatPosition(back)).toBe(text);
          }
          // The parsed state plays on exactly like the original (RNG, options and centre size included).
          const last = states[states.length - 1] as GameState;
          const again = parsed(options, formatPosition(last));
          const continuation = picks.slice(0, 20);
          const expected = randomWalk(last, continuation).map(stateHash);
          expect(randomWalk(again, continuation).map(stateHash)).toEqual(expected);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('writes seats that left with their order of leaving', () => {
    let state = setup(MODERN, newDeal('leavers'), 4);
    state = expectOk(play(state, { type: 'resign', seat: 2 }));
    state = expectOk(play(state, { type: 'resign', seat: 0 }));
    const seatTexts = formatPosition(state).split(' ')[FIELD.seats]!.split('/');
    expect(seatTexts[2]).toMatch(/:out1$/);
    expect(seatTexts[0]).toMatch(/:out2$/);
    expect(seatTexts[1]).not.toMatch(/:out/);
    expect(parsed(MODERN, formatPosition(state)).departed).toEqual([2, 0]);
  });

  it('writes declared ranks of wild cards on sameOrOneLower side piles', () => {
    const text = withField(BASE, 'seats', '9H:7SKD:8C*=8*=7,-,-,-/3C5DQS:4H4S:-,-,-,-');
    const state = parsed(CLASSIC, text);
    expect(state.seats[0]!.sidePiles[0]).toEqual([
      { card: parseCard('8C'), rank: 8 },
      { card: JOKER, rank: 8 },
      { card: JOKER, rank: 7 },
    ]);
    expect(formatPosition(state)).toBe(text);
  });

  it('accepts exactly the texts it would write (strict parsing), and never throws', () => {
    // Positions from the middle of games (centre piles, side piles, declared wilds, seats that left).
    const samples = GAMES.map(([preset, seats]) => {
      const walk = randomWalk(
        setup(optionsFor(preset), newDeal('strict'), seats),
        Array.from({ length: 120 }, (_, index) => index * 7919 + 13),
      );
      return formatPosition(walk[walk.length - 1] as GameState);
    });
    // Each text is also read under options it was not written for, so every validation path gets mutated input.
    const optionSets = [
      CLASSIC,
      ZLOBA,
      MODERN,
      optionsFor('classic', { wildRanks: ['JOKER', 'K'] }),
      optionsFor('classic', { wildRanks: ['K'], centerTopRank: 'Q' }),
      optionsFor('modern', { sideBuild: 'sameOrOneLower', sidePiles: 4 }),
    ];
    const alphabet = ' -,:/=*0123456789acnoutAKQJT2SHDC'.split('');
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.constantFrom(...optionSets),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet)), { maxLength: 4 }),
        (text, options, edits) => {
          let mutated = text;
          for (const [at, char] of edits) {
            const index = at % (mutated.length + 1);
            mutated = mutated.slice(0, index) + char + mutated.slice(index + 1);
          }
          const result = parsePosition(options, mutated, DEAL);
          if (result.ok && mutated.split(' ').length === 9)
            expect(formatPosition(result.state)).toBe(mutated);
        },
      ),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(typeof parsePosition(CLASSIC, text, DEAL).ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});

function expectOk(result: ReturnType<typeof play>): GameState {
  if (!result.ok) throw new Error(result.violation.reason);
  return result.state;
}

describe('parsePosition without the rng field', () => {
  const text = BASE.split(' ').slice(0, 8).join(' ');

  it('takes the generator of the game’s deal, so the text alone foretells no reshuffle', () => {
    const first = parsed(CLASSIC, text);
    expect(first.rng).toEqual(dealGenerator(DEAL));
    expect(stateHash(parsed(CLASSIC, text))).toBe(stateHash(first));
    // Another server seed, the same text: another generator.
    const other = parsed(CLASSIC, text, newDeal('another server seed'));
    expect(other.rng).not.toEqual(first.rng);
    expect(formatPosition(other).split(' ').slice(0, 8)).toEqual(
      formatPosition(first).split(' ').slice(0, 8),
    );
  });

  it('under the old version, still seeds xoshiro128** from the text (games recorded so replay as played)', () => {
    const old = parsed(CLASSIC, text, { version: V1, seed: 'ignored', clientSeeds: [] });
    expect(old.rng).toEqual(seedXoshiro128ss(text));
    expect(
      parsed(CLASSIC, withField(text, 'turn', '15'), { version: V1, seed: 'x', clientSeeds: [] }).rng,
    ).not.toEqual(old.rng);
  });

  it('is written back with the rng it was given', () => {
    const state = parsed(CLASSIC, text);
    const written = formatPosition(state);
    expect(written.startsWith(`${text} `)).toBe(true);
    expect(written.split(' ')).toHaveLength(9);
    expect(stateHash(parsed(CLASSIC, written))).toBe(stateHash(state));
  });
});

describe('the rng field is read according to the game’s version', () => {
  const OLD = { version: V1, seed: 'old', clientSeeds: [] } as const;
  const XOSHIRO_RNG = '0123456789abcdef0123456789abcdef';

  it('chacha20-v2: chacha20:<key>:<nonce>:<outputs drawn>, round trip at any stream position', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 12, maxLength: 12 }),
        fc.nat({ max: 2 ** 36 - 1 }),
        (key, nonce, position) => {
          const field = `chacha20:${Buffer.from(key).toString('hex')}:${Buffer.from(nonce).toString('hex')}:${position}`;
          const state = parsed(CLASSIC, withField(BASE, 'rng', field));
          expect(state.rng.generator).toBe('chacha20');
          expect(formatPosition(state).split(' ')[FIELD.rng]).toBe(field);
        },
      ),
    );
    // The field is the stream: the next output after parsing is the stream's output at that position.
    const state = setup(CLASSIC, DEAL, 2);
    const reread = parsed(CLASSIC, formatPosition(state));
    expect(nextUint32(reread.rng)).toBe(nextUint32(cloneState(state).rng));
  });

  it('refuses the other version’s form, and malformed chacha20 fields', () => {
    expect(errorOf(CLASSIC, withField(BASE, 'rng', XOSHIRO_RNG))).toMatch(
      /^rng: .*chacha20:<key>:<nonce>:<position>/,
    );
    expect(errorOf(CLASSIC, BASE, OLD)).toMatch(/^rng: .*32 lowercase hex digits .*xoshiro128/);
    for (const bad of [
      `chacha20:${'0'.repeat(63)}:${'0'.repeat(24)}:0`,
      `chacha20:${'0'.repeat(64)}:${'0'.repeat(22)}:0`,
      `chacha20:${'A'.repeat(64)}:${'0'.repeat(24)}:0`,
      `chacha20:${'0'.repeat(64)}:${'0'.repeat(24)}:01`,
      `chacha20:${'0'.repeat(64)}:${'0'.repeat(24)}:-1`,
      `xoshiro:${'0'.repeat(64)}:${'0'.repeat(24)}:0`,
    ]) {
      expect(errorOf(CLASSIC, withField(BASE, 'rng', bad))).toMatch(/^rng: /);
    }
    expect(
      errorOf(CLASSIC, withField(BASE, 'rng', `chacha20:${'0'.repeat(64)}:${'0'.repeat(24)}:${2 ** 36}`)),
    ).toMatch(/^rng: position 68719476736 is past the end/);
  });

  it('xoshiro128ss-sha256-v1: 32 hex digits, as every old position was written, never all zero', () => {
    const old = parsed(CLASSIC, withField(BASE, 'rng', XOSHIRO_RNG), OLD);
    expect(old.rng).toEqual({
      generator: 'xoshiro128ss',
      s: [0x01234567, 0x89abcdef, 0x01234567, 0x89abcdef],
    });
    expect(formatPosition(old).split(' ')[FIELD.rng]).toBe(XOSHIRO_RNG);
    expect(errorOf(CLASSIC, withField(BASE, 'rng', '0'.repeat(32)), OLD)).toMatch(
      /^rng: must not be all zero/,
    );
    // An old game's states round-trip under the old version, with their old hashes.
    const state = setup(CLASSIC, { version: V1, seed: 'old-game', clientSeeds: [] }, 2);
    expect(stateHash(parsed(CLASSIC, formatPosition(state), OLD))).toBe(stateHash(state));
  });
});

describe('parsePosition validation (each error names its field)', () => {
  it('accepts the base position and builds the state from it', () => {
    const state = parsed(CLASSIC, BASE);
    expect(state.maxCenterPiles).toBe(8);
    expect(state.center).toHaveLength(8);
    expect(state.center[0]).toHaveLength(6);
    expect(state.seats.map((seat) => seat.payoff.length)).toEqual([1, 3]);
    expect(state.turn).toBe(14);
    expect(state.turnActive).toBe(false);
    expect(state.result).toBeNull();
    expect(state.departed).toEqual([]);
    expect(setupFromPosition(CLASSIC, BASE, DEAL)).toEqual(parsePosition(CLASSIC, BASE, DEAL));
  });

  it('refuses a wrong number of fields or doubled spaces', () => {
    expect(errorOf(CLASSIC, BASE.split(' ').slice(0, 7).join(' '))).toMatch(/^position: .*found 7/);
    expect(errorOf(CLASSIC, `${BASE} x`)).toMatch(/^position: /);
    expect(errorOf(CLASSIC, BASE.replace(' 0 14', '  0 14').replace(' n ', ' n'))).toMatch(
      /^position: .*empty field/,
    );
    expect(errorOf(CLASSIC, 'x'.repeat(9000))).toMatch(/^position: .*9000/);
  });

  it('refuses malformed cards in every card field', () => {
    expect(errorOf(CLASSIC, withField(BASE, 'stock', '2C8Z'))).toMatch(/^stock: /);
    expect(errorOf(CLASSIC, withField(BASE, 'stock', '2C8'))).toMatch(/^stock: /);
    expect(errorOf(CLASSIC, withField(BASE, 'setAside', 'xx'))).toMatch(/^setAside: /);
    expect(errorOf(CLASSIC, withField(BASE, 'center', 'c1=AS2'))).toMatch(/^center c1: /);
    expect(errorOf(CLASSIC, withField(BASE, 'center', 'c1='))).toMatch(/^center c1: /);
    expect(errorOf(CLASSIC, withField(BASE, 'center', 'd1=AS'))).toMatch(/^center: /);
    expect(errorOf(CLASSIC, withField(BASE, 'center', 'c01=AS'))).toMatch(/^center: /);
    const seats = (seat0: string): string => withField(BASE, 'seats', `${seat0}/3C5DQS:4H4S:-,-,-,-`);
    expect(errorOf(CLASSIC, seats('9X:7S:-,-,-,-'))).toMatch(/^seats: seat 0 pay-off: /);
    expect(errorOf(CLASSIC, seats('9H:7S1:-,-,-,-'))).toMatch(/^seats: seat 0 hand: /);
    expect(errorOf(CLASSIC, seats('9H:7S:8C9,-,-,-'))).toMatch(/^seats: seat 0 side pile d1: /);
    expect(errorOf(CLASSIC, seats('9H:7S:-,-,-,*='))).toMatch(/^seats: seat 0 side pile d4: /);
    expect(errorOf(CLASSIC, seats('9H:7S'))).toMatch(/^seats: seat 0: /);
    expect(errorOf(CLASSIC, seats('9H:7S:-,-,-,-:gone'))).toMatch(/^seats: seat 0: .*out<n>/);
    expect(errorOf(CLASSIC, seats('9H::-,-,-,-'))).toMatch(/^seats: seat 0 hand: /);
  });

  it('refuses a seat count the options do not allow, with the options’ own message', () => {
    const three = withField(BASE, 'seats', '9H:7S:-,-,-,-/3C:4H:-,-,-,-/5D:4S:-,-,-,-');
    expect(errorOf(CLASSIC, three)).toMatch(/^seats: 3 seats .*seats: must be from 2 to 2/);
    expect(parsePosition(MODERN, three, DEAL).ok).toBe(true);
    expect(errorOf({ ...CLASSIC, handSize: 0 }, BASE)).toMatch(/^options: handSize: /);
  });

  it('refuses a side-pile count other than options.sidePiles', () => {
    const text = withField(BASE, 'seats', '9H:7S:-,-,-/3C5DQS:4H4S:-,-,-,-');
    expect(errorOf(CLASSIC, text)).toMatch(/^seats: seat 0 side piles: 3 given.*sidePiles 4/);
    expect(parsePosition({ ...CLASSIC, sidePiles: 3 }, text, DEAL).ok).toBe(false);
    const both = withField(BASE, 'seats', '9H:7S:-,-,-/3C5DQS:4H4S:-,-,-');
    expect(parsePosition({ ...CLASSIC, sidePiles: 3 }, both, DEAL).ok).toBe(true);
  });

  it('refuses centre slots beyond the maximum, repeated or out of order', () => {
    expect(errorOf(ZLOBA, withField(BASE, 'center', 'c5=AS'))).toMatch(/^center: slot c5 .*4 centre piles/);
    expect(parsePosition(ZLOBA, withField(BASE, 'center', 'c4=AS'), DEAL).ok).toBe(true);
    // modern resolves playersPlusOne: three slots for two seats.
    expect(errorOf(MODERN, withField(BASE, 'center', 'c4=AS')).startsWith('center: slot c4')).toBe(true);
    expect(errorOf(CLASSIC, withField(BASE, 'center', 'c2=AS,c2=AH'))).toMatch(
      /^center: slot c2 appears twice/,
    );
    expect(errorOf(CLASSIC, withField(BASE, 'center', 'c3=AS,c2=AH'))).toMatch(/^center: .*ascending/);
    expect(
      parsed(CLASSIC, withField(BASE, 'center', 'c2=AS,c7=AH')).center.map((pile) => pile?.length ?? 0),
    ).toEqual([0, 1, 0, 0, 0, 0, 1, 0]);
  });

  it('refuses centre piles that are not a valid build', () => {
    const center = (piles: string): string => withField(BASE, 'center', piles);
    expect(errorOf(CLASSIC, center('c1=2S'))).toMatch(/^center c1: the bottom card must be a natural ace/);
    expect(errorOf(CLASSIC, center('c1=*2S'))).toMatch(/^center c1: the bottom card must be a natural ace/);
    expect(errorOf(CLASSIC, center('c1=AS3H'))).toMatch(/^center c1: 3H cannot be card 2/);
    expect(errorOf(CLASSIC, center('c1=AS2H,c2=AC2C4D'))).toMatch(/^center c2: 4D cannot be card 3/);
    expect(parsePosition(CLASSIC, center('c1=AS*3H'), DEAL).ok).toBe(true);
    // K is wild in modern, not in classic.
    expect(parsePosition(MODERN, center('c1=ASKH3H'), DEAL).ok).toBe(true);
    expect(errorOf(CLASSIC, center('c1=ASKH3H'))).toMatch(/^center c1: KH cannot be card 2/);
    // A pile reaching the top rank is complete and would have left the centre.
    expect(errorOf(CLASSIC, center('c1=AC2C3C4C5C6C7C8C9CTCJCQCKC'))).toMatch(/^center c1: 13 cards reach K/);
    expect(parsePosition(CLASSIC, center('c1=AC2C3C4C5C6C7C8C9CTCJCQC'), DEAL).ok).toBe(true);
    expect(errorOf(MODERN, center('c1=AC2C3C4C5C6C7C8C9CTCJCQC'))).toMatch(/^center c1: 12 cards reach Q/);
  });

  it('refuses side piles that break sideBuild, and checks declarations', () => {
    const side = (pile: string): string =>
      withField(BASE, 'seats', `9H:7S:${pile},-,-,-/3C5DQS:4H4S:-,-,-,-`);
    expect(parsePosition(CLASSIC, side('9C8D8H7S'), DEAL).ok).toBe(true);
    expect(errorOf(CLASSIC, side('8C9D'))).toMatch(
      /^seats: seat 0 side pile d1: .*counting as 9 .*counting as 8/,
    );
    expect(errorOf(CLASSIC, side('8C6D'))).toMatch(/^seats: seat 0 side pile d1: /);
    expect(parsePosition(CLASSIC, side('8C*=8*=73D'), DEAL).ok).toBe(false);
    expect(parsePosition(CLASSIC, side('8C*=8*=76D'), DEAL).ok).toBe(true);
    expect(errorOf(CLASSIC, side('8C*=T'))).toMatch(/^seats: seat 0 side pile d1: .*counting as T/);
    expect(errorOf(CLASSIC, side('8C*'))).toMatch(/^seats: seat 0 side pile d1: the wild \* must carry/);
    expect(errorOf(CLASSIC, side('*=A'))).toMatch(/^seats: seat 0 side pile d1: .*never stands for an ace/);
    expect(errorOf(CLASSIC, side('*=X'))).toMatch(/^seats: seat 0 side pile d1: .*not a rank/);
    expect(errorOf(CLASSIC, side('8C=8'))).toMatch(/^seats: seat 0 side pile d1: .*only a wild card/);
    // A natural ace may lie on a side pile (on a 2, or alone).
    expect(parsePosition(CLASSIC, side('2CAD'), DEAL).ok).toBe(true);
    // sideBuild any: anything goes, and nothing declares.
    expect(parsePosition(MODERN, side('2S9DKHAC'), DEAL).ok).toBe(true);
    expect(errorOf(MODERN, side('KH=8'))).toMatch(
      /^seats: seat 0 side pile d1: .*only a wild card on a sameOrOneLower/,
    );
    // A K that is wild on a sameOrOneLower pile must declare.
    const kingsWild = { ...CLASSIC, wildRanks: ['JOKER', 'K'] } satisfies RuleOptions;
    expect(parsePosition(kingsWild, side('9CKH=9KD=8'), DEAL).ok).toBe(true);
    expect(errorOf(kingsWild, side('9CKH'))).toMatch(/^seats: seat 0 side pile d1: the wild KH must carry/);
    // Without wild jokers there are no jokers at all.
    const kingsOnly = optionsFor('classic', { wildRanks: ['K'] });
    expect(errorOf(kingsOnly, side('8C*'))).toMatch(
      /^seats: seat 0 side pile d1: these options have no jokers/,
    );
  });

  it('refuses a current seat out of range or one that has left', () => {
    expect(errorOf(CLASSIC, withField(BASE, 'current', '2'))).toMatch(/^current: must be a seat from 0 to 1/);
    expect(errorOf(CLASSIC, withField(BASE, 'current', '-1'))).toMatch(/^current: /);
    const threeWithLeaver = withField(BASE, 'seats', '9H:7S:-,-,-,-/3C:4H:-,-,-,-:out1/5D:4S:-,-,-,-');
    expect(parsePosition(MODERN, threeWithLeaver, DEAL).ok).toBe(true);
    expect(errorOf(MODERN, withField(threeWithLeaver, 'current', '1'))).toMatch(/^current: seat 1 has left/);
  });

  it('refuses more copies of a card than the decks hold, naming where the extra copy is', () => {
    // classic (separate decks): two of each natural card (pay-off deck + stock deck) and four jokers.
    expect(parsePosition(CLASSIC, withField(BASE, 'stock', '2C8D7S'), DEAL).ok).toBe(true);
    expect(errorOf(CLASSIC, withField(BASE, 'stock', '2C8D7S7S7S'))).toMatch(
      /^stock: 7S is copy 3, but the pay-off and stock decks/,
    );
    expect(errorOf(CLASSIC, withField(BASE, 'setAside', '*****'))).toMatch(
      /^setAside: \* is copy 5, .*only 4/,
    );
    expect(errorOf(CLASSIC, withField(BASE, 'center', 'c1=AS2H3D4C5S6H,c2=AS,c3=AS'))).toMatch(
      /^center c3: AS is copy 3/,
    );
    const seats = (seat0: string): string => withField(BASE, 'seats', `${seat0}/3C5DQS:4H4S:-,-,-,-`);
    expect(errorOf(CLASSIC, seats('9H:7S:7S7S,-,-,-'))).toMatch(/^seats: seat 0 side pile d1: 7S is copy 3/);
    // modern (combined): one deck per seat, no jokers.
    expect(parsePosition(MODERN, withField(BASE, 'stock', '7S'), DEAL).ok).toBe(true);
    expect(errorOf(MODERN, withField(BASE, 'stock', '7S7S'))).toMatch(
      /^seats: seat 0 hand: 7S is copy 3, but 2 decks \(deckMode combined\)/,
    );
    expect(errorOf(MODERN, withField(BASE, 'stock', '7S7S7S'))).toMatch(/^stock: 7S is copy 3/);
    expect(errorOf(MODERN, withField(BASE, 'stock', '9D9D9D9D9D9D'))).toMatch(/^stock: 9D is copy 3/);
    // With six seats there are six decks, so six of each card.
    const sixSeats = withField(BASE, 'seats', ['9H:7S:-,-,-,-', ...Array(5).fill('3C:4H:-,-,-,-')].join('/'));
    expect(parsePosition(MODERN, withField(sixSeats, 'stock', '9D'.repeat(6)), DEAL).ok).toBe(true);
    expect(errorOf(MODERN, withField(sixSeats, 'stock', '9D'.repeat(7)))).toMatch(/^stock: 9D is copy 7/);
    expect(errorOf(MODERN, withField(BASE, 'seats', '9H:*:-,-,-,-/3C:4H:-,-,-,-'))).toMatch(
      /^seats: seat 0 hand: \* is copy 1, .*only 0/,
    );
  });

  it('refuses out markers that skip or repeat a number, and games with fewer than two seats in', () => {
    const marks = (a: string, b: string, c: string): string =>
      withField(
        withField(BASE, 'seats', `9H:7S:-,-,-,-${a}/3C:4H:-,-,-,-${b}/5D:4S:-,-,-,-${c}/6D:5S:-,-,-,-`),
        'current',
        '1',
      );
    expect(parsed(MODERN, marks(':out2', '', ':out1')).departed).toEqual([2, 0]);
    expect(errorOf(MODERN, marks(':out1', '', ':out3'))).toMatch(
      /^seats: the out markers .*found out1, out3/,
    );
    expect(errorOf(MODERN, marks('', ':out2', ''))).toMatch(/^seats: the out markers /);
    expect(errorOf(MODERN, marks(':out1', ':out1', ''))).toMatch(/^seats: the out markers /);
    expect(errorOf(MODERN, marks(':out0', '', ''))).toMatch(/^seats: seat 0: /);
    expect(errorOf(MODERN, withField(marks(':out1', ':out2', ':out3'), 'current', '3'))).toMatch(
      /^seats: at least two seats/,
    );
  });

  it('refuses counters that are not non-negative whole numbers', () => {
    for (const field of ['current', 'turn', 'nullTurns'] as const) {
      for (const bad of ['-1', '01', '1.5', 'x', '1e3', '99999999999999999999']) {
        expect(errorOf(CLASSIC, withField(BASE, field, bad)).startsWith(`${field}: `)).toBe(true);
      }
    }
    expect(parsed(CLASSIC, withField(withField(BASE, 'turn', '0'), 'nullTurns', '1')).nullTurns).toBe(1);
  });

  it('refuses an activity other than a or n', () => {
    expect(parsed(CLASSIC, withField(BASE, 'activity', 'a')).turnActive).toBe(true);
    expect(errorOf(CLASSIC, withField(BASE, 'activity', 'A'))).toMatch(/^activity: /);
  });

  it('reads the rng field as the generator state it names', () => {
    const rng = parsed(CLASSIC, BASE).rng;
    expect(rng.generator).toBe('chacha20');
    if (rng.generator === 'chacha20') {
      expect(rng.key).toEqual([
        0x67452301, 0xefcdab89, 0x67452301, 0xefcdab89, 0x67452301, 0xefcdab89, 0x67452301, 0xefcdab89,
      ]);
      expect(rng.nonce).toEqual([0, 0, 0]);
      expect([rng.counter, rng.used]).toEqual([0, 0]);
    }
  });

  it('refuses an absurdly long hand', () => {
    const deck = '23456789TJQK'.split('').flatMap((rank) => ['S', 'H', 'D', 'C'].map((suit) => rank + suit));
    const fiveMoreSeats = 'AS:-:-,-,-,-/AH:-:-,-,-,-/AD:-:-,-,-,-/AC:-:-,-,-,-/2S:-:-,-,-,-';
    const hand = (cards: readonly string[]): string =>
      withField(BASE, 'seats', `9H:${cards.join('')}:-,-,-,-/${fiveMoreSeats}`);
    expect(parsePosition(MODERN, withField(hand(deck.slice(0, 47)), 'center', '-'), DEAL).ok).toBe(true);
    expect(errorOf(MODERN, withField(hand([...deck, ...deck.slice(0, 13)]), 'center', '-'))).toMatch(
      /^seats: seat 0 hand: holds 61 cards/,
    );
  });
});

// Seat 0 holds 7S, a joker and KD; its side pile d1 shows 8C and its last pay-off card is 9H. Centre pile c1 has
// reached 6. Playing 7S and then the 8C from d1 brings c1 to 8, so the last pay-off card 9H wins at once.
const PUZZLE = 'c1=AS2H3D4C5S6H 2C8D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n';

describe('a hand-written puzzle can be played on', () => {
  it('wins in three plays, with p-c1 legal only once c1 reaches 8', () => {
    let state = parsed(CLASSIC, PUZZLE);
    expect(legalMoves(state)).not.toContain('p-c1');
    expect(legalMoves(state)).toEqual(expect.arrayContaining(['7S-c1', '*-c1']));
    state = playOrFail(state, '7S-c1');
    expect(legalMoves(state)).toContain('d1-c1');
    state = playOrFail(state, 'd1-c1');
    expect(state.center[0]).toHaveLength(8);
    expect(legalMoves(state)).toContain('p-c1');
    state = playOrFail(state, 'p-c1');
    expect(state.result).toMatchObject({ reason: 'payoffEmptied', winner: 0, score: 3 });
  });

  it('completes a modern centre pile with a pay-off queen, which then goes to the set-aside pile', () => {
    const text = 'c1=AS2H3D4C5S6H7D8C9STDJC - - 5D9DQH:2C3C4C:-,-,-,-/7H:8H:-,-,-,- 0 30 0 n';
    let state = parsed(MODERN, text);
    expect(legalMoves(state)).toContain('p-c1');
    state = playOrFail(state, 'p-c1');
    expect(state.center).toEqual([null, null, null]);
    expect(state.setAside).toHaveLength(12);
    expect(formatPosition(state).split(' ').slice(0, 4).join(' ')).toBe(
      '- - AS2H3D4C5S6H7D8C9STDJCQH 5D9D:2C3C4C:-,-,-,-/7H:8H:-,-,-,-',
    );
  });
});

describe('docs/notation.md, Positions', () => {
  const docs = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'notation.md'), 'utf8');

  it('shows the real position of a new classic game and the puzzle tested here', () => {
    expect(docs).toContain(formatPosition(setup(CLASSIC, newDeal('example'), 2)));
    expect(docs).toContain(PUZZLE);
  });
});
