/**
 * Archived move logs (docs/architecture.md, "Archived move logs"; src/archive/): against a real Postgres, on games
 * played through the API. Finished games — a classic game with UUID clientMoveIds as the web client sends, a zloba
 * game with other ids, a game resigned early, one timed out by the sweeper (an event with no actor) and one called
 * off by an operator (ABORTED, with moves and no result) — are read
 * every public way before and after the archiver moves their logs into archives: the game with its whole move
 * history, positions, verifyGame, the exports, a retry of the finishing move and a reused id, and
 * check:projections. Every answer is the same, byte for byte, the rows are gone and one archive and one audit row
 * per game are written. The archiver waits ARCHIVE_AFTER_MINUTES, leaves running games alone and archives each
 * game once even when two calls race. Games over before their first move (an empty log) are settled instead: no
 * archive, and no later pass looks at them. The guard still refuses every other way an event could leave the log,
 * and archive_game refuses an archive that does not match the rows (and then changes nothing).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ArchiveWorker } from '../../../src/archive/archive-worker';
import { planArchive } from '../../../src/archive/archive-plan';
import {
  ARCHIVES_MIGRATION,
  ArchiveRepository,
  type ReplayedEnd,
} from '../../../src/archive/archive.repository';
import type { ArchivedEvent } from '../../../src/games/persistence/archive-format';
import { checkProjections } from '../../../src/cli/check-projections';
import { DeadlineSweeper } from '../../../src/correspondence/sweeper';
import { ModerationService } from '../../../src/moderation/moderation.service';
import { dataOf, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import {
  createGame,
  findSeed,
  joinGame,
  makeMove,
  playGame,
  readGame,
  resign,
} from '../../support/service/play';

const METRICS_TOKEN = 'archive-metrics-token-0123456789';
const ENV = {
  CLOCK: 'manual',
  SWEEP_INTERVAL_MS: '0',
  WEBHOOK_INTERVAL_MS: '0',
  // No pass runs by itself: the test asks for each.
  ARCHIVE_INTERVAL_MS: '0',
  ARCHIVE_AFTER_MINUTES: '60',
  METRICS_TOKEN,
};
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

let app: InProcessApp;
let tokens: string[];
/** The finished games, with the clientMoveId and move of each one's last move. */
const finished: {
  id: string;
  lastMove?: { move: string; version: number; clientMoveId: string; seat: number };
}[] = [];
let running: string;
/** Games over before their first move: one called off while it waited for a player, one after its deal. */
const empty: string[] = [];

beforeAll(async () => {
  app = await startAppInProcess({ env: ENV });
  tokens = [await register(app, 'archive-ann'), await register(app, 'archive-bob')];
}, 60_000);
afterAll(async () => {
  await app.close();
});

const POSITIONS = 'query($g: ID!, $p: Int!) { game(id: $g) { positionAfter(ply: $p) } }';
const VERIFY =
  'query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment clientSeedsMatch replayMatches resultMatches message } }';

