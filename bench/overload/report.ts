/**
 * The overload benchmark's configurations, its result as data (for `--json`), and the printed report.
 */
import {
  Environment,
  Summary,
  formatEnvironment,
  formatMs,
  formatNumber,
  formatRatio,
  formatTable,
  summarize,
} from '../stats';
import { OverloadBenchSettings } from './cli';
import { OverloadRecorder } from './client';

/**
 * The two ways the server meets a burst, set through its settings on the same build: `before`, the wait for a
 * pooled connection bounded by 2 s as it was (then DATABASE_CONNECT_TIMEOUT_MS's default bounded it) and no bound
 * on the line; `after`, the defaults (docs/operations.md#connection-pools).
 */
export const CONFIGURATIONS = [
  {
    name: 'before',
    label: 'wait at most 2 s for a connection (DATABASE_QUEUE_MS=2000, no bound on the waiting)',
    env: { DATABASE_QUEUE_MS: '2000', DATABASE_QUEUE_MAX: '1000000' },
  },
  { name: 'after', label: 'the defaults (DATABASE_QUEUE_MS=30000, DATABASE_QUEUE_MAX=2000)', env: {} },
] as const;

export type ConfigurationName = (typeof CONFIGURATIONS)[number]['name'];

export interface Figures {
  readonly elapsedMs: number;
  readonly answers: number;
  /** Requests served per second. */
  readonly servedPerSecond: number;
  /** Client-side milliseconds of the served requests; null when none was. */
  readonly servedMs: Summary | null;
  /** …of every answer, refusals included. */
  readonly answerMs: Summary | null;
  /** Share of the answers that were UNAVAILABLE with HTTP 503, from 0 to 1. */
  readonly unavailableShare: number;
  /** Answers that were neither served nor UNAVAILABLE (expected: none), by error code. */
  readonly errors: Readonly<Record<string, number>>;
  /** The most callers seen waiting for a connection of the user pool (GET /metrics, sampled every 0.5 s). */
  readonly peakWaiting: number | null;
}

export interface LevelFigures {
  readonly inFlight: number;
  readonly byConfiguration: Readonly<Record<ConfigurationName, Figures>>;
}

export interface OverloadReport {
  readonly environment: Environment;
  readonly settings: OverloadBenchSettings;
  readonly revision: string;
  readonly postgres: 'embedded' | 'DATABASE_URL';
  readonly levels: readonly LevelFigures[];
}

export function figuresOf(recorder: OverloadRecorder, peakWaiting: number | null): Figures {
  const answers = recorder.answerMs.length;
  return {
    elapsedMs: recorder.elapsedMs,
    answers,
    servedPerSecond: recorder.servedMs.length / (recorder.elapsedMs / 1000),
    servedMs: recorder.servedMs.length === 0 ? null : summarize(recorder.servedMs),
    answerMs: answers === 0 ? null : summarize(recorder.answerMs),
    unavailableShare: answers === 0 ? 0 : recorder.unavailable / answers,
    errors: Object.fromEntries([...recorder.errors.entries()].sort(([a], [b]) => a.localeCompare(b))),
    peakWaiting,
  };
}

function percent(share: number): string {
  return `${formatNumber(share * 100, 1)} %`;
}

function errorsOf(figures: Figures): string {
  const entries = Object.entries(figures.errors);
  return entries.length === 0 ? 'none' : entries.map(([code, count]) => `${code} ${count}`).join(', ');
}

export function formatReport(report: OverloadReport): string {
  const { settings } = report;
  const rows = report.levels.flatMap((level) =>
    CONFIGURATIONS.map((configuration) => {
      const figures = level.byConfiguration[configuration.name];
      return [
        formatNumber(level.inFlight),
        configuration.name,
        formatNumber(figures.servedPerSecond, 0),
        figures.servedMs === null ? '–' : formatMs(figures.servedMs.p50),
        figures.servedMs === null ? '–' : formatMs(figures.servedMs.p99),
        figures.answerMs === null ? '–' : formatMs(figures.answerMs.p99),
        percent(figures.unavailableShare),
        figures.peakWaiting === null ? '–' : formatNumber(figures.peakWaiting),
        errorsOf(figures),
      ];
    }),
  );
  const table = formatTable(
    [
      { header: 'in flight', align: 'right' },
      { header: 'server', align: 'left' },
      { header: 'served/s', align: 'right' },
      { header: 'p50 served', align: 'right' },
      { header: 'p99 served', align: 'right' },
      { header: 'p99 all', align: 'right' },
      { header: '503s', align: 'right' },
      { header: 'peak waiting', align: 'right' },
      { header: 'other errors', align: 'left' },
    ],
    rows,
  );
  const ratios = report.levels.map((level) => {
    const before = level.byConfiguration.before;
    const after = level.byConfiguration.after;
    const throughput = formatRatio(after.servedPerSecond / before.servedPerSecond);
    const p99 =
      after.servedMs === null || before.servedMs === null
        ? '–'
        : formatRatio(after.servedMs.p99 / before.servedMs.p99);
    return `  ${formatNumber(level.inFlight)} in flight: served/s ${throughput}, p99 served ${p99}`;
  });
  return [
    'Overload: requests in flight against one server copy, the pool of 10 connections (bench/overload.bench.ts)',
    formatEnvironment(report.environment),
    `code ${report.revision} · Postgres ${report.postgres} · a fresh server per level, server and round (${settings.rounds} round(s), ABBA); ${settings.seconds} s measured from ${settings.warmupSeconds === 0 ? 'its clients’ first requests' : `${settings.warmupSeconds} s after they began`}`,
    '',
    ...CONFIGURATIONS.map((configuration) => `${configuration.name}: ${configuration.label}`),
    '',
    table,
    '',
    'after ÷ before, measured in the same run:',
    ...ratios,
  ].join('\n');
}
