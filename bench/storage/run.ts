/**
 * One storage bench run: per preset, a fresh database with the compiled server on it (its webhook worker allowed
 * to reach the bench's receiver on 127.0.0.1), accounts with webhooks, then games played through the API, and a
 * size snapshot after each phase: the accounts alone, every game just dealt, every game `midMoves` moves in
 * (running), every game over with its webhook deliveries sent, and every game's log moved into its archive (the
 * app's own archiver, src/archive/archiver.ts, run here on each game). The differences, per game, are the figures; the
 * run also checks what it measured (every game finished, its log as long as its version, every delivery sent
 * once). Everything started here is stopped and each database dropped, even on failure.
 */
import * as http from 'node:http';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { describeEnvironment, Environment, nowMs } from '../stats';
import { GraphQLHttpClient } from '../api/graphql-http';
import { RunningServer, codeRevision, startServer } from '../api/server';
import { ClientMoveIdStyle, GameInPlay, Preset, eachLimited, play, registerPair, startGame } from './play';
import { Snapshot, difference, per, snapshot } from './sizes';
import { ArchiveRepository } from '../../src/archive/archive.repository';
import { Archiver } from '../../src/archive/archiver';

export interface StorageBenchSettings {
  readonly presets: readonly Preset[];
  /** Games per preset. */
  readonly games: number;
  /**
   * Games played to their end before the first snapshot: each table's first pages and its free-space and
   * visibility maps are then in the baseline, not charged to the measured games.
   */
  readonly warmupGames: number;
  /** Games played at once. */
  readonly concurrency: number;
  /** The running snapshot is taken with every game this many moves in (or over). */
  readonly midMoves: number;
  /** A game still running after this many moves is resigned. */
  readonly maxMoves: number;
  /** Register a webhook for every player (their deliveries and attempts are part of the figures). */
  readonly webhooks: boolean;
  /** The clientMoveId every move carries: counted (as the web client sends), uuid, or none. */
  readonly clientMoveIds: ClientMoveIdStyle;
  /** The whole run gives up after this long. */
  readonly timeoutSeconds: number;
}

export interface PresetReport {
  readonly preset: Preset;
  readonly games: number;
  readonly movesPerGame: number;
  readonly eventsPerGame: number;
  readonly resigned: number;
  /** Per game, just dealt (no move yet). */
  readonly dealt: Snapshot;
  /** Per game, each `midMoves` moves in (or over, see `runningActive`). */
  readonly running: Snapshot;
  readonly runningActive: number;
  readonly runningEventsPerGame: number;
  /** Per finished game, its webhook deliveries sent. */
  readonly finished: Snapshot;
  /** The whole difference for the finished games, not divided. */
  readonly finishedTotal: Snapshot;
  /**
   * Per finished game once its log moved into its archive (docs/architecture.md, "Archived move logs"), every table
   * compacted (VACUUM FULL) here and in the baseline: the space a history of many such games takes, the free space
   * their play left (dead row versions, deleted events) filled by later games.
   */
  readonly archived: Snapshot;
  /** The archives' own bytes (game_archives.log), per game. */
  readonly archiveBytesPerGame: number;
  readonly webhookRequests: number;
  readonly check: { readonly ok: boolean; readonly problems: readonly string[] };
}

export interface StorageBenchReport {
  readonly environment: Environment;
  readonly code: string;
  readonly postgres: string;
  readonly settings: StorageBenchSettings;
  readonly presets: readonly PresetReport[];
  readonly elapsedMs: number;
}

type Progress = (line: string) => void;

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A webhook receiver on 127.0.0.1 that answers every POST 204 and counts them. */
async function startReceiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      count++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    count: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What the bench checks in the database once every game is over: the figures are of what it meant to store. */
export interface StoredCounts {
  readonly games: number;
  readonly finished: number;
  readonly versions: number;
  readonly events: number;
  readonly playerEvents: number;
  readonly deliveries: number;
  readonly pending: number;
  readonly failed: number;
  readonly attempts: number;
}

const COUNTS = `
  SELECT (SELECT count(*) FROM games)::int AS games,
         (SELECT count(*) FROM games WHERE status = 'FINISHED')::int AS finished,
         (SELECT coalesce(sum(version), 0) FROM games)::int AS versions,
         (SELECT count(*) FROM game_events)::int AS events,
         (SELECT count(*) FROM player_events)::int AS player_events,
         (SELECT count(*) FROM webhook_deliveries)::int AS deliveries,
         (SELECT count(*) FROM webhook_deliveries WHERE status = 'PENDING')::int AS pending,
         (SELECT count(*) FROM webhook_deliveries WHERE status = 'FAILED')::int AS failed,
         (SELECT count(*) FROM webhook_delivery_attempts)::int AS attempts`;

