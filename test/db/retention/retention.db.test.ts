/**
 * The retention pass (docs/operations.md#retention, src/retention/): against a real Postgres, on rows real play
 * made through the API. A finished game between two players with webhooks — one receiver answers 204 (its
 * deliveries SUCCEEDED, with their attempts), the other 500 (its deliveries stay PENDING, retrying) — and a
 * challenge that waits; then the manual clock moves past RETENTION_DAYS and a new game starts (young rows). A pass,
 * walked in small batches, removes exactly the old finished deliveries with their attempts and the old player
 * events of games no longer running; it keeps the pending deliveries, the young rows and the waiting challenge's
 * event, and the finished game's move log, export and verification are unchanged. The removed rows are counted
 * in the metrics; a second pass removes nothing.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RetentionWorker } from '../../../src/retention/retention-worker';
import { retentionCutoff } from '../../../src/retention/retention-policy';
import { WebhookWorker } from '../../../src/webhooks/webhook-worker';
import { dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { createGame, joinGame, playGame } from '../../support/service/play';

const METRICS_TOKEN = 'retention-metrics-token-0123456789';
const ENV = {
  CLOCK: 'manual',
  SWEEP_INTERVAL_MS: '0',
  // No pass runs by itself: the test asks for each (deliveries, retention) when it wants one.
  WEBHOOK_INTERVAL_MS: '0',
  RETENTION_INTERVAL_MS: '0',
  RETENTION_DAYS: '90',
  WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
  METRICS_TOKEN,
};
const DAY_MS = 86_400_000;

let app: InProcessApp;
const servers: http.Server[] = [];

beforeAll(async () => {
  app = await startAppInProcess({ env: ENV });
});
afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await app.close();
});

/** A receiver on 127.0.0.1 answering every request with `status`. */
async function receiver(status: number): Promise<string> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

async function createWebhook(token: string, url: string): Promise<void> {
  dataOf(
    await app.gql(
      token,
      'mutation($u: String!) { createWebhook(url: $u, secret: "retention-secret-0123") { id } }',
      {
        u: url,
      },
    ),
  );
}

/** Delivery passes until none of `username`'s deliveries is due any more (each pass sends up to 200). */
async function deliverAll(): Promise<void> {
  const worker = app.get(WebhookWorker);
  for (let pass = 0; pass < 10; pass++) {
    const report = await worker.deliverDue();
    if (report.attempted === 0) return;
  }
  throw new Error('deliveries still due after 10 passes');
}

interface Counts {
  oldEvents: number;
  oldEventsOfRunningGames: number;
  youngEvents: number;
  oldFinishedDeliveries: number;
  oldPending: number;
  youngDeliveries: number;
  attempts: number;
  attemptsOfOldFinished: number;
  moveLog: number;
}

async function counts(cutoff: Date): Promise<Counts> {
  const [row] = await sql<Record<keyof Counts, number>>(
    app.databaseUrl,
    `SELECT
       (SELECT count(*) FROM player_events WHERE created_at < $1)::int AS "oldEvents",
       (SELECT count(*) FROM player_events e JOIN games g ON g.id = e.game_id
         WHERE e.created_at < $1 AND g.status IN ('WAITING', 'ACTIVE'))::int AS "oldEventsOfRunningGames",
       (SELECT count(*) FROM player_events WHERE created_at >= $1)::int AS "youngEvents",
       (SELECT count(*) FROM webhook_deliveries WHERE created_at < $1 AND status <> 'PENDING')::int
         AS "oldFinishedDeliveries",
       (SELECT count(*) FROM webhook_deliveries WHERE created_at < $1 AND status = 'PENDING')::int AS "oldPending",
       (SELECT count(*) FROM webhook_deliveries WHERE created_at >= $1)::int AS "youngDeliveries",
       (SELECT count(*) FROM webhook_delivery_attempts)::int AS attempts,
       (SELECT count(*) FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
         WHERE d.created_at < $1 AND d.status <> 'PENDING')::int AS "attemptsOfOldFinished",
       (SELECT count(*) FROM game_events)::int AS "moveLog"`,
    [cutoff],
  );
  return row as Counts;
}

const VERIFY =
  'query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment clientSeedsMatch replayMatches resultMatches message } }';

async function exportOf(gameId: string): Promise<string> {
  const response = await fetch(`${app.url}/api/games/${gameId}/export`);
  expect(response.status).toBe(200);
  return response.text();
}

async function removedMetric(table: string): Promise<number> {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await response.text())
    .split('\n')
    .find((candidate) => candidate.startsWith(`malice_retention_rows_removed_total{table="${table}"}`));
  return line === undefined ? 0 : Number(line.split(' ').pop());
}

