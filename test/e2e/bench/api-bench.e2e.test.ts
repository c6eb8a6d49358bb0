/**
 * The API benchmark (bench/api.bench.ts and bench/api/): its pure parts — the bots' move choice, the command
 * line, response parsing, the arithmetic behind the figures and the printed report — and one short run end to
 * end (2 clients, about 2 s a side) against the compiled server on the test run's Postgres. Nothing here
 * asserts on speed: timings on a shared 2-core machine prove nothing in a test.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { parseGame } from '../../../bench/api/bot';
import { ApiBenchSettings, FULL_SETTINGS, QUICK_SETTINGS, parseArguments } from '../../../bench/api/cli';
import { CpuSnapshot, accumulate, emptyTotals, shareOf } from '../../../bench/api/cpu';
import { parseResult } from '../../../bench/api/graphql-http';
import { CpuProfile, categoryOf, summarizeProfile } from '../../../bench/api/profile';
import {
  ApiBenchReport,
  ApiFigures,
  FloorFigures,
  GOALS,
  checkGoals,
  compare,
  cpuMsPerMove,
  formatErrors,
  formatReport,
  timed,
} from '../../../bench/api/report';
import { runApiBench } from '../../../bench/api/run';
import { countedInstructions } from '../../../bench/api/server';
import { addDelta, statementProfile, StatementCounter } from '../../../bench/api/statements';
import { moveKind, pickMove } from '../../../bench/api/strategy';
import { describeEnvironment } from '../../../bench/stats';
import { applyEvent, decide, legalMoves, newDeal, optionsFor, setup } from '../../../src/engine';

/** The example of docs/notation.md "The order of legalMoves" (classic, seat 0 to move). */
const NOTATION_EXAMPLE = [
  'd3-c2',
  'd3-c4',
  '7H-c1',
  '*-c1',
  '*-c2',
  '*-c4',
  '7H-d4',
  '8S-d1',
  '8S-d2',
  '8S-d4',
  '*-d1=9',
  '*-d1=8',
  'pass',
];

describe('the bots’ move choice', () => {
  it('classifies every form of move in the notation', () => {
    expect(moveKind('p-c')).toBe('payoff');
    expect(moveKind('p-c12')).toBe('payoff');
    expect(moveKind('d3-c1')).toBe('center');
    expect(moveKind('7H-c2')).toBe('center');
    expect(moveKind('AS-c')).toBe('center');
    expect(moveKind('8S-d1')).toBe('side');
    expect(moveKind('*-d2=8')).toBe('side');
    expect(moveKind('pass')).toBe('pass');
    expect(moveKind('resign')).toBe('other');
  });

  it('prefers a pay-off play, then a centre play, then a side-pile card, then pass', () => {
    expect(pickMove([...NOTATION_EXAMPLE, 'p-c1'])).toBe('p-c1');
    expect(pickMove(NOTATION_EXAMPLE)).toBe('d3-c2');
    expect(pickMove(['pass', '8S-d1', '7H-c1'])).toBe('7H-c1');
    expect(pickMove(['pass', '*-d1=9', '8S-d1'])).toBe('*-d1=9');
    expect(pickMove(['pass'])).toBe('pass');
    expect(pickMove([])).toBeNull();
  });

  it('always picks one of the moves it is given', () => {
    const move = fc.oneof(
      fc.constantFrom('pass', 'p-c', 'p-c3', 'd2-c1', '7H-c2', 'AS-c', '8S-d1', '*-d4=K', 'odd'),
      fc.string({ maxLength: 8 }),
    );
    fc.assert(
      fc.property(fc.array(move, { maxLength: 30 }), (moves) => {
        const picked = pickMove(moves);
        if (moves.length === 0) expect(picked).toBeNull();
        else expect(moves).toContain(picked);
      }),
    );
  });

  it('plays the bench’s first seeded classic games to their end, every pick accepted by the engine', () => {
    const options = optionsFor('classic');
    for (let game = 0; game < 4; game++) {
      const state = setup(options, newDeal(`api-bench-0-${game}`), 2);
      let moves = 0;
      while (state.result === null) {
        const move = pickMove(legalMoves(state));
        expect(move).not.toBeNull();
        const decision = decide(state, { type: 'move', seat: state.current, move: move as string });
        if (!decision.ok) throw new Error(`${move} refused: ${decision.violation.reason}`);
        for (const event of decision.events) applyEvent(state, event);
        moves++;
      }
      // A real ending rather than the safety cap, so the bench's games turn over as they should.
      expect(state.result.reason).not.toBe('turnLimit');
      expect(moves).toBeGreaterThan(10);
    }
  });
});

