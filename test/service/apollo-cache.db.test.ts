/**
 * A caching client's view of the API (docs/api.md#node): Apollo Client's own InMemoryCache, with no typePolicies at
 * all, normalises every object of a game by its `id` (`<__typename>:<id>`), so two queries with different `view`
 * selections share one copy of the game and of the caller's view and both read back whole. The same check
 * without Apollo, the store keyed by hand, is cache-normalisation.db.test.ts.
 */
import { InMemoryCache, gql } from '@apollo/client';
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

const HAND_TEXT = `query Hand($g: ID!) { game(id: $g) { __typename id version mySeat
  view { __typename id hand stockCount seats { __typename id seat handCount } } } }`;
const BOARD_TEXT = `query Board($g: ID!) { game(id: $g) { __typename id status
  view { __typename id turn centerPiles { __typename id slot cards } seats { __typename id seat sidePiles payoffTop } }
  players { __typename id seat player { __typename id username } } } }`;

it('InMemoryCache normalises a game fetched by two queries with different view selections; both stay readable', async () => {
  const ann = await register(app, 'apollo_ann');
  const bob = await register(app, 'apollo_bob');
  const created = await createGame(app, ann, { preset: 'ZLOBA', seed: 'apollo-cache' });
  await joinGame(app, bob, created.id);
  for (let moves = 0; moves < 8; moves++) {
    const now = await readGame(app, null, created.id);
    const mover = now.currentSeat === 0 ? ann : bob;
    const mine = await readGame(app, mover, created.id);
    dataOf(await makeMove(app, mover, created.id, chooseMove(mine.legalMoves), mine.version));
  }
  const variables = { g: created.id };
  const hand = dataOf(await app.gql<Record<string, unknown>>(ann, HAND_TEXT, variables));
  const board = dataOf(await app.gql<Record<string, unknown>>(ann, BOARD_TEXT, variables));

  const cache = new InMemoryCache();
  cache.writeQuery({ query: gql(HAND_TEXT), variables, data: hand });
  cache.writeQuery({ query: gql(BOARD_TEXT), variables, data: board });
  expect(cache.readQuery({ query: gql(HAND_TEXT), variables })).toEqual(hand);
  expect(cache.readQuery({ query: gql(BOARD_TEXT), variables })).toEqual(board);
  // One normalised copy of the game and of Ann's view, holding both queries' fields.
  const stored = cache.extract() as Record<string, Record<string, unknown>>;
  expect(Object.keys(stored).filter((key) => key.startsWith('Game:'))).toEqual([`Game:${created.id}`]);
  const views = Object.keys(stored).filter((key) => key.startsWith('GameView:'));
  expect(views).toHaveLength(1);
  expect(stored[views[0]!]).toEqual(
    expect.objectContaining({
      hand: expect.any(Array),
      stockCount: expect.any(Number),
      turn: expect.any(Number),
    }),
  );
});
