/**
 * One run of the overload benchmark on a given Postgres: a fresh database; for each configuration and level a
 * freshly started compiled server on it, and N closed-loop clients that come at once — each starts a game, then
 * plays — measured from their first request (as when a copy restarts and its clients come back together), after an
 * optional warm-up; passes over the configurations alternate their order (ABBA…). Everything started here is
 * stopped and the database dropped, even on failure.
 */
import { randomBytes } from 'node:crypto';
import { databaseUrl, withClient } from '../api/postgres';
import { describeEnvironment, nowMs } from '../stats';
import { GraphQLHttpClient, isRecord } from '../api/graphql-http';
import { BenchTarget } from '../api/run';
import { codeRevision, startServer } from '../api/server';
import { OverloadBenchSettings } from './cli';
import { OverloadClient, OverloadRecorder } from './client';
import { CONFIGURATIONS, ConfigurationName, LevelFigures, OverloadReport, figuresOf } from './report';

/** Accounts the clients share, two per game: a player may play any number of games at once. */
const ACCOUNT_PAIRS = 8;
const PASSWORD = 'overload bench password';
const METRICS_TOKEN = 'overload-bench-metrics-token';
/** How often the user pool's waiting callers are sampled during a measured stretch. */
const SAMPLE_MS = 500;

/** Every configuration runs with these: request lines off (thousands a second), no per-address connection cap. */
const SERVER_ENV = {
  LOG_LEVEL: 'warn',
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  METRICS_TOKEN,
} as const;

type Progress = (line: string) => void;

async function registerPairs(http: GraphQLHttpClient, tag: string): Promise<(readonly [string, string])[]> {
  const token = async (name: string): Promise<string> => {
    const result = await http.request(
      null,
      'mutation Register($u: String!, $p: String!) { register(username: $u, password: $p) { token } }',
      { u: name, p: PASSWORD },
    );
    const register = result.data?.register;
    if (!isRecord(register) || typeof register.token !== 'string')
      throw new Error(`register failed: ${JSON.stringify(result.errors)}`);
    return register.token;
  };
  const pairs: (readonly [string, string])[] = [];
  for (let pair = 0; pair < ACCOUNT_PAIRS; pair++)
    pairs.push([await token(`o${tag}p${pair}a`), await token(`o${tag}p${pair}b`)]);
  return pairs;
}

/** The user pool's callers waiting for a connection now, from GET /metrics (null if it could not be read). */
async function userPoolWaiting(baseUrl: string): Promise<number | null> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = (await response.text())
      .split('\n')
      .find((candidate) => candidate.startsWith('malice_db_pool_waiting{pool="user"} '));
    return line === undefined ? null : Number(line.split(' ')[1]);
  } catch {
    return null;
  }
}

/** Samples `read` every SAMPLE_MS until stopped; resolves with the largest value seen (null: none read). */
function sampleMax(read: () => Promise<number | null>): { stop(): Promise<number | null> } {
  let running = true;
  let max: number | null = null;
  const loop = (async () => {
    while (running) {
      const value = await read();
      if (value !== null) max = Math.max(max ?? 0, value);
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return max;
    },
  };
}

export async function runOverloadBench(
  settings: OverloadBenchSettings,
  target: BenchTarget,
  progress: Progress = () => undefined,
): Promise<OverloadReport> {
  const environment = describeEnvironment();
  const tag = randomBytes(3).toString('hex');
  const name = `malice_bench_${tag}`;
  await withClient(target.adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = databaseUrl(target.adminUrl, name);
  const measured = new Map<string, { recorder: OverloadRecorder; peakWaiting: number | null }>();
  const key = (configuration: ConfigurationName, level: number): string => `${configuration}/${level}`;
  let pairs: (readonly [string, string])[] | null = null;
  try {
    for (let round = 0; round < settings.rounds; round++) {
      const order = round % 2 === 0 ? CONFIGURATIONS : [...CONFIGURATIONS].reverse();
      for (const configuration of order) {
        for (const level of settings.levels) {
          // A fresh copy each time: its clients come at once, each starting a game, as after a restart.
          progress(`round ${round + 1}, ${configuration.name}: ${level} requests in flight`);
          const server = await startServer({
            databaseUrl: url,
            cpuProfileDir: null,
            env: { ...SERVER_ENV, ...configuration.env },
          });
          const baseUrl = server.graphqlUrl.replace(/\/graphql$/, '');
          const http = new GraphQLHttpClient(server.graphqlUrl, level);
          try {
            pairs ??= await registerPairs(http, tag);
            const accounts = pairs;
            const clients = Array.from(
              { length: level },
              (_, index) =>
                new OverloadClient(
                  http,
                  `o-${tag}-${round}-${configuration.name}-${level}-${index}`,
                  accounts[index % accounts.length]!,
                ),
            );
            const play = async (seconds: number, recorder: OverloadRecorder): Promise<void> => {
              const start = nowMs();
              const deadline = start + seconds * 1000;
              await Promise.all(clients.map((client) => client.playUntil(deadline, recorder)));
              recorder.elapsedMs += nowMs() - start;
            };
            if (settings.warmupSeconds > 0) await play(settings.warmupSeconds, new OverloadRecorder());
            const entry = measured.get(key(configuration.name, level)) ?? {
              recorder: new OverloadRecorder(),
              peakWaiting: null,
            };
            const sampler = sampleMax(() => userPoolWaiting(baseUrl));
            await play(settings.seconds, entry.recorder);
            const peak = await sampler.stop();
            measured.set(key(configuration.name, level), {
              recorder: entry.recorder,
              peakWaiting: peak === null ? entry.peakWaiting : Math.max(entry.peakWaiting ?? 0, peak),
            });
          } finally {
            http.close();
            await server.stop();
          }
        }
      }
    }
  } finally {
    await withClient(target.adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  }
  const levels: LevelFigures[] = settings.levels.map((level) => ({
    inFlight: level,
    byConfiguration: Object.fromEntries(
      CONFIGURATIONS.map((configuration) => {
        const entry = measured.get(key(configuration.name, level))!;
        return [configuration.name, figuresOf(entry.recorder, entry.peakWaiting)];
      }),
    ) as LevelFigures['byConfiguration'],
  }));
  return {
    environment,
    settings,
    revision: codeRevision(),
    postgres: target.source,
    levels,
  };
}