async function storedCounts(client: Client): Promise<StoredCounts> {
  const { rows } = await client.query<Record<string, number>>(COUNTS);
  const row = rows[0] ?? {};
  return {
    games: row.games ?? 0,
    finished: row.finished ?? 0,
    versions: row.versions ?? 0,
    events: row.events ?? 0,
    playerEvents: row.player_events ?? 0,
    deliveries: row.deliveries ?? 0,
    pending: row.pending ?? 0,
    failed: row.failed ?? 0,
    attempts: row.attempts ?? 0,
  };
}

/**
 * What is wrong with the stored counts for `games` played games whose moves reported `eventsReported` events
 * (empty: nothing). With webhooks, every player event is delivered to its player's one webhook in one attempt.
 */
export function checkStored(
  counts: StoredCounts,
  games: number,
  eventsReported: number,
  webhooks: boolean,
  receiverRequests: number,
): string[] {
  const problems: string[] = [];
  if (counts.games !== games) problems.push(`${counts.games} games stored, ${games} played`);
  if (counts.finished !== games) problems.push(`${counts.finished} of ${games} games finished`);
  if (counts.events !== counts.versions) {
    problems.push(`${counts.events} events stored, the versions add up to ${counts.versions}`);
  }
  if (counts.versions !== eventsReported) {
    problems.push(`versions add up to ${counts.versions}, the moves reported ${eventsReported}`);
  }
  if (counts.playerEvents < 2 * games) {
    problems.push(
      `${counts.playerEvents} player events for ${games} games (at least start and end per seat)`,
    );
  }
  if (webhooks) {
    if (counts.deliveries !== counts.playerEvents) {
      problems.push(`${counts.deliveries} deliveries for ${counts.playerEvents} player events`);
    }
    if (counts.pending !== 0 || counts.failed !== 0) {
      problems.push(`${counts.pending} deliveries pending, ${counts.failed} failed`);
    }
    if (counts.attempts !== counts.deliveries) {
      problems.push(`${counts.attempts} attempts for ${counts.deliveries} deliveries`);
    }
    if (receiverRequests < counts.deliveries) {
      problems.push(`the receiver got ${receiverRequests} requests for ${counts.deliveries} deliveries`);
    }
  } else if (counts.deliveries !== 0) {
    problems.push(`${counts.deliveries} deliveries without webhooks`);
  }
  return problems;
}

