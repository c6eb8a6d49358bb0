import fc from 'fast-check';
import {
  BOT_NAMES,
  BOT_VERSIONS,
  Bot,
  BotName,
  Card,
  GameState,
  PRESET_NAMES,
  PresetName,
  RngState,
  RuleOptions,
  SideCard,
  applyEvent,
  cloneRng,
  cloneState,
  createBot,
  decide,
  isWild,
  legalMoves,
  legalMovesInView,
  newDeal,
  optionsFor,
  parseCard,
  parseMove,
  parseSideCard,
  publicStream,
  setup,
  shuffleInPlace,
  stateHash,
  validateOptions,
  viewFor,
} from '../../../../src/engine';

function card(text: string): Card {
  const parsed = parseCard(text);
  if (parsed === null) throw new Error(`bad card ${text}`);
  return parsed;
}

function cards(texts: readonly string[]): Card[] {
  return texts.map(card);
}

function copyRng(rng: RngState): RngState {
  return cloneRng(rng);
}

/** Lets the seat to move choose with `bot`; checks the move against the full state's legal moves and applies it. */
function step(state: GameState, bot: Bot, rng: RngState): string {
  const view = viewFor(state, state.current);
  const inView = legalMovesInView(view);
  const move = bot.choose(view, inView, rng);
  expect(inView).toContain(move);
  const decision = decide(state, { type: 'move', seat: state.current, move });
  if (!decision.ok) throw new Error(`${move} refused: ${decision.violation.reason}`);
  for (const event of decision.events) applyEvent(state, event);
  return move;
}

/** Plays a whole game; returns the moves. Every move is checked to be legal in the full state as well. */
function playOut(
  state: GameState,
  bots: readonly Bot[],
  rngs: readonly RngState[],
  moveLimit: number,
): string[] {
  const moves: string[] = [];
  while (state.result === null && moves.length < moveLimit) {
    const seat = state.current;
    const fromState = legalMoves(state);
    expect(legalMovesInView(viewFor(state, seat))).toEqual(fromState);
    moves.push(step(state, bots[seat] as Bot, rngs[seat] as RngState));
  }
  return moves;
}

/** Side-pile cards as the view writes them (`8S`, `*=8` for a declared wild card). */
function sideCards(options: RuleOptions, texts: readonly string[] | undefined): SideCard[] {
  return (texts ?? []).map((text) => {
    const side = parseSideCard(options, text);
    if (side === null) throw new Error(`bad side card ${text}`);
    return side;
  });
}

interface Position {
  readonly preset?: PresetName;
  readonly overrides?: Partial<RuleOptions>;
  readonly hand: readonly string[];
  readonly payoff: string;
  readonly side?: readonly (readonly string[])[];
  /** Heights of the centre piles by slot (0 = free). */
  readonly center?: readonly number[];
  readonly opponentPayoff: string;
  /** Pay-off pile sizes (default 4 each). */
  readonly payoffCounts?: readonly [number, number];
  readonly opponentSide?: readonly (readonly string[])[];
}

/**
 * A hand-made position for seat 0, on a real set-up state. The bots only see the view, so the other cards
 * (stock, opponent's hand) are whatever the deal left there.
 */
function position(spec: Position): GameState {
  const options = optionsFor(spec.preset ?? 'classic', spec.overrides ?? {});
  const state = setup(options, newDeal('position'), 2);
  const [ownCount, otherCount] = spec.payoffCounts ?? [4, 4];
  const filler = (count: number): Card[] => Array.from({ length: count - 1 }, () => card('9C'));
  const me = state.seats[0]!;
  const other = state.seats[1]!;
  me.hand = cards(spec.hand);
  me.payoff = [...filler(ownCount), card(spec.payoff)];
  me.sidePiles = Array.from({ length: options.sidePiles }, (_, index) =>
    sideCards(options, spec.side?.[index]),
  );
  other.payoff = [...filler(otherCount), card(spec.opponentPayoff)];
  other.sidePiles = Array.from({ length: options.sidePiles }, (_, index) =>
    sideCards(options, spec.opponentSide?.[index]),
  );
  const suits = 'SHDC';
  state.center = Array.from({ length: state.maxCenterPiles }, (_, slot) => {
    const height = spec.center?.[slot] ?? 0;
    if (height === 0) return null;
    return Array.from({ length: height }, (_, i) => card(`${'A23456789TJQK'[i]}${suits[slot % 4]}`));
  });
  state.current = 0;
  state.turnActive = true;
  return state;
}

