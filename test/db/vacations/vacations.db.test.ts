/**
 * Vacation (docs/correspondence.md#vacation) through the API on a real Postgres, with the manual clock and the
 * deadline sweeper: the deadline of a running turn moves by the time away; a turn that begins while the player is
 * away starts counting when they are back; coming back early moves the deadlines back by the days not taken; the
 * sweeper neither reminds nor times out a player away; opponents see Player.awayUntil; the allowance holds, and
 * bots never take vacation.
 */
import { DeadlineSweeper } from '../../../src/correspondence/sweeper';
import { GamesService } from '../../../src/games/games.service';
import { GameStore } from '../../../src/games/persistence/game-store';
import { codeOf, dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { joinGame, playGame, readGame } from '../../support/service/play';

const DAY = 86_400_000;
let app: InProcessApp;

beforeAll(async () => {
  app = await startAppInProcess({ env: { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0', VACATION_DAYS: '10' } });
});
afterAll(async () => {
  await app?.close();
});

interface Status {
  current: { days: number; startsAt: string; endsAt: string; endedAt: string | null } | null;
  daysLeft: number;
  allowanceDays: number;
}
const STATUS = 'current { days startsAt endsAt endedAt } daysLeft allowanceDays';

async function startVacation(token: string, days: number): Promise<Status> {
  return dataOf(
    await app.gql<{ startVacation: Status }>(
      token,
      `mutation($d: Int!) { startVacation(days: $d) { ${STATUS} } }`,
      {
        d: days,
      },
    ),
  ).startVacation;
}

async function clockOf(
  gameId: string,
): Promise<{ status: string; deadline: Date | null; remind_at: Date | null }> {
  const [row] = await sql<{ status: string; deadline: Date | null; remind_at: Date | null }>(
    app.databaseUrl,
    'SELECT status, deadline, remind_at FROM games WHERE id = $1',
    [gameId],
  );
  return row!;
}

/** A game of one day a move between two new players; who is to move, and who waits. */
async function newGame(
  prefix: string,
): Promise<{ gameId: string; mover: string; waiter: string; moverName: string }> {
  const a = await register(app, `${prefix}_a`);
  const b = await register(app, `${prefix}_b`);
  const gameId = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      a,
      'mutation($o: String!) { createGame(input: { preset: CLASSIC, opponent: $o, daysPerMove: 1 }) { id } }',
      { o: `${prefix}_b` },
    ),
  ).createGame.id;
  await joinGame(app, b, gameId);
  const aToMove = (await readGame(app, a, gameId)).isMyTurn;
  return aToMove
    ? { gameId, mover: a, waiter: b, moverName: `${prefix}_a` }
    : { gameId, mover: b, waiter: a, moverName: `${prefix}_b` };
}

/** Plays the mover's moves until the turn passes to the other player. */
async function playTurn(gameId: string, mover: string, waiter: string): Promise<void> {
  const tokens = [mover, waiter];
  const seat = (await readGame(app, mover, gameId)).mySeat!;
  const bySeat = seat === 0 ? tokens : [waiter, mover];
  for (let moves = 0; moves < 40; moves++) {
    const game = await readGame(app, null, gameId);
    if (game.currentSeat !== seat) return;
    await playGame(app, bySeat, gameId, { maxVersion: game.version + 1 });
  }
  throw new Error('the turn never passed');
}

it('a running turn’s deadline moves by the time away, and the sweeper leaves a player away alone', async () => {
  const { gameId, mover, waiter, moverName } = await newGame('vac_run');
  const before = await clockOf(gameId);
  const started = await startVacation(mover, 3);
  expect(started).toMatchObject({ current: { days: 3, endedAt: null }, daysLeft: 7, allowanceDays: 10 });
  const after = await clockOf(gameId);
  expect(after.deadline!.getTime() - before.deadline!.getTime()).toBe(3 * DAY);
  expect(after.remind_at!.getTime() - before.remind_at!.getTime()).toBe(3 * DAY);

  // The opponent sees it, on the game's seats.
  const seen = await app.gql<{
    game: { players: { player: { username: string; awayUntil: string | null } }[] };
  }>(waiter, 'query($g: ID!) { game(id: $g) { players { player { username awayUntil } } } }', { g: gameId });
  const away = dataOf(seen).game.players.find((seat) => seat.player.username === moverName)!;
  expect(away.player.awayUntil).toBe(started.current!.endsAt);

  // Past the old deadline (and reminder), nothing happens; past the new one, the turn times out as usual.
  const sweeper = app.get(DeadlineSweeper);
  app.clock().advance(DAY + 60_000);
  expect(await sweeper.sweep()).toEqual({ timedOut: 0, aborted: 0, reminded: 0 });
  expect((await clockOf(gameId)).status).toBe('ACTIVE');
  app.clock().advance(3 * DAY);
  const late = await sweeper.sweep();
  expect(late.timedOut + late.aborted).toBe(1);
});

it('a turn that begins while its player is away counts from when they are back; back early, it moves back', async () => {
  const { gameId, mover, waiter } = await newGame('vac_new');
  const leftAt = Date.parse((await startVacation(waiter, 2)).current!.startsAt);
  app.clock().advance(3_600_000);
  await playTurn(gameId, mover, waiter);
  // The waiter's turn began an hour into two days away: it ends a day (its own) after they are back.
  await app.get(DeadlineSweeper).sweep();
  const moved = await clockOf(gameId);
  expect(moved.deadline!.getTime()).toBe(leftAt + 2 * DAY + DAY);

  // Back after half a day: the turn counts from then.
  app.clock().advance(11 * 3_600_000);
  const ended = dataOf(
    await app.gql<{ endVacation: Status & { recent: { endedAt: string | null }[] } }>(
      waiter,
      `mutation { endVacation { ${STATUS} recent { endedAt } } }`,
    ),
  ).endVacation;
  expect(ended.current).toBeNull();
  const backAt = Date.parse(ended.recent.at(-1)!.endedAt!);
  // Half a day begun counts as one day of the allowance.
  expect(ended.daysLeft).toBe(9);
  expect((await clockOf(gameId)).deadline!.getTime()).toBe(backAt + DAY);
  expect(codeOf(await app.gql(waiter, 'mutation { endVacation { daysLeft } }'))).toBe('NOT_FOUND');
});

it('holds the allowance, one vacation at a time, and refuses bots and API tokens', async () => {
  const token = await register(app, 'vac_rules');
  await startVacation(token, 4);
  const again = await app.gql(token, 'mutation { startVacation(days: 1) { daysLeft } }');
  expect(codeOf(again)).toBe('BAD_USER_INPUT');
  dataOf(await app.gql(token, 'mutation { endVacation { daysLeft } }'));
  const tooMany = await app.gql(token, 'mutation { startVacation(days: 10) { daysLeft } }');
  expect(codeOf(tooMany)).toBe('BAD_USER_INPUT');
  expect(tooMany.errors![0]!.message).toMatch(/9 of your 10 vacation days/);
  expect(codeOf(await app.gql(token, 'mutation { startVacation(days: 0) { daysLeft } }'))).toBe(
    'BAD_USER_INPUT',
  );
  expect((await startVacation(token, 9)).daysLeft).toBe(0);

  const bot = await register(app, 'vac_bot');
  dataOf(await app.gql(bot, 'mutation { upgradeToBotAccount { id } }'));
  expect(codeOf(await app.gql(bot, 'mutation { startVacation(days: 1) { daysLeft } }'))).toBe('FORBIDDEN');

  const human = await register(app, 'vac_api');
  const apiToken = dataOf(
    await app.gql<{ createApiToken: { token: string } }>(
      human,
      'mutation { createApiToken(name: "t", scopes: [GAME_READ, GAME_PLAY]) { token } }',
    ),
  ).createApiToken.token;
  expect(codeOf(await app.gql(apiToken, 'mutation { startVacation(days: 1) { daysLeft } }'))).toBe(
    'FORBIDDEN',
  );
  expect(
    dataOf(await app.gql<{ vacation: Status }>(apiToken, `{ vacation { ${STATUS} } }`)).vacation,
  ).toMatchObject({
    current: null,
    daysLeft: 10,
  });
});

it('a copy that remembers the game from before a vacation does not write the old deadline back with a move', async () => {
  const other = await startAppInProcess({
    databaseUrl: app.databaseUrl,
    env: { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0', VACATION_DAYS: '10' },
  });
  try {
    other.clock().advance(app.clock().now().getTime() - other.clock().now().getTime());
    // A deal where the player to move can play to the centre, which keeps the turn (a chosen seed deals alone).
    let found: { gameId: string; mover: string; move: string } | null = null;
    for (let index = 0; index < 30 && found === null; index++) {
      const a = await register(app, `vac_cache_a${index}`);
      const b = await register(app, `vac_cache_b${index}`);
      const gameId = dataOf(
        await app.gql<{ createGame: { id: string } }>(
          a,
          'mutation($o: String!, $s: String!) { createGame(input: { preset: CLASSIC, opponent: $o, daysPerMove: 1, seed: $s }) { id } }',
          { o: `vac_cache_b${index}`, s: `vacation-cache-${index}` },
        ),
      ).createGame.id;
      await joinGame(app, b, gameId);
      const mover = (await readGame(app, a, gameId)).isMyTurn ? a : b;
      const move = (await readGame(app, mover, gameId)).legalMoves.find((candidate) =>
        (candidate.split('-')[1] ?? '').startsWith('c'),
      );
      if (move !== undefined) found = { gameId, mover, move };
    }
    if (found === null) throw new Error('no deal of 30 lets its first player play to the centre');
    const { gameId, mover, move } = found;
    // The other copy remembers the game as it is now (its row and folded state)...
    const remembered = await other.get(GamesService).get(gameId);
    other.get(GameStore).rememberRow(remembered);
    await other.get(GameStore).folded(remembered);
    const before = await clockOf(gameId);
    // ...the mover goes away through this copy, which moves the turn's clock...
    await startVacation(mover, 2);
    const moved = await clockOf(gameId);
    expect(moved.deadline!.getTime() - before.deadline!.getTime()).toBe(2 * DAY);
    // ...and plays a card to the centre through the other copy: the turn, and its moved clock, go on.
    const answer = await other.gql<{ makeMove: { game: { isMyTurn: boolean } } }>(
      mover,
      'mutation($g: ID!, $m: String!, $v: Int!) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { isMyTurn } } }',
      { g: gameId, m: move, v: remembered.version },
    );
    expect(dataOf(answer).makeMove.game.isMyTurn).toBe(true);
    expect((await clockOf(gameId)).deadline).toEqual(moved.deadline);
  } finally {
    await other.stop();
  }
});
