/**
 * One run of bench:abuse against a server of its own (on a fresh database of the bench's Postgres):
 *
 * 1. the server CPU and the time of each hostile kind against the harmless document of the same size, anonymous,
 *    over HTTP and over graphql-ws, in rounds that visit every kind in turn (so a change in the machine's load hits
 *    all alike); the CPU is the server process's own (/proc), per request;
 * 2. the same documents through the server's own parse-and-validate steps in this process (our bounded parser, then
 *    graphql-js's parse and every validation rule), where nothing but parsing and validating is counted;
 * 3. the latency of `GET /health` when idle and while 8 clients send hostile documents back to back (HTTP, then
 *    graphql-ws with 2 MB messages among them);
 * 4. the server's resident memory before and after 100 graphql-ws messages of 2 MB.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import WebSocket from 'ws';
import { GraphQLSchema, buildSchema, parse, specifiedRules, validate } from 'graphql';
import { loadConfig } from '../../src/config/config';
import { BoundedParser } from '../../src/graphql/document-bounds';
import { VALIDATION_OPTIONS, apiValidationRules } from '../../src/graphql/limits';
import { Environment, describeEnvironment, median, nowMs, summarize, Summary } from '../stats';
import { cpuSnapshot } from '../api/cpu';
import { BenchPostgres, databaseUrl, withClient } from '../api/postgres';
import { RunningServer, codeRevision, startServer } from '../api/server';
import { DocumentKind, HARMLESS, hostileKinds, oversizedMessage, padded } from './documents';

export interface AbuseBenchSettings {
  /** Rounds over every kind and transport; each kind's figure is the median over them. */
  readonly rounds: number;
  /** Requests per kind, transport and round (the server's CPU is read per batch: /proc counts in 10 ms ticks). */
  readonly batch: number;
  /** How long /health is probed, idle and under each attack. */
  readonly attackSeconds: number;
  /** The compiled server to run (bench:abuse compiles the sources to /tmp). */
  readonly json: boolean;
}

/** Every document is this many bytes as a JSON string: the most that fits the 64 KiB body cap with the rest. */
export const DOCUMENT_BYTES = 64_000;

export interface KindFigures {
  readonly name: string;
  readonly what: string;
  /** How the server answered the last one: `400 tokens`, `error depth`, `ok`, … */
  readonly answer: string;
  /** Server CPU per request, ms (median over the rounds). */
  readonly cpuMs: number;
  /** Time to the answer, ms (median of every request). */
  readonly latencyMs: number;
}

export interface InProcessFigures {
  readonly name: string;
  /** CPU per document of the parse-and-validate steps, ms (median). */
  readonly ms: number;
}

export interface AbuseReport {
  readonly environment: Environment;
  readonly revision: string;
  readonly settings: AbuseBenchSettings;
  readonly documentBytes: number;
  readonly http: readonly KindFigures[];
  readonly ws: readonly KindFigures[];
  readonly inProcess: readonly InProcessFigures[];
  readonly health: {
    readonly idle: Summary;
    readonly httpAttack: Summary;
    readonly wsAttack: Summary;
    /** Hostile documents or messages the 8 clients got answered during each attack. */
    readonly httpAttackRequests: number;
    readonly wsAttackMessages: number;
  };
  readonly rss: {
    readonly beforeMb: number;
    readonly afterMb: number;
    readonly settledMb: number;
    readonly closes: string;
  };
}

export type Progress = (line: string) => void;