async function text(path: string): Promise<string> {
  const response = await fetch(`${app.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** Everything public about a finished game, as the API answers it. */
async function observe(gameId: string): Promise<unknown> {
  const game = await readGame(app, null, gameId, true);
  const plies = [0, 1, Math.floor(game.version / 2), game.version];
  const positions = [];
  for (const ply of plies) positions.push(await app.gql(null, POSITIONS, { g: gameId, p: ply }));
  const retry = finished.find((entry) => entry.id === gameId)?.lastMove;
  const retries =
    retry === undefined
      ? null
      : [
          // The finishing move sent again: replayed, with the move first recorded.
          await makeMove(app, tokens[retry.seat]!, gameId, retry.move, retry.version, retry.clientMoveId),
          // The same id with another move: a client bug, refused the same way.
          await makeMove(app, tokens[retry.seat]!, gameId, 'pass', retry.version, retry.clientMoveId),
        ];
  return {
    game,
    positions,
    verify: await app.gql(null, VERIFY, { g: gameId }),
    exportJson: await text(`/api/games/${gameId}/export`),
    exportNdjson: await text(`/api/games/${gameId}/export?format=ndjson`),
    retries,
  };
}

async function stored(gameId: string): Promise<{ events: number; archives: number; audits: number }> {
  const [row] = await sql<{ events: number; archives: number; audits: number }>(
    app.databaseUrl,
    `SELECT (SELECT count(*) FROM game_events WHERE game_id = $1)::int AS events,
            (SELECT count(*) FROM game_archives WHERE game_id = $1)::int AS archives,
            (SELECT count(*) FROM game_archive_audit WHERE game_id = $1)::int AS audits`,
    [gameId],
  );
  return row!;
}

/** Plays a game between the two accounts to its end; remembers its last move. */
async function playToEnd(
  preset: 'CLASSIC' | 'ZLOBA',
  seed: string,
  clientMoveIdOf?: (gameId: string, version: number) => string,
): Promise<string> {
  const game = await createGame(app, tokens[0]!, { preset, seed });
  await joinGame(app, tokens[1]!, game.id);
  const ids = new Map<number, string>();
  const over = await playGame(app, tokens, game.id, {
    clientMoveIdOf: (gameId, version) => {
      const id = clientMoveIdOf?.(gameId, version) ?? `${gameId}:${version}`;
      ids.set(version, id);
      return id;
    },
  });
  expect(over.status).toBe('FINISHED');
  const history = await readGame(app, null, game.id, true);
  const final = history.moves!.at(-1)!;
  const clientMoveId = ids.get(final.seq - 1)!;
  finished.push({
    id: game.id,
    lastMove: { move: final.move ?? 'pass', version: final.seq - 1, clientMoveId, seat: final.seat },
  });
  return game.id;
}

describe('archived move logs', () => {
  let before: Map<string, unknown>;

  it('plays finished games of every kind, and one that goes on', async () => {
    // The timed-out game first: its clock moves the test's time on by days.
    // Timed out by the sweeper: an event with no actor.
    const clocked = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        tokens[0]!,
        'mutation { createGame(input: { preset: MODERN, daysPerMove: 1 }) { id } }',
      ),
    ).createGame;
    await joinGame(app, tokens[1]!, clocked.id);
    // A timeout needs a mover who has moved: in an unrated game a player who never moved has the game called off
    // instead (docs/correspondence.md, "A player who never moved"). The deal is random, and one turn may hold
    // every move so far, so play on until the turn is at a seat that moved.
    let played = await playGame(app, tokens, clocked.id, { maxVersion: 4 });
    const movedSeats = async (): Promise<Set<number>> =>
      new Set((await readGame(app, null, clocked.id, true)).moves!.map((move) => move.seat));
    while (played.status === 'ACTIVE' && !(await movedSeats()).has(played.currentSeat!))
      played = await playGame(app, tokens, clocked.id, { maxVersion: played.version + 1 });
    app.clock().advance(2 * DAY_MS);
    expect((await app.get(DeadlineSweeper).sweep()).timedOut).toBe(1);
    expect((await readGame(app, null, clocked.id)).status).toBe('FINISHED');
    finished.push({ id: clocked.id });
    await playToEnd('CLASSIC', findSeed('classic', 2, 'archive-classic', 40, 140), () => randomUUID());
    await playToEnd('ZLOBA', findSeed('zloba', 2, 'archive-zloba', 40, 140));
    // Resigned early: a resign event, by its player.
    const resigned = await createGame(app, tokens[0]!, { preset: 'CLASSIC' });
    await joinGame(app, tokens[1]!, resigned.id);
    await playGame(app, tokens, resigned.id, { maxVersion: 5 });
    expect((await resign(app, tokens[0]!, resigned.id)).status).toBe('FINISHED');
    finished.push({ id: resigned.id });
    // Called off by an operator after a few moves: ABORTED, with a log and no result.
    const called = await createGame(app, tokens[0]!, { preset: 'ZLOBA' });
    await joinGame(app, tokens[1]!, called.id);
    await playGame(app, tokens, called.id, { maxVersion: 7 });
    expect(
      (await app.get(ModerationService).abortGame({ via: 'CLI' }, called.id, 'archive test')).status,
    ).toBe('ABORTED');
    finished.push({ id: called.id });
    // Still running: the archiver leaves it alone.
    const game = await createGame(app, tokens[0]!, { preset: 'CLASSIC' });
    await joinGame(app, tokens[1]!, game.id);
    await playGame(app, tokens, game.id, { maxVersion: 6 });
    running = game.id;
    // Over before their first move: called off while waiting for a player, and once dealt (unrated).
    const waiting = await createGame(app, tokens[0]!, { preset: 'CLASSIC' });
    const dealt = await createGame(app, tokens[0]!, { preset: 'CLASSIC' });
    await joinGame(app, tokens[1]!, dealt.id);
    for (const id of [waiting.id, dealt.id]) {
      const aborted = await app.gql<{ abortGame: { status: string } }>(
        tokens[0]!,
        'mutation($g: ID!) { abortGame(gameId: $g) { status } }',
        { g: id },
      );
      expect(dataOf(aborted).abortGame.status).toBe('ABORTED');
      empty.push(id);
    }

    before = new Map();
    for (const { id } of finished) before.set(id, await observe(id));
    for (const id of empty) before.set(id, await readGame(app, null, id, true));
    before.set('ndjson', await text('/api/players/archive-ann/games.ndjson'));
  }, 120_000);

  it('waits ARCHIVE_AFTER_MINUTES after a game is over', async () => {
    const worker = app.get(ArchiveWorker);
    const soon = new Date(app.clock().now().getTime() + 30 * MINUTE_MS);
    expect(await worker.pass(soon)).toEqual({ archived: 0, settled: 0, refused: 0 });
    for (const { id } of finished) expect((await stored(id)).archives).toBe(0);
  });

  it('archives nothing until ARCHIVE_AFTER_MINUTES after the upgrade that brought archives', async () => {
    // As if the archives migration had just been applied (a rolling upgrade under way): copies of the version
    // before it, which read no archive, may still be serving these games.
    const [applied] = await sql<{ applied_at: Date }>(
      app.databaseUrl,
      'SELECT applied_at FROM _migrations WHERE name = $1',
      [ARCHIVES_MIGRATION],
    );
    const later = new Date(app.clock().now().getTime() + 61 * MINUTE_MS);
    await sql(app.databaseUrl, 'UPDATE _migrations SET applied_at = $2 WHERE name = $1', [
      ARCHIVES_MIGRATION,
      new Date(later.getTime() - 30 * MINUTE_MS),
    ]);
    try {
      expect(await app.get(ArchiveWorker).pass(later)).toEqual({ archived: 0, settled: 0, refused: 0 });
    } finally {
      await sql(app.databaseUrl, 'UPDATE _migrations SET applied_at = $2 WHERE name = $1', [
        ARCHIVES_MIGRATION,
        applied!.applied_at,
      ]);
    }
  });

  it('moves each finished log into one archive row with its audit row; the running game keeps its rows', async () => {
    app.clock().advance(61 * MINUTE_MS);
    const runningBefore = await stored(running);
    expect(await app.get(ArchiveWorker).pass()).toEqual({
      archived: finished.length,
      settled: empty.length,
      refused: 0,
    });
    for (const { id } of finished) expect(await stored(id)).toEqual({ events: 0, archives: 1, audits: 1 });
    // Settled: marked, with nothing written anywhere else.
    for (const id of empty) expect(await stored(id)).toEqual({ events: 0, archives: 0, audits: 0 });
    const marks = await sql<{ settled: boolean }>(
      app.databaseUrl,
      'SELECT archived_at IS NOT NULL AS settled FROM games WHERE id = ANY($1::uuid[])',
      [empty],
    );
    expect(marks).toEqual(empty.map(() => ({ settled: true })));
    expect(await stored(running)).toEqual(runningBefore);
    const audits = await sql<{
      rows_bytes: string;
      archive_bytes: number;
      event_count: number;
      by_role: string;
    }>(
      app.databaseUrl,
      'SELECT rows_bytes, archive_bytes, event_count, by_role FROM game_archive_audit ORDER BY id',
    );
    for (const audit of audits) {
      expect(audit.event_count).toBeGreaterThan(0);
      // What it saved: the rows' own bytes (before their indexes) against the archive's.
      expect(Number(audit.rows_bytes)).toBeGreaterThan(
        audit.archive_bytes * (audit.event_count >= 40 ? 8 : 1),
      );
      expect(audit.by_role).toBe('postgres');
    }
    // A second pass finds nothing left to do: not even the settled games are looked at again.
    expect(await app.get(ArchiveWorker).pass()).toEqual({ archived: 0, settled: 0, refused: 0 });
    const metrics = await (
      await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toContain(`malice_games_archived_total{outcome="archived"} ${finished.length}`);
    expect(metrics).toContain(`malice_games_archived_total{outcome="settled"} ${empty.length}`);
  });

  it('answers every read of an archived game exactly as before', async () => {
    for (const { id } of finished) expect(await observe(id)).toEqual(before.get(id));
    for (const id of empty) expect(await readGame(app, null, id, true)).toEqual(before.get(id));
    expect(await text('/api/players/archive-ann/games.ndjson')).toBe(before.get('ndjson'));
    expect(await checkProjections(app.databaseUrl, false, () => undefined)).toEqual([]);
  });

  it('keeps the guard for everything else, and archive_game checks what it is given', async () => {
    const client = new Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      const refused = async (statement: string, values: unknown[] = []): Promise<string> => {
        await client.query('BEGIN');
        try {
          await client.query(statement, values);
          return 'accepted';
        } catch (error) {
          return (error as Error).message;
        } finally {
          await client.query('ROLLBACK');
        }
      };
      expect(await refused('DELETE FROM game_events WHERE game_id = $1', [running])).toMatch(/append-only/);
      // The setting archive_game uses is not enough without an archive of that game.
      expect(
        await refused(
          `WITH s AS (SELECT set_config('malice.archiving', $1, true))
           DELETE FROM game_events WHERE game_id = $1::uuid AND EXISTS (SELECT 1 FROM s)`,
          [running],
        ),
      ).toMatch(/append-only/);
      expect(await refused('UPDATE game_events SET payload = payload WHERE game_id = $1', [running])).toMatch(
        /append-only/,
      );
      const archived = finished[0]!.id;
      expect(await refused('DELETE FROM game_archives WHERE game_id = $1', [archived])).toMatch(
        /append-only/,
      );
      expect(
        await refused('UPDATE game_archives SET log = $2 WHERE game_id = $1', [archived, Buffer.from('x')]),
      ).toMatch(/append-only/);
      expect(await refused('DELETE FROM game_archive_audit')).toMatch(/append-only/);
      expect(
        await refused(
          `SELECT archive_game($1, 1::smallint, '\\x00'::bytea, '[]'::jsonb, '{}'::jsonb, now())`,
          [running],
        ),
      ).toMatch(/is ACTIVE, not over/);
      // Settling is for an empty log of a game that is over, only.
      expect(await refused('SELECT settle_empty_log($1, now())', [running])).toMatch(/is ACTIVE, not over/);
      const withLog = await createGame(app, tokens[0]!, { preset: 'CLASSIC' });
      await joinGame(app, tokens[1]!, withLog.id);
      await playGame(app, tokens, withLog.id, { maxVersion: 2 });
      const over = await resign(app, tokens[0]!, withLog.id);
      expect(await refused('SELECT settle_empty_log($1, now())', [withLog.id])).toMatch(/has a log/);
      expect(await stored(withLog.id)).toEqual({ events: over.version, archives: 0, audits: 0 });
    } finally {
      await client.end();
    }
    expect((await stored(running)).events).toBeGreaterThan(0);
  });

  it('refuses an archive that differs from the rows, or a replay that ends elsewhere, and changes nothing', async () => {
    const game = await createGame(app, tokens[0]!, { preset: 'ZLOBA' });
    await joinGame(app, tokens[1]!, game.id);
    await playGame(app, tokens, game.id, { maxVersion: 8 });
    await resign(app, tokens[1]!, game.id);
    const repository = app.get(ArchiveRepository);
    const plan = planArchive(...(await storedGame(repository, game.id)));
    if (plan.kind !== 'archive') throw new Error(`not archivable: ${plan.reason}`);
    const at = app.clock().now();
    const [first, ...rest] = plan.decoded;
    const tampered: { name: string; rows: readonly ArchivedEvent[]; end: ReplayedEnd }[] = [
      { name: 'an event missing', rows: rest, end: plan.end },
      {
        name: 'a time off by 1 ms',
        rows: [{ ...first!, createdAt: new Date(first!.createdAt.getTime() + 1) }, ...rest],
        end: plan.end,
      },
      { name: 'another actor', rows: [{ ...first!, actorId: null }, ...rest], end: plan.end },
      {
        name: 'another clientMoveId',
        rows: [{ ...first!, clientMoveId: 'not-the-one' }, ...rest],
        end: plan.end,
      },
      { name: 'another result', rows: plan.decoded, end: { ...plan.end, result: null } },
      { name: 'another status', rows: plan.decoded, end: { ...plan.end, status: 'ABORTED' } },
    ];
    for (const { name, rows, end } of tampered) {
      await expect(repository.archive(game.id, plan.archive, rows, end, at)).rejects.toThrow(/archive_game/);
      expect({ name, ...(await stored(game.id)) }).toEqual({
        name,
        events: plan.decoded.length,
        archives: 0,
        audits: 0,
      });
    }
    // A game whose row disagrees with its log is left as rows for an operator (check:projections --repair).
    const [row] = await sql<{ result: unknown }>(app.databaseUrl, 'SELECT result FROM games WHERE id = $1', [
      game.id,
    ]);
    await sql(app.databaseUrl, `UPDATE games SET result = jsonb_set(result, '{score}', '99') WHERE id = $1`, [
      game.id,
    ]);
    const refusal = await app.get(ArchiveWorker).archiveGame(game.id, at);
    expect(refusal).toEqual({ kind: 'refused', reason: expect.stringContaining('result') as string });
    expect(await stored(game.id)).toEqual({ events: plan.decoded.length, archives: 0, audits: 0 });
    await sql(app.databaseUrl, 'UPDATE games SET result = $2 WHERE id = $1', [
      game.id,
      JSON.stringify(row!.result),
    ]);
    const metrics = await (
      await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toContain('malice_games_archived_total{outcome="refused"} 1');
    // Two copies archiving the same game at once: one archives it, the other finds it done.
    const worker = app.get(ArchiveWorker);
    const outcomes = await Promise.all([worker.archiveGame(game.id, at), worker.archiveGame(game.id, at)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['archived', 'skipped']);
    expect(await stored(game.id)).toEqual({ events: 0, archives: 1, audits: 1 });
  });
});

async function storedGame(
  repository: ArchiveRepository,
  gameId: string,
): Promise<Parameters<typeof planArchive>> {
  const game = await repository.stored(gameId);
  if (game === null) throw new Error(`no game ${gameId}`);
  return [game.row, game.seats, game.events];
}
