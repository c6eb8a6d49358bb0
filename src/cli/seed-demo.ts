/**
 * `npm run seed:demo -- --players 1000 --games 100000 [--seed S] [--rated-share 0.8]`: fills a database
 * with finished games between demo bot accounts, written exactly as the service would have written
 * them, so that history pages and leaderboards can be tried and measured on real volumes. The database is
 * DATABASE_URL's, or an embedded Postgres kept in `.data/demo` (serve it with `DATA_DIR=.data/demo npm start`).
 * A second run adds more games (and reuses the demo players). Progress goes to stderr, the summary to stdout.
 * Every demo account's password is "demo password".
 * Exit codes: 0 done, 2 bad arguments, 1 the run failed.
 */
import * as path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { PASSWORD_FILE } from '../db/embedded-postgres';
import { migrate } from '../db/migrator';
import { DEMO_DATA_DIR, databaseSize, openDemoDatabase } from './seed-demo/database';
import { DEMO_PASSWORD } from './seed-demo/players';
import { count, progressPrinter } from './seed-demo/progress';
import { DEMO_DEFAULTS, SeedReport, seedDemo } from './seed-demo/seed';

export interface SeedCliConfig {
  readonly players: number;
  readonly games: number;
  readonly seed: string;
  readonly ratedShare: number;
  readonly help: boolean;
}

export const DEFAULTS: SeedCliConfig = { ...DEMO_DEFAULTS, help: false };

export const USAGE = `Usage: npm run seed:demo -- [options]
  --players N         demo players in the pool, demo_0001 … (default ${DEFAULTS.players}; at least 4, at most 1000000);
                      players an earlier run created are reused
  --games N           finished games to add (default ${DEFAULTS.games})
  --seed S            fixes the games: the same seed gives the same games, and a later run with it
                      continues where the last one stopped (default ${DEFAULTS.seed})
  --rated-share X     share of rated games, 0 to 1 (default ${DEFAULTS.ratedShare})
  --help              this text
The database is DATABASE_URL's, else an embedded Postgres kept in ${DEMO_DATA_DIR} (serve it with
DATA_DIR=${DEMO_DATA_DIR} npm start). Every demo account's password is "${DEMO_PASSWORD}".`;

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

function share(flag: string, text: string): number {
  const value = Number(text);
  if (!/^\d*\.?\d+$/.test(text) || !(value >= 0 && value <= 1)) {
    throw new UsageError(`${flag} must be a number from 0 to 1, not "${text}"`);
  }
  return value;
}

/** Reads the command line (without `node` and the script); throws `UsageError`. */
export function parseSeedArgs(argv: readonly string[]): SeedCliConfig {
  let config: SeedCliConfig = DEFAULTS;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const value = (): string => {
      if (equals > 0) return arg.slice(equals + 1);
      const next = argv[index + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      index++;
      return next;
    };
    switch (flag) {
      case '--players':
        config = { ...config, players: wholeNumber(flag, value(), 4, 1_000_000) };
        break;
      case '--games':
        config = { ...config, games: wholeNumber(flag, value(), 1, 100_000_000) };
        break;
      case '--seed': {
        const seed = value();
        if (seed.length === 0 || seed.length > 200) throw new UsageError('--seed is 1–200 characters');
        config = { ...config, seed };
        break;
      }
      case '--rated-share':
        config = { ...config, ratedShare: share(flag, value()) };
        break;
      case '--help':
      case '-h':
        config = { ...config, help: true };
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  return config;
}

export function formatReport(report: SeedReport): string {
  const lines = [
    `games:        ${count(report.games)} added (stream positions ${count(report.firstIndex)}–${count(report.firstIndex + report.games - 1)})`,
    `events:       ${count(report.events)}`,
    `players:      ${count(report.players)} in the pool, ${count(report.playersCreated)} created (password "${DEMO_PASSWORD}")`,
    `rated games:  ${count(report.ratedGames)}`,
    `time:         ${report.seconds.toFixed(1)} s, ${report.gamesPerSecond.toFixed(0)} games/s`,
  ];
  return lines.join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  let config: SeedCliConfig;
  try {
    config = parseSeedArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`seed:demo: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (config.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const say = (line: string): void => void process.stderr.write(`${line}\n`);
  const database = await openDemoDatabase(process.env, say);
  const interrupt = (): void => void database.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  try {
    const applied = await migrate(database.url);
    if (applied.length > 0) say(`applied migrations: ${applied.join(', ')}`);
    say(
      `playing ${count(config.games)} games among ${count(config.players)} demo players (seed ${config.seed})`,
    );
    const report = await seedDemo({
      databaseUrl: database.url,
      players: config.players,
      games: config.games,
      seed: config.seed,
      ratedShare: config.ratedShare,
      onProgress: progressPrinter(process.stderr),
    });
    process.stdout.write(`${formatReport(report)}\n`);
    process.stdout.write(`database:     ${await databaseSize(database.url)}\n`);
    process.stdout.write(
      database.source === 'embedded'
        ? `serve it:     DATA_DIR=${DEMO_DATA_DIR} npm start   (starts the embedded Postgres on ${database.dataDir}; ` +
            `its URL is then postgresql://postgres:<the password in ${path.join(database.dataDir ?? DEMO_DATA_DIR, PASSWORD_FILE)}>` +
            `@127.0.0.1:54329/postgres, or EMBEDDED_POSTGRES_PORT's)\n`
        : `serve it:     DATABASE_URL=… npm start   (the same DATABASE_URL)\n`,
    );
    return 0;
  } finally {
    process.off('SIGINT', interrupt);
    await database.stop();
  }
}

if (isMainThread && require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`\nseed:demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