export async function runAbuseBench(
  settings: AbuseBenchSettings,
  target: BenchPostgres,
  root: string,
  progress: Progress,
): Promise<AbuseReport> {
  const environment = describeEnvironment();
  const name = `malice_abuse_${randomBytes(3).toString('hex')}`;
  await withClient(target.adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  let server: RunningServer | null = null;
  try {
    progress(`starting the server (dist/main.js) on database ${name}`);
    server = await startServer({ databaseUrl: databaseUrl(target.adminUrl, name), cpuProfileDir: null });
    const base = server.graphqlUrl.replace(/\/graphql$/, '');
    const kinds = [HARMLESS, ...hostileKinds(root)];
    const nonce = { next: 1 };

    progress('warming up');
    await measureKinds(server, base, kinds, { ...settings, rounds: 1, batch: 5 }, nonce);
    progress(
      `measuring ${kinds.length} kinds × ${settings.rounds} rounds × ${settings.batch} requests, HTTP and graphql-ws`,
    );
    const { http, ws } = await measureKinds(server, base, kinds, settings, nonce);

    progress('measuring parse and validate in this process');
    const sdl = await (await fetch(`${base}/graphql/schema.graphql`)).text();
    const inProcess = measureInProcess(buildSchema(sdl), kinds, settings, nonce);

    progress(`probing /health: idle, then under 8 hostile HTTP clients, then 8 hostile graphql-ws clients`);
    const health = await measureHealth(base, kinds, settings.attackSeconds * 1000, nonce);

    progress('100 graphql-ws messages of 2 MB');
    const rss = await measureRss(server.pid, base);
    return {
      environment,
      revision: codeRevision(root),
      settings,
      documentBytes: DOCUMENT_BYTES,
      http,
      ws,
      inProcess,
      health,
      rss,
    };
  } finally {
    await server?.stop().catch(() => undefined);
    await withClient(target.adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    ).catch((error: unknown) => progress(`could not drop database ${name}: ${String(error)}`));
  }
}

/** How one answer reads in the report: the HTTP status or graphql-ws message type, and the error's limit or code. */
function describeAnswer(head: string, body: unknown): string {
  const errors = (body as { errors?: { extensions?: { code?: string; limit?: string } }[] } | null)?.errors;
  const first = Array.isArray(body)
    ? (body[0] as { extensions?: { code?: string; limit?: string } })
    : errors?.[0];
  if (first === undefined) return `${head} ok`;
  return `${head} ${first.extensions?.limit ?? first.extensions?.code ?? '?'}`;
}

async function postDocument(base: string, document: string): Promise<string> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: document }),
  });
  return describeAnswer(String(response.status), await response.json());
}

/** One anonymous graphql-ws connection that sends documents one at a time. */
class SocketSender {
  private nextId = 1;
  private waiting: ((answer: string) => void) | null = null;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; payload?: unknown };
      if (message.type !== 'next' && message.type !== 'error') return;
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.(describeAnswer(message.type, message.type === 'next' ? message.payload : message.payload));
    });
    socket.on('close', (code: number) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.(`closed ${code}`);
    });
    socket.on('error', () => undefined);
  }

  static async open(base: string): Promise<SocketSender> {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
      socket.once('message', () => resolve());
    });
    return new SocketSender(socket);
  }

  /** The answer to `document` (`next ok`, `error tokens`, …), or how the socket closed. */
  send(document: string): Promise<string> {
    return this.sendRaw(
      JSON.stringify({ id: String(this.nextId++), type: 'subscribe', payload: { query: document } }),
    );
  }

  sendRaw(message: string): Promise<string> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve('closed before');
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.send(message);
    });
  }

  close(): void {
    this.socket.close();
  }
}

function serverCpuMs(pid: number): number {
  const snapshot = cpuSnapshot(nowMs(), pid, null);
  if (snapshot.serverMs === null) throw new Error(`cannot read the CPU time of process ${pid} (/proc)`);
  return snapshot.serverMs;
}

async function measureKinds(
  server: RunningServer,
  base: string,
  kinds: readonly DocumentKind[],
  settings: Pick<AbuseBenchSettings, 'rounds' | 'batch'>,
  nonce: { next: number },
): Promise<{ http: KindFigures[]; ws: KindFigures[] }> {
  type Samples = { cpu: number[]; latency: number[]; answer: string };
  const fresh = (): Map<string, Samples> =>
    new Map(kinds.map((kind) => [kind.name, { cpu: [], latency: [], answer: '' }]));
  const http = fresh();
  const ws = fresh();
  for (let round = 0; round < settings.rounds; round++) {
    // Each round starts at another kind, so no kind always follows the same one.
    const order = kinds.map((_, index) => kinds[(index + round) % kinds.length] as DocumentKind);
    for (const kind of order) {
      for (const [transport, samples] of [
        ['http', http],
        ['ws', ws],
      ] as const) {
        const sender = transport === 'ws' ? await SocketSender.open(base) : null;
        const documents = Array.from({ length: settings.batch }, () =>
          padded(kind.core, DOCUMENT_BYTES, nonce.next++),
        );
        const entry = samples.get(kind.name) as Samples;
        const cpuBefore = serverCpuMs(server.pid);
        for (const document of documents) {
          const started = nowMs();
          entry.answer = sender === null ? await postDocument(base, document) : await sender.send(document);
          entry.latency.push(nowMs() - started);
        }
        entry.cpu.push((serverCpuMs(server.pid) - cpuBefore) / settings.batch);
        sender?.close();
      }
    }
  }
  const figures = (samples: Map<string, Samples>): KindFigures[] =>
    kinds.map((kind) => {
      const entry = samples.get(kind.name) as Samples;
      return {
        name: kind.name,
        what: kind.what,
        answer: entry.answer,
        cpuMs: median(entry.cpu),
        latencyMs: median(entry.latency),
      };
    });
  return { http: figures(http), ws: figures(ws) };
}

