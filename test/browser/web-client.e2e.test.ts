/**
 * The web client (docs/web.md) as a person uses it, in a real Chromium (test/browser/support/browser.ts): served
 * at `/` by the compiled server with its Content-Security-Policy and caching (hashed assets precompressed as br
 * or gzip, whichever the client takes), within its size budget; a player signs up, sees an empty home, signs out
 * and in again; a game another player starts with them appears on the home page, live, under "Your turn" once it
 * is their turn; an invitation accepted from the home page opens as a table that holds nothing of the inviter's
 * hand. No CSP violation or page error happens on the way, in any of its browser contexts.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { chooseMove, createGame, joinGame, makeMove, readGame } from '../support/service/play';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { watchPageProblems } from './support/page-problems';
import { screenshot } from './support/screenshots';
import { HiddenHand, expectNoneOf, recordTraffic, tokenOf } from './support/table-ui';

const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'correct horse battery staple';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors on every page of the context (page-problems.ts). */
let problems: string[] = [];

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null };
  document: { cookie: string };
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  problems = await watchPageProblems(context);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('how the client is served', () => {
  it('answers / with index.html under a strict CSP, without inline script or style', async () => {
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "object-src 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, body] of scripts) {
      expect(tag).toMatch(/\ssrc="\/assets\//);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('serves hashed assets for a year, precompressed as br when asked', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const response = await fetch(`${app.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    // fetch decodes br: what arrives is the built file itself.
    expect(await response.text()).toBe(fs.readFileSync(path.join(ROOT, 'dist', 'web', asset), 'utf8'));
  });

  it('serves a hashed asset precompressed as gzip to a client that takes gzip but not br', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const response = await fetch(`${app.url}${asset}`, { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    // The bytes sent are the precompressed .gz file itself (fetch decodes them, so they are read decoded here).
    expect(await response.text()).toBe(fs.readFileSync(path.join(ROOT, 'dist', 'web', asset), 'utf8'));
    const raw = await new Promise<Buffer>((resolve, reject) => {
      const request = http.get(`${app.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve(Buffer.concat(chunks)));
        answer.on('error', reject);
      });
      request.on('error', reject);
    });
    expect(raw.equals(fs.readFileSync(path.join(ROOT, 'dist', 'web', `${asset}.gz`)))).toBe(true);
  });

  it('answers a client route with the page, and leaves the API’s paths alone', async () => {
    const route = await fetch(`${app.url}/games/123`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await route.text()).toContain('<div id="app">');
    for (const apiPath of [
      '/api/nothing-here',
      '/health/nothing',
      '/assets/missing-0000.js',
      '/test/nothing',
    ]) {
      const response = await fetch(`${app.url}${apiPath}`);
      expect({ apiPath, status: response.status }).toEqual({ apiPath, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    expect((await fetch(`${app.url}/explorer`)).headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('stays within its first-load budget (npm run web:budget)', () => {
    const output = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'web-budget.mjs')], {
      encoding: 'utf8',
    });
    const total = /([\d.]+) KB {2}first load, gzip \(within the budget of 120 KB\)/.exec(output);
    expect(total).not.toBeNull();
    expect(Number(total![1])).toBeLessThanOrEqual(120);
  });
});

describe('a player in the browser', () => {
  const username = 'web_ann';

  it('signs up, sees an empty home, signs out, is refused a wrong password, signs in again', async () => {
    await page.goto(`${app.url}/signup`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'My games' }).waitFor();
    await page.getByTestId('first-game').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(`Signed in as ${username}`);
    // The token is the page's own, never a cookie.
    const stored = await page.evaluate(() => {
      const globals = globalThis as unknown as PageGlobals;
      return { token: globals.localStorage.getItem('malice.token'), cookie: globals.document.cookie };
    });
    expect(stored.token).toMatch(/\S{20,}/);
    expect(stored.cookie).toBe('');
    expect((await context.cookies()).length).toBe(0);

    await openBarMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The old session ended on the server too.
    const ended = await app.gql(stored.token, '{ me { username } }');
    expect(ended.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('not the right password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.getAttribute('data-code')).toBe('UNAUTHENTICATED');
    expect(await alert.textContent()).toContain('Wrong username or password');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('first-game').waitFor();
    expect(problems).toEqual([]);
  });

  it('sees a game another player started with them appear live, under "Your turn" when it is theirs', async () => {
    const token = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).localStorage.getItem('malice.token'),
    );
    expect(token).not.toBeNull();
    const bob = await register(app, 'web_bob');
    const created = await createGame(app, bob, { preset: 'CLASSIC' });
    // Ann joins over the API (as another client of hers might); the page is not reloaded from here on.
    await joinGame(app, token!, created.id);
    const row = page.locator(`[data-game-id="${created.id}"]`);
    await row.waitFor({ timeout: 20_000 });

    // Bob plays until the turn is Ann's (at once, if the deal gave her the first turn).
    let game = await readGame(app, bob, created.id);
    const bobSeat = game.mySeat;
    for (let moves = 0; game.status === 'ACTIVE' && game.currentSeat === bobSeat; moves++) {
      expect(moves).toBeLessThan(200);
      dataOf(await makeMove(app, bob, created.id, chooseMove(game.legalMoves ?? []), game.version));
      game = await readGame(app, bob, created.id);
    }
    expect(game.status).toBe('ACTIVE');
    const mine = page.locator(`[data-section="yourTurn"] [data-game-id="${created.id}"]`);
    await until('the game shows under "Your turn"', async () => (await mine.count()) === 1, 20_000);
    expect(await mine.textContent()).toContain('vs web_bob');
    await until(
      'the summary counts the turn',
      async () => (await page.getByTestId('summary').textContent()) === '1 game awaits your move.',
      20_000,
    );
    expect(await page.title()).toBe('(1) Malice');
    // The favicon carries the count too (an SVG data: URL, which the CSP's img-src allows).
    const icon = await page.evaluate(() => {
      const doc = (
        globalThis as unknown as {
          document: {
            querySelector(selector: string): { getAttribute(name: string): string | null } | null;
            documentElement: { dataset: Record<string, string> };
          };
        }
      ).document;
      return {
        href: doc.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '',
        awaiting: doc.documentElement.dataset.awaiting,
      };
    });
    expect(icon.awaiting).toBe('1');
    expect(decodeURIComponent(icon.href)).toMatch(/^data:image\/svg\+xml,<svg[\s\S]*>1<\/text>/);
    // The phone layout: nothing wider than the 375 px viewport.
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
  });

  it('sees invitations arrive live, declines one and accepts another from the home page', async () => {
    // Recorded from a fresh load, so the page's websocket is one the recorder sees open.
    const received = recordTraffic(page);
    await page.reload();
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
    const carol = await register(app, 'web_carol');
    const invite = async (): Promise<string> =>
      dataOf(
        await app.gql<{ createGame: { id: string } }>(
          carol,
          `mutation { createGame(input: { preset: ZLOBA, opponent: "${username}", daysPerMove: 3 }) { id } }`,
        ),
      ).createGame.id;
    const declined = await invite();
    const row = page.locator(`[data-section="invitations"] [data-game-id="${declined}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('from web_carol');
    expect(await row.textContent()).toContain('3 d per move');
    await row.getByRole('button', { name: 'Decline' }).click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    const seen = await app.gql<{ challenge: { state: string; declineReason: string } | null }>(
      carol,
      `{ challenge(id: "${declined}") { state declineReason } }`,
    );
    expect(dataOf(seen).challenge).toEqual({ state: 'DECLINED', declineReason: 'GENERIC' });

    const accepted = await invite();
    const next = page.locator(`[data-section="invitations"] [data-game-id="${accepted}"]`);
    await next.waitFor({ timeout: 20_000 });
    await next.getByRole('button', { name: 'Accept' }).click();
    // Accepted, it is a game being played: no longer an invitation, now under one of the playing sections.
    const playing = page.locator(
      `[data-section="yourTurn"] [data-game-id="${accepted}"], [data-section="theirTurn"] [data-game-id="${accepted}"]`,
    );
    await playing.waitFor({ timeout: 20_000 });
    expect(await page.locator(`[data-section="invitations"] [data-game-id="${accepted}"]`).count()).toBe(0);
    expect((await readGame(app, carol, accepted)).status).toBe('ACTIVE');
    // The page joined with its own seed, sent once the commitment was public (docs/fairness.md).
    const seats = await app.gql<{
      game: { players: { player: { username: string }; clientSeed: string; clientSeedSource: string }[] };
    }>(carol, `{ game(id: "${accepted}") { players { player { username } clientSeed clientSeedSource } } }`);
    const mine = dataOf(seats).game.players.find((seat) => seat.player.username === username);
    expect(mine).toMatchObject({ clientSeedSource: 'GIVEN_AFTER_COMMITMENT' });
    expect(mine!.clientSeed).toMatch(/^[A-Za-z0-9_-]{32}$/);
    await screenshot(page, 'home', { width: 1024, height: 640 });
    // Opened from the home page, the accepted game's table holds nothing of Carol's hand.
    await playing.locator(`a[href="/games/${accepted}"]`).click();
    await page.locator(`[data-testid="table"][data-status="ACTIVE"]`).waitFor();
    const annSees = new HiddenHand(app, accepted, await tokenOf(page), carol);
    await annSees.snapshot();
    await expectNoneOf(page, received, annSees.forbidden());
    expect(problems).toEqual([]);
  });
});

describe('for everyone', () => {
  it('speaks the browser’s language on the first visit, switches on request and remembers it', async () => {
    const swedish = await browser.newContext({ locale: 'sv-SE', viewport: { width: 375, height: 740 } });
    try {
      const heard = await watchPageProblems(swedish);
      const tab = await swedish.newPage();
      await tab.goto(`${app.url}/signin`);
      await tab.getByRole('heading', { name: 'Logga in' }).waitFor();
      expect(await tab.getAttribute('html', 'lang')).toBe('sv');
      expect(await tab.getByLabel('Användarnamn').count()).toBe(1);

      await openBarMenu(tab);
      await tab.getByTestId('language').selectOption('ru');
      await tab.getByRole('heading', { name: 'Войти' }).waitFor();
      expect(await tab.getAttribute('html', 'lang')).toBe('ru');
      await tab.reload();
      await tab.getByRole('heading', { name: 'Войти' }).waitFor();
      // A page the server routes to the client but the client does not know says so, in the reader's language.
      await tab.goto(`${app.url}/no/such/page`);
      expect(await tab.getByTestId('not-found').textContent()).toBe('Такой страницы нет.');
      expect(heard).toEqual([]);
    } finally {
      await swedish.close();
    }
  });

  it('asks for notifications only after a click, then notifies when a game starts waiting for my move', async () => {
    const notifying = await browser.newContext({ viewport: { width: 375, height: 740 } });
    try {
      const heard = await watchPageProblems(notifying);
      await notifying.grantPermissions(['notifications']);
      // The operating system's notifications are the edge of the world: the page's calls are recorded, and the
      // page is told it is in the background (a notification for the tab one is looking at would only distract).
      await notifying.addInitScript(() => {
        const globals = globalThis as unknown as {
          Notification: { requestPermission(): Promise<string>; permission: string };
          asked: number;
          shown: { title: string; body: string }[];
          document: object;
        };
        globals.asked = 0;
        globals.shown = [];
        const Real = globals.Notification as unknown as { requestPermission(): Promise<string> };
        const askFirst = Real.requestPermission.bind(Real);
        class Recorded {
          static get permission(): string {
            return 'granted';
          }
          static requestPermission(): Promise<string> {
            globals.asked += 1;
            return askFirst();
          }
          constructor(title: string, options: { body: string }) {
            globals.shown.push({ title, body: options.body });
          }
        }
        globals.Notification = Recorded as unknown as typeof globals.Notification;
        Object.defineProperty(globals.document, 'hidden', { get: () => true });
      });
      const tab = await notifying.newPage();
      const read = () =>
        tab.evaluate(() => {
          const globals = globalThis as unknown as { asked: number; shown: { title: string }[] };
          return { asked: globals.asked, shown: globals.shown.length };
        });
      const token = await register(app, 'web_dora');
      await tab.goto(`${app.url}/signin`);
      await tab.getByLabel('Username').fill('web_dora');
      await tab.getByLabel('Password').fill(PASSWORD);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await tab.getByTestId('first-game').waitFor();
      expect(await read()).toEqual({ asked: 0, shown: 0 });

      await openBarMenu(tab);
      await tab.getByTestId('settings-menu').locator('summary').click();
      await tab.getByTestId('notify').check();
      await until('the page asked once', async () => (await read()).asked === 1, 10_000);

      const erik = await register(app, 'web_erik');
      const created = await createGame(app, erik, { preset: 'MODERN' });
      await joinGame(app, token, created.id);
      let game = await readGame(app, erik, created.id);
      for (let moves = 0; game.status === 'ACTIVE' && game.currentSeat === game.mySeat; moves++) {
        expect(moves).toBeLessThan(200);
        dataOf(await makeMove(app, erik, created.id, chooseMove(game.legalMoves ?? []), game.version));
        game = await readGame(app, erik, created.id);
      }
      await until('a notification was shown', async () => (await read()).shown >= 1, 20_000);
      const shown = await tab.evaluate(
        () => (globalThis as unknown as { shown: { title: string; body: string }[] }).shown[0],
      );
      expect(shown).toEqual({ title: 'Your turn', body: '1 game awaits your move.' });
      expect(heard).toEqual([]);
    } finally {
      await notifying.close();
    }
  });
});
