/**
 * A smoke test of the engine benchmark's measuring functions with tiny budgets: the output must be well
 * formed. It never asserts on speed — timings on a shared machine prove nothing in a unit test.
 */
import {
  BENCH_CASES,
  BenchBudgets,
  CaseReport,
  EngineBenchReport,
  QUICK_BUDGETS,
  buildReplaySample,
  benchDeal,
  caseLabel,
  checkGoals,
  collectMidGameStates,
  createChooser,
  formatReport,
  measureGamesPerSecond,
  measureLegalMoves,
  measureLoopBaseline,
  measureReplay,
  parseArguments,
  recordRandomGame,
  runEngineBench,
} from '../../../bench/engine.bench';
import { Summary } from '../../../bench/stats';
import { BOT_VERSIONS, optionsFor, replay } from '../../../src/engine';

const TINY: BenchBudgets = {
  warmupMs: 0,
  gamesMs: 5,
  replayEvents: 120,
  replayCandidateGames: 30,
  replayWarmups: 1,
  replayRepeats: 5,
  midGameStates: 20,
  legalMovesMs: 5,
  expertPositions: 2,
  loopRuns: 2,
  loopLength: 1e5,
};

function expectPositiveFinite(value: number): void {
  expect(Number.isFinite(value)).toBe(true);
  expect(value).toBeGreaterThan(0);
}

function expectOrderedSummary(summary: Summary, count: number): void {
  expect(summary.count).toBe(count);
  for (const value of [summary.min, summary.mean, summary.p50, summary.p99, summary.max]) {
    expectPositiveFinite(value);
  }
  expect(summary.min).toBeLessThanOrEqual(summary.p50);
  expect(summary.p50).toBeLessThanOrEqual(summary.p99);
  expect(summary.p99).toBeLessThanOrEqual(summary.max);
  expect(summary.mean).toBeLessThanOrEqual(summary.max);
}

