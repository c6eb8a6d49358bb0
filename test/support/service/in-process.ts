/**
 * The db tier's app (docs/testing.md): the same Nest application `npm start` builds (`createApp`), created in
 * the test's own process and served on a free port, so a test still sends real GraphQL over HTTP and graphql-ws
 * — and may also reach inside, to the manual clock, the sweeper or any other provider, without a test-only
 * route. No build step: ts-jest compiles the sources.
 */
import type { INestApplication, Type } from '@nestjs/common';
import { createApp } from '../../../src/app.factory';
import { ManualClock, Clock } from '../../../src/clock/clock';
import { loadConfig } from '../../../src/config/config';
import { TestControlsModule } from '../../../src/testing/test-controls.module';
import { TestApp, testAppAt, testEnvironment } from './app';
import { freshDatabase } from './database';

export interface InProcessApp extends TestApp {
  /** The Nest application, for `get(Provider)`. */
  readonly nest: INestApplication;
  /** A provider of the running app. */
  get<T>(type: Type<T> | (abstract new (...args: never[]) => T)): T;
  /** The app's manual clock (started with `env: { CLOCK: 'manual' }`). */
  clock(): ManualClock;
}

/**
 * Starts the app in this process, on a fresh database unless `databaseUrl` names one, serving on a free port.
 * `testControls` mounts what only a test build has (src/testing/test-controls.module.ts: POST /test/clock and
 * /test/webhooks/deliver, with CLOCK=manual).
 */
export async function startAppInProcess(
  options: { databaseUrl?: string; env?: Record<string, string>; testControls?: boolean } = {},
): Promise<InProcessApp> {
  const database = options.databaseUrl === undefined ? await freshDatabase() : null;
  const databaseUrl = options.databaseUrl ?? database!.url;
  const config = loadConfig(testEnvironment(databaseUrl, options.env));
  const nest = await createApp({ ...config, databaseUrl }, options.testControls ? [TestControlsModule] : []);
  await nest.listen(config.port, config.host);
  const url = (await nest.getUrl()).replace('[::1]', 'localhost');
  let closed = false;
  const app = testAppAt(url, databaseUrl, {
    // Logs go to this process's console, where jest shows them.
    output: () => '',
    stopServer: async () => {
      if (closed) return;
      closed = true;
      await nest.close();
    },
    drop: async () => database?.drop(),
  });
  const get = <T>(type: Type<T> | (abstract new (...args: never[]) => T)): T => nest.get(type as Type<T>);
  return {
    ...app,
    nest,
    get,
    clock() {
      const clock = get(Clock);
      if (!(clock instanceof ManualClock)) throw new Error('this test app runs on the system clock');
      return clock;
    },
  };
}
