/**
 * One benchmark run on a given Postgres: a fresh database, the compiled server on it, N bot clients over
 * GraphQL and N floor clients over raw pg, a warm-up for each, then measured rounds that alternate the two
 * sides, and the report. Everything started here is stopped and the database dropped, even on failure.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { databaseUrl, withClient } from './postgres';
import { describeEnvironment, nowMs } from '../stats';
import { BotClient } from './bot';
import { ApiBenchSettings } from './cli';
import { CpuTotals, accumulate, cpuSnapshot, emptyTotals, postmasterOf, shareOf } from './cpu';
import { FloorClient } from './floor';
import { GraphQLHttpClient, GraphQLTransport } from './graphql-http';
import { GraphQLSocketClient } from './graphql-ws';
import { newestProfile, readProfile, summarizeProfile, TimeWindow } from './profile';
import { ApiRecorder, FloorRecorder, errorCounts } from './recorder';
import {
  ApiBenchReport,
  ApiFigures,
  FloorFigures,
  InstructionFigures,
  LogCheck,
  PostgresInfo,
  checkGoals,
  compare,
  pushFigures,
  timed,
} from './report';
import { RunningServer, codeRevision, countedInstructions, startServer } from './server';
import { emptyWatchTotals } from './watcher';
import {
  StatementCounter,
  StatementSnapshot,
  addDelta,
  enableStatementStats,
  statementProfile,
  statementSnapshot,
  walPosition,
} from './statements';

export interface BenchTarget {
  /** A URL to the maintenance database of the Postgres to run on (CREATE/DROP DATABASE). */
  readonly adminUrl: string;
  readonly source: PostgresInfo['source'];
}

type Progress = (line: string) => void;

function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

