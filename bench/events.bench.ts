/**
 * The announcement benchmark (`npm run bench:events [-- --before DIR] [-- --clients 8,32] [-- --standby] …`): how
 * much it costs to tell app copies about every change of a watched game (docs/scaling.md#pushes-between-copies),
 * measured A/B in one run. Deployments side by side on one Postgres, each on a fresh database — the code before
 * (a trigger's NOTIFY inside the move's transaction; a built checkout given with `--before`), the code after with
 * Postgres as its transport (pg_notify after the commit), and with a NATS server on 1, 2 and 3 copies — play in
 * alternating rounds with bots whose every game has a live `gameUpdated` subscriber (bench/api/watcher.ts). It
 * prints moves/s, makeMove p50/p99, pushes per move and how long a push takes, CPU per move, and whether every
 * change reached its subscriber. With `--standby` it runs on a Postgres 15 primary with a streaming standby
 * (bench/events/servers.ts) and samples the standby's replay lag. docs/performance.md ("API") has figures.
 */
import { runBenchMain, withBenchPostgres } from './api/postgres';
import { EventsBenchSettings, parseEventsArguments } from './events/cli';
import { formatEventsReport } from './events/report';
import { EventsBenchReport, runEventsBench } from './events/run';
import { startReplicatedPostgres } from './events/servers';

/** Deployments run side by side, each copy with its pools (docs/operations.md#connection-pools). */
const POSTGRES_SETTINGS = { max_connections: '400' };

async function run(settings: EventsBenchSettings): Promise<EventsBenchReport> {
  if (!settings.standby) {
    return withBenchPostgres(
      false,
      (postgres, progress) =>
        runEventsBench(
          settings,
          { adminUrl: postgres.adminUrl, source: postgres.source, standbyUrl: null },
          progress,
        ),
      POSTGRES_SETTINGS,
    );
  }
  const progress = (line: string): void => void process.stderr.write(`${line}…\n`);
  progress('starting a Postgres 15 primary and its streaming standby');
  const cluster = await startReplicatedPostgres();
  const interrupt = (): void => void cluster.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupt);
  try {
    return await runEventsBench(
      settings,
      {
        adminUrl: cluster.adminUrl,
        source: 'Postgres 15 primary with a streaming standby',
        standbyUrl: cluster.standbyUrl,
      },
      progress,
    );
  } finally {
    process.off('SIGINT', interrupt);
    await cluster.stop();
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const settings = parseEventsArguments(argv);
  if ('error' in settings) {
    process.stderr.write(`${settings.error}\n`);
    process.exitCode = 2;
    return;
  }
  const report = await run(settings);
  process.stdout.write(
    settings.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatEventsReport(report)}\n`,
  );
}

runBenchMain('bench:events', () => main(process.argv.slice(2)));
