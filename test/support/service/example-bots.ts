/**
 * The example bots (examples/) run as apps (docs/api/apps-and-oauth.md): given an app's id and no token, each
 * listens on 127.0.0.1 and prints the authorization page's address for a person to open. Every bot started here is
 * killed after each test if it is still running.
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

/** Where the example bots run from: the repository's root. */
export const EXAMPLE_BOTS_ROOT = path.resolve(__dirname, '..', '..', '..');

const running = new Set<ChildProcess>();

/** The TypeScript example bot's command line (run with tsx, as its header says). */
export const TYPESCRIPT_BOT: readonly [string, readonly string[]] = [
  process.execPath,
  [
    path.join(EXAMPLE_BOTS_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    path.join(EXAMPLE_BOTS_ROOT, 'examples', 'typescript-bot', 'bot.ts'),
  ],
];

afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

export interface RunningBot {
  /** The authorization page's address, once the bot printed it. */
  readonly address: Promise<URL>;
  /** Its exit code, all it printed, and its stderr alone. */
  readonly exited: Promise<{ code: number; output: string; stderr: string }>;
}

/** Starts a bot as an app (MALICE_CLIENT_ID, no token). */
export function startBot(
  command: string,
  args: readonly string[],
  as: { readonly url: string; readonly clientId: string },
): RunningBot {
  const child = spawn(command, args, {
    cwd: EXAMPLE_BOTS_ROOT,
    env: { PATH: process.env.PATH ?? '', MALICE_URL: as.url, MALICE_CLIENT_ID: as.clientId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  let stderr = '';
  const exited = new Promise<{ code: number; output: string; stderr: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      running.delete(child);
      resolve({ code: code ?? -1, output, stderr });
    });
  });
  const address = new Promise<URL>((resolve, reject) => {
    const look = (): void => {
      const match = /open this address to let the bot play for you: (\S+)/.exec(output);
      if (match !== null) resolve(new URL(match[1]!));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      look();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stderr += chunk.toString();
    });
    void exited.then(({ code }) => reject(new Error(`the bot exited (${code}) first:\n${output}`)));
  });
  return { address, exited };
}
