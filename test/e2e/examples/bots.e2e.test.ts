/**
 * The example bots (examples/) each play a whole game against a built-in bot on the compiled server: the Python one
 * over the NDJSON game stream and GraphQL POSTs (standard library only), the TypeScript one over graphql-ws. The
 * built-in bot answers without delay (BOT_DELAY_MS=0) and each pay-off pile holds one card, so a game is short.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { TestApp, dataOf, register, startTestApp } from '../../support/service/app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: { BOT_DELAY_MS: '0' } });
});
afterAll(async () => {
  await app.close();
});

/** Runs a bot to its end: its exit code and what it printed. */
function run(
  command: string,
  args: readonly string[],
  token: string,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', MALICE_URL: app.url, MALICE_TOKEN: token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

interface PlayedGame {
  id: string;
  status: string;
  moveCount: number;
  players: { seat: number; player: { username: string; isBot: boolean } }[];
}

/** The one game `token`'s player has, as it is now. */
async function theirGame(token: string): Promise<PlayedGame> {
  const body = await app.gql<{ games: { edges: { node: PlayedGame }[] } }>(
    token,
    '{ games(filter: { mine: true }) { edges { node { id status moveCount players { seat player { username isBot } } } } } }',
  );
  const games = dataOf(body).games.edges.map((edge) => edge.node);
  expect(games).toHaveLength(1);
  return games[0]!;
}

test.each([
  ['python', 'python3', [path.join(ROOT, 'examples', 'python-bot', 'bot.py')]],
  ['typescript', process.execPath, [TSX, path.join(ROOT, 'examples', 'typescript-bot', 'bot.ts')]],
])('the %s example bot plays a whole game against a built-in bot', async (name, command, args) => {
  const token = await register(app, `${name}-bot-owner`);
  const { code, output } = await run(command, args, token);
  expect({ code, output }).toEqual({ code: 0, output: expect.stringMatching(/game over: FINISHED/) });
  const game = await theirGame(token);
  expect(output).toContain(`playing game ${game.id} against RANDOM`);
  expect(game.status).toBe('FINISHED');
  expect(game.moveCount).toBeGreaterThan(1);
  expect(game.players.map((seat) => seat.player.isBot)).toEqual([false, true]);
});
