import { DEFAULT_SETTINGS, parseHistoryArgs } from '../../../bench/history/cli';
import {
  QUERY_KINDS,
  QueryKind,
  Samples,
  historyPageProblems,
  leaderboardPageProblems,
  pageOf,
} from '../../../bench/history/measure';
import { checkPlan, indexesIn, inlineParameters, seqScansIn } from '../../../bench/history/plans';
import { GOAL_P99_MS, buildReport, formatReport, goalChecks } from '../../../bench/history/report';
import { HistoryBenchRun } from '../../../bench/history/run';

const HISTORY_PLAN = `Limit  (cost=1.00..170.20 rows=21 width=24) (actual time=0.041..0.160 rows=21 loops=1)
  Buffers: shared hit=87
  ->  Nested Loop  (cost=1.00..2029.35 rows=251 width=24) (actual time=0.040..0.157 rows=21 loops=1)
        ->  Index Only Scan using game_players_history_idx on game_players me  (cost=0.56..51.20 rows=251 width=24)
              Index Cond: (player_id = '0c3e1b7e-47a4-4a4e-8a3a-6f9d2d0e4c11'::uuid)
        ->  Index Scan using games_pkey on games g  (cost=0.43..7.88 rows=1 width=16)
              Index Cond: (id = me.game_id)
              Filter: (status = 'FINISHED'::text)
Planning Time: 0.310 ms
Execution Time: 0.192 ms`;

const SEQ_PLAN = `Limit  (cost=0.00..10.00 rows=51 width=40)
  ->  Sort  (cost=0.00..10.00 rows=51 width=40)
        ->  Seq Scan on ratings r  (cost=0.00..35.00 rows=900 width=40)
              Filter: ((deviation < '110'::double precision) AND (preset = 'classic'::text))
        ->  Seq Scan on pg_class c  (cost=0.00..1.00 rows=1 width=4)
Execution Time: 1.5 ms`;

const BITMAP_PLAN = `Bitmap Heap Scan on ratings r
  ->  Bitmap Index Scan on ratings_leaderboard_idx
Execution Time: 0.05 ms`;

describe('bench:history command line', () => {
  it('has defaults: 100k games, 300 samples, page 10', () => {
    expect(parseHistoryArgs([])).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ games: 100_000, samples: 300, depth: 10, json: false });
  });

  it('reads every option, with a space or an equals sign', () => {
    expect(
      parseHistoryArgs(['--games', '5000', '--samples=50', '--depth', '3', '--warmup', '0', '--json']),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      games: 5000,
      samples: 50,
      depth: 3,
      warmup: 0,
      json: true,
    });
    expect(parseHistoryArgs(['--help'])).toMatchObject({ help: true });
  });

  it.each([
    [['--games', '0'], /--games must be a whole number from 1/],
    [['--samples', 'many'], /--samples must be a whole number/],
    [['--depth', '1'], /--depth must be a whole number from 2/],
    [['--depth'], /--depth needs a value/],
    [['--warmup', '-1'], /--warmup must be a whole number/],
    [['--quick'], /unknown argument --quick/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseHistoryArgs(argv);
    expect('error' in parsed && parsed.error).toMatch(message);
  });
});

describe('bench:history plan checks', () => {
  it('finds the indexes a plan reads and the large tables it scans whole', () => {
    expect(indexesIn(HISTORY_PLAN)).toEqual(['game_players_history_idx', 'games_pkey']);
    expect(seqScansIn(HISTORY_PLAN)).toEqual([]);
    expect(indexesIn(BITMAP_PLAN)).toEqual(['ratings_leaderboard_idx']);
    expect(indexesIn('Index Scan Backward using games_finished_idx on games g')).toEqual([
      'games_finished_idx',
    ]);
    // A catalogue table scanned whole is not what the check is about.
    expect(seqScansIn(SEQ_PLAN)).toEqual(['ratings']);
  });

  it('passes a plan that uses the expected index and scans no large table whole', () => {
    const pass = checkPlan('history', 'SELECT …', HISTORY_PLAN, 'game_players_history_idx');
    expect(pass).toMatchObject({ pass: true, executionMs: 0.192, seqScans: [] });
    expect(checkPlan('history', 'SELECT …', HISTORY_PLAN, 'ratings_leaderboard_idx').pass).toBe(false);
    expect(checkPlan('board', 'SELECT …', SEQ_PLAN, 'ratings_leaderboard_idx')).toMatchObject({
      pass: false,
      seqScans: ['ratings'],
      indexes: [],
    });
  });

  it('writes the parameters into a statement for reading', () => {
    expect(
      inlineParameters('SELECT $1::uuid, $2, $3, $10, $4 WHERE x < $5', [
        'a',
        7,
        new Date(0),
        "it's",
        true,
        null,
        null,
        null,
        null,
        'ten',
      ]),
    ).toBe("SELECT 'a'::uuid, 7, '1970-01-01T00:00:00.000Z', 'ten', 'it''s' WHERE x < true");
  });
});