describe('the command line', () => {
  it('defaults to 8 clients for 20 s, and --quick to 4 clients for 5 s', () => {
    expect(parseArguments([])).toEqual(FULL_SETTINGS);
    expect(FULL_SETTINGS).toMatchObject({ clients: 8, seconds: 20, mode: 'full', json: false });
    expect(parseArguments(['--quick'])).toEqual(QUICK_SETTINGS);
    expect(QUICK_SETTINGS).toMatchObject({ clients: 4, seconds: 5, mode: 'quick' });
  });

  it('reads every option, and a changed figure makes the run "custom"', () => {
    expect(
      parseArguments([
        '--clients',
        '3',
        '--seconds',
        '2.5',
        '--rounds',
        '1',
        '--warmup',
        '0',
        '--json',
        '--pg-stats',
        '--cpu-prof',
        '/tmp/p',
        '--transport',
        'ws',
      ]),
    ).toEqual({
      clients: 3,
      seconds: 2.5,
      rounds: 1,
      warmupSeconds: 0,
      json: true,
      pgStats: true,
      cpuProfileDir: '/tmp/p',
      transport: 'ws',
      mode: 'custom',
    });
    expect(FULL_SETTINGS.transport).toBe('http');
    expect(parseArguments(['--quick', '--json'])).toEqual({ ...QUICK_SETTINGS, json: true });
    // Another checkout's build, for runs taken in turns: not a changed figure, so still the full run.
    expect(parseArguments(['--server', '/tmp/before'])).toEqual({ ...FULL_SETTINGS, server: '/tmp/before' });
    // Counting instructions changes what is reported, not the run's figures.
    expect(parseArguments(['--instructions'])).toEqual({ ...FULL_SETTINGS, instructions: true });
    // Server copies share the clients: the figures are the same kind, so still the full run.
    expect(parseArguments(['--copies', '2'])).toEqual({ ...FULL_SETTINGS, copies: 2 });
  });

  it('refuses unknown arguments and bad values with a message', () => {
    for (const argv of [
      ['--fast'],
      ['--clients'],
      ['--clients', '0'],
      ['--clients', '2.5'],
      ['--seconds', '-1'],
      ['--seconds', 'ten'],
      ['--rounds', '0'],
      ['--clients', '--json'],
      ['--transport', 'smoke-signals'],
      ['--server'],
      ['--copies', '0'],
      ['--copies', '1.5'],
      ['--copies', '2', '--cpu-prof', '/tmp/p'],
      ['--copies', '2', '--instructions'],
    ]) {
      const parsed = parseArguments(argv);
      expect(parsed).toHaveProperty('error');
      expect((parsed as { error: string }).error).toMatch(/--|usage/);
    }
  });
});

describe('reading responses', () => {
  it('takes data and the errors’ codes from a GraphQL body', () => {
    const result = parseResult(
      200,
      JSON.stringify({
        data: null,
        errors: [
          { message: 'stale', extensions: { code: 'VERSION_CONFLICT', currentVersion: 3 } },
          { message: 'no code' },
        ],
      }),
    );
    expect(result.data).toBeNull();
    expect(result.errors.map((error) => error.code)).toEqual(['VERSION_CONFLICT', 'NO_CODE']);
    expect(parseResult(200, '{"data":{"game":{"id":"x"}}}').data).toEqual({ game: { id: 'x' } });
  });

  it('turns a body that is not GraphQL into an HTTP_<status> error', () => {
    expect(parseResult(502, '<html>bad gateway</html>').errors[0]?.code).toBe('HTTP_502');
    expect(parseResult(500, '[1, 2]').errors[0]?.code).toBe('HTTP_500');
    expect(parseResult(200, '{}').errors[0]?.code).toBe('HTTP_200');
  });

  it('accepts a game only with every field the bots rely on, correctly typed', () => {
    const game = { id: 'g', version: 4, currentSeat: 1, status: 'ACTIVE', legalMoves: ['pass'] };
    expect(parseGame(game)).toEqual(game);
    expect(parseGame({ ...game, currentSeat: null, status: 'FINISHED', legalMoves: [] })).not.toBeNull();
    expect(parseGame({ ...game, version: '4' })).toBeNull();
    expect(parseGame({ ...game, legalMoves: [1] })).toBeNull();
    expect(parseGame({ ...game, currentSeat: undefined })).toBeNull();
    expect(parseGame(null)).toBeNull();
  });
});

