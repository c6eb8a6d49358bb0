/**
 * `npm start`: validate the configuration, get a database (DATABASE_URL, or an embedded Postgres in DATA_DIR),
 * apply the migrations, serve GraphQL. SIGINT/SIGTERM close the server and then the embedded Postgres.
 */
import { ConfigError, loadConfig } from './config/config';
import { RunningPostgres, reachableDataDir, startEmbeddedPostgres } from './db/embedded-postgres';
import { migrate } from './db/migrator';
import { createApp } from './app.factory';
import { servingLine } from './common/serving';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  let embedded: RunningPostgres | null = null;
  let databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    console.log(`DATABASE_URL is not set: starting an embedded Postgres in ${config.dataDir}`);
    const dataDir = reachableDataDir(config.dataDir, (line) => console.log(line));
    embedded = await startEmbeddedPostgres(dataDir, config.embeddedPostgresPort);
    databaseUrl = embedded.url;
  }
  const applied = await migrate(databaseUrl);
  if (applied.length > 0) console.log(`applied migrations: ${applied.join(', ')}`);

  const app = await createApp({ ...config, databaseUrl });
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await app.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  console.log(servingLine(url.replace('[::1]', 'localhost')));
  if (config.graphql.explorer) console.log(`explorer: ${url.replace('[::1]', 'localhost')}/explorer`);
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('failed to start:', error);
  }
  process.exit(1);
});
