/**
 * `verifyGame` (docs/api.md#verifygame) checks every game whose seed is revealed — finished, or called off — and
 * says precisely why a game that can still be played has nothing to check yet.
 */
import { codeOf, dataOf, register } from './support/app';
import { InProcessApp, startAppInProcess } from './support/in-process';
import { createGame, joinGame } from './support/play';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

const VERIFY =
  'query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment clientSeedsMatch replayMatches resultMatches message } }';

async function abort(token: string, gameId: string): Promise<void> {
  dataOf(await app.gql(token, 'mutation($g: ID!) { abortGame(gameId: $g) { status } }', { g: gameId }));
}

it('refuses a waiting or a running game with GAME_NOT_ACTIVE and the reason SEED_SECRET', async () => {
  const ann = await register(app, 'verify_ann');
  const bob = await register(app, 'verify_bob');
  const waiting = await createGame(app, ann, { preset: 'CLASSIC' });
  for (const gameId of [
    waiting.id,
    (await joinGame(app, bob, (await createGame(app, ann, { preset: 'ZLOBA' })).id)).id,
  ]) {
    const body = await app.gql(null, VERIFY, { g: gameId });
    expect(codeOf(body)).toBe('GAME_NOT_ACTIVE');
    expect(body.errors?.[0]?.extensions?.reason).toBe('SEED_SECRET');
    expect(body.errors?.[0]?.message).toMatch(/its seed is secret until it is over/);
  }
});

it('verifies a game called off before the deal, and one called off after it, from their revealed seeds', async () => {
  const ann = await register(app, 'verify_cal');
  const bob = await register(app, 'verify_dan');
  const undealt = await createGame(app, ann, { preset: 'CLASSIC' });
  await abort(ann, undealt.id);
  expect(dataOf(await app.gql<{ verifyGame: unknown }>(null, VERIFY, { g: undealt.id })).verifyGame).toEqual({
    ok: true,
    seedMatchesCommitment: true,
    clientSeedsMatch: true,
    replayMatches: true,
    resultMatches: true,
    message:
      'the seed matches its commitment; the game was called off before the deal, so no deal or move is left to check',
  });
  const dealt = await createGame(app, ann, { preset: 'MODERN' });
  await joinGame(app, bob, dealt.id);
  await abort(bob, dealt.id);
  const verified = dataOf(
    await app.gql<{ verifyGame: { ok: boolean; message: string } }>(null, VERIFY, { g: dealt.id }),
  ).verifyGame;
  expect(verified).toMatchObject({
    ok: true,
    clientSeedsMatch: true,
    replayMatches: true,
    resultMatches: true,
  });
  expect(verified.message).toMatch(/client seeds are in order, every move replays legally/);
});
