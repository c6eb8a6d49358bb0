/**
 * The history benchmark's figures: per query kind the count, p50, p99 and max, next to the same-run floor, the
 * goals (p99 of a history page and of a leaderboard page under 20 ms) as PASS/FAIL, and the query plans
 * with their index checks.
 */
import {
  Summary,
  formatEnvironment,
  formatMs,
  formatNumber,
  formatRatio,
  formatTable,
  summarize,
} from '../stats';
import { QUERY_KINDS, QueryKind } from './measure';
import { PlanCheck } from './plans';
import { HistoryBenchRun } from './run';

export const GOAL_P99_MS = 20;

export const KIND_LABELS: Readonly<Record<QueryKind, string>> = {
  floor: '{ __typename } (floor)',
  historyFirst: 'games of a player: first page',
  historyDeep: 'games of a player: deep page',
  leaderboardFirst: 'leaderboard: first page',
  leaderboardDeep: 'leaderboard: deep page',
};

export interface KindFigures {
  readonly kind: QueryKind;
  readonly summary: Summary | null;
  readonly errors: number;
}

export interface GoalCheck {
  readonly kind: QueryKind;
  readonly p99Ms: number | null;
  readonly pass: boolean;
}

export interface HistoryBenchReport {
  readonly run: HistoryBenchRun;
  readonly figures: readonly KindFigures[];
  readonly goals: readonly GoalCheck[];
  /** Every page measured without errors or wrong content, and every plan passed its check. */
  readonly clean: boolean;
}

/** The kinds the goal is about: every page kind, not the floor. */
const GOAL_KINDS: readonly QueryKind[] = QUERY_KINDS.filter((kind) => kind !== 'floor');

export function figuresOf(run: HistoryBenchRun): KindFigures[] {
  return QUERY_KINDS.map((kind) => {
    const samples = run.samples.ms[kind];
    const errors = Object.values(run.samples.errors[kind]).reduce((total, count) => total + count, 0);
    return { kind, summary: samples.length === 0 ? null : summarize(samples), errors };
  });
}

/** p99 under the goal, for every page kind; a kind with no successful sample fails. */
export function goalChecks(figures: readonly KindFigures[]): GoalCheck[] {
  return GOAL_KINDS.map((kind) => {
    const figure = figures.find((entry) => entry.kind === kind);
    const p99 = figure?.summary?.p99 ?? null;
    return { kind, p99Ms: p99, pass: p99 !== null && p99 < GOAL_P99_MS && (figure?.errors ?? 1) === 0 };
  });
}

export function buildReport(run: HistoryBenchRun): HistoryBenchReport {
  const figures = figuresOf(run);
  const goals = goalChecks(figures);
  const clean =
    figures.every((figure) => figure.errors === 0) &&
    run.samples.problems.length === 0 &&
    run.plans.every((plan) => plan.pass);
  return { run, figures, goals, clean };
}

function planVerdict(plan: PlanCheck): string {
  const uses = plan.indexes.length === 0 ? 'no index' : plan.indexes.join(', ');
  const seq =
    plan.seqScans.length === 0 ? 'no Seq Scan on large tables' : `Seq Scan on ${plan.seqScans.join(', ')}`;
  const time = plan.executionMs === null ? '' : `, ${formatNumber(plan.executionMs, 3)} ms`;
  return `${plan.pass ? 'PASS' : 'FAIL'}: uses ${uses} (expected ${plan.expectedIndex}); ${seq}${time}`;
}

export function formatReport(report: HistoryBenchReport): string {
  const { run } = report;
  const floorP99 = report.figures.find((figure) => figure.kind === 'floor')?.summary?.p99 ?? null;
  const rows = report.figures.map((figure) => {
    const summary = figure.summary;
    const ratio =
      summary === null || floorP99 === null || figure.kind === 'floor'
        ? ''
        : formatRatio(summary.p99 / floorP99);
    return [
      KIND_LABELS[figure.kind],
      String(summary?.count ?? 0),
      summary === null ? '–' : formatMs(summary.p50),
      summary === null ? '–' : formatMs(summary.p99),
      summary === null ? '–' : formatMs(summary.max),
      ratio,
      String(figure.errors),
    ];
  });
  const table = formatTable(
    [
      { header: 'request', align: 'left' },
      { header: 'count', align: 'right' },
      { header: 'p50', align: 'right' },
      { header: 'p99', align: 'right' },
      { header: 'max', align: 'right' },
      { header: 'p99/floor', align: 'right' },
      { header: 'errors', align: 'right' },
    ],
    rows,
  );
  const meanDepth =
    run.samples.historyDepths.length === 0
      ? 0
      : run.samples.historyDepths.reduce((total, depth) => total + depth, 0) /
        run.samples.historyDepths.length;
  const lines = [
    `History and leaderboards — ${formatEnvironment(run.environment)}`,
    `code ${run.revision}; database: ${run.database.source}, ${run.database.size}, ` +
      `${formatNumber(run.database.finishedGames)} finished games, ${formatNumber(run.database.events)} events, ` +
      `${formatNumber(run.database.playersWithGames)} players with games, ` +
      `${formatNumber(run.database.establishedClassic)} on the classic leaderboard`,
    run.seeded === null
      ? 'seeded: nothing (the database held enough games)'
      : `seeded: ${formatNumber(run.seeded.games)} games in ${formatNumber(run.seeded.seconds, 1)} s`,
    `one request at a time over keep-alive HTTP; ${run.settings.warmup} warm-up rounds, then ${run.settings.samples} ` +
      `rounds of one request per kind; players drawn at random from ${formatNumber(run.subjects.players)} ` +
      (run.subjects.deepFallback
        ? `(none has ${run.settings.depth} pages: deep samples are last pages); `
        : `(deep pages from the ${formatNumber(run.subjects.deepPlayers)} with ≥ ${run.settings.depth} pages); `) +
      `deep = page ${run.settings.depth} (history: mean page reached ${formatNumber(meanDepth, 1)}; ` +
      `leaderboard: page ${run.samples.leaderboardDepth})`,
    '',
    table,
    '',
    ...report.goals.map(
      (goal) =>
        `goal p99 < ${GOAL_P99_MS} ms, ${KIND_LABELS[goal.kind]}: ${goal.pass ? 'PASS' : 'FAIL'} ` +
        `(${goal.p99Ms === null ? 'nothing measured' : formatMs(goal.p99Ms)})`,
    ),
  ];
  if (run.samples.messages.length > 0)
    lines.push('', 'errors:', ...run.samples.messages.map((m) => `  ${m}`));
  if (run.samples.problems.length > 0)
    lines.push('', 'wrong pages:', ...run.samples.problems.map((p) => `  ${p}`));
  lines.push('', 'Query plans (EXPLAIN ANALYZE, BUFFERS) of the statements behind the pages:');
  for (const plan of run.plans) {
    lines.push('', `-- ${plan.label}: ${planVerdict(plan)}`, plan.sql, '', plan.plan);
  }
  return lines.join('\n');
}
