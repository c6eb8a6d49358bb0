/**
 * The read-free move path (docs/architecture.md, "The read-free move path"): a copy decides a move on the game row
 * and state it cached, and the append's version guard catches a cache another copy made stale. It rests on one
 * invariant — every change of a game's state bumps `games.version`, and the log holds exactly `version` events —
 * which this file checks with two app copies moving by turns in one game, each starting from a stale cache.
 */
import { checkProjections } from '../../../src/cli/check-projections';
import { GameStore } from '../../../src/games/persistence/game-store';
import { codeOf, dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { GameData, chooseMove, createGame, joinGame, makeMove, readGame } from '../../support/service/play';

let a: InProcessApp;
let b: InProcessApp;

beforeAll(async () => {
  a = await startAppInProcess();
  b = await startAppInProcess({ databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b.stop();
  await a.close();
});

async function versionAndLog(gameId: string): Promise<{ version: number; events: number }> {
  const rows = await sql<{ version: number; events: number }>(
    a.databaseUrl,
    `SELECT version, (SELECT count(*) FROM game_events e WHERE e.game_id = g.id)::int AS events
       FROM games g WHERE id = $1`,
    [gameId],
  );
  return rows[0]!;
}

it('two copies moving by turns in one game, each from the version the other answered, lose and double nothing', async () => {
  const ann = await register(a, 'stale_ann');
  const bob = await register(b, 'stale_bob');
  const created = await createGame(a, ann, { preset: 'CLASSIC', seed: 'stale-caches' });
  let game: GameData = await joinGame(b, bob, created.id);
  const tokens = [ann, bob];
  // Both copies have read the game once: each caches it now.
  await readGame(a, ann, created.id);
  await readGame(b, bob, created.id);
  for (let move = 0; move < 30 && game.status === 'ACTIVE'; move++) {
    const copy = move % 2 === 0 ? a : b;
    const other = copy === a ? b : a;
    const token = tokens[game.currentSeat!]!;
    // The legal moves come from the other copy (which made the last move); this copy's cache is a move behind.
    const seen = await readGame(other, token, created.id);
    const answer = await makeMove(copy, token, created.id, chooseMove(seen.legalMoves ?? []), seen.version);
    game = dataOf(answer).makeMove.game;
    expect(game.version).toBeGreaterThan(seen.version);
    expect(await versionAndLog(created.id)).toEqual({ version: game.version, events: game.version });
    // The other copy, asked now, answers the same game.
    const there = await readGame(other, token, created.id);
    expect({ version: there.version, view: there.view }).toEqual({ version: game.version, view: game.view });
  }
  // The deal (a fixed seed) keeps the game going for all 30 moves.
  expect(game.status).toBe('ACTIVE');
  expect(game.version).toBeGreaterThanOrEqual(20);
  // A move decided on an old version is refused by the copy that is up to date, and writes nothing.
  const token = tokens[game.currentSeat!]!;
  const current = await readGame(a, token, created.id);
  const stale = await makeMove(a, token, created.id, chooseMove(current.legalMoves), game.version - 1);
  expect(codeOf(stale)).toBe('VERSION_CONFLICT');
  expect((await versionAndLog(created.id)).version).toBe(game.version);
  expect(await checkProjections(a.databaseUrl, false, () => undefined)).toEqual([]);
});

it('a copy’s cached game only moves forward: an older row or fold never replaces a newer one', async () => {
  const ann = await register(a, 'mono_ann');
  const bob = await register(a, 'mono_bob');
  const created = await createGame(a, ann, { preset: 'ZLOBA' });
  await joinGame(a, bob, created.id);
  let game = await readGame(a, ann, created.id);
  for (let i = 0; i < 3; i++) {
    const token = game.currentSeat === 0 ? ann : bob;
    const seen = await readGame(a, token, created.id);
    game = dataOf(await makeMove(a, token, created.id, chooseMove(seen.legalMoves ?? []), seen.version))
      .makeMove.game;
  }
  const store = a.get(GameStore);
  const { row: newestRow, folded: newest } = store.peek(created.id);
  expect(newest!.version).toBe(game.version);
  expect(newestRow!.version).toBe(game.version);
  store.remember(created.id, { version: 0, state: newest!.state, last: null, movedSeats: [] });
  store.rememberRow({ ...newestRow!, version: 0 });
  // One entry per game: the row and the state, each kept at its newest.
  expect(store.peek(created.id)).toEqual({ row: newestRow, folded: newest });
  expect(store.peek(created.id).folded).toBe(newest);
});
