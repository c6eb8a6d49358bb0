/**
 * The printed report of bench:events: per client count, one row per variant.
 */
import { Summary, formatEnvironment, formatNumber, formatTable } from '../stats';
import { formatErrors } from '../api/report';
import { EventsBenchReport, VariantFigures } from './run';

function ms(value: number): string {
  return formatNumber(value, value < 10 ? 2 : 1);
}

function pair(summary: Summary | null, of: (summary: Summary) => readonly number[]): string {
  return summary === null ? '–' : of(summary).map(ms).join(' / ');
}

function perMove(value: number | null): string {
  return value === null ? '–' : formatNumber(value, 2);
}

/** What went wrong in a variant's run, or "ok": errors, the log check, and the pushes owed. */
export function checksOf(figures: VariantFigures): string {
  const problems: string[] = [];
  if (Object.keys(figures.errors).length > 0) problems.push(`errors: ${formatErrors(figures.errors)}`);
  if (!figures.logCheck.ok)
    problems.push(
      `log: ${figures.logCheck.eventsStored} stored ≠ ${figures.logCheck.eventsReported} reported`,
    );
  const { totals } = figures.pushes;
  if (totals.pushes !== totals.changes) problems.push(`pushes ${totals.pushes} ≠ changes ${totals.changes}`);
  if (totals.gamesMissingLastChange > 0)
    problems.push(`${totals.gamesMissingLastChange} last change(s) not pushed`);
  return problems.length === 0 ? `ok (${totals.pushes} pushes, ${totals.games} games)` : problems.join('; ');
}

export function formatEventsReport(report: EventsBenchReport): string {
  const { settings } = report;
  const withLag = report.runs.some((run) => run.variants.some((variant) => variant.replayLagMs !== null));
  const sections = [
    [
      `Malice announcement benchmark (${settings.mode}) — bots over GraphQL HTTP, every game watched over graphql-ws; ` +
        `${formatNumber(settings.seconds, 1)} s measured per variant in ${settings.rounds} alternating round(s), after ` +
        `${formatNumber(settings.warmupSeconds, 1)} s warm-up each`,
      formatEnvironment(report.environment),
      `load average after the run: ${formatNumber(report.loadAverageAfter, 2)}`,
      `Postgres ${report.postgres.version} (${report.postgres.source})`,
      ...[
        ...new Set(
          report.runs.flatMap((run) =>
            run.variants.map((v) => `${v.variant}: ${v.label}, code ${v.revision}`),
          ),
        ),
      ],
    ].join('\n'),
  ];
  for (const run of report.runs) {
    const columns = [
      { header: 'variant', align: 'left' },
      { header: 'moves/s', align: 'right' },
      { header: 'per round', align: 'left' },
      { header: 'move p50 / p99 ms', align: 'right' },
      { header: 'pushes/move', align: 'right' },
      { header: 'push p50 / p99 ms', align: 'right' },
      { header: 'CPU ms/move server / pg / broker / bench', align: 'right' },
      { header: 'other cores', align: 'right' },
      ...(withLag ? [{ header: 'lag p50 / p99 / max ms', align: 'right' } as const] : []),
      { header: 'checks', align: 'left' },
    ] as const;
    const rows = run.variants.map((figures) => {
      const cpu = figures.cpuPerMove;
      return [
        figures.variant,
        formatNumber(figures.moves.perSecond, 1),
        figures.roundMovesPerSecond.map((rate) => formatNumber(rate, 0)).join(' '),
        pair(figures.moves.latencyMs, (latency) => [latency.p50, latency.p99]),
        formatNumber(figures.pushes.perMove, 3),
        pair(figures.pushes.delayMs, (delay) => [delay.p50, delay.p99]),
        [cpu.server, cpu.postgres, cpu.broker, cpu.bench].map(perMove).join(' / '),
        figures.otherCores === null ? '–' : formatNumber(figures.otherCores, 2),
        ...(withLag ? [pair(figures.replayLagMs, (lag) => [lag.p50, lag.p99, lag.max])] : []),
        checksOf(figures),
      ];
    });
    sections.push([`${run.clients} clients`, formatTable(columns, rows)].join('\n'));
  }
  sections.push(
    [
      'moves/s: accepted makeMove calls over the variant’s measured rounds; push: from sending a move to the first',
      'gameUpdated push showing it; CPU per accepted move (turn-start reads included) of all the variant’s copies,',
      'the primary Postgres, its NATS server and the bench process; "other": the rest of the machine (idle variants',
      'included) meanwhile; checks: no errors, the log holds what the moves reported, every change pushed once.',
    ].join('\n'),
  );
  if (settings.mode === 'quick') sections.push('quick mode: too short for figures worth quoting.');
  return sections.join('\n\n');
}