function cpuAt(atMs: number, benchMs: number, serverMs: number | null, machineBusyMs: number): CpuSnapshot {
  return { atMs, benchMs, serverMs, postgresMs: 100, machineBusyMs };
}

describe('the figures', () => {
  it('counts calls per second and summarises their latency', () => {
    const figures = timed([1, 2, 3, 4], 2000);
    expect(figures.count).toBe(4);
    expect(figures.perSecond).toBe(2);
    expect(figures.latencyMs).toMatchObject({ p50: 2, p99: 4, max: 4 });
    expect(timed([], 1000)).toEqual({ count: 0, perSecond: 0, latencyMs: null });
  });

  it('turns CPU snapshots into cores busy and CPU ms per move', () => {
    const totals = emptyTotals();
    accumulate(totals, cpuAt(0, 0, 0, 0), cpuAt(1000, 250, 800, 1500));
    accumulate(totals, cpuAt(5000, 300, 900, 1600), cpuAt(6000, 550, 1700, 3100));
    const share = shareOf(totals);
    expect(share.bench).toBeCloseTo(0.25);
    expect(share.server).toBeCloseTo(0.8);
    expect(share.postgres).toBe(0);
    expect(share.machine).toBeCloseTo(1.5);
    expect(share.other).toBeCloseTo(0.45);
    expect(cpuMsPerMove(share.server, 2000, 400)).toBeCloseTo(4);
    expect(cpuMsPerMove(null, 2000, 400)).toBeNull();
    const missing = emptyTotals();
    accumulate(missing, cpuAt(0, 0, null, 0), cpuAt(1000, 100, null, 500));
    expect(shareOf(missing)).toMatchObject({ server: null, other: null });
  });

  it('counts SQL statements and write-ahead log bytes per move from pg_stat_statements snapshots', () => {
    const into = new Map<string, StatementCounter>();
    addDelta(
      into,
      new Map([['BEGIN', { calls: 10, totalMs: 1 }]]),
      new Map([
        ['BEGIN', { calls: 30, totalMs: 3 }],
        ['UPDATE games', { calls: 20, totalMs: 10 }],
      ]),
    );
    const profile = statementProfile(into, 20, 30_000);
    expect(profile?.perMove).toBe(2);
    expect(profile?.execMsPerMove).toBeCloseTo(0.6);
    expect(profile?.walBytesPerMove).toBe(1500);
    expect(profile?.statements.map((statement) => statement.query)).toEqual(['BEGIN', 'UPDATE games']);
    expect(profile?.statements[1]?.meanMs).toBeCloseTo(0.5);
    expect(statementProfile(into, 0, 0)).toBeNull();
  });

  it('attributes CPU profile samples to parts of the stack, inside the time windows only', () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 4, 5] },
        {
          id: 2,
          callFrame: frame('execute', 'file:///app/node_modules/graphql/execution/execute.js'),
          children: [3],
        },
        { id: 3, callFrame: frame('decide', 'file:///app/dist/engine/decide.js') },
        { id: 4, callFrame: frame('(idle)', '') },
        { id: 5, callFrame: frame('query', 'file:///app/node_modules/pg/lib/client.js') },
      ],
      startTime: 0,
      endTime: 100,
      samples: [3, 3, 4, 5, 5],
      timeDeltas: [10, 10, 10, 10, 10],
    };
    const all = summarizeProfile(profile, [{ fromUs: 0, toUs: 1000 }]);
    expect(all.busyMs).toBeCloseTo(0.03); // the last sample has no successor, so no duration
    expect(all.idleMs).toBeCloseTo(0.01);
    expect(all.selfByCategory.map((share) => share.name)).toEqual(['engine', 'pg driver']);
    expect(all.onStackByCategory.find((share) => share.name === 'graphql-js')?.ms).toBeCloseTo(0.02);
    const early = summarizeProfile(profile, [{ fromUs: 0, toUs: 25 }]);
    expect(early.selfByCategory).toEqual([{ name: 'engine', ms: 0.02, percent: 100 }]);
    expect(categoryOf(frame('findUnique', 'file:///app/dist/generated/prisma/internal/class.js'))).toBe(
      'Prisma client',
    );
    expect(categoryOf(frame('(garbage collector)', ''))).toBe('GC');
  });
});

