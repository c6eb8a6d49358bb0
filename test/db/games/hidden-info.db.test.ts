/**
 * Hidden information (docs/api/games-and-moves.md#what-each-caller-sees): over many seeded games, nothing
 * player B (seat 1) receives — `game` responses, accepted moves, refused moves, subscription pushes — holds a
 * card of A's hand, a face-down pay-off card or the stock order; a spectator sees no hand.
 *
 * The truth is server-independent: once a game is over its seed is revealed, and the engine replays the public
 * log from it, giving the full state (hands, stock) at every version. Every record B received is checked against
 * the true state at that record's version:
 * - structurally: B's `view.hand` is B's true hand, every other card-holding field is a public pile that matches
 *   the truth, and no other field of the response holds anything that reads as a card;
 * - as a whole: the view equals the engine's `viewFor(state, B)`, `legalMoves` the engine's (B's turn) or [];
 * - errors: every card they name is one B can see (own hand, a public pile, the public history) or the card B
 *   named in that very request; and naming a card of A's hand is answered exactly like naming a card nobody
 *   holds, so refusals cannot be used to probe A's hand.
 * A string like "7H" may legitimately show up (B's own copy from the other deck, a public pile), hence these
 * checks by place rather than a search for card names.
 */
import {
  GameState,
  PresetName,
  formatCard,
  formatPosition,
  legalMoves as engineLegalMoves,
  newDeal,
  optionsFor,
  setup,
  viewFor,
} from '../../../src/engine';
import { GraphQLBody, TestApp, codeOf, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import {
  GAME_FIELDS,
  GameData,
  GameViewData,
  MOVES_FIELDS,
  MOVES_PAGE,
  flatMoves,
  MoveRecordData,
  apiName,
  createGame,
  eventsOf,
  makeMove,
  playGame,
  readGame,
  readGameBody,
  resign,
  statesByVersion,
  watchGame,
} from '../../support/service/play';

const A = 0;
const B = 1;
const GAMES_PER_PRESET = 5;
/** Games run at least this many events (or to their end); then A resigns, which reveals the seed. */
const MIN_EVENTS = 100;
const PRESET_ENUM = { classic: 'CLASSIC', zloba: 'ZLOBA', modern: 'MODERN' } as const;

/** Something a viewer received, with the version of the game it was about. */
interface Received {
  readonly via: string;
  readonly version: number;
  readonly body: GraphQLBody<Record<string, GameData>>;
  /** For a refused move: the card the request itself named (echoing it back reveals nothing). */
  readonly named: string | null;
  /** The named card was taken from A's hand (as A's own responses showed it). */
  readonly fromA: boolean;
}

/** A whole card token: rank + suit (`7H`, `TD`) or a joker `*`, not part of a longer word. */
const CARD_TOKEN = /(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC](?![A-Za-z0-9])|\*)/g;
const STANDARD_CARDS = [...'A23456789TJQK'].flatMap((rank) => [...'SHDC'].map((suit) => rank + suit));

/** Paths (indices as `#`) where a game response may hold cards: the public piles, B's own hand and moves. */
const CARD_FIELDS = new Set([
  'view.hand.#',
  'view.centerPiles.#.cards.#',
  'view.seats.#.payoffTop',
  'view.seats.#.sidePiles.#.#',
  'moves.#.move',
  'moves.#.card',
  'legalMoves.#',
]);

let app: TestApp;
/** A and B, registered once (password hashing is deliberately slow); they play every game side by side. */
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  app = await startAppInProcess();
  tokenA = await register(app, 'hid_a');
  tokenB = await register(app, 'hid_b');
});
afterAll(async () => {
  await app.close();
});

/** Every string leaf of `value` with its path. */
function leaves(value: unknown, path: string[] = []): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path: path.join('.'), text: value }];
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, [...path, '#']));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  }
  return [];
}

/** The view's public part (the API's GameView has no options/result fields). */
function expectedView(state: GameState, seat: number | null): GameViewData {
  const { hand, stockCount, setAsideCount, centerPiles, seats, turn, maxCenterPiles } = viewFor(state, seat);
  return { hand, stockCount, setAsideCount, centerPiles, seats, turn, maxCenterPiles };
}

/** Cards B may see at `state`: own hand, centre piles, pay-off tops, side piles, and everything moved so far. */
function visibleTo(seat: number, state: GameState, history: readonly MoveRecordData[]): Set<string> {
  const visible = new Set(state.seats[seat]!.hand.map(formatCard));
  for (const pile of state.center) for (const card of pile ?? []) visible.add(formatCard(card));
  for (const other of state.seats) {
    const top = other.payoff.at(-1);
    if (top !== undefined) visible.add(formatCard(top));
    for (const pile of other.sidePiles) for (const side of pile) visible.add(formatCard(side.card));
  }
  for (const record of history) if (record.card !== null) visible.add(record.card);
  return visible;
}

