/**
 * The move log beside the table (docs/web.md "The table", web/src/replay/move-history.tsx) follows the latest move:
 * a game opened after 124 moves shows its last ones, not moves 1–5, and each move that arrives comes into sight —
 * unless the reader scrolled up to read earlier moves: then the list stays where they left it, until they scroll
 * back to the bottom, from when it follows again.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { createGame, findSeed, joinGame, playGame } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';

/** A classic game that lasts well past the moves played here (at least 140, played with chooseMove). */
const SEED = findSeed('classic', 2, 'web-log', 140, 1000);
const OPENED_AT = 124;

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors (page-problems.ts). */
let problems: string[] = [];

/** The list's box and its entries, as the test reads them (the test's tsconfig has no DOM types). */
interface ListElement {
  scrollTop: number;
  readonly scrollHeight: number;
  getBoundingClientRect(): { top: number; bottom: number };
  querySelectorAll(selector: string): ArrayLike<{
    getAttribute(name: string): string | null;
    getBoundingClientRect(): { top: number; bottom: number };
  }>;
  addEventListener(type: 'scroll', listener: () => void, options: { once: boolean }): void;
}

/** The moves (their seq) whose entry is wholly inside the list's visible box. */
function visibleMoves(): Promise<number[]> {
  return page.getByTestId('history').evaluate((element) => {
    const list = element as unknown as ListElement;
    const box = list.getBoundingClientRect();
    return Array.from(list.querySelectorAll('li'))
      .filter((item) => {
        const rect = item.getBoundingClientRect();
        return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
      })
      .map((item) => Number(item.getAttribute('data-seq')));
  });
}

/**
 * Scrolls the list as a reader would, to its top or its bottom, and waits for the scroll event: the page's own
 * listener ran before the one added here, so the page has seen where the reader left it. (A list already there
 * does not move, and has no event to wait for.)
 */
function scrollTo(where: 'top' | 'bottom'): Promise<void> {
  return page.getByTestId('history').evaluate(
    (element, to) =>
      new Promise<void>((resolve) => {
        const list = element as unknown as ListElement;
        const before = list.scrollTop;
        list.addEventListener('scroll', () => resolve(), { once: true });
        list.scrollTop = to === 'top' ? 0 : list.scrollHeight;
        if (list.scrollTop === before) resolve();
      }),
    where,
  );
}

async function listed(count: number): Promise<void> {
  const history = page.getByTestId('history');
  await until(`move ${count} is listed`, async () => (await history.locator('li').count()) === count, 15_000);
}

let ann: string;
let bob: string;
let gameId: string;

/** The players make moves through the API until the game has `moves`. */
async function playTo(moves: number): Promise<void> {
  const game = await playGame(app, [ann, bob], gameId, { maxVersion: moves });
  expect(game).toMatchObject({ status: 'ACTIVE', version: moves });
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  // A desktop: the log stands in its column beside the table.
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  problems = await watchPageProblems(context);
  page = await context.newPage();
  ann = await register(app, 'log_ann');
  bob = await register(app, 'log_bob');
  gameId = (await createGame(app, ann, { preset: 'CLASSIC', seed: SEED })).id;
  await joinGame(app, bob, gameId);
  await playTo(OPENED_AT);
  await page.goto(`${app.url}/`);
  await page.evaluate(
    (token) =>
      (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage.setItem('malice.token', token),
    ann,
  );
  await page.goto(`${app.url}/games/${gameId}`);
  await listed(OPENED_AT);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

it('opens at the latest move and keeps each new one in sight', async () => {
  const shown = await visibleMoves();
  // More moves than the box holds: the last ones are shown, not the first.
  expect(shown).toContain(OPENED_AT);
  expect(shown).not.toContain(1);
  await playTo(OPENED_AT + 1);
  await listed(OPENED_AT + 1);
  expect(await visibleMoves()).toContain(OPENED_AT + 1);
});

it('stays where the reader scrolled up to, and follows again once they are back at the bottom', async () => {
  await scrollTo('top');
  expect(await visibleMoves()).toContain(1);
  await playTo(OPENED_AT + 2);
  await listed(OPENED_AT + 2);
  const reading = await visibleMoves();
  expect(reading).toContain(1);
  expect(reading).not.toContain(OPENED_AT + 2);

  await scrollTo('bottom');
  await playTo(OPENED_AT + 3);
  await listed(OPENED_AT + 3);
  expect(await visibleMoves()).toContain(OPENED_AT + 3);
});
