/**
 * One bench:events run: for each client count, every variant (bench/events/variants.ts) deployed side by side on
 * a fresh database of its own — its app copies (`node dist/main.js` of its checkout), and a NATS server of its
 * own when it uses one — with N bot clients each (bench/api/bot.ts) whose every game has a live `gameUpdated`
 * subscriber (bench/api/watcher.ts); a warm-up per variant, then measured rounds in which the variants take turns
 * (A B C, C B A, …) while the others stand idle. With several copies, bot i sends its requests to copy i mod n
 * and its watcher listens on the next copy, so every push crosses between copies. Everything started here is
 * stopped and every database dropped, even on failure.
 */
import { randomBytes } from 'node:crypto';
import * as os from 'node:os';
import { Client, Pool } from 'pg';
import { Environment, Summary, describeEnvironment, nowMs, summarize } from '../stats';
import { BotClient } from '../api/bot';
import { cpuSnapshot, postmasterOf, readProcessMs } from '../api/cpu';
import { GraphQLHttpClient } from '../api/graphql-http';
import { databaseUrl, withClient } from '../api/postgres';
import { ApiRecorder, errorCounts } from '../api/recorder';
import { LogCheck, PushFigures, Timed, pushFigures, timed } from '../api/report';
import { checkLog } from '../api/run';
import { RunningServer, codeRevision, projectRoot, startServer } from '../api/server';
import { WatchTotals, emptyWatchTotals } from '../api/watcher';
import { EventsBenchSettings, variantsToRun } from './cli';
import { NatsServer, startNatsServer } from './servers';
import { Variant, VariantName, variantOf } from './variants';

export interface EventsTarget {
  /** The maintenance database of the Postgres written to (CREATE/DROP DATABASE). */
  readonly adminUrl: string;
  readonly source: 'embedded' | 'DATABASE_URL' | 'Postgres 15 primary with a streaming standby';
  /** With `--standby`: the standby's maintenance database, where replay lag is sampled. */
  readonly standbyUrl: string | null;
}

/** CPU milliseconds per accepted move, by process. */
export interface CpuPerMove {
  /** The bench process: bots and watchers. */
  readonly bench: number | null;
  /** Every app copy of the variant. */
  readonly server: number | null;
  /** The variant's NATS server; null without one. */
  readonly broker: number | null;
  /** The primary's postmaster and its children (not the standby's). */
  readonly postgres: number | null;
}

export interface VariantFigures {
  readonly variant: VariantName;
  readonly label: string;
  /** The commit that ran (server.ts `codeRevision` of the variant's checkout). */
  readonly revision: string;
  readonly copies: number;
  readonly elapsedMs: number;
  /** Accepted makeMove calls over the measured rounds. */
  readonly moves: Timed;
  /** Moves per second of each of the variant's rounds, in order. */
  readonly roundMovesPerSecond: readonly number[];
  readonly pushes: PushFigures;
  readonly errors: Readonly<Record<string, number>>;
  readonly logCheck: LogCheck;
  readonly cpuPerMove: CpuPerMove;
  /** Cores the rest of the machine (idle variants, other work) kept busy while the variant was measured. */
  readonly otherCores: number | null;
  /** With `--standby`: the standby's replay lag, sampled every 100 ms of the variant's rounds. */
  readonly replayLagMs: Summary | null;
}

export interface EventsBenchReport {
  readonly environment: Environment;
  readonly settings: EventsBenchSettings;
  readonly postgres: { readonly source: EventsTarget['source']; readonly version: string };
  /** The 1-minute load average when the run ended. */
  readonly loadAverageAfter: number;
  readonly runs: readonly { readonly clients: number; readonly variants: readonly VariantFigures[] }[];
}

type Progress = (line: string) => void;

/** How often the standby's replay lag is read while a variant is measured. */
const LAG_SAMPLE_MS = 100;

interface CpuTotals {
  wallMs: number;
  benchMs: number;
  serverMs: number;
  brokerMs: number;
  postgresMs: number | null;
  machineMs: number | null;
}

interface Deployment {
  readonly variant: Variant;
  readonly root: string;
  readonly database: string;
  broker: NatsServer | null;
  readonly copies: RunningServer[];
  readonly clients: GraphQLHttpClient[];
  readonly bots: BotClient[];
  readonly watchTotals: WatchTotals;
  /** The measured rounds (the warm-up has its own). */
  readonly recorder: ApiRecorder;
  readonly cpu: CpuTotals;
  readonly roundMovesPerSecond: number[];
  readonly lagMs: number[];
}

export async function runEventsBench(
  settings: EventsBenchSettings,
  target: EventsTarget,
  progress: Progress = () => undefined,
): Promise<EventsBenchReport> {
  const environment = describeEnvironment();
  const variants = variantsToRun(settings).map(variantOf);
  const afterDir = settings.afterDir ?? projectRoot();
  const rootOf = (variant: Variant): string =>
    variant.code === 'before' ? (settings.beforeDir as string) : afterDir;
  const lag = target.standbyUrl === null ? null : await LagSampler.open(target.standbyUrl);
  const runs: EventsBenchReport['runs'][number][] = [];
  try {
    for (const clients of settings.clients) {
      runs.push({
        clients,
        variants: await runClients(settings, target, variants, rootOf, clients, lag, progress),
      });
    }
  } finally {
    await lag?.close();
  }
  const version = await withClient(target.adminUrl, (client) =>
    client.query<{ server_version: string }>('SHOW server_version'),
  );
  return {
    environment,
    settings,
    postgres: { source: target.source, version: version.rows[0]?.server_version ?? '?' },
    loadAverageAfter: os.loadavg()[0] ?? 0,
    runs,
  };
}

