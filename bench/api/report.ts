/**
 * The benchmark's result as data (for `--json`), its goals, and the printed report.
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
import { ApiBenchSettings } from './cli';
import { CpuShare } from './cpu';
import { ProfileSummary } from './profile';
import { StatementProfile } from './statements';
import { WatchTotals } from './watcher';

export interface Timed {
  readonly count: number;
  readonly perSecond: number;
  /** Client-side milliseconds; null when nothing was measured. */
  readonly latencyMs: Summary | null;
}

export interface ApiFigures {
  readonly elapsedMs: number;
  /** Accepted makeMove calls. */
  readonly moves: Timed;
  readonly eventsPerMove: number;
  /** `game(id)` reads at turn hand-overs. */
  readonly turnQueries: Timed;
  /** createGame + joinGame when a game is replaced. */
  readonly gameSetup: Timed;
  /** All successful calls per second. */
  readonly requestsPerSecond: number;
  readonly gamesStarted: number;
  readonly gamesFinished: number;
  readonly errors: Readonly<Record<string, number>>;
  readonly cpu: CpuShare;
  /** With `--watch`: what the games' subscribers received. */
  readonly pushes?: PushFigures;
}

/** What the `gameUpdated` subscribers of `--watch` received (bench/api/watcher.ts). */
export interface PushFigures {
  /** Pushes per accepted move while measured: one per change (a move, a join) is owed. */
  readonly perMove: number;
  /** From sending an accepted move to the first push showing it, while measured. */
  readonly delayMs: Summary | null;
  /** Over the whole run, warm-up included. */
  readonly totals: WatchTotals;
  /** Every change pushed once, and every game's last change pushed. */
  readonly ok: boolean;
}

export function pushFigures(
  recorder: {
    readonly moveMs: readonly number[];
    readonly pushes: number;
    readonly pushMs: readonly number[];
  },
  totals: WatchTotals,
): PushFigures {
  return {
    perMove: recorder.moveMs.length === 0 ? 0 : recorder.pushes / recorder.moveMs.length,
    delayMs: recorder.pushMs.length === 0 ? null : summarize(recorder.pushMs),
    totals: { ...totals },
    ok: totals.pushes === totals.changes && totals.gamesMissingLastChange === 0,
  };
}

/** One line on what the watchers received. */
export function formatPushes(pushes: PushFigures): string {
  const { totals, delayMs } = pushes;
  const delay =
    delayMs === null
      ? 'no move pushed'
      : `move sent → push p50 ${formatMs(delayMs.p50)}, p99 ${formatMs(delayMs.p99)}`;
  return (
    `gameUpdated pushes: ${formatNumber(pushes.perMove, 3)} per move · ${delay} · whole run: ${totals.pushes} pushes ` +
    `for ${totals.changes} changes of ${totals.games} watched games, ${totals.gamesMissingLastChange} last change(s) ` +
    `never pushed → ${pushes.ok ? 'ok' : 'MISMATCH'}`
  );
}

export interface FloorFigures {
  readonly elapsedMs: number;
  readonly transactions: Timed;
  readonly conflicts: number;
  readonly errors: Readonly<Record<string, number>>;
  readonly cpu: CpuShare;
}

export interface GoalCheck {
  readonly goal: string;
  /** Null when a side measured nothing, which is a FAIL. */
  readonly measured: number | null;
  readonly display: string;
  readonly pass: boolean;
}

export interface PostgresInfo {
  readonly source: 'embedded' | 'DATABASE_URL';
  readonly version: string;
  readonly fsync: string;
  readonly synchronousCommit: string;
}

/** The log written by the bots' games must hold exactly the events their accepted moves reported. */
export interface LogCheck {
  readonly games: number;
  readonly eventsReported: number;
  readonly eventsStored: number;
  readonly ok: boolean;
}

