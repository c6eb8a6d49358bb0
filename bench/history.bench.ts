/**
 * The history benchmark (`npm run bench:history [-- --games N] [-- --samples N] [-- --depth D] [-- --json]`),
 * against the goal: with 100k finished games, p99 of a history page for one player and of a leaderboard page
 * < 20 ms, and the query plans use indexes. On DATABASE_URL's database or seed:demo's embedded one (.data/demo),
 * topped up with seed:demo's games when it holds fewer than --games, it starts the compiled server and measures,
 * one request at a time, a player's finished games (first page, and a deep page reached by cursors) and the classic
 * leaderboard (first and deep page) next to a `{ __typename }` floor; then it EXPLAINs the SQL behind the pages
 * and checks that the expected indexes do the work. Goals are printed as PASS/FAIL, never as the exit code
 * (0; 2 for bad arguments, 1 if the run breaks). docs/performance.md ("History and leaderboards") has figures.
 */
import { isMainThread } from 'node:worker_threads';
import { progressPrinter } from '../src/cli/seed-demo/progress';
import { openDemoDatabase } from '../src/cli/seed-demo/database';
import { USAGE, parseHistoryArgs } from './history/cli';
import { buildReport, formatReport } from './history/report';
import { runHistoryBench } from './history/run';

async function main(argv: readonly string[]): Promise<void> {
  const settings = parseHistoryArgs(argv);
  if ('error' in settings) {
    process.stderr.write(`${settings.error}\n`);
    process.exitCode = 2;
    return;
  }
  if (settings.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const progress = (line: string): void => void process.stderr.write(`${line}…\n`);
  const database = await openDemoDatabase(process.env, progress);
  let stopping = false;
  const interrupt = (): void => {
    // Ctrl-C: the run's finally blocks do not get to run, so at least the embedded Postgres is stopped.
    if (stopping) return;
    stopping = true;
    void database.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  try {
    const run = await runHistoryBench(settings, database, progress, progressPrinter(process.stderr));
    const report = buildReport(run);
    process.stdout.write(
      settings.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`,
    );
  } finally {
    process.off('SIGINT', interrupt);
    await database.stop();
  }
}

// In a worker thread this bundle only plays seed:demo games (src/cli/seed-demo/runner.ts).
if (isMainThread) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `bench:history failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  });
}
