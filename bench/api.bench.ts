/**
 * The API benchmark (`npm run bench:api [-- --clients N] [-- --seconds S] [-- --quick] [-- --json]`).
 * It starts a Postgres (DATABASE_URL's server, or an embedded one), and on a fresh database the compiled server
 * (`node dist/main.js`); then N bot clients play classic games over GraphQL HTTP while, in alternating rounds of
 * the same length, N raw-pg clients run the floor transaction (insert one event, update one game row). It
 * prints makeMove moves/s and p50/p99 latency next to the floor's, the ratios against the goals (≥ 50 % of the
 * floor's throughput, p99 ≤ 3× the floor's) as PASS/FAIL — never as the exit code — and where the CPU went.
 * `--cpu-prof DIR` runs the server with `--cpu-prof` and summarises the profile of the API rounds.
 * The pieces live in bench/api/; docs/performance.md ("API") has figures and how to read them.
 */
import { parseArguments } from './api/cli';
import { acquirePostgres } from './api/postgres';
import { formatReport } from './api/report';
import { runApiBench } from './api/run';

async function main(argv: readonly string[]): Promise<void> {
  const settings = parseArguments(argv);
  if ('error' in settings) {
    process.stderr.write(`${settings.error}\n`);
    process.exitCode = 2;
    return;
  }
  const progress = (line: string): void => void process.stderr.write(`${line}…\n`);
  progress(process.env.DATABASE_URL ? 'using the Postgres of DATABASE_URL' : 'starting an embedded Postgres');
  const postgres = await acquirePostgres(settings.pgStats);
  let stopping = false;
  const interrupt = (): void => {
    // Ctrl-C: the run's finally blocks do not get to run, so at least the embedded Postgres is stopped.
    if (stopping) return;
    stopping = true;
    void postgres.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  try {
    const report = await runApiBench(settings, postgres, progress);
    process.stdout.write(
      settings.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`,
    );
  } finally {
    process.off('SIGINT', interrupt);
    await postgres.stop();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `bench:api failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
