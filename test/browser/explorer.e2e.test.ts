/**
 * The explorer (GET /explorer) in a real Chromium, under its own Content-Security-Policy
 * (src/http/explorer.controller.ts): everything it does — the schema browser's introspection over fetch, a type's
 * page, signing in through its form, a query, a subscription over graphql-ws — works with no CSP violation and no
 * page error, so the policy allows what the page needs; and a page of another origin cannot frame it.
 *
 * The app runs in this process (test/support/service/in-process.ts): what is tested is the page and its headers in
 * a browser, which the in-process app serves exactly as the compiled one does.
 */
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { register } from '../support/service/app';
import { InProcessApp, startAppInProcess } from '../support/service/in-process';
import { until } from '../support/service/outage';
import { createGame } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';

const PASSWORD = 'correct horse battery staple';

/** What the test reads of the page's globals (the test's tsconfig has no DOM types). */
interface PageGlobals {
  getComputedStyle(element: unknown): { marginTop: string };
}

let app: InProcessApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors on the explorer's pages (test/browser/support/page-problems.ts). */
let problems: string[];
let framer: Server;

beforeAll(async () => {
  app = await startAppInProcess();
  browser = await launchBrowser();
  context = await browser.newContext();
  problems = await watchPageProblems(context);
  page = await context.newPage();
  // A page of another origin (another host name and port) that frames the explorer.
  framer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Framer</title><iframe id="framed" src="${app.url.replace('localhost', '127.0.0.1')}/explorer"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => framer?.close(resolve));
  await app?.close();
});

it('browses the schema, signs in, runs a query and a subscription, with no CSP violation', async () => {
  await register(app, 'explorer_eve', PASSWORD);
  const eve = await register(app, 'explorer_eli', PASSWORD);
  const game = await createGame(app, eve, { preset: 'CLASSIC' });

  await page.goto(`${app.url}/explorer`);
  // The schema browser's introspection ran (over fetch, to this origin).
  const gameType = page.locator('#type-list li', { hasText: /^Game$/ });
  await gameType.first().click();
  const kind = page.locator('#type-detail .kind');
  await kind.waitFor();
  expect(await kind.textContent()).toBe('object');
  // Its style comes from the page's stylesheet (a style attribute would be refused by the policy).
  expect(
    await kind.evaluate(
      (element) => (globalThis as unknown as PageGlobals).getComputedStyle(element).marginTop,
    ),
  ).toBe('8px');

  // Signing in through the form: the token box is filled from the answer.
  await page.fill('#username', 'explorer_eve');
  await page.fill('#password', PASSWORD);
  await page.press('#password', 'Enter');
  await until(
    'the token box holds a session',
    async () => (await page.inputValue('#token')).startsWith('mls_'),
    10_000,
  );

  await page.fill('#query', '{ me { username } }');
  await page.fill('#variables', '{}');
  await page.click('#run');
  await page.locator('#result', { hasText: 'explorer_eve' }).waitFor();

  // A subscription, over a WebSocket to this origin (connect-src 'self').
  await page.fill('#query', 'subscription($id: ID!) { gameUpdated(gameId: $id) { id version } }');
  await page.fill('#variables', JSON.stringify({ id: game.id }));
  await page.click('#run');
  await page.locator('#status', { hasText: /^Subscribed/ }).waitFor();
  await page.locator('#result', { hasText: game.id }).waitFor();
  expect(problems).toEqual([]);
});

it('the attack: a page of another origin cannot frame the explorer', async () => {
  // Its own context: the refusal is a CSP report of the framing page, which the other test's watcher would list.
  const other = await browser.newContext();
  try {
    const framing = await other.newPage();
    const refusals: string[] = [];
    framing.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await framing.goto(`http://localhost:${(framer.address() as AddressInfo).port}/`);
    const framed = await (await framing.waitForSelector('#framed')).contentFrame();
    await framed?.waitForLoadState();
    // The explorer never loaded in the frame: no page of it, and Chromium said why.
    expect(framed === null || (await framed.locator('#type-list').count()) === 0).toBe(true);
    await until('Chromium reports the refusal', () => refusals.length > 0, 10_000);
    expect(refusals.join('\n')).toMatch(/frame-ancestors 'none'/);
  } finally {
    await other.close();
  }
});
