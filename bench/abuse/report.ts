/**
 * bench:abuse's report: each kind's server CPU and time against the harmless document's, over HTTP and graphql-ws;
 * the parse-and-validate steps alone; /health under attack; memory after the 2 MB messages; and the goals
 * (docs/performance.md, "Hostile input") as PASS/FAIL lines, never the exit code.
 */
import { formatEnvironment, formatMs, formatNumber, formatRatio, formatTable, Summary } from '../stats';
import { AbuseReport, KindFigures } from './run';

/** A document may cost at most this many times the harmless one of its size (parse and validate). */
export const COST_GOAL = 5;
/** The server's resident memory may grow by at most this much over 100 messages of 2 MB. */
export const RSS_GOAL_MB = 50;

/** Each entry's `value` as a multiple of the harmless document's. */
function ratioOf<T extends { readonly name: string }>(
  entries: readonly T[],
  value: (entry: T) => number,
): (entry: T) => number {
  const harmless = entries.find((entry) => entry.name === 'harmless');
  if (harmless === undefined) throw new Error('the harmless document was not measured');
  const base = value(harmless);
  return (entry) => value(entry) / base;
}

function transportTable(figures: readonly KindFigures[]): string {
  const ratio = ratioOf(figures, (entry) => entry.cpuMs);
  return formatTable(
    [
      { header: 'document', align: 'left' },
      { header: 'what', align: 'left' },
      { header: 'answer', align: 'left' },
      { header: 'server CPU', align: 'right' },
      { header: '× harmless', align: 'right' },
      { header: 'time', align: 'right' },
    ],
    figures.map((entry) => [
      entry.name,
      entry.what,
      entry.answer,
      formatMs(entry.cpuMs),
      formatRatio(ratio(entry)),
      formatMs(entry.latencyMs),
    ]),
  );
}

function summaryCells(summary: Summary): string[] {
  return [formatMs(summary.p50), formatMs(summary.p99), formatMs(summary.max), formatNumber(summary.count)];
}

export function worstRatio(report: AbuseReport): { readonly name: string; readonly ratio: number } {
  const ratio = ratioOf(report.inProcess, (entry) => entry.ms);
  return report.inProcess
    .map((entry) => ({ name: entry.name, ratio: ratio(entry) }))
    .reduce((worst, entry) => (entry.ratio > worst.ratio ? entry : worst));
}

export function formatReport(report: AbuseReport): string {
  const inProcessRatio = ratioOf(report.inProcess, (entry) => entry.ms);
  const worst = worstRatio(report);
  const grewMb = report.rss.afterMb - report.rss.beforeMb;
  const lines = [
    `bench:abuse · ${formatEnvironment(report.environment)}`,
    `code: ${report.revision} · documents of ${formatNumber(report.documentBytes)} bytes, anonymous · ` +
      `${report.settings.rounds} rounds × ${report.settings.batch} requests per kind and transport`,
    '',
    'HTTP (POST /graphql): server CPU per request (median over the rounds) and time to the answer',
    transportTable(report.http),
    '',
    'graphql-ws (one anonymous socket per batch, a subscribe message each)',
    transportTable(report.ws),
    '',
    'Parse and validate alone, in the bench process (bounded parser, then parse and every validation rule)',
    formatTable(
      [
        { header: 'document', align: 'left' },
        { header: 'CPU', align: 'right' },
        { header: '× harmless', align: 'right' },
      ],
      report.inProcess.map((entry) => [entry.name, formatMs(entry.ms), formatRatio(inProcessRatio(entry))]),
    ),
    '',
    `GET /health, one after another for ${report.settings.attackSeconds} s each`,
    formatTable(
      [
        { header: 'while', align: 'left' },
        { header: 'p50', align: 'right' },
        { header: 'p99', align: 'right' },
        { header: 'max', align: 'right' },
        { header: 'probes', align: 'right' },
      ],
      [
        ['idle', ...summaryCells(report.health.idle)],
        [
          `8 HTTP clients (${formatNumber(report.health.httpAttackRequests)} hostile documents)`,
          ...summaryCells(report.health.httpAttack),
        ],
        [
          `8 graphql-ws clients (${formatNumber(report.health.wsAttackMessages)} hostile messages, 1 in 5 of 2 MB)`,
          ...summaryCells(report.health.wsAttack),
        ],
      ],
    ),
    '',
    `Server RSS: ${formatNumber(report.rss.beforeMb, 1)} MB before 100 graphql-ws messages of 2 MB, ` +
      `${formatNumber(report.rss.afterMb, 1)} MB after, ${formatNumber(report.rss.settledMb, 1)} MB 2 s later ` +
      `(${report.rss.closes})`,
    '',
    `${worst.ratio <= COST_GOAL ? 'PASS' : 'FAIL'} parse and validate: the costliest document (${worst.name}) costs ` +
      `${formatRatio(worst.ratio)} the harmless one of its size (goal ≤ ${COST_GOAL}×)`,
    `${grewMb <= RSS_GOAL_MB ? 'PASS' : 'FAIL'} memory: RSS grew ${formatNumber(grewMb, 1)} MB over 100 messages ` +
      `of 2 MB (goal ≤ ${RSS_GOAL_MB} MB)`,
  ];
  return lines.join('\n');
}
