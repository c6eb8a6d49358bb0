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
import { createApp } from './app.factory';
import { servingLine } from './common/serving';

/**
 * The last resort for a promise whose rejection nobody handles: logged, and the server goes on. Node's default
 * (exit) would turn one missed `.catch` on a rare path into an outage for every game and socket this copy
 * serves; the failures we know of are handled where they happen (docs/operations.md#outages), so a line here is
 * a bug to fix, not a state to die of. A thrown exception nobody catches still ends the process: after one, the
 * state is unknown.
 */
function keepServingOnUnhandledRejections(): void {
  process.on('unhandledRejection', (reason: unknown) => {
    console.error('unhandled promise rejection (a bug; the server goes on):', reason);
  });
}

async function run(extraModules: readonly Type[]): Promise<void> {
  const config = loadConfig(process.env);
  let embedded: RunningPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    console.log(`DATABASE_URL is not set: starting an embedded Postgres in ${config.dataDir}`);
    const log = (line: string): void => console.log(line);
    const dataDir = reachableDataDir(config.dataDir, log);
    embedded = await startEmbeddedPostgres(dataDir, config.embeddedPostgresPort, {
      log,
      restartAfterCrash: true,
    });
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) console.log(`applied migrations: ${applied.join(', ')}`);

  const app = await createApp({ ...config, databaseUrl }, extraModules);
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    // Postgres may stop first (Ctrl-C reaches it too): that is the shutdown, not a crash to recover from.
    embedded?.stopRestarting();
    let code = 0;
    try {
      await app.close();
      await embedded?.stop();
    } catch (error) {
      // The process exits all the same (a hung shutdown would hold the port and the data folder).
      console.error('shutting down failed:', error);
      code = 1;
    }
    process.exit(code);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  console.log(servingLine(url.replace('[::1]', 'localhost')));
  if (config.graphql.explorer) console.log(`explorer: ${url.replace('[::1]', 'localhost')}/explorer`);
}

/** Serves until a signal stops it; `extraModules` only from a test build (src/testing/main.ts). */
export function serve(extraModules: readonly Type[] = []): void {
  keepServingOnUnhandledRejections();
  run(extraModules).catch(failedToStart);
}

function failedToStart(error: unknown): void {
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresError) {
    console.error(error instanceof ConfigError ? error.message : `failed to start: ${error.message}`);
  } else {
    console.error('failed to start:', error ?? 'no reason given');
  }
  process.exit(1);
}
