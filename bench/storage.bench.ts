/**
 * The storage benchmark (`npm run bench:storage [-- --games N] [-- --presets …] [-- --quick] [-- --json]`). It
 * starts a Postgres (DATABASE_URL's server, or an embedded one), and per preset, on a fresh database, the compiled
 * server (`node dist/main.js`) on 127.0.0.1; games are played through the GraphQL API, and the bytes on disk of
 * each table and index are read before and after (bench/storage/). docs/performance.md ("Storage") has the
 * figures and how to read them. Exit code 0 when the run's own check passes, 1 when it fails or breaks, 2 for bad
 * arguments.
 */
import { runBenchMain, withBenchPostgres } from './api/postgres';
import { formatReport, parseArguments } from './storage/report';
import { runStorageBench } from './storage/run';

async function main(argv: readonly string[]): Promise<void> {
  const command = parseArguments(argv);
  if ('error' in command) {
    process.stderr.write(`${command.error}\n`);
    process.exitCode = 2;
    return;
  }
  await withBenchPostgres(false, async (postgres, progress) => {
    const report = await runStorageBench(command.settings, postgres.adminUrl, postgres.source, progress);
    process.stdout.write(command.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
    if (report.presets.some((preset) => !preset.check.ok)) process.exitCode = 1;
  });
}

runBenchMain('bench:storage', () => main(process.argv.slice(2)));