export interface ApiBenchReport {
  readonly environment: Environment;
  /** The git commit of the measured code (server.ts `codeRevision`). */
  readonly revision: string;
  /** The 1-minute load average when the run ended. */
  readonly loadAverageAfter: number;
  readonly settings: ApiBenchSettings;
  readonly postgres: PostgresInfo;
  readonly api: ApiFigures;
  readonly floor: FloorFigures;
  readonly comparison: {
    /** API moves/s as a percentage of floor transactions/s. */
    readonly throughputPercent: number | null;
    readonly p50Ratio: number | null;
    readonly p99Ratio: number | null;
  };
  readonly goals: readonly GoalCheck[];
  readonly logCheck: LogCheck;
  readonly profile: ProfileSummary | null;
  /** What callgrind counted in the API rounds (`--instructions`), or null when the server ran on its own. */
  readonly instructions: InstructionFigures | null;
  /** SQL statements per move (`--pg-stats`), or null when not counted. */
  readonly statements: {
    readonly api: StatementProfile | null;
    readonly floor: StatementProfile | null;
  } | null;
}

/** The server's instructions (valgrind's callgrind, `--instructions`). */
export interface InstructionFigures {
  /** Counted in the API rounds. */
  readonly rounds: number;
  /** Counted per second of the idle server after the rounds: its timers' work, taken out of `perMove`. */
  readonly idlePerSecond: number;
  /** Accepted moves in the API rounds. */
  readonly moves: number;
  /** The rounds' count less the idle server's over as long, per accepted move. */
  readonly perMove: number;
}

/**
 * The goals (docs/performance.md "The move path's CPU"): at least 50 % of the floor's moves per second over HTTP and
 * 60 % over graphql-ws, which passes none of the HTTP layers, and a makeMove p99 at most 3× the floor's.
 */
export const GOALS = { minThroughputPercent: { http: 50, ws: 60 }, maxP99Ratio: 3 } as const;

export function timed(samples: readonly number[], elapsedMs: number): Timed {
  return {
    count: samples.length,
    perSecond: elapsedMs > 0 ? (samples.length * 1000) / elapsedMs : 0,
    latencyMs: samples.length === 0 ? null : summarize(samples),
  };
}

export function compare(api: ApiFigures, floor: FloorFigures): ApiBenchReport['comparison'] {
  const floorRate = floor.transactions.perSecond;
  const apiLatency = api.moves.latencyMs;
  const floorLatency = floor.transactions.latencyMs;
  return {
    throughputPercent: floorRate > 0 && api.moves.count > 0 ? (100 * api.moves.perSecond) / floorRate : null,
    p50Ratio: apiLatency !== null && floorLatency !== null ? apiLatency.p50 / floorLatency.p50 : null,
    p99Ratio: apiLatency !== null && floorLatency !== null ? apiLatency.p99 / floorLatency.p99 : null,
  };
}

/** The goals for a run whose bots used `transport`. */
export function checkGoals(
  comparison: ApiBenchReport['comparison'],
  transport: ApiBenchSettings['transport'],
): GoalCheck[] {
  const { throughputPercent, p99Ratio } = comparison;
  const minThroughputPercent = GOALS.minThroughputPercent[transport];
  return [
    {
      goal: `API moves/s ≥ ${minThroughputPercent} % of the floor's transactions/s`,
      measured: throughputPercent,
      display: throughputPercent === null ? 'n/a' : `${formatNumber(throughputPercent, 1)} %`,
      pass: throughputPercent !== null && throughputPercent >= minThroughputPercent,
    },
    {
      goal: `API makeMove p99 ≤ ${GOALS.maxP99Ratio}× the floor's p99`,
      measured: p99Ratio,
      display: p99Ratio === null ? 'n/a' : formatRatio(p99Ratio),
      pass: p99Ratio !== null && p99Ratio <= GOALS.maxP99Ratio,
    },
  ];
}

function timedRow(label: string, figures: Timed): string[] {
  const latency = figures.latencyMs;
  return [
    label,
    formatNumber(figures.count),
    formatNumber(figures.perSecond, 1),
    latency === null ? '–' : formatMs(latency.p50),
    latency === null ? '–' : formatMs(latency.p99),
    latency === null ? '–' : formatMs(latency.max),
  ];
}

