/**
 * The tournament benchmark (`npm run bench:tournament [-- --players N] [-- --json]`): a Swiss round's pairing, and
 * a round's start — 128 games made through the game handler by default, as the last join starts it — against as many
 * ordinary game starts in the same run (bench/tournament/run.ts). Uses DATABASE_URL's server, or an embedded Postgres. docs/performance.md
 * ("Tournaments") has the figures. Exit code 0 when the run's own check passes, 1 when it fails, 2 for bad arguments.
 */
import { runBenchMain, withBenchPostgres } from './api/postgres';
import { formatEnvironment, formatMs, formatRatio } from './stats';
import { TournamentBenchReport, TournamentBenchSettings, runTournamentBench } from './tournament/run';

export function parseArguments(
  argv: readonly string[],
): { readonly settings: TournamentBenchSettings; readonly json: boolean } | { readonly error: string } {
  let players = 256;
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--players') {
      players = Number(argv[++i]);
      if (!Number.isInteger(players) || players < 4 || players > 256 || players % 2 !== 0) {
        return { error: '--players takes an even number from 4 to 256' };
      }
    } else return { error: `unknown argument ${arg}` };
  }
  return { settings: { players, pairingSamples: players >= 128 ? 20 : 50 }, json };
}

export function formatReport(report: TournamentBenchReport): string {
  const { firstPairing, laterPairing } = report;
  return [
    formatEnvironment(report.environment),
    `Swiss of ${report.settings.players}: ${report.boards} boards`,
    `pairing, round 1:        p50 ${formatMs(firstPairing.p50)}, p99 ${formatMs(firstPairing.p99)}`,
    `pairing, round 4:        p50 ${formatMs(laterPairing.p50)}, p99 ${formatMs(laterPairing.p99)}`,
    `round start (last join): ${formatMs(report.roundStartMs)} (${formatMs(report.roundStartMs / report.boards)} a board)`,
    `baseline (create+join):  ${formatMs(report.baselineMs)} (${formatMs(report.baselineMs / report.boards)} a game)`,
    `round start / baseline:  ${formatRatio(report.ratio)}`,
    report.check.ok
      ? 'check: every board has its dealt game'
      : `check FAILED: ${report.check.problems.join('; ')}`,
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<void> {
  const command = parseArguments(argv);
  if ('error' in command) {
    process.stderr.write(`${command.error}\n`);
    process.exitCode = 2;
    return;
  }
  await withBenchPostgres(false, async (postgres, progress) => {
    const report = await runTournamentBench(command.settings, postgres.adminUrl, progress);
    process.stdout.write(command.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
    if (!report.check.ok) process.exitCode = 1;
  });
}

if (require.main === module) runBenchMain('bench:tournament', () => main(process.argv.slice(2)));
