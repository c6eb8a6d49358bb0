/**
 * The server under test: the compiled app (`node dist/main.js`, what `npm start` runs) as a child process on a
 * free port, started the way test/support/service/app.ts starts it, in production mode. It migrates its fresh
 * database at boot. The rate limit is lifted (the bots send far more than a person would, from few tokens).
 */
import { execFileSync, spawn } from 'node:child_process';
import { waitUntilServing } from '../../src/common/serving';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The project root: the nearest folder up from here with the project's package.json (works bundled or not). */
export function projectRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const parsed: unknown = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && (parsed as { name?: unknown }).name === 'malice') {
        return dir;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no malice package.json above ${from}`);
    dir = parent;
  }
}

/**
 * The code that was measured: the commit, and whether the working tree differed from it (the server is built
 * from the working tree). Read-only git commands; 'unknown' outside a git checkout.
 */
export function codeRevision(root: string = projectRoot()): string {
  try {
    const git = (...args: string[]): string =>
      execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'prisma') !== '';
    return changed ? `${commit} + uncommitted changes in src/ or prisma/` : commit;
  } catch {
    return 'unknown';
  }
}

export interface RunningServer {
  readonly graphqlUrl: string;
  readonly pid: number;
  output(): string;
  /** SIGTERM, then waits for the exit (the server closes its pool; a CPU profile is written then). */
  stop(): Promise<void>;
  /** Callgrind's controls, for a server started with `callgrindFile`; absent for a server that runs on its own. */
  readonly instructions?: InstructionCounter;
}

/**
 * What `callgrind_control` does to a server run under callgrind; each returns once callgrind has taken the command.
 * Only what runs while counting is counted.
 */
export interface InstructionCounter {
  start(): void;
  stop(): void;
  /** Writes what was counted since the last cut to its own file (`<callgrindFile>.<n>`, n = 1, 2, …) and starts from 0. */
  cut(): void;
}

export interface ServerOptions {
  readonly databaseUrl: string;
  /** Run the server with `--cpu-prof` into this folder. */
  readonly cpuProfileDir: string | null;
  readonly startTimeoutMs?: number;
  /** More environment for the server (bench:storage lets webhooks reach its local receiver). */
  readonly env?: Readonly<Record<string, string>>;
  /** The checkout whose dist/main.js runs (bench:events runs builds of other commits): this one unless said. */
  readonly root?: string;
  /**
   * Run the server under valgrind's callgrind into this file, counting nothing until `instructions.start()`
   * (bench:api `--instructions`).
   */
  readonly callgrindFile?: string;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const root = options.root ?? projectRoot();
  const main = path.join(root, 'dist', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const nodeArgs =
    options.cpuProfileDir === null
      ? []
      : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`];
  // Counted, V8 compiles and collects on the main thread (`--single-threaded`): optimised code then arrives after the
  // same work in every run, not when a background thread happens to finish under valgrind's slow scheduling.
  const counted = options.callgrindFile === undefined ? [] : ['--single-threaded'];
  const node = [process.execPath, ...counted, ...nodeArgs, main];
  const command =
    options.callgrindFile === undefined
      ? node
      : [
          'valgrind',
          '--tool=callgrind',
          '--instr-atstart=no',
          `--callgrind-out-file=${options.callgrindFile}`,
          ...node,
        ];
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    // Every bench client comes from 127.0.0.1: the per-address limits would measure themselves.
    RATE_LIMIT_REQUESTS: '1000000',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    WS_MAX_SOCKETS_PER_ADDRESS: '100000',
    ...options.env,
  };
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const base = await waitUntilServing(child, () => output, options.startTimeoutMs ?? 60_000);
    return {
      graphqlUrl: `${base}/graphql`,
      pid: child.pid as number,
      output: () => output,
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        await exited;
      },
      ...(options.callgrindFile === undefined
        ? {}
        : { instructions: instructionCounter(child.pid as number, env) }),
    };
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  }
}

function instructionCounter(pid: number, env: Readonly<Record<string, string>>): InstructionCounter {
  // vgdb finds the server's pipes by USER and HOST as the server has them: its environment.
  const control = (command: string): void => {
    execFileSync('callgrind_control', [command, String(pid)], { stdio: 'ignore', env });
  };
  return {
    start: () => control('--instr=on'),
    stop: () => control('--instr=off'),
    cut: () => control('--dump'),
  };
}

/** The instructions in one of callgrind's files (its `totals:` line): a cut's, or what the run counted after the last cut. */
export function countedInstructions(callgrindFile: string): number {
  const totals = /^totals:\s+(\d+)/m.exec(fs.readFileSync(callgrindFile, 'utf8'));
  if (totals === null) throw new Error(`${callgrindFile} has no totals line`);
  return Number(totals[1]);
}