const TIMED_COLUMNS = [
  { header: 'call', align: 'left' },
  { header: 'count', align: 'right' },
  { header: 'per s', align: 'right' },
  { header: 'p50', align: 'right' },
  { header: 'p99', align: 'right' },
  { header: 'max', align: 'right' },
] as const;

export function formatErrors(errors: Readonly<Record<string, number>>): string {
  const entries = Object.entries(errors);
  return entries.length === 0 ? 'none' : entries.map(([code, count]) => `${code} ×${count}`).join(', ');
}

function cores(value: number | null): string {
  return value === null ? '–' : formatNumber(value, 2);
}

/** CPU milliseconds one move costs a process: its cores busy × wall time ÷ moves. */
export function cpuMsPerMove(cores: number | null, elapsedMs: number, moves: number): number | null {
  return cores === null || moves === 0 ? null : (cores * elapsedMs) / moves;
}

function perMove(value: number | null): string {
  return value === null ? '–' : formatNumber(value, value < 10 ? 2 : 1);
}

function formatCpu(apiFigures: ApiFigures, floorFigures: FloorFigures): string {
  const api = apiFigures.cpu;
  const floor = floorFigures.cpu;
  const apiMove = (cores: number | null): string =>
    perMove(cpuMsPerMove(cores, apiFigures.elapsedMs, apiFigures.moves.count));
  const floorMove = (cores: number | null): string =>
    perMove(cpuMsPerMove(cores, floorFigures.elapsedMs, floorFigures.transactions.count));
  return [
    'CPU while measuring, in cores busy (2 cores = 2.00); "other" is the rest of the machine',
    formatTable(
      [
        { header: 'side', align: 'left' },
        { header: 'bench clients', align: 'right' },
        { header: 'server', align: 'right' },
        { header: 'postgres', align: 'right' },
        { header: 'other', align: 'right' },
        { header: 'machine', align: 'right' },
      ],
      [
        [
          'API',
          cores(api.bench),
          cores(api.server),
          cores(api.postgres),
          cores(api.other),
          cores(api.machine),
        ],
        ['floor', cores(floor.bench), '–', cores(floor.postgres), cores(floor.other), cores(floor.machine)],
      ],
    ),
    'CPU milliseconds per accepted move (API, turn-start queries included) or per transaction (floor)',
    formatTable(
      [
        { header: 'side', align: 'left' },
        { header: 'bench clients', align: 'right' },
        { header: 'server', align: 'right' },
        { header: 'postgres', align: 'right' },
      ],
      [
        ['API', apiMove(api.bench), apiMove(api.server), apiMove(api.postgres)],
        ['floor', floorMove(floor.bench), '–', floorMove(floor.postgres)],
      ],
    ),
  ].join('\n');
}

function formatStatements(side: string, profile: StatementProfile | null): string {
  if (profile === null) return `${side}: no statements counted`;
  return [
    `${side}: ${formatNumber(profile.perMove, 2)} SQL statements and ${formatMs(profile.execMsPerMove)} of Postgres execution per move (pg_stat_statements), ${formatNumber(profile.walBytesPerMove, 0)} bytes of write-ahead log`,
    formatTable(
      [
        { header: 'per move', align: 'right' },
        { header: 'mean exec', align: 'right' },
        { header: 'statement', align: 'left' },
      ],
      profile.statements.map((statement) => [
        formatNumber(statement.perMove, 2),
        formatMs(statement.meanMs),
        statement.query.length > 110 ? `${statement.query.slice(0, 107)}...` : statement.query,
      ]),
    ),
  ].join('\n');
}

function formatProfile(profile: ProfileSummary): string {
  const table = (title: string, rows: readonly { name: string; ms: number; percent: number }[]): string =>
    [
      title,
      formatTable(
        [
          { header: 'part', align: 'left' },
          { header: 'ms', align: 'right' },
          { header: '% busy', align: 'right' },
        ],
        rows.map((row) => [row.name, formatNumber(row.ms), formatNumber(row.percent, 1)]),
      ),
    ].join('\n');
  return [
    `Server CPU profile (${profile.file}), API rounds only: ${formatNumber(profile.busyMs)} ms busy, ${formatNumber(profile.idleMs)} ms idle`,
    table('Self time by part', profile.selfByCategory),
    table('On the (synchronous) stack', profile.onStackByCategory),
    table('Top functions by self time', profile.topFunctions),
  ].join('\n\n');
}