/** JSON with sorted keys: equal for deeply equal values, whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/**
 * Deep equality, checked cheaply first (thousands of records per run); jest's toEqual only on a mismatch, to
 * show the difference.
 */
function same(what: string, actual: unknown, expected: unknown): void {
  if (canonical(actual) !== canonical(expected))
    expect({ what, value: actual }).toEqual({ what, value: expected });
}

/** B's (or a spectator's) game response at `state` against the truth. */
function checkGame(
  viewer: number | null,
  game: GameData,
  state: GameState,
  log: readonly MoveRecordData[],
  seed: string,
): void {
  const over = state.result !== null;
  // docs/api/games-and-moves.md#what-each-caller-sees: the seed is revealed only when the game is over.
  same(
    'game',
    {
      status: game.status,
      mySeat: game.mySeat,
      seed: game.seed,
      currentSeat: game.currentSeat,
      result: game.result,
    },
    {
      status: over ? 'FINISHED' : 'ACTIVE',
      mySeat: viewer,
      seed: over ? seed : null,
      currentSeat: over ? null : state.current,
      // The API spells the engine's end reason in upper snake case.
      result: state.result === null ? null : { ...state.result, reason: apiName(state.result.reason) },
    },
  );

  // Structurally, from the true state: the hand is the viewer's own, every pile is what lies face up, and (S18)
  // classic shows no pay-off counts.
  const view = game.view;
  same(
    'cards in the view',
    {
      seat: game.mySeat,
      hand: view.hand,
      stockCount: view.stockCount,
      centre: view.centerPiles.map((pile) => pile.cards),
      seats: view.seats.map((seatView) => ({
        handCount: seatView.handCount,
        payoffTop: seatView.payoffTop,
        sidePiles: seatView.sidePiles.map((pile) => pile.map((text) => text.split('=')[0])),
        hiddenCount: seatView.payoffCount === null,
      })),
    },
    {
      seat: viewer,
      hand: viewer === null ? null : state.seats[viewer]!.hand.map(formatCard),
      stockCount: state.stock.length,
      centre: state.center.flatMap((pile) => (pile === null ? [] : [pile.map(formatCard)])),
      seats: state.seats.map((truth) => ({
        handCount: truth.hand.length,
        payoffTop: truth.payoff.length === 0 ? null : formatCard(truth.payoff.at(-1)!),
        sidePiles: truth.sidePiles.map((pile) => pile.map((side) => formatCard(side.card))),
        hiddenCount: !state.options.payoffCountVisible,
      })),
    },
  );
  // And as a whole: exactly the engine's view for this viewer.
  same('view', view, expectedView(state, viewer));

  // legalMoves are the viewer's own, only on their turn, and only use cards the viewer holds.
  const mine = !over && viewer !== null && state.current === viewer;
  same('legalMoves', game.legalMoves, mine ? engineLegalMoves(state) : []);
  const hand = viewer === null ? [] : state.seats[viewer]!.hand.map(formatCard);
  const foreign = game.legalMoves.filter((move) => {
    const from = move.split('-')[0]!;
    return !/^(p|d\d|pass)$/.test(from) && !hand.includes(from);
  });
  expect(foreign).toEqual([]);
  if (game.moves !== undefined) {
    // A read pages through the whole log; a push carries its first page (MOVES_PAGE events) only.
    const expected = log.slice(0, game.version);
    same('moves', game.moves, game.moves.length < game.version ? expected.slice(0, MOVES_PAGE) : expected);
  }
  // Nothing outside the card fields reads as a card (ids, names, statuses, the commitment …).
  const stray = leaves(game).filter(
    (leaf) => !CARD_FIELDS.has(leaf.path) && leaf.text.match(CARD_TOKEN) !== null,
  );
  expect(stray).toEqual([]);
}

/** The refusal of a malformed move: the same text in every game and at every version (see checkError). */
let malformed: string | null = null;

/** A refused request: no data, and every card it names is visible to the viewer or was named by the request. */
function checkError(record: Received, state: GameState, log: readonly MoveRecordData[]): void {
  expect(record.body.errors?.length).toBeGreaterThan(0);
  expect(record.body.data ?? null).toBeNull();
  if (record.via === 'probe ZZ-c1' && codeOf(record.body) === 'BAD_USER_INPUT') {
    // Its message quotes notation examples (7H-c2, *-d2=8 …). A text that never changes cannot depend on
    // hidden cards, so it is checked for being constant rather than for card names.
    malformed ??= JSON.stringify(record.body.errors);
    expect(JSON.stringify(record.body.errors)).toBe(malformed);
    return;
  }
  const visible = visibleTo(B, state, log.slice(0, record.version));
  const named = JSON.stringify(record.body.errors).match(CARD_TOKEN) ?? [];
  const leaked = named.filter((card) => card !== record.named && !visible.has(card));
  expect({ via: record.via, leaked }).toEqual({ via: record.via, leaked: [] });
}

