/**
 * Reads on a streaming replica (docs/scaling.md#read-replicas), for real: a Postgres 15 primary and a hot standby
 * of the test's own (test/support/servers/postgres-cluster.ts), and two copies of the compiled server on the
 * primary with the standby as DATABASE_REPLICA_URL — one that tolerates an hour of lag, one that tolerates a second.
 *
 * With the standby's replay paused, a game finished on the primary is missing from the tolerant copy's history and
 * leaderboard (a primary read shows it) and present on the strict copy's, whose replica lags past its bound; both
 * show it once replay resumes. An export of a game the replica still has running is read from the primary (the
 * seed shows, as the primary's own export); one over on the replica is read there. So are positions and a player's
 * games stream with its move logs, and `check:projections` reads the standby when given it. A stopped standby is
 * skipped: the answers come from the primary, which stays up and ready.
 */
import { freePort } from '../../../src/common/free-port';
import { checkProjections } from '../../../src/cli/check-projections';
import { type TestApp, codeOf, dataOf, register, testAppAt } from '../../support/service/app';
import { type Copy, copyUrl, startCopy, stopCopy } from '../../support/service/copies';
import { until } from '../../support/service/outage';
import { createGame, joinGame, readGame, resign } from '../../support/service/play';
import { type PostgresServer, startPrimary, startStandby } from '../../support/servers/postgres-cluster';

const DATABASE = 'malice_replicas';
const METRICS_TOKEN = 'replicas-test-metrics-token';
/** How long a change takes to show where it should: a replay, a replica's check, a copy's reaction. */
const SOON_MS = 15_000;

let primary: PostgresServer;
let standby: PostgresServer;
/** Tolerates an hour of lag: reads stay on the replica while its replay is paused. */
let tolerant: Copy;
/** Tolerates a second of lag: reads go to the primary soon after replay pauses. */
let strict: Copy;
let alice: string;
let bob: string;

/** The test helpers' client side for a copy (it is stopped by stopCopy, not through this). */
function appOf(copy: Copy): TestApp {
  return testAppAt(copyUrl(copy), primary.urlFor(DATABASE), {
    output: () => copy.output,
    stopServer: () => stopCopy(copy),
    drop: async () => undefined,
  });
}

beforeAll(async () => {
  primary = await startPrimary();
  standby = await startStandby(primary);
  // Made on the primary, it reaches the standby through replication like everything after it (the migrations too).
  await primary.createDatabase(DATABASE);
  const env = (maxLagMs: number): Record<string, string> => ({
    DATABASE_REPLICA_URL: standby.urlFor(DATABASE),
    DATABASE_REPLICA_MAX_LAG_MS: String(maxLagMs),
    METRICS_TOKEN,
  });
  // One after the other: the first applies the migrations.
  tolerant = await startCopy(primary.urlFor(DATABASE), await freePort(), env(3_600_000));
  strict = await startCopy(primary.urlFor(DATABASE), await freePort(), env(1000));
  alice = await register(appOf(tolerant), 'replica-alice');
  bob = await register(appOf(tolerant), 'replica-bob');
  for (const copy of [tolerant, strict])
    await until('each copy uses the replica', async () => (await replicaUsable(copy)) === 1, SOON_MS);
}, 90_000);

afterAll(async () => {
  await Promise.all([tolerant, strict].filter((copy) => copy !== undefined).map(stopCopy));
  await Promise.all([standby?.remove(), primary?.remove()]);
});