export async function runApiBench(
  settings: ApiBenchSettings,
  target: BenchTarget,
  progress: Progress = () => undefined,
): Promise<ApiBenchReport> {
  const environment = describeEnvironment();
  const tag = randomBytes(3).toString('hex');
  const name = `malice_bench_${tag}`;
  await withClient(target.adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(target.adminUrl, name);
  let server: RunningServer | null = null;
  /** Every copy started (the first is `server`), and a transport to each. */
  const servers: RunningServer[] = [];
  const transports: GraphQLTransport[] = [];
  let pool: Pool | null = null;
  const bots: BotClient[] = [];
  try {
    progress(`starting the server on database ${name}`);
    const callgrindFile = settings.instructions
      ? path.join(os.tmpdir(), `malice-bench-${tag}.callgrind`)
      : undefined;
    server = await startServer({
      databaseUrl: url,
      cpuProfileDir: settings.cpuProfileDir,
      ...(settings.server === undefined ? {} : { root: settings.server }),
      // Under valgrind the server starts tens of times slower.
      ...(callgrindFile === undefined ? {} : { callgrindFile, startTimeoutMs: 600_000, env: WORKERS_OFF }),
    });
    servers.push(server);
    // More copies on the same database, started one after the other (the first has migrated it).
    while (servers.length < (settings.copies ?? 1)) {
      progress(`starting server copy ${servers.length + 1}`);
      servers.push(
        await startServer({
          databaseUrl: url,
          cpuProfileDir: null,
          ...(settings.server === undefined ? {} : { root: settings.server }),
        }),
      );
    }
    for (const copy of servers) {
      transports.push(
        settings.transport === 'ws'
          ? new GraphQLSocketClient(copy.graphqlUrl)
          : new GraphQLHttpClient(copy.graphqlUrl, Math.ceil(settings.clients / servers.length)),
      );
    }
    pool = new Pool({ connectionString: url, max: settings.clients });
    // An idle connection cut by the server (a shutdown elsewhere) must fail the run's next query, not crash it.
    pool.on('error', (error) => progress(`floor pool: ${error.message}`));
    const activePool = pool;
    const postgres = await postgresInfo(activePool, target.source);
    const postmasterPid = await activePool
      .query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      .then((result) => postmasterOf(result.rows[0]?.pid ?? 0));

    progress(
      `registering ${settings.clients * 2} bot accounts${settings.watch ? ', each game watched' : ''}`,
    );
    const watchTotals = emptyWatchTotals();
    // Bot i plays through copy i mod copies; its games are watched on the next copy, so that with several the
    // pushes cross between copies.
    const copyOf = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
    for (let index = 0; index < settings.clients; index++) {
      const watch = settings.watch
        ? { graphqlUrl: copyOf(servers, index + 1).graphqlUrl, totals: watchTotals }
        : null;
      bots.push(await BotClient.create(copyOf(transports, index), index, tag, watch));
    }
    const floors = await Promise.all(bots.map((_, index) => FloorClient.create(activePool, index)));

    const playApi = (ms: number, recorder: ApiRecorder): Promise<void> => {
      const deadline = nowMs() + ms;
      return Promise.all(bots.map((bot) => bot.playUntil(deadline, recorder))).then(() => undefined);
    };
    const playFloor = (ms: number, recorder: FloorRecorder): Promise<void> => {
      const deadline = nowMs() + ms;
      return Promise.all(floors.map((floor) => floor.runUntil(deadline, recorder))).then(() => undefined);
    };

    progress(`warming up for ${settings.warmupSeconds} s per side`);
    await playApi(settings.warmupSeconds * 1000, new ApiRecorder());
    await playFloor(settings.warmupSeconds * 1000, new FloorRecorder());

    const api = new ApiRecorder();
    const floor = new FloorRecorder();
    const apiCpu = emptyTotals();
    const floorCpu = emptyTotals();
    const apiWindows: TimeWindow[] = [];
    const roundMs = (settings.seconds * 1000) / settings.rounds;
    const running = server;
    const serverPids = servers.map((copy) => copy.pid);
    const statementStats = settings.pgStats && (await enableStatementStats(activePool));
    if (settings.pgStats && !statementStats)
      progress('pg_stat_statements is not preloaded: no statement counts');
    const apiStatements = new Map<string, StatementCounter>();
    const floorStatements = new Map<string, StatementCounter>();
    const walBytes = { api: 0, floor: 0 };
    const measure = async (
      cpu: CpuTotals,
      statements: Map<string, StatementCounter>,
      side: keyof typeof walBytes,
      work: () => Promise<void>,
    ): Promise<number> => {
      const statementsBefore: StatementSnapshot | null = statementStats
        ? await statementSnapshot(activePool)
        : null;
      const walBefore = statementStats ? await walPosition(activePool) : 0;
      const before = cpuSnapshot(nowMs(), serverPids, postmasterPid);
      await work();
      const after = cpuSnapshot(nowMs(), serverPids, postmasterPid);
      accumulate(cpu, before, after);
      if (statementsBefore !== null) {
        walBytes[side] += (await walPosition(activePool)) - walBefore;
        addDelta(statements, statementsBefore, await statementSnapshot(activePool));
      }
      return after.atMs - before.atMs;
    };
    const apiRound = async (): Promise<void> => {
      const fromUs = monotonicUs();
      running.instructions?.start();
      api.elapsedMs += await measure(apiCpu, apiStatements, 'api', () => playApi(roundMs, api));
      running.instructions?.stop();
      apiWindows.push({ fromUs, toUs: monotonicUs() });
    };
    const floorRound = async (): Promise<void> => {
      floor.elapsedMs += await measure(floorCpu, floorStatements, 'floor', () => playFloor(roundMs, floor));
    };
    for (let round = 0; round < settings.rounds; round++) {
      progress(`round ${round + 1} of ${settings.rounds}`);
      // ABBA order: floor, API, API, floor, …, so a drift in the machine's load falls on both sides alike.
      if (round % 2 === 0) {
        await floorRound();
        await apiRound();
      } else {
        await apiRound();
        await floorRound();
      }
    }

    const idleMs = IDLE_COUNT_MS;
    if (running.instructions !== undefined) {
      // The server's own timers (sweeps, delivery passes, pool checks) run whether or not anyone plays: counted
      // alone for a while, so that their share of the API rounds can be taken out of the moves' count.
      running.instructions.cut();
      progress(`counting the idle server's instructions for ${idleMs / 1000} s`);
      running.instructions.start();
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      running.instructions.stop();
    }

    await Promise.all(bots.map((bot) => bot.stopWatching()));
    const logCheck = await checkLog(activePool, bots);
    await Promise.all(servers.map((copy) => copy.stop()));
    const profile =
      settings.cpuProfileDir === null ? null : summarizeServerProfile(settings.cpuProfileDir, apiWindows);
    const instructions = callgrindFile === undefined ? null : instructionFigures(callgrindFile, api, idleMs);

    const apiFigures: ApiFigures = {
      elapsedMs: api.elapsedMs,
      moves: timed(api.moveMs, api.elapsedMs),
      eventsPerMove: api.moveMs.length === 0 ? 0 : api.events / api.moveMs.length,
      turnQueries: timed(api.queryMs, api.elapsedMs),
      gameSetup: timed(api.setupMs, api.elapsedMs),
      requestsPerSecond:
        api.elapsedMs > 0
          ? ((api.moveMs.length + api.queryMs.length + api.setupMs.length) * 1000) / api.elapsedMs
          : 0,
      gamesStarted: api.gamesStarted,
      gamesFinished: api.gamesFinished,
      errors: errorCounts(api.errors),
      cpu: shareOf(apiCpu),
      ...(settings.watch ? { pushes: pushFigures(api, watchTotals) } : {}),
    };
    const floorFigures: FloorFigures = {
      elapsedMs: floor.elapsedMs,
      transactions: timed(floor.transactionMs, floor.elapsedMs),
      conflicts: floor.conflicts,
      errors: errorCounts(floor.errors),
      cpu: shareOf(floorCpu),
    };
    const comparison = compare(apiFigures, floorFigures);
    return {
      environment,
      revision: codeRevision(settings.server),
      loadAverageAfter: os.loadavg()[0] ?? 0,
      settings,
      postgres,
      api: apiFigures,
      floor: floorFigures,
      comparison,
      goals: checkGoals(comparison, settings.transport),
      logCheck,
      profile,
      instructions,
      statements: statementStats
        ? {
            api: statementProfile(apiStatements, api.moveMs.length, walBytes.api),
            floor: statementProfile(floorStatements, floor.transactionMs.length, walBytes.floor),
          }
        : null,
    };
  } finally {
    for (const bot of bots) bot.watcher?.close();
    for (const transport of transports) transport.close();
    await pool?.end().catch(() => undefined);
    await Promise.all(servers.map((copy) => copy.stop().catch(() => undefined)));
    await withClient(target.adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    ).catch((error: unknown) => progress(`could not drop database ${name}: ${String(error)}`));
  }
}

async function postgresInfo(pool: Pool, source: PostgresInfo['source']): Promise<PostgresInfo> {
  const setting = async (name: string): Promise<string> =>
    (await pool.query<{ value: string }>('SELECT current_setting($1) AS value', [name])).rows[0]?.value ??
    '?';
  return {
    source,
    version: await setting('server_version'),
    fsync: await setting('fsync'),
    synchronousCommit: await setting('synchronous_commit'),
  };
}

/** Compares the events stored for the bots' games with the version increments their accepted moves reported. */
export async function checkLog(pool: Pool, bots: readonly BotClient[]): Promise<LogCheck> {
  const gameIds = bots.flatMap((bot) => bot.gameIds);
  const eventsReported = bots.reduce((sum, bot) => sum + bot.eventsWritten, 0);
  const stored = await pool.query<{ count: string }>(
    'SELECT count(*) AS count FROM game_events WHERE game_id = ANY($1::uuid[])',
    [gameIds],
  );
  const eventsStored = Number(stored.rows[0]?.count ?? 0);
  return { games: gameIds.length, eventsReported, eventsStored, ok: eventsReported === eventsStored };
}

function summarizeServerProfile(dir: string, windows: readonly TimeWindow[]) {
  const file = newestProfile(dir);
  return file === null ? null : summarizeProfile(readProfile(file), windows, file);
}

/**
 * Counting instructions, the background workers are off: under valgrind the server runs tens of times slower while
 * their timers keep real time, so their share of the count would be tens of times what it is (and vary with how many
 * passes fit). What is left of the idle server's own work is counted after the rounds and taken out.
 */
const WORKERS_OFF: Readonly<Record<string, string>> = {
  SWEEP_INTERVAL_MS: '0',
  WEBHOOK_INTERVAL_MS: '0',
  PUSH_INTERVAL_MS: '0',
  MAIL_INTERVAL_MS: '0',
  TOURNAMENT_INTERVAL_MS: '0',
  ARCHIVE_INTERVAL_MS: '0',
  RETENTION_INTERVAL_MS: '0',
};

/** Instructions the idle server is counted for, after the rounds (`--instructions`). */
const IDLE_COUNT_MS = 20_000;

/**
 * The server's instructions in the API rounds (the first cut) and idle after them (the rest), and per accepted move:
 * the rounds' count less what the idle server runs in as long, over the moves (turn-start queries included, as its
 * CPU is).
 */
function instructionFigures(callgrindFile: string, api: ApiRecorder, idleMs: number): InstructionFigures {
  const rounds = countedInstructions(`${callgrindFile}.1`);
  const idle = countedInstructions(callgrindFile);
  for (const file of [callgrindFile, `${callgrindFile}.1`]) fs.rmSync(file, { force: true });
  const moves = api.moveMs.length;
  const idlePerSecond = (idle * 1000) / idleMs;
  const net = rounds - (idlePerSecond * api.elapsedMs) / 1000;
  return { rounds, idlePerSecond, moves, perMove: moves === 0 ? 0 : net / moves };
}
