/**
 * The storage benchmark (bench/storage.bench.ts and bench/storage/): its arithmetic — snapshot differences, the
 * figures per game, totals, the check of what was stored — the command line and the report, and one tiny run end
 * to end (one modern game, webhooks on) against the compiled server on the test run's Postgres. Nothing here
 * asserts on sizes beyond what must hold whatever the machine: a game's rows are there, and its check passes.
 */
import {
  FULL_SETTINGS,
  QUICK_SETTINGS,
  formatBytes,
  formatReport,
  parseArguments,
} from '../../../bench/storage/report';
import { StorageBenchSettings, StoredCounts, checkStored, runStorageBench } from '../../../bench/storage/run';
import { Snapshot, TableSize, difference, per, shareOf, total } from '../../../bench/storage/sizes';

function size(table: string, bytes: number, rows: number, indexes: Record<string, number> = {}): TableSize {
  const indexBytes = Object.values(indexes).reduce((sum, value) => sum + value, 0);
  return {
    table,
    rows,
    rowBytes: rows * 100,
    heapBytes: bytes,
    toastAndMapsBytes: 8192,
    indexBytes,
    totalBytes: bytes + 8192 + indexBytes,
    indexes,
  };
}

describe('the arithmetic', () => {
  const before: Snapshot = [size('games', 8192, 1, { games_pkey: 16384 }), size('players', 8192, 4)];
  const after: Snapshot = [
    size('games', 24576, 5, { games_pkey: 16384, games_status_idx: 8192 }),
    size('players', 8192, 4),
    size('game_events', 81920, 400, { game_events_pkey: 32768 }),
  ];

  it('takes the difference table by table, keeps only what changed, largest first', () => {
    const delta = difference(before, after);
    expect(delta.map((entry) => entry.table)).toEqual(['game_events', 'games']);
    expect(delta[0]).toEqual(after[2]);
    expect(delta[1]).toEqual({
      table: 'games',
      rows: 4,
      rowBytes: 400,
      heapBytes: 16384,
      toastAndMapsBytes: 0,
      indexBytes: 8192,
      totalBytes: 24576,
      indexes: { games_pkey: 0, games_status_idx: 8192 },
    });
  });

  it('divides every figure by the games', () => {
    const [events] = per(difference(before, after), 4);
    expect(events).toEqual({
      table: 'game_events',
      rows: 100,
      rowBytes: 10000,
      heapBytes: 20480,
      toastAndMapsBytes: 2048,
      indexBytes: 8192,
      totalBytes: 30720,
      indexes: { game_events_pkey: 8192 },
    });
    expect(() => per(before, 0)).toThrow(RangeError);
  });

  it('sums the tables and gives each one’s share', () => {
    const delta = difference(before, after);
    expect(total(delta)).toEqual({
      rows: 404,
      rowBytes: 40400,
      heapBytes: 98304,
      toastAndMapsBytes: 8192,
      indexBytes: 40960,
      totalBytes: 147456,
    });
    expect(shareOf(delta, 'game_events')).toBeCloseTo(122880 / 147456);
    expect(shareOf(delta, 'nothing')).toBe(0);
    expect(shareOf([], 'games')).toBe(0);
  });

  it('checks what was stored against what was played', () => {
    const good: StoredCounts = {
      games: 2,
      finished: 2,
      versions: 500,
      events: 500,
      playerEvents: 180,
      deliveries: 180,
      pending: 0,
      failed: 0,
      attempts: 180,
    };
    expect(checkStored(good, 2, 500, true, 180)).toEqual([]);
    expect(checkStored({ ...good, deliveries: 0, attempts: 0 }, 2, 500, false, 0)).toEqual([]);
    expect(checkStored({ ...good, finished: 1 }, 2, 500, true, 180)).toEqual(['1 of 2 games finished']);
    expect(checkStored({ ...good, events: 499 }, 2, 500, true, 180)).toEqual([
      '499 events stored, the versions add up to 500',
    ]);
    expect(checkStored(good, 2, 501, true, 180)).toEqual(['versions add up to 500, the moves reported 501']);
    expect(checkStored({ ...good, pending: 1 }, 2, 500, true, 180)).toEqual([
      '1 deliveries pending, 0 failed',
    ]);
    expect(checkStored({ ...good, attempts: 181 }, 2, 500, true, 181)).toEqual([
      '181 attempts for 180 deliveries',
    ]);
    expect(checkStored(good, 2, 500, true, 179)).toEqual([
      'the receiver got 179 requests for 180 deliveries',
    ]);
    expect(checkStored(good, 2, 500, false, 0)).toEqual(['180 deliveries without webhooks']);
  });

  it('prints bytes readably', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(9999)).toBe('9,999 B');
    expect(formatBytes(146_227)).toBe('146.2 kB');
    expect(formatBytes(4_900_000_000)).toBe('4,900.00 MB');
  });
});