async function runClients(
  settings: EventsBenchSettings,
  target: EventsTarget,
  variants: readonly Variant[],
  rootOf: (variant: Variant) => string,
  clients: number,
  lag: LagSampler | null,
  progress: Progress,
): Promise<VariantFigures[]> {
  const tag = randomBytes(3).toString('hex');
  const deployments: Deployment[] = [];
  try {
    for (const variant of variants) {
      const deployment = newDeployment(variant, rootOf(variant), tag);
      deployments.push(deployment);
      await deploy(deployment, clients, target, tag, progress);
    }
    const postmaster = await withClient(target.adminUrl, async (client) => {
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
      return postmasterOf(pid);
    });
    for (const deployment of deployments) {
      progress(`${clients} clients: warming up ${deployment.variant.name} for ${settings.warmupSeconds} s`);
      await play(deployment, settings.warmupSeconds * 1000, new ApiRecorder());
    }
    const roundMs = (settings.seconds * 1000) / settings.rounds;
    for (let round = 0; round < settings.rounds; round++) {
      const order = round % 2 === 0 ? deployments : [...deployments].reverse();
      progress(
        `${clients} clients: round ${round + 1} of ${settings.rounds} (${order.map((d) => d.variant.name).join(', ')})`,
      );
      for (const deployment of order) await measureRound(deployment, roundMs, postmaster, lag);
    }
    const figures: VariantFigures[] = [];
    for (const deployment of deployments) figures.push(await conclude(deployment, target));
    return figures;
  } finally {
    for (const deployment of deployments) await tearDown(deployment, target, progress);
  }
}

function newDeployment(variant: Variant, root: string, tag: string): Deployment {
  return {
    variant,
    root,
    database: `malice_events_${tag}_${variant.name}`,
    broker: null,
    copies: [],
    clients: [],
    bots: [],
    watchTotals: emptyWatchTotals(),
    recorder: new ApiRecorder(),
    cpu: { wallMs: 0, benchMs: 0, serverMs: 0, brokerMs: 0, postgresMs: 0, machineMs: 0 },
    roundMovesPerSecond: [],
    lagMs: [],
  };
}

/** Its database, NATS server, copies, and bot clients with their watchers. */
async function deploy(
  deployment: Deployment,
  clients: number,
  target: EventsTarget,
  tag: string,
  progress: Progress,
): Promise<void> {
  const { variant } = deployment;
  await withClient(target.adminUrl, (client) => client.query(`CREATE DATABASE ${deployment.database}`));
  const url = databaseUrl(target.adminUrl, deployment.database);
  if (variant.transport === 'nats') deployment.broker = await startNatsServer();
  const env: Record<string, string> = deployment.broker === null ? {} : { EVENTS_URL: deployment.broker.url };
  for (let copy = 0; copy < variant.copies; copy++) {
    progress(`${variant.name}: starting copy ${copy + 1} of ${variant.copies} (${deployment.root})`);
    const server = await startServer({ databaseUrl: url, cpuProfileDir: null, root: deployment.root, env });
    deployment.copies.push(server);
    deployment.clients.push(new GraphQLHttpClient(server.graphqlUrl, clients));
  }
  progress(`${variant.name}: registering ${clients * 2} bot accounts, each game watched`);
  const copies = variant.copies;
  for (let index = 0; index < clients; index++) {
    const http = deployment.clients[index % copies] as GraphQLHttpClient;
    // With several copies the watcher listens on another copy than the one the moves go to.
    const watcherCopy = deployment.copies[(index + 1) % copies] as RunningServer;
    deployment.bots.push(
      await BotClient.create(http, index, tag, {
        graphqlUrl: watcherCopy.graphqlUrl,
        totals: deployment.watchTotals,
      }),
    );
  }
}

function play(deployment: Deployment, ms: number, recorder: ApiRecorder): Promise<void> {
  const deadline = nowMs() + ms;
  return Promise.all(deployment.bots.map((bot) => bot.playUntil(deadline, recorder))).then(() => undefined);
}

interface CpuReading {
  readonly atMs: number;
  readonly benchMs: number;
  readonly serverMs: number;
  readonly brokerMs: number;
  readonly postgresMs: number | null;
  readonly machineMs: number | null;
}

function readCpu(deployment: Deployment, postmaster: number | null): CpuReading {
  const base = cpuSnapshot(nowMs(), null, postmaster);
  const ms = (pid: number): number => readProcessMs(pid) ?? 0;
  return {
    atMs: base.atMs,
    benchMs: base.benchMs,
    serverMs: deployment.copies.reduce((sum, copy) => sum + ms(copy.pid), 0),
    brokerMs: deployment.broker === null ? 0 : ms(deployment.broker.pid),
    postgresMs: base.postgresMs,
    machineMs: base.machineBusyMs,
  };
}

