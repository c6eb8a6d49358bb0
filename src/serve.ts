/**
 * Running the server (src/main.ts for `npm start`, src/testing/main.ts for a test build): validate the
 * configuration, get a database (DATABASE_URL, or an embedded Postgres in DATA_DIR, which this process then owns:
 * restarted if it dies), apply the migrations, serve GraphQL. SIGINT/SIGTERM close the server and then the
 * embedded Postgres.
 */
import type { Type } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/config';
import {
  EmbeddedPostgresError,
  RunningPostgres,
  reachableDataDir,
  startEmbeddedPostgres,
} from './db/embedded-postgres';
import { migrate } from './db/migrator';
import { DatabaseAvailability } from './db/availability';
import { createApp } from './app.factory';
import { servingLine } from './common/serving';
import { createLogger, type Logger } from './logging/logger';

/**
 * The last resort for a promise whose rejection nobody handles: logged, and the server goes on. Node's default
 * (exit) would turn one missed `.catch` on a rare path into an outage for every game and socket this copy
 * serves; the failures we know of are handled where they happen (docs/operations.md#outages), so a line here is
 * a bug to fix, not a state to die of. A thrown exception nobody catches still ends the process: after one, the
 * state is unknown.
 */
function keepServingOnUnhandledRejections(logger: Logger): void {
  process.on('unhandledRejection', (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (a bug; the server goes on)');
  });
}

async function run(extraModules: readonly Type[]): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logging);
  keepServingOnUnhandledRejections(logger);
  // The server's own start and stop lines are written whatever the level: they say where it serves.
  const lifecycle = logger.child({ context: 'Server' }, { level: 'info' });
  let embedded: RunningPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    lifecycle.info(`DATABASE_URL is not set: starting an embedded Postgres in ${config.dataDir}`);
    const log = (line: string): void => lifecycle.info(line);
    const dataDir = reachableDataDir(config.dataDir, log);
    embedded = await startEmbeddedPostgres(dataDir, config.embeddedPostgresPort, {
      log,
      restartAfterCrash: true,
    });
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) lifecycle.info(`applied migrations: ${applied.join(', ')}`);

  const app = await createApp({ ...config, databaseUrl }, extraModules, logger);
  let stopping = false;
  const { delayMs, timeoutMs } = config.shutdown;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    lifecycle.info(`${signal}: shutting down`);
    // Postgres may stop first (Ctrl-C reaches it too): that is the shutdown, not a crash to recover from.
    embedded?.stopRestarting();
    // In order (docs/operations.md#shutdown): readiness turns false while everything is still answered, so a
    // balancer polling it stops sending; after SHUTDOWN_DELAY_MS the server stops taking connections and lets the
    // requests in flight finish; past SHUTDOWN_TIMEOUT_MS the process exits all the same (a hung shutdown would
    // hold the port and the data folder).
    app.get(DatabaseAvailability).stop();
    const deadline = setTimeout(() => {
      logger.error(`the shutdown did not finish within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting`);
      process.exit(1);
    }, delayMs + timeoutMs);
    if (delayMs > 0) {
      lifecycle.info(`not ready; still serving for ${delayMs} ms (SHUTDOWN_DELAY_MS)`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    let code = 0;
    try {
      await app.close();
      await embedded?.stop();
    } catch (error) {
      // The process exits all the same (a hung shutdown would hold the port and the data folder).
      logger.error({ err: error }, 'shutting down failed');
      code = 1;
    }
    clearTimeout(deadline);
    lifecycle.info('stopped');
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  lifecycle.info(servingLine(url.replace('[::1]', 'localhost')));
  if (config.graphql.explorer) lifecycle.info(`explorer: ${url.replace('[::1]', 'localhost')}/explorer`);
}

/** Serves until a signal stops it; `extraModules` only from a test build (src/testing/main.ts). */
export function serve(extraModules: readonly Type[] = []): void {
  run(extraModules).catch(failedToStart);
}

/**
 * Plain text on stderr, not a log line: the settings that name the log's format may be what is wrong, and a person
 * starting the server reads this.
 */
function failedToStart(error: unknown): void {
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
    console.error(error instanceof ConfigError ? error.message : `failed to start: ${error.message}`);
  } else {
    console.error('failed to start:', error ?? 'no reason given');
  }
  process.exit(1);
}