describe('the command line', () => {
  it('has bounded defaults and reads its options', () => {
    expect(parseArguments([])).toEqual({ settings: FULL_SETTINGS, json: false });
    expect(parseArguments(['--quick', '--json'])).toEqual({ settings: QUICK_SETTINGS, json: true });
    expect(
      parseArguments([
        '--games',
        '5',
        '--presets',
        'modern,classic',
        '--no-webhooks',
        '--client-move-ids',
        'none',
      ]),
    ).toEqual({
      settings: {
        ...FULL_SETTINGS,
        games: 5,
        presets: ['MODERN', 'CLASSIC'],
        webhooks: false,
        clientMoveIds: 'none',
      },
      json: false,
    });
  });

  it('refuses what it does not know, and counts out of bounds', () => {
    for (const argv of [
      ['--games', '0'],
      ['--games', '501'],
      ['--games'],
      ['--presets', 'poker'],
      ['--concurrency', '1.5'],
      ['--fast'],
      ['--client-move-ids', 'random'],
    ]) {
      expect(parseArguments(argv)).toEqual({ error: expect.any(String) as string });
    }
  });
});

describe('a tiny run end to end', () => {
  it('plays a game through the API, measures it table by table, and checks what it stored', async () => {
    const adminUrl = process.env.MALICE_TEST_ADMIN_URL;
    if (adminUrl === undefined) throw new Error('MALICE_TEST_ADMIN_URL is unset: run through jest');
    const settings: StorageBenchSettings = {
      ...QUICK_SETTINGS,
      presets: ['MODERN'],
      games: 1,
      warmupGames: 0,
      concurrency: 1,
      midMoves: 5,
      timeoutSeconds: 120,
    };
    const report = await runStorageBench(settings, adminUrl, 'test');
    const [modern] = report.presets;
    expect(modern?.check).toEqual({ ok: true, problems: [] });
    expect(modern?.eventsPerGame).toBeGreaterThan(5);
    const tables = (sizes: Snapshot): Record<string, number> =>
      Object.fromEntries(sizes.map((entry) => [entry.table, entry.rows]));
    // One game: its row, two seats, its whole log; a player event per seat at the deal at least, each delivered.
    const finished = tables(modern?.finished ?? []);
    expect(finished).toEqual(
      expect.objectContaining({ games: 1, game_players: 2, game_events: modern?.eventsPerGame }),
    );
    expect(finished.player_events).toBeGreaterThanOrEqual(4);
    expect(finished.webhook_deliveries).toBe(finished.player_events);
    expect(finished.webhook_delivery_attempts).toBe(finished.player_events);
    expect(tables(modern?.running ?? []).game_events).toBe(modern?.runningEventsPerGame);
    expect(tables(modern?.dealt ?? [])).toEqual(expect.objectContaining({ games: 1, game_players: 2 }));
    expect(total(modern?.finished ?? []).totalBytes).toBeGreaterThan(0);
    // Archived: no event row left, one archive row and its audit row; the archive is a fraction of the rows.
    const archived = tables(modern?.archived ?? []);
    expect(archived).toEqual(
      expect.objectContaining({ games: 1, game_players: 2, game_archives: 1, game_archive_audit: 1 }),
    );
    // No event row is left: the table is as in the compacted baseline (so not listed), or shows none.
    expect(archived.game_events ?? 0).toBe(0);
    const rowsOfLog = modern?.finished.find((entry) => entry.table === 'game_events')?.rowBytes ?? 0;
    expect(modern?.archiveBytesPerGame).toBeGreaterThan(0);
    expect(modern?.archiveBytesPerGame).toBeLessThan(rowsOfLog / 4);
    expect(formatReport(report)).toContain('One finished game');
    expect(formatReport(report)).toContain('One finished game archived');
  }, 120_000);
});
