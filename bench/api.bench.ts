/**
 * The API benchmark (`npm run bench:api [-- --clients N] [-- --seconds S] [-- --quick] [-- --json]`).
 * It starts a Postgres (DATABASE_URL's server, or an embedded one), and on a fresh database the compiled server
 * (`node dist/main.js`); then N bot clients play classic games over GraphQL HTTP while, in alternating rounds of
 * the same length, N raw-pg clients run the floor transaction (insert one event, update one game row). It
 * prints makeMove moves/s and p50/p99 latency next to the floor's, the ratios against the goals (≥ 50 % of the
 * floor's throughput, p99 ≤ 3× the floor's) as PASS/FAIL — never as the exit code — and where the CPU went.
 * `--cpu-prof DIR` runs the server with `--cpu-prof` and summarises the profile of the API rounds. `--watch` gives
 * every game a live `gameUpdated` subscriber (bench/api/watcher.ts), so its changes are announced, and reports the
 * pushes per move and how long after a move its push came.
 * The pieces live in bench/api/; docs/performance.md ("API") has figures and how to read them.
 */
import { parseArguments } from './api/cli';
import { runBenchMain, withBenchPostgres } from './api/postgres';
import { formatReport } from './api/report';
import { runApiBench } from './api/run';

async function main(argv: readonly string[]): Promise<void> {
  const settings = parseArguments(argv);
  if ('error' in settings) {
    process.stderr.write(`${settings.error}\n`);
    process.exitCode = 2;
    return;
  }
  await withBenchPostgres(settings.pgStats, async (postgres, progress) => {
    const report = await runApiBench(settings, postgres, progress);
    process.stdout.write(
      settings.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`,
    );
  });
}

runBenchMain('bench:api', () => main(process.argv.slice(2)));
