/**
 * The database a command-line tool works on, chosen as the server chooses (src/serve.ts): DATABASE_URL, or the
 * embedded Postgres in DATA_DIR — the running server's own while it runs, or one the tool starts and stops
 * (src/db/embedded-postgres.ts, `embeddedForTool`).
 */
import { loadConfig } from '../config/config';
import { ToolDatabase, embeddedForTool, reachableDataDir } from '../db/embedded-postgres';

export async function toolDatabase(env: NodeJS.ProcessEnv): Promise<ToolDatabase> {
  const config = loadConfig(env);
  if (config.databaseUrl !== null) {
    return { url: config.databaseUrl, started: false, close: async () => {} };
  }
  return embeddedForTool(
    reachableDataDir(config.dataDir, () => {}),
    config.embeddedPostgresPort,
  );
}
