/**
 * `check:projections --repair` rewrites projection rows from the log. A repair is maintenance, not news: it must
 * tell nobody — no player event, no webhook delivery — even where the row it fixes changes whose turn it is or
 * how the game stands (src/notifications/sql/notification-writes.ts, `none`).
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { checkProjections } from '../../../src/cli/check-projections';
import { notifierOption } from '../../../src/db/notifier';
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { createGame, joinGame, readGame } from '../../support/service/play';

let app: InProcessApp;
/** A maintenance connection: it corrupts rows for the test without telling anyone either. */
let quiet: Pool;

beforeAll(async () => {
  app = await startAppInProcess();
  quiet = new Pool({ connectionString: app.databaseUrl, max: 1, options: notifierOption('none') });
});
afterAll(async () => {
  await quiet.end();
  await app.close();
});

async function told(): Promise<{ events: number; deliveries: number }> {
  const { rows } = await quiet.query<{ events: number; deliveries: number }>(
    `SELECT (SELECT count(*) FROM player_events)::int AS events,
            (SELECT count(*) FROM webhook_deliveries)::int AS deliveries`,
  );
  return rows[0]!;
}

it('a repair of whose turn it is and of a game’s status tells nobody', async () => {
  const ann = await register(app, 'quiet_ann');
  const bob = await register(app, 'quiet_bob');
  // Ann's webhook takes every kind: a delivery queued by the repair would show.
  await quiet.query(
    `INSERT INTO webhooks (id, player_id, url, secret, events, created_at)
     SELECT $1, id, 'https://receiver.invalid/hook', 'a-secret-of-some-length', $2, now()
       FROM players WHERE username = 'quiet_ann'`,
    [
      randomUUID(),
      ['YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER', 'GAME_UNRATED'],
    ],
  );
  const turnGame = await createGame(app, ann, { preset: 'CLASSIC' });
  await joinGame(app, bob, turnGame.id);
  const statusGame = await createGame(app, ann, { preset: 'ZLOBA' });
  await joinGame(app, bob, statusGame.id);
  const before = await readGame(app, ann, turnGame.id);
  // The stored turn goes to the other player; the other game is stored as aborted while its log says it runs.
  await quiet.query(
    `UPDATE games SET current_seat = 1 - current_seat,
            current_player_id = (SELECT player_id FROM game_players gp
                                  WHERE gp.game_id = games.id AND gp.seat = 1 - games.current_seat)
      WHERE id = $1`,
    [turnGame.id],
  );
  await quiet.query(`UPDATE games SET status = 'FINISHED' WHERE id = $1`, [statusGame.id]);
  const quietBefore = await told();
  expect(quietBefore.events).toBeGreaterThan(0);
  expect(quietBefore.deliveries).toBeGreaterThan(0);

  const lines: string[] = [];
  const found = await checkProjections(app.databaseUrl, true, (line) => lines.push(line));
  expect(found.map((difference) => `${difference.gameId} ${difference.field}`).sort()).toEqual(
    [`${turnGame.id} current_player_id`, `${turnGame.id} current_seat`, `${statusGame.id} status`].sort(),
  );
  expect(await checkProjections(app.databaseUrl, false, () => undefined)).toEqual([]);
  expect((await readGame(app, ann, turnGame.id)).currentSeat).toBe(before.currentSeat);
  expect(await told()).toEqual(quietBefore);
  dataOf(await app.gql(ann, 'query { me { username } }'));
});
