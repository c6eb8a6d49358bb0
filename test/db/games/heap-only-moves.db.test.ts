/**
 * A move within a turn writes the games row alone (migration 20261213090000_games_moves_heap_only; docs/performance.md,
 * "The games row's indexes"): of the columns the indexes of `games` name, such a move changes none — the seat, the
 * player to move, the status and the turn's clock stay — so Postgres updates the row heap-only (HOT), with no new
 * entry in any of its indexes. Counted by Postgres itself (pg_stat_user_tables), on games played through the API.
 */
import { dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { until } from '../../support/service/outage';
import { joinGame, playGame } from '../../support/service/play';

let app: InProcessApp;

beforeAll(async () => {
  // No background pass updates a games row meanwhile: the updates counted are the test's own.
  app = await startAppInProcess({
    env: { SWEEP_INTERVAL_MS: '0', WEBHOOK_INTERVAL_MS: '0', ARCHIVE_INTERVAL_MS: '0' },
  });
}, 60_000);
afterAll(async () => {
  await app.close();
});

interface Updates {
  readonly all: number;
  readonly heapOnly: number;
}

/** The updates of `games` Postgres has counted so far (each backend hands its counts over within a second or so). */
async function updatesOfGames(): Promise<Updates> {
  const [row] = await sql<{ all: string; heap_only: string }>(
    app.databaseUrl,
    `SELECT n_tup_upd AS all, n_tup_hot_upd AS heap_only FROM pg_stat_user_tables WHERE relname = 'games'`,
  );
  return { all: Number(row?.all ?? 0), heapOnly: Number(row?.heap_only ?? 0) };
}

describe('the games row of a move within a turn (docs/performance.md, "The games row\'s indexes")', () => {
  it('is updated heap-only: no index of games gets an entry', async () => {
    const tokens = [await register(app, 'hot-ann'), await register(app, 'hot-bob')];
    // With a time control, so that the deadline and reminder indexes are in play too.
    const game = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        tokens[0]!,
        'mutation { createGame(input: { preset: CLASSIC, daysPerMove: 1 }) { id } }',
      ),
    ).createGame;
    await joinGame(app, tokens[1]!, game.id);
    let movesWithinTurn = 0;
    const over = await playGame(app, tokens, game.id, {
      maxVersion: 40,
      onGame: (seat, seen, how) => {
        if (how === 'move' && seen.status === 'ACTIVE' && seen.currentSeat === seat) movesWithinTurn += 1;
      },
    });
    // One update of the row for the deal, and one per move.
    const expected = 1 + over.version;
    await until(`Postgres has counted the ${expected} updates of games`, async () => {
      return (await updatesOfGames()).all >= expected;
    });
    const updates = await updatesOfGames();
    expect(updates.all).toBe(expected);
    expect(movesWithinTurn).toBeGreaterThan(0);
    // A move within a turn is heap-only when the row's page has room for the new version, which it has as long as
    // Postgres could prune the versions no snapshot needs any more: on a quiet machine every one of them (seen 25 of
    // 25, 15 of 15), under CI's load most (29 of 31: a snapshot held meanwhile kept a page full). While the archiver's
    // index named `version`, none ever was. A move that hands the turn on changes the seat and the clock: never.
    expect(updates.heapOnly).toBeGreaterThanOrEqual(Math.ceil(movesWithinTurn / 2));
    expect(updates.heapOnly).toBeLessThanOrEqual(movesWithinTurn);
  });
});