/** A refusal with the named card blanked out: what must not depend on where that card is. */
function shapeOf(body: GraphQLBody, card: string): string {
  return JSON.stringify(body.errors).split(card).join('##');
}

/**
 * One game between A (seat 0) and B (seat 1), played with `chooseMove` to its end or
 * MIN_EVENTS, with B reading, probing and subscribed throughout; then checked against the replayed truth.
 */
async function hiddenInformationGame(preset: PresetName, seed: string): Promise<number> {
  const received: Received[] = [];
  const spectator: GameData[] = [];
  const record = (
    via: string,
    version: number,
    body: GraphQLBody,
    named: string | null = null,
    fromA = false,
  ) => {
    received.push({ via, version, body: body as GraphQLBody<Record<string, GameData>>, named, fromA });
  };

  const created = await createGame(app, tokenA, { preset: PRESET_ENUM[preset], seed });
  const gameId = created.id;
  const socket = app.ws(tokenB);
  const watch = watchGame(socket, gameId, `${GAME_FIELDS} ${MOVES_FIELDS}`);
  // Before the deal B is not seated and sees no cards at all.
  const waiting = await readGameBody(app, tokenB, gameId, true);
  expect(dataOf(waiting).game).toMatchObject({ status: 'WAITING', mySeat: null, seed: null, legalMoves: [] });
  expect(JSON.stringify(waiting).match(CARD_TOKEN)).toBeNull();
  const joined = await app.gql(tokenB, `mutation($g: ID!) { joinGame(gameId: $g) { ${GAME_FIELDS} } }`, {
    g: gameId,
  });
  record('joinGame', 0, joined);

  let handA: string[] = [];
  let handB: string[] = [];
  /** Refused moves as B: out of turn (naming A's cards), and on B's turn naming cards B does not hold. */
  const probe = async (version: number, myTurn: boolean): Promise<void> => {
    const foreign = handA.find((card) => card !== '*' && !handB.includes(card));
    const nobody = STANDARD_CARDS.find((card) => !handA.includes(card) && !handB.includes(card))!;
    const tries = [...(foreign === undefined ? [] : [foreign]), nobody];
    const answers = new Map<string, GraphQLBody>();
    for (const card of tries) {
      const body = await makeMove(app, tokenB, gameId, `${card}-c1`, version);
      record(`probe ${card}-c1`, version, body, card, card === foreign);
      answers.set(card, body);
      expect(codeOf(body)).toBe(myTurn ? 'ILLEGAL_MOVE' : 'NOT_YOUR_TURN');
    }
    // Naming A's card is answered exactly like naming a card nobody holds.
    if (foreign !== undefined) {
      expect(shapeOf(answers.get(foreign)!, foreign)).toBe(shapeOf(answers.get(nobody)!, nobody));
    }
    for (const [move, card] of [
      ['p-d1', null],
      ['ZZ-c1', null],
      [`${foreign ?? nobody}-d1`, foreign ?? nobody],
    ] as const) {
      const body = await makeMove(app, tokenB, gameId, move, version);
      record(`probe ${move}`, version, body, card, card !== null && card === foreign);
      expect(codeOf(body)).toBe(
        !myTurn ? 'NOT_YOUR_TURN' : move === 'ZZ-c1' ? 'BAD_USER_INPUT' : 'ILLEGAL_MOVE',
      );
    }
  };

  // Side requests on some turns only (run time): B's reads and probes, and a spectator's read.
  let turnsA = 0;
  let turnsB = 0;
  let last = await playGame(app, [tokenA, tokenB], gameId, {
    maxVersion: MIN_EVENTS,
    onGame: async (seat, game, kind) => {
      if (seat === B) {
        record(kind, game.version, { data: { game } });
        handB = game.view.hand ?? [];
        // At the start of B's turn: refused moves on B's own turn.
        if (kind === 'read' && turnsB++ % 3 === 0) await probe(game.version, true);
        return;
      }
      handA = game.view.hand ?? [];
      if (kind !== 'read') return;
      // At the start of A's turn: B reads the game (with its history) and tries moves out of turn; a spectator
      // reads it too. (B's subscription gets every version anyway.)
      const turn = turnsA++;
      if (turn % 2 === 0) record('game', game.version, await readGameBody(app, tokenB, gameId, true));
      if (turn % 3 === 1) await probe(game.version, false);
      if (turn % 3 === 2) spectator.push(await readGame(app, null, gameId, true));
    },
  });
  if (last.status === 'ACTIVE') last = await resign(app, tokenA, gameId);
  expect(last.status).toBe('FINISHED');
  const final = await readGameBody(app, tokenB, gameId, true);
  record('game', dataOf(final).game!.version, final);
  spectator.push(await readGame(app, null, gameId, true));
  await watch.waitFor((push) => push.data?.gameUpdated.status === 'FINISHED');
  watch.stop();
  for (const push of watch.pushes) {
    expect(push.errors).toBeUndefined();
    // The first push shows the game as it was on subscribing: waiting, before the deal (B may already be seated
    // if the join raced it), with no card at all.
    if (push.data!.gameUpdated.status === 'WAITING') {
      expect(push.data!.gameUpdated).toMatchObject({ seed: null, legalMoves: [] });
      expect(JSON.stringify(push).match(CARD_TOKEN)).toBeNull();
      continue;
    }
    record('push', push.data!.gameUpdated.version, push);
  }

  // The truth, from the revealed seed and the public log, independent of the server.
  const finished = dataOf(final).game!;
  expect(finished.seed).toBe(seed);
  const log = finished.moves!;
  const states = statesByVersion(optionsFor(preset), seed, 2, eventsOf(log));
  expect(states).toHaveLength(finished.version + 1);
  expect(received.filter((entry) => entry.via === 'push').length).toBeGreaterThan(0);
  for (const entry of received) {
    const state = states[entry.version]!;
    if (entry.body.errors === undefined) {
      const game = flatMoves(Object.values(entry.body.data!)[0]!);
      expect(game.version).toBe(entry.version);
      checkGame(B, game, state, log, seed);
    } else {
      checkError(entry, state, log);
    }
  }
  for (const game of spectator) {
    expect(game).toMatchObject({ mySeat: null, legalMoves: [], view: { hand: null } });
    checkGame(null, game, states[game.version]!, log, seed);
  }
  // The probes really named cards in A's hand that B did not hold, at the version they were sent.
  const fromA = received.filter((entry) => entry.fromA);
  expect(fromA.length).toBeGreaterThan(0);
  for (const entry of fromA) {
    const hands = states[entry.version]!.seats.map((seat) => seat.hand.map(formatCard));
    expect(hands[A]).toContain(entry.named);
    expect(hands[B]).not.toContain(entry.named);
  }
  return received.length;
}