function figures(movesPerSecond: number, p99: number): { api: ApiFigures; floor: FloorFigures } {
  const latency = { count: 1, min: 1, mean: 1, p50: 1, p99, max: p99 };
  const cpu = { bench: 0.1, server: 0.9, postgres: 0.3, other: 0.2, machine: 1.5 };
  return {
    api: {
      elapsedMs: 1000,
      moves: { count: movesPerSecond, perSecond: movesPerSecond, latencyMs: latency },
      eventsPerMove: 1,
      turnQueries: { count: 0, perSecond: 0, latencyMs: null },
      gameSetup: { count: 2, perSecond: 2, latencyMs: latency },
      requestsPerSecond: movesPerSecond + 2,
      gamesStarted: 1,
      gamesFinished: 0,
      errors: { VERSION_CONFLICT: 2 },
      cpu,
    },
    floor: {
      elapsedMs: 1000,
      transactions: { count: 1000, perSecond: 1000, latencyMs: { ...latency, p99: 10 } },
      conflicts: 0,
      errors: {},
      cpu,
    },
  };
}

describe('the comparison and the report', () => {
  it('passes at exactly 50 % of the floor’s throughput and 3× its p99, and fails beyond', () => {
    const atGoal = figures(500, 30);
    const passing = checkGoals(compare(atGoal.api, atGoal.floor), 'http');
    expect(passing.map((goal) => goal.pass)).toEqual([true, true]);
    expect(passing.map((goal) => goal.display)).toEqual(['50.0 %', '3.00×']);
    const short = figures(499, 31);
    expect(checkGoals(compare(short.api, short.floor), 'http').map((goal) => goal.pass)).toEqual([
      false,
      false,
    ]);
    expect(GOALS).toEqual({ minThroughputPercent: { http: 50, ws: 60 }, maxP99Ratio: 3 });
  });

  it('holds a graphql-ws run to 60 % of the floor’s throughput', () => {
    const half = figures(500, 30);
    const overSocket = checkGoals(compare(half.api, half.floor), 'ws');
    expect(overSocket.map((goal) => [goal.goal, goal.pass])).toEqual([
      ["API moves/s ≥ 60 % of the floor's transactions/s", false],
      ["API makeMove p99 ≤ 3× the floor's p99", true],
    ]);
    const atGoal = figures(600, 30);
    expect(checkGoals(compare(atGoal.api, atGoal.floor), 'ws')[0]?.pass).toBe(true);
  });

  it('fails, with n/a, when a side measured nothing', () => {
    const { api, floor } = figures(500, 30);
    const silent = { ...api, moves: { count: 0, perSecond: 0, latencyMs: null } };
    const goals = checkGoals(compare(silent, floor), 'http');
    expect(goals.map((goal) => [goal.display, goal.pass])).toEqual([
      ['n/a', false],
      ['n/a', false],
    ]);
  });

  it('prints every section with the goals as PASS/FAIL', () => {
    const { api, floor } = figures(200, 50);
    const comparison = compare(api, floor);
    const settings: ApiBenchSettings = { ...FULL_SETTINGS };
    const report: ApiBenchReport = {
      environment: describeEnvironment(new Date('2026-01-01T00:00:00Z')),
      revision: 'abc1234',
      loadAverageAfter: 1.5,
      settings,
      postgres: { source: 'embedded', version: '18.4', fsync: 'on', synchronousCommit: 'on' },
      api,
      floor,
      comparison,
      goals: checkGoals(comparison, settings.transport),
      logCheck: { games: 1, eventsReported: 200, eventsStored: 200, ok: true },
      profile: null,
      instructions: null,
      statements: null,
    };
    const text = formatReport(report);
    expect(text).toContain('8 clients per side');
    expect(text).toContain('Postgres 18.4 (embedded), fsync on, synchronous_commit on');
    expect(text).toMatch(/makeMove \(accepted\) +200 +200\.0/);
    expect(text).toMatch(/transaction +1,000 +1,000\.0/);
    expect(text).toMatch(/≥ 50 % of the floor's transactions\/s +20\.0 % +FAIL/);
    expect(text).toMatch(/p99 ≤ 3× the floor's p99 +5\.00× +FAIL/);
    expect(text).toContain('errors: VERSION_CONFLICT ×2');
    expect(text).toContain('log check: 200 events stored for 1 games, 200 reported by accepted moves → ok');
    expect(text).toContain('2026-01-01T00:00:00.000Z');
    expect(text).toContain('code: abc1234');
    expect(formatErrors({})).toBe('none');
    expect(text).not.toContain('Server instructions');
    expect(text).toContain('API: bot clients play classic games over GraphQL HTTP (');
    const overSockets = formatReport({ ...report, settings: { ...settings, transport: 'ws' } });
    expect(overSockets).toContain('API: bot clients play classic games over GraphQL graphql-ws (');
    const counted = formatReport({
      ...report,
      instructions: { rounds: 2_468_000_000, idlePerSecond: 1_500_000, moves: 2_000, perMove: 1_234_000 },
    });
    expect(counted).toContain(
      'Server instructions (callgrind, API rounds): 1,234,000 per accepted move, turn-start queries included ' +
        '(2,468,000,000 over 2,000 moves, less 1,500,000 a second that the idle server runs)',
    );
  });

  it("reads the instructions of callgrind's file from its totals line", () => {
    const file = path.join(os.tmpdir(), `malice-callgrind-${process.pid}.out`);
    fs.writeFileSync(
      file,
      'version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 0\n\nfn=(1) main\n0 5\n\ntotals: 437007008\n',
    );
    try {
      expect(countedInstructions(file)).toBe(437_007_008);
      fs.writeFileSync(file, 'events: Ir\n');
      expect(() => countedInstructions(file)).toThrow(/has no totals line/);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('a short run end to end', () => {
  /** A run of 2 clients for 2 s per side on the test's Postgres, with `changes` to the settings. */
  const shortRun = (changes: Partial<ApiBenchSettings>): Promise<ApiBenchReport> => {
    const adminUrl = process.env.MALICE_TEST_ADMIN_URL;
    if (adminUrl === undefined) throw new Error('MALICE_TEST_ADMIN_URL is unset: run through jest');
    const settings: ApiBenchSettings = {
      ...QUICK_SETTINGS,
      clients: 2,
      seconds: 2,
      rounds: 2,
      warmupSeconds: 0.5,
      mode: 'custom',
      ...changes,
    };
    return runApiBench(settings, {
      adminUrl,
      source: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded',
    });
  };

  it('plays over GraphQL, runs the floor, and reports both with a consistent log', async () => {
    const report = await shortRun({});
    expect(report.api.moves.count).toBeGreaterThan(0);
    expect(report.api.turnQueries.count).toBeGreaterThan(0);
    expect(report.api.errors).toEqual({});
    expect(report.api.eventsPerMove).toBeGreaterThanOrEqual(1);
    expect(report.logCheck.ok).toBe(true);
    expect(report.logCheck.eventsStored).toBeGreaterThanOrEqual(report.api.moves.count);
    expect(report.floor.transactions.count).toBeGreaterThan(0);
    expect(report.floor.conflicts).toBe(0);
    expect(report.floor.errors).toEqual({});
    // Both sides were measured for about the requested time (plus the calls in flight at each deadline).
    expect(report.api.elapsedMs).toBeGreaterThanOrEqual(2000);
    expect(report.floor.elapsedMs).toBeGreaterThanOrEqual(2000);
    expect(report.goals).toHaveLength(2);
    expect(report.comparison.throughputPercent).not.toBeNull();
    expect(formatReport(report)).toContain('makeMove (accepted)');
  }, 90_000);

  it('spreads the bots over two server copies, each game watched on the other copy, the CPU of both counted', async () => {
    const report = await shortRun({ rounds: 1, copies: 2, watch: true });
    expect(report.api.moves.count).toBeGreaterThan(0);
    expect(report.api.errors).toEqual({});
    expect(report.logCheck.ok).toBe(true);
    // Every change a bot made through one copy reached its watcher on the other one.
    expect(report.api.pushes?.ok).toBe(true);
    expect(report.api.pushes?.totals.pushes).toBeGreaterThan(0);
    expect(report.api.cpu.server).not.toBeNull();
    expect(formatReport(report)).toContain('2 server copies');
  }, 90_000);
});
