/**
 * webhookDeliveries reads a delivery and its attempts from one snapshot. A delivery's row and its attempts are
 * two tables; the worker records an attempt and the delivery's new status in one statement, but a reader that
 * read them in two statements could see the row from before that commit and the attempts from after it: PENDING
 * with its only attempt already answered, and `nextAttemptAt` still the claim's lease a minute away — which a
 * client takes for "the next try is in a minute" (the web client then waited that long).
 *
 * The test makes the worker's record land exactly between the reader's two reads: the worker is off
 * (WEBHOOK_INTERVAL_MS=0) and the test plays it with the worker's own statements' effects, on a connection that
 * holds the attempts table locked until the reader is seen waiting for it.
 */
import { Client } from 'pg';
import { dataOf, register } from '../../support/service/app';
import { type InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { until } from '../../support/service/outage';

let app: InProcessApp;

beforeAll(async () => {
  app = await startAppInProcess({
    env: { WEBHOOK_INTERVAL_MS: '0', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' },
  });
});
afterAll(async () => {
  await app?.stop();
});

interface DeliveryRead {
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  attempts: { number: number; statusCode: number | null }[];
}

it('never shows a delivery PENDING with its latest attempt already answered', async () => {
  const token = await register(app, 'snapshot-reader');
  const webhookId = dataOf(
    await app.gql<{ createWebhook: { id: string } }>(
      token,
      'mutation($u: String!, $s: String!) { createWebhook(url: $u, secret: $s) { id } }',
      { u: 'http://127.0.0.1:9/never-called', s: 'a-secret-of-sixteen-or-more' },
    ),
  ).createWebhook.id;
  const deliveryId = dataOf(
    await app.gql<{ testWebhook: { id: string } }>(
      token,
      'mutation($id: ID!) { testWebhook(id: $id) { id } }',
      {
        id: webhookId,
      },
    ),
  ).testWebhook.id;

  const worker = new Client({ connectionString: app.databaseUrl });
  await worker.connect();
  try {
    // The claim (as the worker's CLAIM does): one attempt counted, its lease as the next attempt's time.
    await worker.query(
      `UPDATE webhook_deliveries SET attempt_count = 1, next_attempt_at = now() + interval '1 minute' WHERE id = $1`,
      [deliveryId],
    );
    await worker.query('BEGIN');
    await worker.query('LOCK TABLE webhook_delivery_attempts IN ACCESS EXCLUSIVE MODE');

    const read = app.gql<{ webhookDeliveries: { edges: { node: DeliveryRead }[] } }>(
      token,
      `query($w: ID!) { webhookDeliveries(webhookId: $w) {
         edges { node { status attemptCount nextAttemptAt attempts { number statusCode } } } } }`,
      { w: webhookId },
    );
    await until(
      'the reader waits for the attempts table',
      async () =>
        (
          await worker.query<{ waiting: number }>(
            `SELECT count(*)::int AS waiting FROM pg_locks
              WHERE NOT granted AND relation = 'webhook_delivery_attempts'::regclass`,
          )
        ).rows[0]!.waiting > 0,
      10_000,
    );
    // The record (as the worker's RECORD does): the attempt answered 200, the delivery SUCCEEDED, one commit.
    await worker.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms)
       VALUES ($1, 1, now(), 200, NULL, 5)`,
      [deliveryId],
    );
    await worker.query(
      `UPDATE webhook_deliveries SET status = 'SUCCEEDED', next_attempt_at = NULL WHERE id = $1`,
      [deliveryId],
    );
    await worker.query('COMMIT');

    const [delivery] = dataOf(await read).webhookDeliveries.edges.map((edge) => edge.node);
    // Either the state before the record or the state after it, never half of each.
    const before = { status: 'PENDING', attemptCount: 1, attempts: [] };
    const after = {
      status: 'SUCCEEDED',
      attemptCount: 1,
      nextAttemptAt: null,
      attempts: [{ number: 1, statusCode: 200 }],
    };
    expect([before, after]).toContainEqual(
      delivery!.status === 'PENDING'
        ? { status: delivery!.status, attemptCount: delivery!.attemptCount, attempts: delivery!.attempts }
        : delivery,
    );
  } finally {
    await worker.end();
  }
});