/**
 * The server's steps for an HTTP document, in this process: the bounded parser (src/graphql/document-bounds.ts),
 * then, for a document within the bounds, graphql-js's parse and validation with every rule and option Apollo is
 * given.
 */
function measureInProcess(
  schema: GraphQLSchema,
  kinds: readonly DocumentKind[],
  settings: Pick<AbuseBenchSettings, 'rounds' | 'batch'>,
  nonce: { next: number },
): InProcessFigures[] {
  const limits = loadConfig({}).graphql;
  const parser = new BoundedParser(limits);
  const rules = [...specifiedRules, ...apiValidationRules(limits, true)];
  const steps = (text: string): void => {
    if (parser.problem(text) !== null) return;
    validate(schema, parse(text, { maxTokens: limits.maxTokens }), rules, VALIDATION_OPTIONS);
  };
  const samples = new Map<string, number[]>(kinds.map((kind) => [kind.name, []]));
  const rounds = settings.rounds * 4;
  for (let round = 0; round < rounds; round++) {
    for (const kind of kinds) {
      const documents = Array.from({ length: settings.batch }, () =>
        padded(kind.core, DOCUMENT_BYTES, nonce.next++),
      );
      const before = process.cpuUsage();
      for (const document of documents) steps(document);
      const used = process.cpuUsage(before);
      if (round > 0) samples.get(kind.name)?.push((used.user + used.system) / 1000 / settings.batch);
    }
  }
  return kinds.map((kind) => ({ name: kind.name, ms: median(samples.get(kind.name) as number[]) }));
}

/** `GET /health` one after another until `until`: each one's time to the answer. */
async function probeHealth(base: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  while (nowMs() < until) {
    const started = nowMs();
    const response = await fetch(`${base}/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
    latencies.push(nowMs() - started);
  }
  return latencies;
}

async function measureHealth(
  base: string,
  kinds: readonly DocumentKind[],
  ms: number,
  nonce: { next: number },
): Promise<AbuseReport['health']> {
  const hostile = kinds.filter((kind) => kind !== HARMLESS);
  const idle = await probeHealth(base, nowMs() + ms);

  let httpAttackRequests = 0;
  let until = nowMs() + ms;
  const httpAttackers = Array.from({ length: 8 }, async (_, client) => {
    for (let index = client; nowMs() < until; index++) {
      const kind = hostile[index % hostile.length] as DocumentKind;
      await postDocument(base, padded(kind.core, DOCUMENT_BYTES, nonce.next++));
      httpAttackRequests += 1;
    }
  });
  const [httpAttack] = await Promise.all([probeHealth(base, until), ...httpAttackers]);

  let wsAttackMessages = 0;
  until = nowMs() + ms;
  const wsAttackers = Array.from({ length: 8 }, async (_, client) => {
    let sender = await SocketSender.open(base);
    for (let index = client; nowMs() < until; index++) {
      // Every fifth message is the 2 MB one of the finding: its socket is closed (1009), and a new one opened.
      if (index % 5 === 4) {
        await sender.sendRaw(oversizedMessage(String(index)));
        sender = await SocketSender.open(base);
      } else {
        const kind = hostile[index % hostile.length] as DocumentKind;
        await sender.send(padded(kind.core, DOCUMENT_BYTES, nonce.next++));
      }
      wsAttackMessages += 1;
    }
    sender.close();
  });
  const [wsAttack] = await Promise.all([probeHealth(base, until), ...wsAttackers]);
  return {
    idle: summarize(idle),
    httpAttack: summarize(httpAttack as number[]),
    wsAttack: summarize(wsAttack as number[]),
    httpAttackRequests,
    wsAttackMessages,
  };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match === null) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** RSS before and after 100 messages of 2 MB (each on a new anonymous socket, as they close it), then 2 s later. */
async function measureRss(pid: number, base: string): Promise<AbuseReport['rss']> {
  const beforeMb = rssMb(pid);
  const closes = new Map<string, number>();
  for (let index = 0; index < 100; index++) {
    const sender = await SocketSender.open(base);
    const answer = await sender.sendRaw(oversizedMessage(String(index)));
    closes.set(answer, (closes.get(answer) ?? 0) + 1);
  }
  const afterMb = rssMb(pid);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const settledMb = rssMb(pid);
  const described = [...closes].map(([answer, count]) => `${count} × ${answer}`).join(', ');
  return { beforeMb, afterMb, settledMb, closes: described };
}