describe('bench:history page checks', () => {
  const game = (id: string, finishedAt: string, usernames: string[]) => ({
    id,
    finishedAt,
    players: usernames.map((username, seat) => ({ seat, player: { username } })),
  });
  const response = (field: string, nodes: unknown[], hasNextPage = true) => ({
    status: 200,
    errors: [],
    data: {
      [field]: {
        edges: nodes.map((node, index) => ({ cursor: `c${index}`, node })),
        pageInfo: { hasNextPage, endCursor: nodes.length === 0 ? null : `c${nodes.length - 1}` },
      },
    },
  });

  it('reads a connection out of a response', () => {
    const page = pageOf(response('games', [game('g1', '2026-01-02T00:00:00.000Z', ['ann'])]), 'games');
    expect(page).toEqual({
      nodes: [game('g1', '2026-01-02T00:00:00.000Z', ['ann'])],
      hasNextPage: true,
      endCursor: 'c0',
    });
    expect(pageOf({ status: 200, errors: [], data: { games: null } }, 'games')).toBeNull();
  });

  it('flags a history page with another player’s game or games out of order', () => {
    const good = pageOf(
      response('games', [
        game('g2', '2026-01-03T00:00:00.000Z', ['ann', 'ben']),
        game('g1', '2026-01-02T00:00:00.000Z', ['cid', 'ann']),
      ]),
      'games',
    )!;
    expect(historyPageProblems(good, 'ann')).toEqual([]);
    const bad = pageOf(
      response('games', [
        game('g1', '2026-01-02T00:00:00.000Z', ['ann']),
        game('g2', '2026-01-03T00:00:00.000Z', ['ben']),
      ]),
      'games',
    )!;
    expect(historyPageProblems(bad, 'ann')).toEqual([
      "game g2 is not ann's",
      'game g2 is out of order or unfinished',
    ]);
  });

  it('flags a leaderboard page whose ranks do not follow on or whose ratings rise', () => {
    const nodes = [
      { rank: 51, rating: 1900 },
      { rank: 52, rating: 1800 },
    ];
    expect(leaderboardPageProblems(pageOf(response('leaderboard', nodes), 'leaderboard')!, 51)).toEqual([]);
    expect(
      leaderboardPageProblems(
        pageOf(
          response('leaderboard', [
            { rank: 1, rating: 1700 },
            { rank: 3, rating: 1800 },
          ]),
          'leaderboard',
        )!,
        1,
      ),
    ).toEqual(['rank 3 where 2 was due', 'rating 1800 after 1700']);
  });
});

describe('bench:history report', () => {
  function samples(ms: Partial<Record<QueryKind, number[]>>): Samples {
    const byKind = <T>(make: (kind: QueryKind) => T) =>
      Object.fromEntries(QUERY_KINDS.map((kind) => [kind, make(kind)])) as Record<QueryKind, T>;
    return {
      ms: byKind((kind) => ms[kind] ?? []),
      errors: byKind(() => ({})),
      messages: [],
      problems: [],
      historyDepths: [10, 10, 4],
      leaderboardDepth: 10,
    };
  }

  function run(ms: Partial<Record<QueryKind, number[]>>): HistoryBenchRun {
    return {
      environment: {
        node: 'v20',
        cpu: 'cpu',
        cores: 2,
        platform: 'linux-x64',
        loadAverage: 1,
        date: '2026-11-29T00:00:00.000Z',
      },
      settings: DEFAULT_SETTINGS,
      revision: 'abc1234',
      database: {
        source: 'embedded',
        finishedGames: 100_000,
        playersWithGames: 1000,
        events: 2e7,
        establishedClassic: 900,
        size: '5 GB',
      },
      seeded: null,
      subjects: { players: 1000, deepPlayers: 600, deepFallback: false },
      samples: samples(ms),
      plans: [
        checkPlan('games: first page of a player', 'SELECT 1', HISTORY_PLAN, 'game_players_history_idx'),
      ],
    };
  }

  const fast = Array.from({ length: 100 }, (_, index) => 2 + index / 100);

  it('passes the goal when every page kind has p99 under 20 ms, and fails a kind measured not at all', () => {
    const report = buildReport(
      run({
        floor: fast,
        historyFirst: fast,
        historyDeep: fast,
        leaderboardFirst: fast,
        leaderboardDeep: fast,
      }),
    );
    expect(report.goals.map((goal) => goal.pass)).toEqual([true, true, true, true]);
    expect(report.clean).toBe(true);
    const slow = [...fast.slice(2), 50, 60]; // nearest rank: the 99th of 100 is 50
    const failed = goalChecks(
      buildReport(run({ floor: fast, historyFirst: fast, historyDeep: slow, leaderboardFirst: fast }))
        .figures,
    );
    expect(failed.map((goal) => [goal.kind, goal.pass])).toEqual([
      ['historyFirst', true],
      ['historyDeep', false],
      ['leaderboardFirst', true],
      ['leaderboardDeep', false],
    ]);
    expect(failed.find((goal) => goal.kind === 'historyDeep')?.p99Ms).toBe(50);
    expect(GOAL_P99_MS).toBe(20);
  });

  it('prints the figures, the goals and the plans with their verdicts', () => {
    const text = formatReport(
      buildReport(
        run({
          floor: fast,
          historyFirst: fast,
          historyDeep: fast,
          leaderboardFirst: fast,
          leaderboardDeep: fast,
        }),
      ),
    );
    expect(text).toMatch(/\{ __typename \} \(floor\)\s+100/);
    expect(text).toMatch(/goal p99 < 20 ms, games of a player: deep page: PASS/);
    expect(text).toMatch(/mean page reached 8\.0/);
    expect(text).toMatch(/deep pages from the 600 with ≥ 10 pages/);
    expect(text).toMatch(/-- games: first page of a player: PASS: uses game_players_history_idx, games_pkey/);
    expect(text).toContain('Index Only Scan using game_players_history_idx');
  });
});
