/**
 * Migration 20261201110000_webhook_attempt_errors on a real Postgres: attempts logged before it, with the network's
 * own words ("connect ECONNREFUSED 10.0.0.5:8080"), keep only their class afterwards, their durations rounded to
 * 100 ms; and the table takes no other error from then on.
 */
import { Client } from 'pg';
import { migrate } from '../../../src/db/migrator';
import { ATTEMPT_ERRORS } from '../../../src/webhooks/webhook-policy';
import { freshDatabase } from '../../support/service/database';

const MIGRATION = '20261201110000_webhook_attempt_errors';

let database: { url: string; drop: () => Promise<void> };
let client: Client;

beforeAll(async () => {
  database = await freshDatabase({ before: MIGRATION });
  client = new Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

it('rewrites the errors logged before to their class, rounds their durations, and takes no other error after', async () => {
  const {
    rows: [delivery],
  } = await client.query<{ id: string }>(`
    WITH player AS (
      INSERT INTO players (id, username, username_key, password_hash)
      VALUES (gen_random_uuid(), 'old_log', 'old_log', 'x') RETURNING id),
    hook AS (
      INSERT INTO webhooks (id, player_id, url, secret, events, created_at)
      SELECT gen_random_uuid(), id, 'http://10.0.0.5:8080/', 'a-secret-of-16-chars', ARRAY['REMINDER'], now()
        FROM player RETURNING id)
    INSERT INTO webhook_deliveries (webhook_id, kind, status, attempt_count, next_attempt_at, created_at)
    SELECT id, 'PING', 'FAILED', 8, NULL, now() FROM hook RETURNING id::text`);
  const logged: [
    error: string | null,
    statusCode: number | null,
    durationMs: number,
    errorClass: string | null,
    rounded: number,
  ][] = [
    ['network error: connect ECONNREFUSED 10.0.0.5:8080', null, 3, 'connection_failed', 0],
    ['network error: UND_ERR_SOCKET: other side closed', null, 51, 'connection_failed', 100],
    ['network error: getaddrinfo ENOTFOUND nowhere.invalid', null, 149, 'dns', 100],
    ['network error: unable to verify the first certificate', null, 151, 'tls', 200],
    ['network error: self-signed certificate', null, 12, 'tls', 0],
    ['timeout: no answer within 10 s', null, 10_004, 'timeout', 10_000],
    ['cancelled: the server sending it shut down', null, 250, 'cancelled', 300],
    [null, 503, 17, null, 0],
  ];
  for (const [index, [error, statusCode, durationMs]] of logged.entries()) {
    await client.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms)
       VALUES ($1, $2, now(), $3, $4, $5)`,
      [delivery!.id, index + 1, statusCode, error, durationMs],
    );
  }

  await migrate(database.url);

  const { rows } = await client.query<{
    error: string | null;
    status_code: number | null;
    duration_ms: number;
  }>('SELECT error, status_code, duration_ms FROM webhook_delivery_attempts ORDER BY attempt');
  expect(rows).toEqual(
    logged.map(([, statusCode, , error, rounded]) => ({
      error,
      status_code: statusCode,
      duration_ms: rounded,
    })),
  );
  for (const error of ATTEMPT_ERRORS) {
    await client.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms)
       VALUES ($1, (SELECT max(attempt) + 1 FROM webhook_delivery_attempts), now(), NULL, $2, 0)`,
      [delivery!.id, error],
    );
  }
  await expect(
    client.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, status_code, error, duration_ms)
       VALUES ($1, 99, now(), NULL, 'network error: connect ECONNREFUSED 10.0.0.5:8080', 0)`,
      [delivery!.id],
    ),
  ).rejects.toThrow(/webhook_delivery_attempts_error_check/);
});
