/**
 * The overload benchmark (`npm run bench:overload [-- --levels 10,100,1000] [-- --seconds S] [-- --quick]
 * [-- --json]`). It starts a Postgres (DATABASE_URL's server, or an embedded one), and on a fresh database the
 * compiled server (`node dist/main.js`) in two configurations of the same build: waiting at most 2 s for a pooled
 * connection, as before DATABASE_QUEUE_MS, and the defaults. At each level a fresh copy gets N clients at once,
 * which keep N requests in flight (closed loop: a client sends its next request when the last is answered, and
 * sends a refused one again), each starting a game and playing it, as when a copy restarts and its clients come
 * back together. It prints requests served per second, p50 and p99 latency, the share of 503 UNAVAILABLE answers
 * and the user pool's peak of waiting callers, per configuration and level, and the ratios after ÷ before. The
 * pieces live in bench/overload/; docs/performance.md ("Overload") has figures.
 */
import { runBenchMain, withBenchPostgres } from './api/postgres';
import { parseArguments } from './overload/cli';
import { formatReport } from './overload/report';
import { runOverloadBench } from './overload/run';

async function main(argv: readonly string[]): Promise<void> {
  const settings = parseArguments(argv);
  if ('error' in settings) {
    process.stderr.write(`${settings.error}\n`);
    process.exitCode = 2;
    return;
  }
  await withBenchPostgres(false, async (postgres, progress) => {
    const report = await runOverloadBench(settings, postgres, progress);
    process.stdout.write(
      settings.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`,
    );
  });
}

runBenchMain('bench:overload', () => main(process.argv.slice(2)));
