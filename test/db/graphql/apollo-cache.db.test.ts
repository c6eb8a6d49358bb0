/**
 * A caching client's view of the API (docs/api/types.md#node): Apollo Client's own InMemoryCache, with no
 * typePolicies at all, normalises every object of a game by its `id` (`<__typename>:<id>`). Two queries that
 * select different parts of a game's `view` share one copy of the game and of the caller's view and both read
 * back whole, and a spectator's view of the same game (the client signed out) does not overwrite a player's:
 * each viewer's GameView is its own object, and only the game's `view` field points elsewhere.
 */
import { InMemoryCache, gql } from '@apollo/client';
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { chooseMove, createGame, joinGame, makeMove, readGame } from '../../support/service/play';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

type Stored = Record<string, Record<string, unknown>>;

const HAND = `query Hand($g: ID!) { game(id: $g) { __typename id version mySeat
  view { __typename id hand stockCount seats { __typename id seat handCount } } } }`;
const BOARD = `query Board($g: ID!) { game(id: $g) { __typename id status
  view { __typename id turn centerPiles { __typename id slot cards } seats { __typename id seat sidePiles payoffTop } }
  players { __typename id seat player { __typename id username } } } }`;
const SPECTATOR = `query Watch($g: ID!) { game(id: $g) { __typename id view { __typename id hand stockCount } } }`;

it('InMemoryCache normalises a game fetched by two queries with different view selections; both stay readable', async () => {
  const ann = await register(app, 'apollo_ann');
  const bob = await register(app, 'apollo_bob');
  const created = await createGame(app, ann, { preset: 'ZLOBA', seed: 'apollo-cache' });
  await joinGame(app, bob, created.id);
  // A few moves, so that the board has centre piles and side piles.
  for (let moves = 0; moves < 8; moves++) {
    const now = await readGame(app, null, created.id);
    const mover = now.currentSeat === 0 ? ann : bob;
    const mine = await readGame(app, mover, created.id);
    dataOf(await makeMove(app, mover, created.id, chooseMove(mine.legalMoves), mine.version));
  }
  const variables = { g: created.id };
  const ask = async (token: string | null, text: string) =>
    dataOf(await app.gql<Record<string, unknown>>(token, text, variables));
  const hand = await ask(ann, HAND);
  const board = await ask(ann, BOARD);
  const watched = await ask(null, SPECTATOR);

  const cache = new InMemoryCache();
  cache.writeQuery({ query: gql(HAND), variables, data: hand });
  cache.writeQuery({ query: gql(BOARD), variables, data: board });
  // Both panels read back exactly what they were answered, from one copy of each object.
  expect(cache.readQuery({ query: gql(HAND), variables })).toEqual(hand);
  expect(cache.readQuery({ query: gql(BOARD), variables })).toEqual(board);
  const game = `Game:${created.id}`;
  const stored = cache.extract() as Stored;
  expect(Object.keys(stored).filter((key) => key.startsWith('Game:'))).toEqual([game]);
  const annViewKey = (stored[game]!.view as { __ref: string }).__ref;
  expect(Object.keys(stored[annViewKey]!).sort()).toEqual(
    ['__typename', 'id', 'hand', 'stockCount', 'seats', 'turn', 'centerPiles'].sort(),
  );
  // The seats are shared by every view: merged from both panels.
  expect(Object.keys(stored[`SeatView:${created.id}/seats/0`]!).sort()).toEqual(
    ['__typename', 'id', 'seat', 'handCount', 'sidePiles', 'payoffTop'].sort(),
  );

  // Signed out, the same client watches as a spectator: the game's `view` now points at the spectator's view,
  // and Ann's view, hand and all, is another object, left as it was.
  const annViewBefore = stored[annViewKey];
  cache.writeQuery({ query: gql(SPECTATOR), variables, data: watched });
  expect(cache.readQuery({ query: gql(SPECTATOR), variables })).toEqual(watched);
  const after = cache.extract() as Stored;
  expect((after[game]!.view as { __ref: string }).__ref).toBe(`GameView:${created.id}/view/spectator`);
  expect(after[annViewKey]).toEqual(annViewBefore);
  expect(after[annViewKey]!.hand).toEqual(expect.any(Array));
  expect(after[`GameView:${created.id}/view/spectator`]).toMatchObject({ hand: null });
});