it('removes old finished deliveries and old player events in batches, and keeps the rest and the move log', async () => {
  const ann = await register(app, 'ret_ann');
  const bob = await register(app, 'ret_bob');
  const cal = await register(app, 'ret_cal');
  await createWebhook(ann, await receiver(204));
  await createWebhook(bob, await receiver(500));

  // Old rows: a finished game (every turn told to both), delivered to ann, still retrying for bob.
  const game = await joinGame(
    app,
    bob,
    (await createGame(app, ann, { preset: 'MODERN', seed: 'retention-1' })).id,
  );
  const finished = await playGame(app, [ann, bob], game.id);
  expect(finished.status).toBe('FINISHED');
  await deliverAll();
  // A challenge that waits for cal: its CHALLENGE_RECEIVED event is how cal sees it among their running games.
  const challenge = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      ann,
      'mutation { createGame(input: { preset: CLASSIC, opponent: "ret_cal" }) { id } }',
    ),
  ).createGame;
  void cal;

  const logBefore = await sql(app.databaseUrl, 'SELECT * FROM game_events WHERE game_id = $1 ORDER BY seq', [
    game.id,
  ]);
  const exportBefore = await exportOf(game.id);
  const verifiedBefore = dataOf(await app.gql(null, VERIFY, { g: game.id }));
  expect(verifiedBefore).toEqual({ verifyGame: expect.objectContaining({ ok: true }) });

  // Past the retention, new play: young events and deliveries (ann's delivered, bob's failing).
  app.clock().advance(91 * DAY_MS);
  await joinGame(app, bob, (await createGame(app, ann, { preset: 'CLASSIC', seed: 'retention-2' })).id);
  await deliverAll();

  const cutoff = retentionCutoff(app.clock().now(), 90);
  const before = await counts(cutoff);
  // What the test needs to mean anything: rows of every kind on both sides of the cutoff.
  expect(before.oldFinishedDeliveries).toBeGreaterThan(20);
  expect(before.attemptsOfOldFinished).toBe(before.oldFinishedDeliveries);
  expect(before.oldPending).toBeGreaterThan(20);
  expect(before.youngDeliveries).toBeGreaterThan(0);
  expect(before.youngEvents).toBeGreaterThan(0);
  expect(before.oldEventsOfRunningGames).toBe(1);
  expect(before.oldEvents).toBeGreaterThan(before.oldFinishedDeliveries);

  // Seven rows a statement: dozens of batches, most of them full.
  const report = await app.get(RetentionWorker).pass(undefined, 7);
  expect(report).toEqual({
    webhook_deliveries: before.oldFinishedDeliveries,
    webhook_delivery_attempts: before.attemptsOfOldFinished,
    player_events: before.oldEvents - before.oldEventsOfRunningGames,
    // No chat here (test/db/chat/chat.db.test.ts removes some).
    chat_messages: 0,
  });

  const after = await counts(cutoff);
  expect(after).toEqual({
    ...before,
    oldEvents: before.oldEventsOfRunningGames,
    oldFinishedDeliveries: 0,
    attempts: before.attempts - before.attemptsOfOldFinished,
    attemptsOfOldFinished: 0,
  });
  const [kept] = await sql<{ kind: string; game_id: string }>(
    app.databaseUrl,
    'SELECT kind, game_id FROM player_events WHERE created_at < $1',
    [cutoff],
  );
  expect(kept).toEqual({ kind: 'CHALLENGE_RECEIVED', game_id: challenge.id });

  // The move log is untouched: the same rows, the same export, the same verification.
  expect(
    await sql(app.databaseUrl, 'SELECT * FROM game_events WHERE game_id = $1 ORDER BY seq', [game.id]),
  ).toEqual(logBefore);
  expect(await exportOf(game.id)).toBe(exportBefore);
  expect(dataOf(await app.gql(null, VERIFY, { g: game.id }))).toEqual(verifiedBefore);

  expect(await removedMetric('webhook_deliveries')).toBe(report.webhook_deliveries);
  expect(await removedMetric('webhook_delivery_attempts')).toBe(report.webhook_delivery_attempts);
  expect(await removedMetric('player_events')).toBe(report.player_events);

  // Nothing is left to remove: a second pass (one batch a table) removes nothing.
  expect(await app.get(RetentionWorker).pass()).toEqual({
    webhook_deliveries: 0,
    webhook_delivery_attempts: 0,
    player_events: 0,
    chat_messages: 0,
  });
  expect(await counts(cutoff)).toEqual(after);
}, 60_000);
