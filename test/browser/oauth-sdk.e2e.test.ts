/**
 * The whole way of a third-party app (docs/api/apps-and-oauth.md), with nothing played by the test but the person:
 * the TypeScript example bot, an app on @malice/client (clients/typescript), discovers the server, listens on
 * 127.0.0.1 and prints the authorization page's address with its PKCE challenge; the person opens it in a real
 * Chromium, signed in, and clicks Approve on the consent page; the browser lands at the bot's listener; the SDK
 * checks `state` and `iss`, exchanges the code and plays a whole game against a built-in bot with the app's token.
 * The issuer is the server's PUBLIC_URL, so the server runs on a port chosen first, with PUBLIC_URL its own origin.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { freePort } from '../../src/common/free-port';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { TYPESCRIPT_BOT, startBot } from '../support/service/example-bots';
import { registerApp } from '../support/service/oauth';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';

let app: TestApp;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  app = await startTestApp({ env: { BOT_DELAY_MS: '0', PORT: String(port), PUBLIC_URL: origin } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.close();
});

test('an app on the SDK gets a person’s approval in the browser, without their password, and plays a game for them', async () => {
  const owner = await register(app, 'sdk-app-owner');
  const person = await register(app, 'sdk-person');
  const { id: clientId } = await registerApp(app, owner, {
    name: 'SDK Bot',
    redirectUris: ['http://127.0.0.1/cb'],
  });
  const [command, args] = TYPESCRIPT_BOT;
  const bot = startBot(command, args, { url: app.url, clientId });
  const address = await bot.address;
  expect(address.searchParams.get('code_challenge_method')).toBe('S256');

  const opened = await openPage(browser, { viewport: { width: 1280, height: 800 }, token: person });
  context = opened.context;
  const page = opened.page;
  page.setDefaultTimeout(15_000);
  await page.goto(address.href);
  const consent = page.getByTestId('oauth-consent');
  await consent.waitFor();
  expect(await page.getByTestId('oauth-app').textContent()).toContain('SDK Bot');
  expect(
    await page
      .getByTestId('oauth-scopes')
      .locator('li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-scope'))),
  ).toEqual(['GAME_READ', 'GAME_PLAY']);
  await page.getByTestId('oauth-approve').click();
  // The browser is sent to the bot's own listener on the loopback address, with the code.
  await page.waitForURL(
    (url) => url.hostname === '127.0.0.1' && url.pathname === '/cb' && url.searchParams.has('code'),
  );

  const { code, output } = await bot.exited;
  expect({ code, output }).toEqual({ code: 0, output: expect.stringMatching(/game over: FINISHED/) });
  const games = await app.gql<{ games: { edges: { node: { id: string; status: string } }[] } }>(
    person,
    '{ games(filter: { mine: true }) { edges { node { id status } } } }',
  );
  const played = dataOf(games).games.edges.map((edge) => edge.node);
  expect(played).toEqual([{ id: expect.any(String), status: 'FINISHED' }]);
  expect(output).toContain(`playing game ${played[0]!.id}`);
  expect(opened.problems).toEqual([]);
});