/** A sample of a copy's `GET /metrics`: the replica's series of `name`, or undefined when it has none. */
async function replicaMetric(copy: Copy, name: string): Promise<number | undefined> {
  const response = await fetch(`${copyUrl(copy)}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{replica="127.0.0.1:`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const replicaUsable = (copy: Copy): Promise<number | undefined> =>
  replicaMetric(copy, 'malice_db_replica_usable');

/** A rated classic game of alice and bob, dealt and running; its id. */
async function runningGame(copy: Copy): Promise<string> {
  const app = appOf(copy);
  const game = await createGame(app, alice, { preset: 'CLASSIC', rated: true });
  await joinGame(app, bob, game.id);
  return game.id;
}

/** Alice's finished games, newest first: the history page (a replica-safe read). */
async function history(copy: Copy): Promise<string[]> {
  const body = await appOf(copy).gql<{ games: { edges: { node: { id: string } }[] } }>(
    null,
    'query($p: String!) { games(filter: { status: FINISHED, player: $p }, first: 50) { edges { node { id } } } }',
    { p: 'replica-alice' },
  );
  return dataOf(body).games.edges.map((edge) => edge.node.id);
}

/** Alice's classic rating on the leaderboard (a replica-safe read); undefined when she is not on it. */
async function boardRating(copy: Copy): Promise<number | undefined> {
  const body = await appOf(copy).gql<{
    leaderboard: { edges: { node: { rating: number; player: { username: string } } }[] };
  }>(
    null,
    '{ leaderboard(preset: CLASSIC, includeProvisional: true) { edges { node { rating player { username } } } } }',
  );
  return dataOf(body).leaderboard.edges.find((edge) => edge.node.player.username === 'replica-alice')?.node
    .rating;
}

/** Alice's classic rating as `player { ratings }` reads it: on the primary. */
async function primaryRating(copy: Copy): Promise<number | undefined> {
  const body = await appOf(copy).gql<{ player: { ratings: { preset: string; rating: number }[] } }>(
    null,
    '{ player(username: "replica-alice") { ratings { preset rating } } }',
  );
  return dataOf(body).player.ratings.find((rating) => rating.preset === 'CLASSIC')?.rating;
}

interface ExportDoc {
  readonly id: string;
  readonly status: string;
  readonly seed: string | null;
  readonly finishedAt: string | null;
  readonly version: number;
}

/** `GET /api/games/:id/export`, anonymously, as any client downloads it. */
async function exportOf(copy: Copy, gameId: string): Promise<ExportDoc> {
  const response = await fetch(`${copyUrl(copy)}/api/games/${gameId}/export`);
  expect(response.status).toBe(200);
  return (await response.json()) as ExportDoc;
}

/** The game's status on the standby itself (what a replica read sees). */
async function statusOnStandby(gameId: string): Promise<string | undefined> {
  const rows = await standby.query<{ status: string }>(
    'SELECT status FROM games WHERE id = $1',
    [gameId],
    DATABASE,
  );
  return rows[0]?.status;
}

it('answers history pages and the leaderboard from the replica, and from the primary once it lags past the bound', async () => {
  const first = await runningGame(tolerant);
  await resign(appOf(tolerant), bob, first);
  await until(
    'the replica has the first game finished',
    async () => (await history(tolerant)).includes(first),
    SOON_MS,
  );
  await until(
    'the board has the first game rated',
    async () => (await boardRating(tolerant)) !== undefined,
    SOON_MS,
  );
  const ratingAfterFirst = await boardRating(tolerant);
  const second = await runningGame(tolerant);

  await standby.pauseReplay();
  try {
    await resign(appOf(tolerant), bob, second);
    // The primary has it: a read there (the game by id, a player's own ratings) shows it over and rated.
    expect((await readGame(appOf(tolerant), alice, second)).status).toBe('FINISHED');
    const ratingAfterSecond = await primaryRating(tolerant);
    expect(ratingAfterSecond).toBeGreaterThan(ratingAfterFirst!);

    // The tolerant copy still reads the replica, which has not replayed the resignation.
    expect(await replicaUsable(tolerant)).toBe(1);
    expect(await history(tolerant)).toEqual([first]);
    expect(await boardRating(tolerant)).toBe(ratingAfterFirst);

    // The strict copy skips the replica once its lag is past a second, and reads the primary.
    await until(
      'the strict copy skips the lagging replica',
      async () => (await replicaUsable(strict)) === 0,
      SOON_MS,
    );
    expect(await replicaMetric(strict, 'malice_db_replica_lag_seconds')).toBeGreaterThan(1);
    expect(await history(strict)).toEqual([second, first]);
    expect(await boardRating(strict)).toBe(ratingAfterSecond);

    // Meanwhile the tolerant copy's answers are still the replica's.
    expect(await history(tolerant)).toEqual([first]);
  } finally {
    await standby.resumeReplay();
  }

  await until('the replica has caught up', async () => (await history(tolerant)).length === 2, SOON_MS);
  expect(await history(tolerant)).toEqual([second, first]);
  expect(await boardRating(tolerant)).toBe(await primaryRating(tolerant));
  await until(
    'the strict copy uses the replica again',
    async () => (await replicaUsable(strict)) === 1,
    SOON_MS,
  );
});

it('exports a game the replica still has running from the primary, and a game over on the replica from there', async () => {
  const over = await runningGame(tolerant);
  await resign(appOf(tolerant), alice, over);
  const running = await runningGame(tolerant);
  const ending = await runningGame(tolerant);
  await until(
    'the replica has the games',
    async () => (await statusOnStandby(over)) === 'FINISHED' && (await statusOnStandby(ending)) === 'ACTIVE',
    SOON_MS,
  );
  const overBefore = await exportOf(tolerant, over);

  await standby.pauseReplay();
  try {
    await resign(appOf(tolerant), bob, ending);
    expect(await statusOnStandby(ending)).toBe('ACTIVE');

    // The replica's row is not over, so the export is read on the primary: finished, its seed shown.
    const exported = await exportOf(tolerant, ending);
    expect(exported.status).toBe('FINISHED');
    expect(exported.seed).toMatch(/\S/);
    // The very document the primary gives (the strict copy reads the primary while the replica lags).
    await until(
      'the strict copy skips the lagging replica',
      async () => (await replicaUsable(strict)) === 0,
      SOON_MS,
    );
    expect(await exportOf(strict, ending)).toEqual(exported);
    // verifyGame goes the same way: the game is over, so it is checked.
    const verified = await appOf(tolerant).gql<{ verifyGame: { ok: boolean } }>(
      null,
      'query($g: ID!) { verifyGame(id: $g) { ok } }',
      { g: ending },
    );
    expect(dataOf(verified).verifyGame.ok).toBe(true);

    // A game still running shows no seed, wherever it is read.
    const stillRunning = await exportOf(tolerant, running);
    expect(stillRunning.status).toBe('ACTIVE');
    expect(stillRunning.seed).toBeNull();

    // A game over on the replica is read there: a mark made on the primary alone (its end time moved by hand,
    // which replay has not brought over) does not show in the tolerant copy's export, and shows in the strict one's.
    await primary.query(
      `UPDATE games SET finished_at = finished_at + interval '1 day' WHERE id = $1`,
      [over],
      DATABASE,
    );
    expect(await exportOf(tolerant, over)).toEqual(overBefore);
    expect((await exportOf(strict, over)).finishedAt).not.toBe(overBefore.finishedAt);
  } finally {
    await standby.resumeReplay();
  }
  await until(
    'the replica has the mark',
    async () => (await exportOf(tolerant, over)).finishedAt !== overBefore.finishedAt,
    SOON_MS,
  );
});

/** The position after `ply` events of a game (`Game.positionAfter`), or the error's code. */
async function positionAfter(copy: Copy, gameId: string, ply: number): Promise<string> {
  const body = await appOf(copy).gql<{ game: { positionAfter: string } }>(
    null,
    'query($g: ID!, $p: Int!) { game(id: $g) { positionAfter(ply: $p) } }',
    { g: gameId, p: ply },
  );
  return codeOf(body) ?? dataOf(body).game.positionAfter;
}

/** `gameId`'s line in alice's stream of finished games (`GET /api/players/:username/games.ndjson`). */
async function streamedExport(copy: Copy, gameId: string): Promise<{ events: { createdAt: string }[] }> {
  const response = await fetch(`${copyUrl(copy)}/api/players/replica-alice/games.ndjson?status=finished`);
  expect(response.status).toBe(200);
  const lines = (await response.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { id: string; events: { createdAt: string }[] });
  const found = lines.find((line) => line.id === gameId);
  expect(found).toBeDefined();
  return found!;
}

it('positions, a player’s games stream and check:projections read the replica; a game it has not seen end, the primary', async () => {
  const carol = await register(appOf(tolerant), 'replica-carol');
  const dave = await register(appOf(tolerant), 'replica-dave');
  const streamed = await runningGame(tolerant);
  await resign(appOf(tolerant), alice, streamed);
  const positioned = await createGame(appOf(tolerant), carol, { preset: 'CLASSIC' });
  await joinGame(appOf(tolerant), dave, positioned.id);
  await resign(appOf(tolerant), carol, positioned.id);
  const late = await runningGame(tolerant);
  await until(
    'the replica has the games',
    async () =>
      (await statusOnStandby(streamed)) === 'FINISHED' &&
      (await statusOnStandby(positioned.id)) === 'FINISHED' &&
      (await statusOnStandby(late)) === 'ACTIVE',
    SOON_MS,
  );
  const position = await positionAfter(tolerant, positioned.id, 1);
  expect(position).toMatch(/\S/);
  const streamedBefore = await streamedExport(tolerant, streamed);
  const [original] = await primary.query<{ payload: unknown }>(
    'SELECT payload FROM game_events WHERE game_id = $1 AND seq = 1',
    [positioned.id],
    DATABASE,
  );
  // On the primary alone, bypassing the log's immutability triggers (a replication-role session fires none).
  const onPrimaryAlone = (statement: string): Promise<unknown> =>
    primary.query(`SET session_replication_role = replica; ${statement}`, [], DATABASE);

  await standby.pauseReplay();
  try {
    await resign(appOf(tolerant), bob, late);
    // A game the replica still has running: its position is the primary's, where it is over.
    expect(await statusOnStandby(late)).toBe('ACTIVE');
    const latePosition = await positionAfter(tolerant, late, 1);
    expect(latePosition).toMatch(/\S/);

    // Marks the replica has not replayed: the streamed game's first event a day later, the positioned game's first
    // event unreadable.
    await onPrimaryAlone(
      `UPDATE game_events SET created_at = created_at + interval '1 day' WHERE game_id = '${streamed}' AND seq = 1`,
    );
    await onPrimaryAlone(
      `UPDATE game_events SET payload = '{}' WHERE game_id = '${positioned.id}' AND seq = 1`,
    );
    expect(await positionAfter(tolerant, positioned.id, 1)).toBe(position);
    expect(await streamedExport(tolerant, streamed)).toEqual(streamedBefore);

    await until(
      'the strict copy skips the lagging replica',
      async () => (await replicaUsable(strict)) === 0,
      SOON_MS,
    );
    expect(await positionAfter(strict, late, 1)).toBe(latePosition);
    expect(await positionAfter(strict, positioned.id, 1)).toBe('INTERNAL');
    expect((await streamedExport(strict, streamed)).events[0]!.createdAt).not.toBe(
      streamedBefore.events[0]!.createdAt,
    );

    // check:projections on the standby finds every game it has in order; on the primary, the unreadable event.
    const onStandby: string[] = [];
    expect(
      await checkProjections(
        primary.urlFor(DATABASE),
        false,
        (line) => onStandby.push(line),
        standby.urlFor(DATABASE),
      ),
    ).toEqual([]);
    expect(onStandby).toEqual([
      expect.stringMatching(/^checked \d+ games: every projection matches its log$/),
    ]);
    const onPrimary = await checkProjections(primary.urlFor(DATABASE), false, () => undefined);
    expect(onPrimary.map((difference) => difference.gameId)).toEqual([positioned.id]);
  } finally {
    await standby.resumeReplay();
    await onPrimaryAlone(
      `UPDATE game_events SET payload = '${JSON.stringify(original!.payload).replace(/'/g, "''")}'::jsonb
        WHERE game_id = '${positioned.id}' AND seq = 1`,
    );
  }
  await until(
    'the replica has the primary’s log again',
    async () =>
      (await streamedExport(tolerant, streamed)).events[0]!.createdAt !== streamedBefore.events[0]!.createdAt,
    SOON_MS,
  );
  expect(await checkProjections(primary.urlFor(DATABASE), false, () => undefined)).toEqual([]);
});

it('skips a replica that is stopped: the answers come from the primary, which stays up and ready', async () => {
  await standby.stop();
  const game = await runningGame(tolerant);
  await resign(appOf(tolerant), bob, game);
  // Every read after the stop is answered: the replica's connections fail (it is skipped), and a read that still
  // reaches it is run again on the primary.
  expect((await history(tolerant))[0]).toBe(game);
  expect(await boardRating(tolerant)).toBe(await primaryRating(tolerant));
  expect((await exportOf(tolerant, game)).seed).toMatch(/\S/);
  await until(
    'the copy skips the stopped replica',
    async () => (await replicaUsable(tolerant)) === 0,
    SOON_MS,
  );
  expect(await replicaMetric(tolerant, 'malice_db_replica_lag_seconds')).toBeUndefined();
  // A replica's failure is not the database's: the copy stays ready.
  expect((await fetch(`${copyUrl(tolerant)}/health/ready`)).status).toBe(200);
  expect(tolerant.output).toMatch(/replica 127\.0\.0\.1:\d+\/malice_replicas is skipped/);
  expect(tolerant.output).not.toMatch(/the database is unavailable/);
});
