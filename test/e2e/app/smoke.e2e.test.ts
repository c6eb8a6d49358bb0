import { TestApp, codeOf, dataOf, register, startTestApp } from '../../support/service/app';

interface GameData {
  id: string;
  status: string;
  version: number;
  currentSeat: number | null;
  legalMoves: string[];
}

describe('service smoke: two accounts start a classic game over HTTP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('registers, creates, joins and moves', async () => {
    const alice = await register(app, 'alice');
    const bob = await register(app, 'bob');
    const created = dataOf(
      await app.gql<{ createGame: GameData }>(
        alice,
        'mutation { createGame(input: { preset: CLASSIC }) { id status } }',
      ),
    ).createGame;
    expect(created.status).toBe('WAITING');
    const joined = dataOf(
      await app.gql<{ joinGame: GameData }>(
        bob,
        'mutation($g: ID!) { joinGame(gameId: $g) { id status currentSeat } }',
        {
          g: created.id,
        },
      ),
    ).joinGame;
    expect(joined.status).toBe('ACTIVE');
    const mover = joined.currentSeat === 0 ? alice : bob;
    const waiter = joined.currentSeat === 0 ? bob : alice;
    const query = 'query($g: ID!) { game(id: $g) { version legalMoves } }';
    const before = dataOf(await app.gql<{ game: GameData }>(mover, query, { g: created.id })).game;
    expect(before.legalMoves.length).toBeGreaterThan(0);
    expect(
      dataOf(await app.gql<{ game: GameData }>(waiter, query, { g: created.id })).game.legalMoves,
    ).toEqual([]);
    const out = await app.gql(
      waiter,
      'mutation($g: ID!, $m: String!, $v: Int!) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { version } } }',
      {
        g: created.id,
        m: before.legalMoves[0],
        v: before.version,
      },
    );
    expect(codeOf(out)).toBe('NOT_YOUR_TURN');
    const moved = dataOf(
      await app.gql<{ makeMove: { game: GameData } }>(
        mover,
        'mutation($g: ID!, $m: String!, $v: Int!) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { version } } }',
        {
          g: created.id,
          m: before.legalMoves[0],
          v: before.version,
        },
      ),
    ).makeMove.game;
    expect(moved.version).toBe(1);
  });
});
