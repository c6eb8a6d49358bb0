/**
 * The test controls live only in the test build (docs/testing.md, "Test-only controls"): the compiled server
 * `npm start` runs has no test route whatever its settings, the test build (`npm run start:testing`) has them,
 * and the test build refuses to run in production.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { TestApp, startTestApp } from '../../support/service/app';

const CLOCK_ENV = { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0' };

let production: TestApp;
let testing: TestApp;

beforeAll(async () => {
  production = await startTestApp({ env: CLOCK_ENV });
  testing = await startTestApp({ databaseUrl: production.databaseUrl, env: CLOCK_ENV, testBuild: true });
});
afterAll(async () => {
  await testing.stop();
  await production.close();
});

function post(app: TestApp, route: string, body: unknown): Promise<Response> {
  return fetch(`${app.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

it('the server npm start runs has no test route, even with CLOCK=manual', async () => {
  expect((await post(production, '/test/clock', { advanceMs: 1000 })).status).toBe(404);
  expect((await post(production, '/test/webhooks/deliver', {})).status).toBe(404);
});

it('the test build moves its manual clock and runs a delivery pass on demand', async () => {
  const before = Date.now();
  const moved = await post(testing, '/test/clock', { advanceMs: 86_400_000 });
  expect(moved.status).toBe(200);
  const report = (await moved.json()) as { now: string; timedOut: number };
  expect(Date.parse(report.now)).toBeGreaterThanOrEqual(before + 86_400_000);
  expect(report.timedOut).toBe(0);
  const pass = await post(testing, '/test/webhooks/deliver', {});
  expect(pass.status).toBe(200);
  expect(await pass.json()).toMatchObject({ attempted: 0 });
});

it('the test build refuses to start with NODE_ENV=production', () => {
  const run = spawnSync(
    process.execPath,
    [path.resolve(__dirname, '..', '..', '..', 'dist', 'testing', 'main.js')],
    {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATABASE_URL: production.databaseUrl },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(
    'the testing server is for tests: it cannot be started with NODE_ENV=production',
  );
});
