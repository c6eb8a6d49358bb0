/**
 * The example bots (examples/) as apps (docs/api/apps-and-oauth.md), on the compiled server: given an app's id and
 * no token, each listens on 127.0.0.1, prints the authorization page's address, and plays once the person approves.
 * The person's part is played here as the consent page plays it: `approveOAuthAuthorization` with the address's
 * parameters, then the browser's GET of `redirectTo`, which reaches the bot's listener (the page itself has a
 * browser test of its own). The issuer is the server's PUBLIC_URL, so the server runs on a port chosen first, with
 * PUBLIC_URL its own origin. As in bots.e2e.test.ts, the built-in bot answers at once and a game is short.
 */
import * as path from 'node:path';
import { freePort } from '../../../src/common/free-port';
import { TestApp, dataOf, register, startTestApp } from '../../support/service/app';
import { EXAMPLE_BOTS_ROOT, startBot } from '../../support/service/example-bots';
import { approve, registerApp, requestOfAddress } from '../../support/service/oauth';

const ROOT = EXAMPLE_BOTS_ROOT;
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Each bot: how to run it, and the scopes it asks for. */
const BOTS: [string, string, string[], string][] = [
  ['python', 'python3', [path.join(ROOT, 'examples', 'python-bot', 'bot.py')], 'GAME_PLAY'],
  [
    'typescript',
    process.execPath,
    [TSX, path.join(ROOT, 'examples', 'typescript-bot', 'bot.ts')],
    'GAME_READ GAME_PLAY',
  ],
];

let app: TestApp;
let clientId: string;

beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  app = await startTestApp({ env: { BOT_DELAY_MS: '0', PORT: String(port), PUBLIC_URL: origin } });
  expect(app.url).toBe(origin);
  const owner = await register(app, 'example-app-owner');
  ({ id: clientId } = await registerApp(app, owner, {
    name: 'Example bots',
    redirectUris: ['http://127.0.0.1/cb'],
  }));
});
afterAll(async () => {
  await app.close();
});

/** What a bot's authorization request must be: ours, a loopback redirect on a port of its own, PKCE S256. */
function expectRequest(address: URL, scope: string): void {
  expect(`${address.origin}${address.pathname}`).toBe(`${app.url}/oauth/authorize`);
  const request = requestOfAddress(address);
  expect(request).toEqual({
    clientId,
    redirectUri: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/cb$/),
    responseType: 'code',
    scope,
    state: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
    codeChallenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    codeChallengeMethod: 'S256',
  });
}

test.each(BOTS)(
  'the %s example bot, given an app and no token, plays a whole game once a person approves',
  async (name, command, args, scope) => {
    const person = await register(app, `${name}-person`);
    const bot = startBot(command, args, { url: app.url, clientId });
    const address = await bot.address;
    expectRequest(address, scope);
    const { redirectTo, code, iss } = await approve(app, person, requestOfAddress(address));
    expect({ code, iss }).toEqual({ code: expect.stringMatching(/^mlc_/), iss: app.url });
    // The browser follows the answer to the bot's listener.
    const back = await fetch(redirectTo);
    expect(back.status).toBe(200);
    const { code: exitCode, output } = await bot.exited;
    expect({ exitCode, output }).toEqual({
      exitCode: 0,
      output: expect.stringMatching(/game over: FINISHED/),
    });
    const games = await app.gql<{
      games: {
        edges: {
          node: { id: string; status: string; moveCount: number; players: { player: { isBot: boolean } }[] };
        }[];
      };
    }>(
      person,
      '{ games(filter: { mine: true }) { edges { node { id status moveCount players { player { isBot } } } } } }',
    );
    const played = dataOf(games).games.edges.map((edge) => edge.node);
    expect(played).toHaveLength(1);
    const game = played[0]!;
    expect(output).toContain(`playing game ${game.id} against RANDOM`);
    expect(game.status).toBe('FINISHED');
    expect(game.moveCount).toBeGreaterThan(1);
    expect(game.players.map((seat) => seat.player.isBot)).toEqual([false, true]);
    // It played with the app's access: the person's connected apps show the app, used, with what it asked for.
    const connected = await app.gql<{
      connectedApps: { app: { id: string }; scopes: string[]; lastUsedAt: string | null }[];
    }>(person, '{ connectedApps { app { id } scopes lastUsedAt } }');
    expect(dataOf(connected).connectedApps).toEqual([
      { app: { id: clientId }, scopes: scope.split(' '), lastUsedAt: expect.any(String) },
    ]);
  },
);

/** Answers that are not the bot's to take: another request's state, another server's name, the person's refusal. */
const ANSWERS = ['another state', 'another iss', 'a refusal'] as const;
type Answer = (typeof ANSWERS)[number];

/** Where the browser would be sent back to the bot's listener with `answer`. */
async function answerFor(answer: Answer, address: URL): Promise<URL> {
  const back = new URL(address.searchParams.get('redirect_uri')!);
  const state = address.searchParams.get('state')!;
  switch (answer) {
    case 'another state':
      back.search = new URLSearchParams({
        code: 'mlc_forged',
        state: 'not-the-state-sent',
        iss: app.url,
      }).toString();
      return back;
    case 'another iss':
      back.search = new URLSearchParams({
        code: 'mlc_forged',
        state,
        iss: 'https://malice.invalid',
      }).toString();
      return back;
    case 'a refusal': {
      // The consent page's Deny (anyone may refuse).
      const body = await app.gql<{ denyOAuthAuthorization: { redirectTo: string } }>(
        null,
        'mutation($request: OAuthAuthorizationInput!) { denyOAuthAuthorization(request: $request) { redirectTo } }',
        { request: requestOfAddress(address) },
      );
      return new URL(dataOf(body).denyOAuthAuthorization.redirectTo);
    }
    default: {
      const never: never = answer;
      return never;
    }
  }
}

test.each(
  BOTS.flatMap(([name, command, args]) => ANSWERS.map((answer) => [name, answer, command, args] as const)),
)(
  'the %s example bot takes no code from an answer with %s, and stops',
  async (_name, answer, command, args) => {
    const bot = startBot(command, args, { url: app.url, clientId });
    const address = await bot.address;
    expect((await fetch(await answerFor(answer, address))).status).toBe(200);
    const { code, output, stderr } = await bot.exited;
    expect(code).not.toBe(0);
    const why = { 'another state': /\bstate\b/, 'another iss': /\biss\b/, 'a refusal': /access_denied/ }[
      answer
    ];
    expect(stderr).toMatch(why);
    expect(output).not.toContain('playing game');
  },
);