async function until(condition: () => Promise<boolean>, deadline: number, what: string): Promise<void> {
  while (!(await condition())) {
    if (nowMs() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function runPreset(
  settings: StorageBenchSettings,
  adminUrl: string,
  preset: Preset,
  deadline: number,
  progress: Progress,
): Promise<PresetReport> {
  const tag = randomBytes(3).toString('hex');
  const name = `malice_storage_${tag}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(adminUrl, name);
  const receiver = await startReceiver();
  let server: RunningServer | null = null;
  let graphql: GraphQLHttpClient | null = null;
  const client = new Client({ connectionString: url });
  try {
    progress(`${preset}: starting the server on database ${name}`);
    server = await startServer({
      databaseUrl: url,
      cpuProfileDir: null,
      env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' },
    });
    graphql = new GraphQLHttpClient(server.graphqlUrl, settings.concurrency * 2);
    const api = graphql;
    await client.connect();
    const timed =
      (work: (game: GameInPlay) => Promise<void>) =>
      async (game: GameInPlay): Promise<void> => {
        if (nowMs() > deadline) throw new Error(`the run took longer than ${settings.timeoutSeconds} s`);
        await work(game);
      };

    progress(`${preset}: registering ${(settings.games + settings.warmupGames) * 2} players`);
    const pairs = [];
    for (let index = 0; index < settings.games + settings.warmupGames; index++) {
      pairs.push(await registerPair(api, `st${tag}${index}`, settings.webhooks ? receiver.url : null));
    }
    const warmup: GameInPlay[] = [];
    for (let index = 0; index < settings.warmupGames; index++) {
      const seed = `storage-bench-warmup-${preset.toLowerCase()}-${index}`;
      warmup.push(await startGame(api, pairs[settings.games + index]!, preset, seed));
    }
    await eachLimited(
      warmup,
      settings.concurrency,
      timed((game) => play(api, game, Number.POSITIVE_INFINITY, settings.maxMoves, settings.clientMoveIds)),
    );
    const drained = async (): Promise<void> => {
      if (!settings.webhooks) return;
      progress(`${preset}: waiting for the webhook deliveries`);
      await until(async () => (await storedCounts(client)).pending === 0, deadline, 'the webhook deliveries');
    };
    await drained();
    // Compacted (VACUUM FULL) here and once archived: that pair is the space an archived game's record takes in a
    // history of many, with the free space its play left filled by later games.
    const accounts = await snapshot(client, 'full');

    progress(`${preset}: dealing ${settings.games} games`);
    const games: GameInPlay[] = [];
    for (let index = 0; index < settings.games; index++) {
      games.push(
        await startGame(api, pairs[index]!, preset, `storage-bench-${preset.toLowerCase()}-${index}`),
      );
    }
    const dealt = await snapshot(client);

    progress(`${preset}: playing every game to move ${settings.midMoves}`);
    await eachLimited(
      games,
      settings.concurrency,
      timed((game) => play(api, game, settings.midMoves, settings.maxMoves, settings.clientMoveIds)),
    );
    const runningActive = games.filter((game) => game.status === 'ACTIVE').length;
    const runningEvents = games.reduce((sum, game) => sum + game.version, 0);
    const running = await snapshot(client);

    progress(`${preset}: playing every game to its end`);
    await eachLimited(
      games,
      settings.concurrency,
      timed((game) => play(api, game, Number.POSITIVE_INFINITY, settings.maxMoves, settings.clientMoveIds)),
    );
    await drained();
    const finishedAt = await snapshot(client);
    const events = games.reduce((sum, game) => sum + game.version, 0);
    const moves = games.reduce((sum, game) => sum + game.moves, 0);
    const everyGame = [...warmup, ...games];
    const problems = checkStored(
      await storedCounts(client),
      everyGame.length,
      everyGame.reduce((sum, game) => sum + game.version, 0),
      settings.webhooks,
      receiver.count(),
    );
    progress(`${preset}: archiving every game's log`);
    const archiver = new Archiver(new ArchiveRepository(client));
    for (const game of games) {
      const outcome = await archiver.archiveGame(game.id, new Date());
      if (outcome.kind !== 'archived')
        problems.push(`game ${game.id} not archived: ${JSON.stringify(outcome)}`);
    }
    const archivedAt = await snapshot(client, 'full');
    const archiveBytes = await client.query<{ bytes: string }>(
      'SELECT coalesce(sum(octet_length(log)), 0)::bigint AS bytes FROM game_archives WHERE game_id = ANY($1::uuid[])',
      [games.map((game) => game.id)],
    );
    const finishedTotal = difference(accounts, finishedAt);
    return {
      preset,
      games: games.length,
      movesPerGame: moves / games.length,
      eventsPerGame: events / games.length,
      resigned: everyGame.filter((game) => game.resigned).length,
      dealt: per(difference(accounts, dealt), games.length),
      running: per(difference(accounts, running), games.length),
      runningActive,
      runningEventsPerGame: runningEvents / games.length,
      finished: per(finishedTotal, games.length),
      finishedTotal,
      archived: per(difference(accounts, archivedAt), games.length),
      archiveBytesPerGame: Number(archiveBytes.rows[0]?.bytes ?? 0) / games.length,
      webhookRequests: receiver.count(),
      check: { ok: problems.length === 0, problems },
    };
  } finally {
    await client.end().catch(() => undefined);
    graphql?.close();
    await server?.stop();
    await receiver.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

export async function runStorageBench(
  settings: StorageBenchSettings,
  adminUrl: string,
  postgres: string,
  progress: Progress = () => undefined,
): Promise<StorageBenchReport> {
  const environment = describeEnvironment();
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  const version = await admin
    .query<{ server_version: string }>('SHOW server_version')
    .finally(() => admin.end());
  const start = nowMs();
  const deadline = start + settings.timeoutSeconds * 1000;
  const presets: PresetReport[] = [];
  for (const preset of settings.presets) {
    presets.push(await runPreset(settings, adminUrl, preset, deadline, progress));
  }
  return {
    environment,
    code: codeRevision(),
    postgres: `${postgres}, Postgres ${version.rows[0]?.server_version ?? 'unknown'}`,
    settings,
    presets,
    elapsedMs: nowMs() - start,
  };
}