describe('the random chooser', () => {
  it('is deterministic for a seed and stays in range', () => {
    const a = createChooser(42);
    const b = createChooser(42);
    const c = createChooser(43);
    const fromA = Array.from({ length: 200 }, (_, i) => a(1 + (i % 7)));
    const fromB = Array.from({ length: 200 }, (_, i) => b(1 + (i % 7)));
    const fromC = Array.from({ length: 200 }, (_, i) => c(1 + (i % 7)));
    expect(fromA).toEqual(fromB);
    expect(fromA).not.toEqual(fromC);
    fromA.forEach((index, i) => {
      expect(Number.isInteger(index)).toBe(true);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(1 + (i % 7));
    });
  });

  it('reaches every index of a small range', () => {
    const choose = createChooser(7);
    const seen = new Set(Array.from({ length: 500 }, () => choose(5)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

describe.each(BENCH_CASES.map((benchCase) => [caseLabel(benchCase), benchCase] as const))(
  'measuring %s',
  (_label, benchCase) => {
    it('plays whole games and counts their events', () => {
      const games = measureGamesPerSecond(benchCase, TINY.warmupMs, TINY.gamesMs);
      expect(Number.isInteger(games.games)).toBe(true);
      expect(games.games).toBeGreaterThanOrEqual(1);
      expect(games.events).toBeGreaterThanOrEqual(games.games);
      expectPositiveFinite(games.elapsedMs);
      expectPositiveFinite(games.gamesPerSecond);
      expect(games.meanEventsPerGame).toBeCloseTo(games.events / games.games, 10);
    });

    it('records logs that replay, and builds a replay sample of the asked length', () => {
      const options = optionsFor(benchCase.preset);
      const events = recordRandomGame(
        options,
        `${caseLabel(benchCase)}-smoke`,
        benchCase.seats,
        createChooser(5),
      );
      expect(events.length).toBeGreaterThan(0);
      const replayed = replay(
        options,
        benchDeal(`${caseLabel(benchCase)}-smoke`, benchCase.seats),
        events,
        benchCase.seats,
      );
      expect(replayed.ok).toBe(true);
      expect(replayed.state.result).not.toBeNull();

      const sample = buildReplaySample(benchCase, TINY.replayEvents, TINY.replayCandidateGames);
      const total = sample.segments.reduce((sum, segment) => sum + segment.events.length, 0);
      expect(sample.eventCount).toBe(total);
      expect(sample.gameCount).toBe(sample.segments.length);
      expect(sample.eventCount).toBeLessThanOrEqual(TINY.replayEvents);
      // Thirty random games always hold 120 events between them in every preset.
      expect(sample.eventCount).toBe(TINY.replayEvents);
      expect(new Set(sample.segments.map((segment) => segment.seed)).size).toBe(sample.segments.length);
      if (sample.gameCount > 1) {
        expect(sample.longestGame).toBeLessThan(TINY.replayEvents);
      } else {
        expect(sample.longestGame).toBeGreaterThanOrEqual(TINY.replayEvents);
      }
    });

    it('times replays and their JSON baseline with ordered percentiles', () => {
      const sample = buildReplaySample(benchCase, TINY.replayEvents, TINY.replayCandidateGames);
      const result = measureReplay(benchCase, sample, TINY.replayWarmups, TINY.replayRepeats);
      expect(result.repeats).toBe(TINY.replayRepeats);
      expect(result.eventCount).toBe(sample.eventCount);
      expectOrderedSummary(result.replayMs, TINY.replayRepeats);
      expectOrderedSummary(result.jsonMs, TINY.replayRepeats);
    });

    it('collects unfinished mid-game states and times legalMoves on them', () => {
      const states = collectMidGameStates(benchCase, TINY.midGameStates);
      expect(states).toHaveLength(TINY.midGameStates);
      for (const state of states) expect(state.result).toBeNull();
      expect(new Set(states).size).toBe(states.length);
      const legal = measureLegalMoves(states, TINY.legalMovesMs);
      expect(legal.states).toBe(states.length);
      expect(legal.calls).toBeGreaterThan(0);
      expectPositiveFinite(legal.callsPerSecond);
      // An unfinished game always has a move for the seat to move (at least `pass` or a discard).
      expect(legal.meanMovesPerCall).toBeGreaterThanOrEqual(1);
    });
  },
);

describe('the whole bench', () => {
  const oneCase = BENCH_CASES.filter((benchCase) => benchCase.preset === 'classic');
  let report: EngineBenchReport;
  beforeAll(() => {
    report = runEngineBench({ ...TINY, replayEvents: 600, replayCandidateGames: 40 }, 'custom', oneCase);
  });

  it('times the baseline loop and checks its sum', () => {
    const loop = measureLoopBaseline(1e5, 3);
    expect(loop.runs).toBe(3);
    expectPositiveFinite(loop.ms);
  });

  it('reports every case with finite ratios to the baselines', () => {
    expect(report.cases.map((c: CaseReport) => c.label)).toEqual(['classic/2']);
    for (const c of report.cases) {
      for (const ratio of Object.values(c.ratios)) expectPositiveFinite(ratio);
      expectOrderedSummary(c.replay.replayMs, TINY.replayRepeats);
      expectOrderedSummary(c.expert.decisionMs, TINY.expertPositions);
      expect(c.expert.positions).toBe(TINY.expertPositions);
    }
    expectPositiveFinite(report.baseline.loop.ms);
    expect(report.environment.node).toBe(process.version);
    expect(report.environment.loadAverage).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(report.environment.date))).toBe(false);
  });

  it('checks the three goals for classic, with PASS/FAIL following the measured figure', () => {
    expect(report.goals.map((goal) => goal.unit)).toEqual(['games/s', 'ms', 'ms']);
    const [games, expertGoal, replayGoal] = report.goals;
    expect(games?.pass).toBe((games?.measured ?? 0) >= 1000);
    expect(expertGoal?.goal).toContain('expert decision p99');
    expect(expertGoal?.pass).toBe((expertGoal?.measured ?? Infinity) <= 200);
    expect(replayGoal?.pass).toBe((replayGoal?.measured ?? Infinity) < 0.5);
    expect(checkGoals(report.cases, 120).map((goal) => goal.unit)).toEqual(['games/s', 'ms']);
  });

  it('formats an aligned table and serialises to JSON', () => {
    const text = formatReport(report);
    expect(text).toContain('classic/2');
    expect(text).toContain(`Expert bot decisions (${BOT_VERSIONS.expert}`);
    expect(text).toContain(process.version);
    expect(text).toMatch(/\b(PASS|FAIL)\b/);
    const parsed = JSON.parse(JSON.stringify(report)) as { cases: unknown[]; goals: unknown[] };
    expect(parsed.cases).toHaveLength(1);
    expect(parsed.goals).toHaveLength(3);
  });
});

describe('command-line flags', () => {
  it('reads --quick and --json and refuses anything else', () => {
    expect(parseArguments([])).toEqual({ quick: false, json: false });
    expect(parseArguments(['--json', '--quick'])).toEqual({ quick: true, json: true });
    expect(parseArguments(['--fast'])).toHaveProperty('error');
  });

  it('has quick budgets that still replay the 600 events the goal is stated for', () => {
    expect(QUICK_BUDGETS.replayEvents).toBe(600);
  });
});
