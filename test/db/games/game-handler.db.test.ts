/**
 * The one entry point for every change to a game (docs/architecture.md#where-a-change-to-a-game-is-decided), against a real
 * Postgres: for every kind of change, the game the handler answers and caches — built from the GameChange itself
 * where apply-change.ts can (gameAfter), read back where it cannot — is the game as stored, field by field. So the
 * writer (GamesRepository) and the applier agree, and nothing is computed twice.
 */
import { randomUUID } from 'node:crypto';
import type { GameRecord } from '../../../src/games/domain/game-record';
import { GamesRepository } from '../../../src/games/persistence/games.repository';
import { GameStore } from '../../../src/games/persistence/game-store';
import { GamesService } from '../../../src/games/games.service';
import { GameHandler } from '../../../src/games/write/game-handler';
import { legalMoves } from '../../../src/engine';
import { dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

let app: InProcessApp;
let handler: GameHandler;

beforeAll(async () => {
  app = await startAppInProcess({ env: { CLOCK: 'manual' } });
  handler = app.get(GameHandler);
});
afterAll(async () => {
  await app.close();
});

async function playerId(name: string): Promise<string> {
  const token = await register(app, name);
  return dataOf(await app.gql<{ me: { id: string } }>(token, '{ me { id } }')).me.id;
}

/** The game as stored now. */
async function stored(gameId: string): Promise<GameRecord> {
  const game = await app.get(GamesRepository).withPlayers(gameId);
  if (game === null) throw new Error(`no game ${gameId}`);
  return game;
}

/** The answer is the stored game, and so is what this copy remembers of it. */
async function expectStoredAs(answer: GameRecord): Promise<void> {
  const now = await stored(answer.id);
  expect(answer).toEqual(now);
  expect(app.get(GameStore).peek(answer.id).row).toEqual(now);
}

const DAY_MS = 86_400_000;

it('answers every kind of change with the game as it was stored', async () => {
  const ann = await playerId('handler_ann');
  const bob = await playerId('handler_bob');
  const gameId = randomUUID();
  const request = {
    preset: 'classic' as const,
    overrides: {},
    seats: undefined,
    rated: false,
    opponent: undefined,
    seed: undefined,
    position: undefined,
    secondsPerMove: 86_400,
    bot: undefined,
    clientSeed: undefined,
    awaitClientSeed: false,
  };

  const created = await handler.handle(gameId, { type: 'create', playerId: ann, request });
  expect(created).toMatchObject({ id: gameId, status: 'WAITING', version: 0 });
  await expectStoredAs(created);

  // A client seed while the game waits (built from the change).
  const seeded = await handler.handle(gameId, {
    type: 'setClientSeed',
    playerId: ann,
    clientSeed: 'ann-seed',
  });
  expect(seeded.players[0]).toMatchObject({
    clientSeed: 'ann-seed',
    clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
  });
  await expectStoredAs(seeded);

  // The join that fills the game deals it (read back: the new seat's account is the database's).
  const dealt = await handler.handle(gameId, { type: 'join', playerId: bob, clientSeed: undefined });
  expect(dealt).toMatchObject({ status: 'ACTIVE', version: 0 });
  expect(dealt.players[1]).toMatchObject({ clientSeedSource: 'SERVER_STAND_IN' });
  await expectStoredAs(dealt);

  // Moves (built from the change), each at the version it was decided on.
  let game = dealt;
  for (let move = 0; move < 6 && game.status === 'ACTIVE'; move++) {
    const mover = game.currentPlayerId!;
    const folded = await app.get(GamesService).folded(game);
    const [text] = legalMoves(folded.state);
    const outcome = await handler.handle(gameId, {
      type: 'move',
      playerId: mover,
      move: text!,
      expectedVersion: game.version,
      clientMoveId: undefined,
    });
    expect(outcome.game.version).toBe(game.version + 1);
    expect(outcome.move.seq).toBe(game.version + 1);
    await expectStoredAs(outcome.game);
    game = outcome.game;
  }

  // A bot version noted on a seat (built from the change), once.
  const noted = await handler.handle(gameId, { type: 'noteBotVersion', seat: 1, botVersion: 'test-bot-1' });
  expect(noted.players[1]!.botVersions).toEqual(['test-bot-1']);
  await expectStoredAs(noted);
  await expectStoredAs(
    await handler.handle(gameId, { type: 'noteBotVersion', seat: 1, botVersion: 'test-bot-1' }),
  );
  expect((await stored(gameId)).players[1]!.botVersions).toEqual(['test-bot-1']);

  // The turn's reminder, once (the sweeper's path).
  const turn = await stored(gameId);
  expect(turn.remindAt).toEqual(new Date(turn.turnStartedAt!.getTime() + 0.8 * DAY_MS));
  expect(await handler.handle(gameId, { type: 'remind' }, new Date(turn.remindAt!.getTime() - 1))).toBe(
    false,
  );
  expect(await handler.handle(gameId, { type: 'remind' }, turn.remindAt!)).toBe(true);
  expect(await handler.handle(gameId, { type: 'remind' }, new Date(turn.remindAt!.getTime() + 1000))).toBe(
    false,
  );
  expect((await stored(gameId)).remindedTurnAt).toEqual(turn.turnStartedAt);
  const reminders = await sql<{ player_id: string }>(
    app.databaseUrl,
    `SELECT player_id FROM player_events WHERE game_id = $1 AND kind = 'REMINDER'`,
    [gameId],
  );
  expect(reminders).toEqual([{ player_id: turn.currentPlayerId }]);

  // An admin's call-off (built from the change), with the write alongside in its transaction.
  let alongside = 0;
  const abortedGame = await handler.abortAsAdmin(gameId, async (db) => {
    alongside = (await db.query<{ n: number }>('SELECT 1 AS n')).rows[0]!.n;
  });
  expect(alongside).toBe(1);
  expect(abortedGame).toMatchObject({ status: 'ABORTED', endReason: 'moderated', currentSeat: null });
  await expectStoredAs(abortedGame);
});

it('a resignation that finishes the game is read back, with each seat’s outcome', async () => {
  const cy = await playerId('handler_cy');
  const di = await playerId('handler_di');
  const gameId = randomUUID();
  await handler.handle(gameId, {
    type: 'create',
    playerId: cy,
    request: {
      preset: 'zloba',
      overrides: {},
      seats: undefined,
      rated: true,
      opponent: undefined,
      seed: undefined,
      position: undefined,
      secondsPerMove: undefined,
      bot: undefined,
      clientSeed: undefined,
      awaitClientSeed: false,
    },
  });
  await handler.handle(gameId, { type: 'join', playerId: di, clientSeed: undefined });
  const over = await handler.handle(gameId, { type: 'resign', playerId: di });
  expect(over.status).toBe('FINISHED');
  expect(over.players.map((seat) => seat.outcome)).toEqual(['WIN', 'LOSS']);
  expect(over.players.every((seat) => seat.ratingAfter !== null)).toBe(true);
  await expectStoredAs(over);
  // A second resignation is refused by the rules, not applied twice.
  await expect(handler.handle(gameId, { type: 'resign', playerId: di })).rejects.toMatchObject({
    code: 'GAME_NOT_ACTIVE',
  });
});

it('refuses under the lock what the game as locked refuses, and writes nothing', async () => {
  const ed = await playerId('handler_ed');
  const gameId = randomUUID();
  const before = await handler.handle(gameId, {
    type: 'create',
    playerId: ed,
    request: {
      preset: 'classic',
      overrides: {},
      seats: undefined,
      rated: false,
      opponent: undefined,
      seed: undefined,
      position: undefined,
      secondsPerMove: undefined,
      bot: undefined,
      clientSeed: undefined,
      awaitClientSeed: false,
    },
  });
  await expect(
    handler.handle(gameId, { type: 'join', playerId: ed, clientSeed: undefined }),
  ).rejects.toMatchObject({
    code: 'BAD_USER_INPUT',
  });
  await expect(
    handler.handle(gameId, { type: 'setClientSeed', playerId: ed, clientSeed: 'not a seed!' }),
  ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
  await expect(
    handler.handle(randomUUID(), { type: 'join', playerId: ed, clientSeed: undefined }),
  ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  await expect(handler.handle('not-a-uuid', { type: 'resign', playerId: ed })).rejects.toMatchObject({
    code: 'NOT_FOUND',
  });
  expect(await stored(gameId)).toEqual(before);
});