export function formatReport(report: ApiBenchReport): string {
  const { settings, api, floor, comparison } = report;
  const transport = settings.transport === 'ws' ? 'graphql-ws' : 'HTTP';
  const sections: string[] = [
    [
      `Malice API benchmark (${settings.mode}, GraphQL over ${transport}${settings.watch ? ', every game watched' : ''}${(settings.copies ?? 1) > 1 ? `, ${settings.copies} server copies` : ''}) — ${settings.clients} clients per side, ${formatNumber(settings.seconds, 1)} s measured per side in ${settings.rounds} alternating round(s), after ${formatNumber(settings.warmupSeconds, 1)} s warm-up per side`,
      formatEnvironment(report.environment),
      `code: ${report.revision}`,
      `load average after the run: ${formatNumber(report.loadAverageAfter, 2)}`,
      `Postgres ${report.postgres.version} (${report.postgres.source}), fsync ${report.postgres.fsync}, synchronous_commit ${report.postgres.synchronousCommit}`,
    ].join('\n'),
    [
      `API: bot clients play classic games over GraphQL ${transport} (node dist/main.js, NODE_ENV=production); each client plays both seats of its own game, one request at a time`,
      formatTable(TIMED_COLUMNS, [
        timedRow('makeMove (accepted)', api.moves),
        timedRow('game(id) at turn start', api.turnQueries),
        timedRow('createGame/joinGame', api.gameSetup),
      ]),
      `requests/s ${formatNumber(api.requestsPerSecond, 1)} · events per move ${formatNumber(api.eventsPerMove, 2)} · games started ${api.gamesStarted}, finished ${api.gamesFinished} · errors: ${formatErrors(api.errors)}`,
      `log check: ${report.logCheck.eventsStored} events stored for ${report.logCheck.games} games, ${report.logCheck.eventsReported} reported by accepted moves → ${report.logCheck.ok ? 'ok' : 'MISMATCH'}`,
      ...(api.pushes === undefined ? [] : [formatPushes(api.pushes)]),
    ].join('\n'),
    [
      'Floor: raw pg Pool transaction per move — BEGIN; INSERT one game_events row; UPDATE games SET version = version + 1 … WHERE id = $1 AND version = $2; COMMIT — one games row per client',
      formatTable(TIMED_COLUMNS, [timedRow('transaction', floor.transactions)]),
      `version conflicts ${floor.conflicts} · errors: ${formatErrors(floor.errors)}`,
    ].join('\n'),
    formatCpu(api, floor),
    [
      'Comparison (goals reported only; the exit code does not depend on them)',
      formatTable(
        [
          { header: 'goal', align: 'left' },
          { header: 'measured', align: 'right' },
          { header: 'result', align: 'left' },
        ],
        report.goals.map((goal) => [goal.goal, goal.display, goal.pass ? 'PASS' : 'FAIL']),
      ),
      `p50 ratio (API / floor): ${comparison.p50Ratio === null ? 'n/a' : formatRatio(comparison.p50Ratio)}`,
    ].join('\n'),
  ];
  if (report.statements !== null) {
    sections.push(formatStatements('API', report.statements.api));
    sections.push(formatStatements('Floor', report.statements.floor));
  }
  if (report.profile !== null) sections.push(formatProfile(report.profile));
  if (report.instructions !== null)
    sections.push(
      `Server instructions (callgrind, API rounds): ${formatNumber(report.instructions.perMove)} per accepted move, ` +
        `turn-start queries included (${formatNumber(report.instructions.rounds)} over ` +
        `${formatNumber(report.instructions.moves)} moves, less ${formatNumber(report.instructions.idlePerSecond)} a ` +
        'second that the idle server runs). The server ran under valgrind: the times, rates and CPU above are not its own.',
    );
  if (settings.mode === 'quick') sections.push('quick mode: too short for figures worth quoting.');
  return sections.join('\n\n');
}