/** Greedy's moves for the rest of seat 0's turn. */
function greedyTurn(state: GameState): string[] {
  const greedy = createBot('greedy');
  const rng = publicStream('test', 'turn');
  const moves: string[] = [];
  while (state.result === null && state.current === 0 && moves.length < 30)
    moves.push(step(state, greedy, rng));
  return moves;
}

describe('bot registry', () => {
  it('creates each named bot, and its name is the one asked for', () => {
    for (const name of BOT_NAMES) expect(createBot(name).name).toBe(name);
  });
});

describe('bots only return legal moves', () => {
  const presetWithSeats = fc.oneof(
    fc.record({ preset: fc.constantFrom<PresetName>('classic', 'zloba'), seats: fc.constant(2) }),
    fc.record({ preset: fc.constant<PresetName>('modern'), seats: fc.integer({ min: 2, max: 6 }) }),
  );
  const overrides = fc.record(
    {
      forcedAces: fc.boolean(),
      forcedTwoOnAce: fc.boolean(),
      forcedPayoffPlay: fc.boolean(),
      maxCenterPiles: fc.constantFrom<RuleOptions['maxCenterPiles']>(3, 4, 8, 'playersPlusOne', 'unlimited'),
      sideBuild: fc.constantFrom<RuleOptions['sideBuild']>('any', 'sameOrOneLower'),
      turnEnd: fc.constantFrom<RuleOptions['turnEnd']>('optional', 'mandatory'),
      refillWhenHandEmpty: fc.boolean(),
      lowCardsToSide: fc.constantFrom<RuleOptions['lowCardsToSide']>('unrestricted', 'centerFullOnly'),
    },
    { requiredKeys: [] },
  );

  /**
   * The bots that play whole games here: the expert's search makes a whole game take seconds, so its moves are
   * checked on random positions instead (test/unit/engine/bots/expert.test.ts).
   */
  const WHOLE_GAME_BOTS = BOT_NAMES.filter((name) => name !== 'expert');

  it('in every preset, with 2 to 6 seats, mixed bots and option overrides', () => {
    fc.assert(
      fc.property(
        presetWithSeats,
        overrides,
        fc.string({ maxLength: 12 }),
        fc.array(fc.constantFrom<BotName>(...WHOLE_GAME_BOTS), { minLength: 6, maxLength: 6 }),
        ({ preset, seats }, extra, seed, names) => {
          const options = optionsFor(preset, extra);
          fc.pre(validateOptions(options, seats).length === 0);
          const state = setup(options, newDeal(seed), seats);
          const bots = names.slice(0, seats).map(createBot);
          const rngs = bots.map((_, seat) => publicStream('test', `${seed}/${seat}`));
          playOut(state, bots, rngs, 3000);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('in the modern preset with 3 to 6 greedy players, to the end of each game', () => {
    for (let seats = 3; seats <= 6; seats++) {
      for (const variant of [
        {},
        { wildRanks: ['K', 'JOKER'] },
        { forcedAces: true, maxCenterPiles: 4 },
      ] as const) {
        const options = optionsFor('modern', variant as Partial<RuleOptions>);
        const state = setup(options, newDeal(`many-${seats}`), seats);
        const bots = Array.from({ length: seats }, (_, seat) =>
          createBot(seat % 3 === 2 ? 'random' : 'greedy'),
        );
        const rngs = bots.map((_, seat) => publicStream('test', `many-${seat}`));
        playOut(state, bots, rngs, 100000);
        expect(state.result).not.toBeNull();
      }
    }
  });
});

describe('bots are deterministic given the same RNG state', () => {
  it.each(BOT_NAMES.map((name) => [name]))(
    '%s: same view and RNG state, same move and same RNG advance',
    (name) => {
      const bot = createBot(name);
      const state = setup(optionsFor('modern'), newDeal('det'), 3);
      const driver = publicStream('test', 'driver');
      // The expert's search takes milliseconds a move: fewer moves, and greedy plays them.
      const moves = name === 'expert' ? 40 : 150;
      const player = name === 'expert' ? createBot('greedy') : bot;
      for (let move = 0; move < moves && state.result === null; move++) {
        const view = viewFor(state, state.current);
        const legal = legalMovesInView(view);
        const rngA = publicStream('test', `det-${move}`);
        const rngB = copyRng(rngA);
        expect(bot.choose(view, legal, rngA)).toBe(bot.choose(view, legal, rngB));
        expect(rngA).toEqual(rngB);
        step(state, player, driver);
      }
    },
  );

  it('whole games replay move for move from the same seeds', () => {
    const play = (): string[] => {
      const state = setup(optionsFor('classic'), newDeal('same'), 2);
      const bots = [createBot('greedy'), createBot('random')];
      return playOut(state, bots, [publicStream('test', 'a'), publicStream('test', 'b')], 5000);
    };
    const first = play();
    expect(first.length).toBeGreaterThan(10);
    expect(play()).toEqual(first);
  });

  it('random: different RNG states spread its choices over every legal move about evenly', () => {
    const bot = createBot('random');
    // A deal whose first player has more than three moves to choose from.
    const seed = Array.from({ length: 100 }, (_, index) => `spread-${index}`).find(
      (candidate) => legalMoves(setup(optionsFor('classic'), newDeal(candidate), 2)).length > 3,
    );
    const state = setup(optionsFor('classic'), newDeal(seed!), 2);
    const view = viewFor(state, state.current);
    const legal = legalMovesInView(view);
    expect(legal.length).toBeGreaterThan(3);
    const rng = publicStream('test', 'spread');
    const counts = new Map<string, number>();
    const draws = 400 * legal.length;
    for (let i = 0; i < draws; i++) {
      const move = bot.choose(view, legal, rng);
      counts.set(move, (counts.get(move) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...legal].sort());
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(300);
      expect(count).toBeLessThan(500);
    }
  });
});

describe('bots never read hidden information', () => {
  /**
   * A state that shows the seat to move exactly the same view but differs in everything hidden: the stock's
   * order, the other players' hands (swapped with stock cards), the face-down pay-off cards, the RNG — and,
   * where pay-off piles cannot be counted (S18), their sizes.
   */
  function hiddenVariant(state: GameState, salt: string): GameState {
    const variant = cloneState(state);
    const rng = publicStream('test', salt);
    shuffleInPlace(rng, variant.stock);
    variant.seats.forEach((seat, index) => {
      if (index === variant.current) return;
      for (let i = 0; i < seat.hand.length && variant.stock.length > 0; i++) {
        const from = i % variant.stock.length;
        const held = seat.hand[i] as Card;
        seat.hand[i] = variant.stock[from] as Card;
        variant.stock[from] = held;
      }
    });
    for (const seat of variant.seats) {
      if (seat.payoff.length < 3) continue;
      const top = seat.payoff.pop() as Card;
      shuffleInPlace(rng, seat.payoff);
      seat.payoff.push(top);
    }
    const [first, second] = variant.seats;
    if (!variant.options.payoffCountVisible && first!.payoff.length >= 3 && second!.payoff.length >= 3) {
      // Move a face-down card from one pay-off pile to under the top of the other: only the sizes change.
      const moved = first!.payoff.shift() as Card;
      second!.payoff.splice(second!.payoff.length - 1, 0, moved);
    }
    variant.rng = publicStream('test', `${salt}-rng`);
    return variant;
  }

  it.each([
    ['classic', 2],
    ['zloba', 2],
    ['modern', 2],
    ['modern', 4],
  ] as const)('%s with %i seats: the same view gives the same choice', (preset, seats) => {
    const state = setup(optionsFor(preset), newDeal(`hidden-${preset}`), seats);
    const driver = createBot('greedy');
    const driverRng = publicStream('test', 'driver');
    let compared = 0;
    for (let move = 0; move < 400 && state.result === null; move++) {
      if (move % 5 === 0) {
        const variant = hiddenVariant(state, `v${move}`);
        const view = viewFor(state, state.current);
        expect(viewFor(variant, variant.current)).toEqual(view);
        expect(stateHash(variant)).not.toBe(stateHash(state));
        for (const name of BOT_NAMES) {
          // The expert (a search of milliseconds) at every third compared position.
          if (name === 'expert' && move % 15 !== 0) continue;
          const bot = createBot(name);
          const rng = publicStream('test', `choice-${move}`);
          const fromState = bot.choose(view, legalMovesInView(view), copyRng(rng));
          const variantView = viewFor(variant, variant.current);
          expect(bot.choose(variantView, legalMovesInView(variantView), copyRng(rng))).toBe(fromState);
        }
        compared++;
      }
      step(state, driver, driverRng);
    }
    expect(compared).toBeGreaterThan(10);
  });
});

describe('greedy passes only for a documented reason (docs/bots.md, "When greedy passes")', () => {
  /** Reason 2: the move would put a wild card on a side pile that already holds one. */
  function secondWildOnPile(state: GameState, move: string): boolean {
    const parsed = parseMove(move);
    if (
      parsed === null ||
      parsed.kind !== 'place' ||
      parsed.from.kind !== 'hand' ||
      parsed.to.kind !== 'side'
    )
      return false;
    if (!isWild(state.options, parsed.from.card)) return false;
    const pile = state.seats[state.current]!.sidePiles[parsed.to.pile - 1] ?? [];
    return pile.some((side) => isWild(state.options, side.card));
  }

  it.each(PRESET_NAMES.map((preset) => [preset]))(
    '%s: every pass in greedy-against-greedy games is its only legal move, or the only other moves are reason 2',
    (preset) => {
      const greedy = createBot('greedy');
      let passes = 0;
      for (let game = 0; game < 15; game++) {
        const state = setup(optionsFor(preset), newDeal(`passes-${preset}-${game}`), 2);
        const rng = publicStream('test', `passes-${game}`);
        while (state.result === null) {
          const view = viewFor(state, state.current);
          const legal = legalMovesInView(view);
          const move = greedy.choose(view, legal, rng);
          if (move === 'pass') {
            passes++;
            const others = legal.filter((other) => other !== 'pass');
            expect(others.filter((other) => !secondWildOnPile(state, other))).toEqual([]);
          }
          const decision = decide(state, { type: 'move', seat: state.current, move });
          if (!decision.ok) throw new Error(`${move} refused: ${decision.violation.reason}`);
          for (const event of decision.events) applyEvent(state, event);
        }
      }
      // The check saw passes (blocked games end with them), not only turns ended by side-pile cards.
      if (preset !== 'modern') expect(passes).toBeGreaterThan(0);
    },
  );
});

describe('bot versions', () => {
  it('every bot has a version `<name>-<n>`, the one BOT_VERSIONS lists', () => {
    for (const name of BOT_NAMES) {
      const bot = createBot(name);
      expect(bot.version).toBe(BOT_VERSIONS[name]);
      expect(bot.version).toMatch(new RegExp(`^${name}-[1-9]\\d*$`));
    }
    expect(BOT_VERSIONS).toEqual({ random: 'random-1', greedy: 'greedy-2', expert: 'expert-6' });
  });
});

describe('greedy heuristics', () => {
  it('plays the pay-off card at once when it fits', () => {
    const state = position({
      hand: ['4D', '9H', 'KS', 'QH', '2C'],
      payoff: '5H',
      center: [4, 2],
      opponentPayoff: 'JD',
    });
    expect(greedyTurn(state)[0]).toBe('p-c1');
  });

  it('builds a centre pile up to the pay-off card, hand cards before side-pile tops', () => {
    const state = position({
      hand: ['4D', '5C', '9H', 'KS', 'QH'],
      side: [['5S']],
      payoff: '6S',
      center: [3],
      opponentPayoff: 'JD',
    });
    const moves = greedyTurn(state);
    expect(moves.slice(0, 3)).toEqual(['4D-c1', '5C-c1', 'p-c1']);
  });

  it('uses a wild card when it completes a chain to the pay-off card, and keeps it otherwise', () => {
    const needed = position({
      hand: ['*', '9H', 'KS', 'QH', '2C'],
      payoff: '7S',
      center: [5],
      opponentPayoff: 'JD',
    });
    expect(greedyTurn(needed).slice(0, 2)).toEqual(['*-c1', 'p-c1']);

    const notNeeded = position({
      hand: ['*', '9H', 'KS', 'QH', '2C'],
      payoff: 'KH',
      center: [5],
      opponentPayoff: 'JD',
    });
    expect(greedyTurn(notNeeded).filter((move) => move.startsWith('*-c'))).toEqual([]);
  });

  it("does not leave a pile one below the next player's pay-off card when it can help it", () => {
    // Playing 4H alone would give the opponent's 5 a home; with 5C after it the pile goes past it.
    const alone = position({
      hand: ['4H', '9H', 'KS', 'QH', 'JC'],
      payoff: 'KD',
      center: [3],
      opponentPayoff: '5D',
    });
    expect(greedyTurn(alone)).not.toContain('4H-c1');
    expect(alone.center[0]).toHaveLength(3);

    const through = position({
      hand: ['4H', '5C', 'KS', 'QH', 'JC'],
      payoff: 'KD',
      center: [3],
      opponentPayoff: '5D',
    });
    greedyTurn(through);
    expect(through.center[0]).toHaveLength(5);
  });

  it('covers a home of the next pay-off card when that costs only a natural card', () => {
    const state = position({
      hand: ['5H', '9H', 'KS', 'QH', 'JC'],
      payoff: 'KD',
      center: [4],
      opponentPayoff: '5D',
    });
    expect(greedyTurn(state)[0]).toBe('5H-c1');
  });

  it('ends the turn with a card that keeps a side pile descending', () => {
    const state = position({
      hand: ['7H', '3C', '3D', '2S', 'JH'],
      side: [['9S', '8S'], ['KD'], [], ['QC']],
      payoff: 'QS',
      center: [10],
      opponentPayoff: '4D',
    });
    const moves = greedyTurn(state);
    expect(moves[moves.length - 1]).toBe('7H-d1');
  });

  it('plays on rather than pass when no card may go on a side pile, ahead or behind (zloba)', () => {
    // The 9s fit no side pile (K, Q, Q, K take only K, Q, J): the 4H to the centre is the only way to keep
    // the game moving, and a round of passes would block it (docs/rules.md §2.9).
    const spec: Position = {
      preset: 'zloba',
      hand: ['4H', '9H', '9S', '9D', '9C'],
      side: [['KD'], ['QS'], ['QC'], ['KC']],
      payoff: 'KH',
      center: [3],
      opponentPayoff: '5D',
    };
    expect(greedyTurn(position({ ...spec, payoffCounts: [5, 9] }))[0]).toBe('4H-c1');
    expect(greedyTurn(position({ ...spec, payoffCounts: [9, 5] }))[0]).toBe('4H-c1');
  });

  it('builds down on a side pile rather than open an empty one', () => {
    const state = position({
      hand: ['8H', '3C', '5D', 'QS', 'JH'],
      side: [['9S']],
      payoff: 'KD',
      center: [10],
      opponentPayoff: '4D',
    });
    const moves = greedyTurn(state);
    expect(moves[moves.length - 1]).toBe('8H-d1');
  });

  it('opens an empty side pile with the card that leaves the most hand cards placeable', () => {
    // Nothing fits K, Q or J: the last empty pile must be opened, and only a 6 there leaves cards that fit
    // next turn (the other 6 and the 5).
    const state = position({
      hand: ['6H', '6D', '5C', '9S', '2C'],
      side: [['KC'], ['QD'], ['JH'], []],
      payoff: 'QD',
      center: [11],
      opponentPayoff: '4D',
    });
    const moves = greedyTurn(state);
    expect(moves[moves.length - 1]).toMatch(/^6[HD]-d4$/);
  });

  it('never puts a wild card on a side pile while a natural card may go', () => {
    const state = position({
      hand: ['*', '9H', '3C', '5D', 'JC'],
      side: [['KS'], ['QD'], ['7C'], ['4H']],
      payoff: 'KD',
      center: [10],
      opponentPayoff: '4D',
    });
    const moves = greedyTurn(state);
    expect(moves.filter((move) => move.startsWith('*'))).toEqual([]);
    expect(moves[moves.length - 1]).toMatch(/-d\d$/);
  });

  it('never puts a second wild card on a side pile: it passes when that is the only other move', () => {
    // Every pile holds a wild card already; the hand's natural cards fit none, and the centre is empty.
    const state = position({
      hand: ['*', '9H', '9C', '9D', '9S'],
      side: [
        ['KS', '*=K'],
        ['QD', '*=J'],
        ['7C', '*=6'],
        ['4H', '*=3'],
      ],
      payoff: 'KD',
      center: [],
      opponentPayoff: '4D',
    });
    expect(legalMovesInView(viewFor(state, 0)).some((move) => move.startsWith('*-d'))).toBe(true);
    expect(greedyTurn(state)).toEqual(['pass']);
  });

  it('makes a forced play (forcedAces) rather than spending other cards first', () => {
    const state = position({
      hand: ['AH', '5C', '9H', 'KS', 'QH'],
      payoff: 'KD',
      center: [4, 0],
      opponentPayoff: '7D',
    });
    expect(greedyTurn(state)[0]).toBe('AH-c');
  });

  it('with refillWhenHandEmpty (modern), plays out its hand to draw a new one', () => {
    const state = position({
      preset: 'modern',
      hand: ['3H', '4H'],
      payoff: 'QS',
      center: [2],
      opponentPayoff: 'TD',
    });
    const moves = greedyTurn(state);
    expect(moves.slice(0, 2)).toEqual(['3H-c1', '4H-c1']);
  });
});
