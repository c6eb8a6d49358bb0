/**
 * What a normalising client cache (Apollo Client's InMemoryCache, Relay) does with our answers, done here by hand
 * the way InMemoryCache does by default: every object with `__typename` and `id` is stored once under
 * `<__typename>:<id>`, its fields merged from every answer that held it, and answers are read back from the store.
 * Two queries that select different parts of a game's `view` both stay readable, and a spectator's view of the
 * same game (the client signed out) does not overwrite a player's (each viewer's GameView is its own object,
 * docs/api.md#node): only the game's `view` field points elsewhere.
 * (test/service/apollo-cache.db.test.ts.pending runs the same with InMemoryCache itself, once @apollo/client is a
 * devDependency.)
 */
import { dataOf, register } from './support/app';
import { InProcessApp, startAppInProcess } from './support/in-process';
import { chooseMove, createGame, joinGame, makeMove, readGame } from './support/play';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Entity = Record<string, Json>;

/** A store like InMemoryCache's: entities by `<__typename>:<id>`, the root query's fields under ROOT_QUERY. */
class Store {
  readonly entities = new Map<string, Entity>();
  /** Conflicting values for one field of one entity: a cache would show whichever came last. */
  readonly conflicts: string[] = [];

  write(data: Record<string, Json>): void {
    this.merge('ROOT_QUERY', this.normalised(data) as Entity);
  }

  read(shape: Json): Json {
    return this.readValue(shape, { __ref: 'ROOT_QUERY' });
  }

  private normalised(value: Json): Json {
    if (Array.isArray(value)) return value.map((item) => this.normalised(item));
    if (value === null || typeof value !== 'object') return value;
    const fields: Entity = {};
    for (const [key, item] of Object.entries(value)) fields[key] = this.normalised(item);
    if (typeof value.__typename !== 'string' || typeof value.id !== 'string') return fields;
    const key = `${value.__typename}:${value.id}`;
    this.merge(key, fields);
    return { __ref: key };
  }

  private merge(key: string, fields: Entity): void {
    const stored = this.entities.get(key) ?? {};
    for (const [field, value] of Object.entries(fields)) {
      if (field in stored && JSON.stringify(stored[field]) !== JSON.stringify(value)) {
        this.conflicts.push(`${key}.${field}`);
      }
      stored[field] = value;
    }
    this.entities.set(key, stored);
  }

  /** `value` (a stored value, maybe a reference) read with the fields `shape` (an answer) has. */
  private readValue(shape: Json, value: Json): Json {
    if (Array.isArray(shape)) {
      return Array.isArray(value)
        ? value.map((item, index) => this.readValue(shape[index] ?? null, item))
        : null;
    }
    if (shape === null || typeof shape !== 'object' || value === null || typeof value !== 'object')
      return value;
    const ref = (value as Entity).__ref;
    const entity = typeof ref === 'string' ? (this.entities.get(ref) ?? {}) : (value as Entity);
    return Object.fromEntries(
      Object.entries(shape).map(([field, inner]) => [field, this.readValue(inner, entity[field] ?? null)]),
    );
  }
}

// Two screens of one client: a hand-and-counts panel and a board panel, each with its own view selection.
const HAND = `query($g: ID!) { game(id: $g) { __typename id version mySeat
  view { __typename id hand stockCount seats { __typename id seat handCount } } } }`;
const BOARD = `query($g: ID!) { game(id: $g) { __typename id status
  view { __typename id turn centerPiles { __typename id slot cards } seats { __typename id seat sidePiles payoffTop } }
  players { __typename id seat player { __typename id username } } } }`;
const SPECTATOR = `query($g: ID!) { game(id: $g) { __typename id view { __typename id hand stockCount } } }`;

it('normalises a game fetched by two queries with different view selections so that both stay readable', async () => {
  const ann = await register(app, 'cache_ann');
  const bob = await register(app, 'cache_bob');
  const created = await createGame(app, ann, { preset: 'ZLOBA', seed: 'cache-normalisation' });
  await joinGame(app, bob, created.id);
  // A few moves, so that the board has centre piles and side piles.
  for (let moves = 0; moves < 8; moves++) {
    const now = await readGame(app, null, created.id);
    const mover = now.currentSeat === 0 ? ann : bob;
    const mine = await readGame(app, mover, created.id);
    dataOf(await makeMove(app, mover, created.id, chooseMove(mine.legalMoves), mine.version));
  }
  const ask = async (token: string | null, query: string) =>
    dataOf(await app.gql<Record<string, Json>>(token, query, { g: created.id }));
  const hand = await ask(ann, HAND);
  const board = await ask(ann, BOARD);
  const watched = await ask(null, SPECTATOR);

  const store = new Store();
  store.write(hand);
  store.write(board);
  // Nothing overwrote anything: the same id always came with the same values.
  expect(store.conflicts).toEqual([]);
  // Both panels read back exactly what they were answered, from one copy of each object.
  expect(store.read(hand)).toEqual(hand);
  expect(store.read(board)).toEqual(board);
  // Signed out, the same client watches as a spectator: the game's `view` now points at the spectator's view,
  // and that is all that changes (Ann's view, hand and all, is another object, left as it was).
  const annViewBefore = JSON.stringify([...store.entities].filter(([key]) => key.startsWith('GameView:')));
  store.write(watched);
  const game = (hand.game as Entity).id as string;
  expect(store.conflicts).toEqual([`Game:${game}.view`]);
  expect(store.read(watched)).toEqual(watched);
  expect(
    JSON.stringify(
      [...store.entities].filter(([key]) => key.startsWith('GameView:') && !key.endsWith('/spectator')),
    ),
  ).toBe(annViewBefore);
  // One game, and Ann's view holds both panels' fields; the spectator's is another object, without a hand.
  expect([...store.entities.keys()].filter((key) => key.startsWith('Game:'))).toEqual([`Game:${game}`]);
  const annView =
    store.entities.get(`GameView:${game}/view/0`) ?? store.entities.get(`GameView:${game}/view/1`)!;
  expect(Object.keys(annView).sort()).toEqual(
    ['__typename', 'id', 'hand', 'stockCount', 'seats', 'turn', 'centerPiles'].sort(),
  );
  expect(annView.hand).toEqual(expect.any(Array));
  expect(store.entities.get(`GameView:${game}/view/spectator`)).toMatchObject({ hand: null });
  // The seats are shared by every view: merged from both panels.
  const seat = store.entities.get(`SeatView:${game}/seats/0`)!;
  expect(Object.keys(seat).sort()).toEqual(
    ['__typename', 'id', 'seat', 'handCount', 'sidePiles', 'payoffTop'].sort(),
  );
});
