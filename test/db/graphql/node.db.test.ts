/**
 * Identity for caching clients (docs/api/types.md#node): games and players are `Node`s that `node(id:)` finds
 * again by their UUID, and every object of a game a client caches — its view, the view's seats and centre
 * piles, its players — has a stable id of its own: the same thing answers the same id, two things never share
 * one.
 */
import { randomUUID } from 'node:crypto';
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { createGame, joinGame, makeMove, readGame, chooseMove } from '../../support/service/play';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

const NODE = `query($id: ID!) { node(id: $id) { __typename id ... on Game { status } ... on Player { username } } }`;
const IDS = `query($g: ID!) { game(id: $g) { id version players { id seat }
  view { id seats { id seat } centerPiles { id slot } } } }`;

interface IdsGame {
  id: string;
  version: number;
  players: { id: string; seat: number }[];
  view: {
    id: string;
    seats: { id: string; seat: number }[];
    centerPiles: { id: string; slot: number }[];
  };
}

function idsOf(game: IdsGame): string[] {
  return [
    game.id,
    ...game.players.map((entry) => entry.id),
    game.view.id,
    ...game.view.seats.map((entry) => entry.id),
    ...game.view.centerPiles.map((entry) => entry.id),
  ];
}

it('node(id:) finds a game and a player by their UUIDs, and nothing for any other id', async () => {
  const ann = await register(app, 'node_ann');
  const game = await createGame(app, ann, { preset: 'CLASSIC' });
  const annId = game.players[0]!.player.id;
  expect(dataOf(await app.gql(ann, NODE, { id: game.id }))).toEqual({
    node: { __typename: 'Game', id: game.id, status: 'WAITING' },
  });
  expect(dataOf(await app.gql(null, NODE, { id: annId }))).toEqual({
    node: { __typename: 'Player', id: annId, username: 'node_ann' },
  });
  for (const id of [randomUUID(), 'not-an-id', `${game.id}/view/0`]) {
    const body = await app.gql(null, NODE, { id });
    expect({ id, errors: body.errors, data: body.data }).toEqual({
      id,
      errors: undefined,
      data: { node: null },
    });
  }
});

it('gives every object of a game a stable id: the same across answers, unique within one, per viewer for the view', async () => {
  const ann = await register(app, 'ids_ann');
  const bob = await register(app, 'ids_bob');
  const created = await createGame(app, ann, { preset: 'ZLOBA' });
  await joinGame(app, bob, created.id);
  const read = async (token: string | null): Promise<IdsGame> =>
    dataOf(await app.gql<{ game: IdsGame }>(token, IDS, { g: created.id })).game;
  const first = await read(ann);
  // Play until a centre pile exists, so its id is in the answer too.
  for (let moves = 0; moves < 60; moves++) {
    const now = await readGame(app, ann, created.id);
    if ((now.view.centerPiles?.length ?? 0) > 0 || now.status !== 'ACTIVE') break;
    const mover = now.currentSeat === 0 ? ann : bob;
    const mine = await readGame(app, mover, created.id);
    dataOf(await makeMove(app, mover, created.id, chooseMove(mine.legalMoves), mine.version));
  }
  const later = await read(ann);
  expect(later.view.centerPiles.length).toBeGreaterThan(0);
  const spectator = await read(null);
  for (const answer of [first, later, spectator])
    expect(new Set(idsOf(answer)).size).toBe(idsOf(answer).length);
  // The same thing keeps its id from one version to the next.
  expect(later.players).toEqual(first.players);
  expect(later.view.id).toBe(first.view.id);
  expect(later.view.seats).toEqual(first.view.seats);
  // What everyone sees is one object; each viewer's view is its own.
  expect(spectator.view.seats).toEqual(later.view.seats);
  expect(spectator.view.centerPiles).toEqual(later.view.centerPiles);
  expect(spectator.view.id).not.toBe(later.view.id);
  expect((await read(bob)).view.id).not.toBe(later.view.id);
  // Ids of one game never meet another game's.
  const other = await createGame(app, ann, { preset: 'ZLOBA' });
  const otherIds = idsOf(dataOf(await app.gql<{ game: IdsGame }>(ann, IDS, { g: other.id })).game);
  expect(otherIds.filter((id) => idsOf(later).includes(id))).toEqual([]);
});