async function measureRound(
  deployment: Deployment,
  roundMs: number,
  postmaster: number | null,
  lag: LagSampler | null,
): Promise<void> {
  const movesBefore = deployment.recorder.moveMs.length;
  const before = readCpu(deployment, postmaster);
  lag?.sampleInto(deployment.lagMs);
  await play(deployment, roundMs, deployment.recorder);
  lag?.pause();
  const after = readCpu(deployment, postmaster);
  const elapsedMs = after.atMs - before.atMs;
  const { cpu } = deployment;
  const delta = (a: number | null, b: number | null, total: number | null): number | null =>
    a === null || b === null || total === null ? null : total + (b - a);
  cpu.wallMs += elapsedMs;
  cpu.benchMs += after.benchMs - before.benchMs;
  cpu.serverMs += after.serverMs - before.serverMs;
  cpu.brokerMs += after.brokerMs - before.brokerMs;
  cpu.postgresMs = delta(before.postgresMs, after.postgresMs, cpu.postgresMs);
  cpu.machineMs = delta(before.machineMs, after.machineMs, cpu.machineMs);
  deployment.recorder.elapsedMs += elapsedMs;
  deployment.roundMovesPerSecond.push(((deployment.recorder.moveMs.length - movesBefore) * 1000) / elapsedMs);
}

/** Waits for the last pushes, checks the log, and turns what was recorded into figures. */
async function conclude(deployment: Deployment, target: EventsTarget): Promise<VariantFigures> {
  const { variant, recorder, cpu } = deployment;
  await Promise.all(deployment.bots.map((bot) => bot.stopWatching()));
  const pool = new Pool({ connectionString: databaseUrl(target.adminUrl, deployment.database), max: 1 });
  const logCheck = await checkLog(pool, deployment.bots).finally(() => pool.end());
  const moves = recorder.moveMs.length;
  const perMove = (ms: number | null): number | null => (ms === null || moves === 0 ? null : ms / moves);
  const ours = cpu.benchMs + cpu.serverMs + cpu.brokerMs + (cpu.postgresMs ?? 0);
  return {
    variant: variant.name,
    label: variant.label,
    revision: codeRevision(deployment.root),
    copies: variant.copies,
    elapsedMs: recorder.elapsedMs,
    moves: timed(recorder.moveMs, recorder.elapsedMs),
    roundMovesPerSecond: deployment.roundMovesPerSecond,
    pushes: pushFigures(recorder, deployment.watchTotals),
    errors: errorCounts(recorder.errors),
    logCheck,
    cpuPerMove: {
      bench: perMove(cpu.benchMs),
      server: perMove(cpu.serverMs),
      broker: deployment.broker === null ? null : perMove(cpu.brokerMs),
      postgres: perMove(cpu.postgresMs),
    },
    otherCores:
      cpu.machineMs === null || cpu.postgresMs === null || cpu.wallMs <= 0
        ? null
        : Math.max(0, cpu.machineMs - ours) / cpu.wallMs,
    replayLagMs: deployment.lagMs.length === 0 ? null : summarize(deployment.lagMs),
  };
}

async function tearDown(deployment: Deployment, target: EventsTarget, progress: Progress): Promise<void> {
  for (const bot of deployment.bots) bot.watcher?.close();
  for (const client of deployment.clients) client.close();
  for (const copy of deployment.copies) await copy.stop().catch(() => undefined);
  await deployment.broker?.stop().catch(() => undefined);
  await withClient(target.adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${deployment.database} WITH (FORCE)`),
  ).catch((error: unknown) => progress(`could not drop database ${deployment.database}: ${String(error)}`));
}

/**
 * Reads the standby's replay lag every LAG_SAMPLE_MS while a variant is measured: 0 while replay has caught up
 * with what was received, else the time since the commit of the last transaction replayed.
 */
class LagSampler {
  private into: number[] | null = null;
  private closed = false;
  /** A failed reading ends the sampling; `close` throws it, so the run does not report lag it did not read. */
  private failure: unknown = null;
  private readonly loop: Promise<void>;

  private constructor(private readonly client: Client) {
    this.loop = this.run();
  }

  static async open(standbyUrl: string): Promise<LagSampler> {
    const client = new Client({ connectionString: standbyUrl });
    await client.connect();
    return new LagSampler(client);
  }

  sampleInto(samples: number[]): void {
    this.into = samples;
  }

  pause(): void {
    this.into = null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.loop;
    await this.client.end();
    if (this.failure !== null) throw this.failure;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      const into = this.into;
      if (into !== null) {
        try {
          const result = await this.client.query<{ lag: number }>(
            `SELECT CASE
               WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
               ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000, 0)
             END::float8 AS lag`,
          );
          into.push(result.rows[0]?.lag ?? 0);
        } catch (error) {
          this.failure = error;
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, LAG_SAMPLE_MS));
    }
  }
}