describe('hidden information: nothing B receives shows A’s hand or the stock', () => {
  it.each(['classic', 'zloba', 'modern'] as PresetName[])(
    `%s: ${GAMES_PER_PRESET} seeded games, B's responses, refusals and pushes`,
    async (preset) => {
      // The games of one preset run side by side (each is a sequential conversation) to keep the run short.
      const counts = await Promise.all(
        [...Array(GAMES_PER_PRESET).keys()].map((index) =>
          hiddenInformationGame(preset, `hidden-${preset}-${index}`),
        ),
      );
      for (const count of counts) expect(count).toBeGreaterThan(MIN_EVENTS);
    },
  );
});

describe('a game started from a custom position', () => {
  // A position (docs/notation.md) holds every hand and the stock order. Game.startPosition shows it; while the
  // game runs it is as secret as the seed (docs/api/games-and-moves.md#what-each-caller-sees: the full state
  // of a running game never leaves the server), and like the seed it can be revealed once the game is over.
  it('does not show its start position (hands, stock order) to the opponent or a spectator while it runs', async () => {
    const position = formatPosition(setup(optionsFor('classic'), newDeal('hidden-position'), 2));
    const created = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        tokenA,
        'mutation($p: String!) { createGame(input: { preset: CLASSIC, position: $p }) { id } }',
        { p: position },
      ),
    ).createGame;
    await app.gql(tokenB, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: created.id });
    const query = 'query($g: ID!) { game(id: $g) { status startPosition view { hand } } }';
    type Seen = { game: { status: string; startPosition: string | null; view: { hand: string[] | null } } };
    for (const token of [tokenB, null]) {
      const seen = dataOf(await app.gql<Seen>(token, query, { g: created.id })).game;
      expect(seen.status).toBe('ACTIVE');
      expect(seen.startPosition).toBeNull();
    }
    await resign(app, tokenA, created.id);
    const over = dataOf(await app.gql<Seen>(tokenB, query, { g: created.id })).game;
    expect(over.status).toBe('FINISHED');
    expect(over.startPosition).toBe(position);
  });
});
