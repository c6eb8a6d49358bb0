/**
 * The app's shell on a phone (docs/web.md, "On a phone"), in a real Chromium at 390×844 against the compiled
 * server: the bar is one row of at most 64 px — the brand, the bell and a menu button — with every target in it at
 * least 44 px; the menu opens with its button and closes with it, with Escape (the Display choices inside it first)
 * and when a link in it is followed; a finished game's result table stacks its rows as cards inside the screen, in
 * English and in Russian (the longest labels); Verify's plain words with the formulas under Details; and home,
 * account and a finished game never scroll sideways.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { TestApp, register, startTestApp } from '../support/service/app';
import { createGame, joinGame, resign } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import { screenshot } from './support/screenshots';
import { setLanguage } from './support/table-ui';

const WIDTH = 390;
/** The most the closed bar may take of a phone's height (one row). */
const BAR_HEIGHT = 64;
/** The smallest target a fingertip hits reliably (WCAG 2.5.5). */
const TARGET = 44;

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ann: string;
let finishedId: string;
/** CSP violations and page errors (page-problems.ts). */
let problems: string[] = [];

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface PageGlobals {
  localStorage: { setItem(key: string, value: string): void };
  document: { documentElement: { scrollWidth: number } };
  getComputedStyle(element: unknown, pseudo: string): { content: string };
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, reducedMotion: 'reduce' });
  problems = await watchPageProblems(context);
  page = await context.newPage();
  ann = await register(app, 'shell_ann');
  const bob = await register(app, 'shell_bob');
  // Over at once: Bob resigns the first move; a rated game, so the rating table is there too.
  const created = await createGame(app, ann, { preset: 'CLASSIC', rated: true });
  await joinGame(app, bob, created.id);
  await resign(app, bob, created.id);
  finishedId = created.id;
  await page.goto(`${app.url}/`);
  await page.evaluate(
    (token) => (globalThis as unknown as PageGlobals).localStorage.setItem('malice.token', token),
    ann,
  );
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${locator.toString()} has no box (not shown)`);
  return found;
}

/** Every shown target in the bar smaller than TARGET either way, as `name w×h` (an empty list when none is). */
async function smallTargets(): Promise<string[]> {
  const small: string[] = [];
  // A checkbox is tapped through its label, which is the target.
  const targets = page.locator('header a, header button, header select, header summary, header label.check');
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const { width, height } = await box(target);
    if (width < TARGET || height < TARGET) {
      small.push(`${(await target.textContent())?.trim() ?? ''} ${Math.round(width)}×${Math.round(height)}`);
    }
  }
  return small;
}

const menuButton = () => page.getByTestId('menu-button');
const menu = () => page.getByTestId('bar-menu');
const focused = () => page.locator(':focus').getAttribute('data-testid');

async function expectMenu(open: boolean): Promise<void> {
  expect(await menuButton().getAttribute('aria-expanded')).toBe(String(open));
  expect(await menu().isVisible()).toBe(open);
}

describe('the bar on a phone', () => {
  it('is one row of at most 64 px: the brand, the bell and the menu button, every target at least 44 px', async () => {
    await page.goto(`${app.url}/`);
    await page.getByTestId('summary').waitFor();
    expect((await box(page.locator('header.bar'))).height).toBeLessThanOrEqual(BAR_HEIGHT);
    expect(await page.locator('header .brand').isVisible()).toBe(true);
    expect(await page.getByTestId('bell').isVisible()).toBe(true);
    expect(await menuButton().getAttribute('aria-controls')).toBe('bar-menu');
    await expectMenu(false);
    expect(await page.getByTestId('signed-in-as').isVisible()).toBe(false);
    expect(await smallTargets()).toEqual([]);

    // Open, with the Display choices open too: the pages, who is signed in, Sign out and every setting, all 44 px.
    await menuButton().click();
    await expectMenu(true);
    await page.getByTestId('settings-menu').locator('summary').click();
    await page.getByTestId('four-colour').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Signed in as shell_ann');
    for (const name of ['My games', 'New game', 'Leaderboard', 'Rules', 'Account']) {
      expect({ name, shown: await menu().getByRole('link', { name, exact: true }).isVisible() }).toEqual({
        name,
        shown: true,
      });
    }
    expect(await menu().getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await menu().getByTestId('language').isVisible()).toBe(true);
    expect(await smallTargets()).toEqual([]);
  });

  it('closes with Escape: the Display choices first, then the menu, focus back on what opened each', async () => {
    // Left open by the test before: the menu with the Display choices.
    const details = page.getByTestId('settings-menu');
    expect(await details.getAttribute('open')).not.toBeNull();
    await page.getByTestId('four-colour').focus();
    await page.keyboard.press('Escape');
    expect(await details.getAttribute('open')).toBeNull();
    await expectMenu(true);
    expect(await page.locator(':focus').textContent()).toBe('Display');
    await page.keyboard.press('Escape');
    await expectMenu(false);
    expect(await focused()).toBe('menu-button');
  });

  it('closes with its button, and when a link in it is followed', async () => {
    await menuButton().click();
    await expectMenu(true);
    await menuButton().click();
    await expectMenu(false);

    await menuButton().click();
    await page.getByTestId('settings-menu').locator('summary').click();
    await menu().getByRole('link', { name: 'Leaderboard' }).click();
    await page.getByTestId('leaderboard').waitFor();
    expect(new URL(page.url()).pathname).toBe('/leaderboard/classic');
    await expectMenu(false);
    // The Display choices were closed with it: the menu opens as it first did.
    await menuButton().click();
    expect(await page.getByTestId('settings-menu').getAttribute('open')).toBeNull();
    await menuButton().click();
  });

  it('is the bar it always was on a desktop: no menu button, the pages and who is signed in in sight', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      expect(await menuButton().isVisible()).toBe(false);
      expect(await page.getByRole('link', { name: 'Account' }).isVisible()).toBe(true);
      expect(await page.getByTestId('signed-in-as').isVisible()).toBe(true);
      expect(await page.getByTestId('language').isVisible()).toBe(true);
    } finally {
      await page.setViewportSize({ width: WIDTH, height: 844 });
    }
  });
});

describe('a finished game on a phone', () => {
  /** The result table's rows, each a card inside the screen and its card, its cells one under another. */
  async function expectStackedResult(): Promise<void> {
    await page.goto(`${app.url}/games/${finishedId}`);
    const rows = page.getByTestId('result-seat');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    for (const row of await rows.all()) {
      const card = await box(row);
      expect(card.x).toBeGreaterThanOrEqual(0);
      expect(card.x + card.width).toBeLessThanOrEqual(WIDTH);
      let above = card.y;
      for (const cell of ['placement', 'outcome', 'score', 'payoff-left']) {
        const shown = await box(row.getByTestId(cell));
        expect({
          cell,
          left: shown.x >= card.x,
          right: shown.x + shown.width <= card.x + card.width,
        }).toEqual({
          cell,
          left: true,
          right: true,
        });
        // One under another: a line each, not columns side by side.
        expect(shown.y).toBeGreaterThan(above);
        above = shown.y;
      }
    }
    // Nothing is cut off inside the tables' boxes either (they would scroll sideways in them otherwise).
    for (const scroller of await page.locator('.finished-game .table-scroll').all()) {
      const { scrollWidth, clientWidth } = await scroller.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }
  }

  it('stacks each seat of the result as a card within 390 px, in English and in Russian', async () => {
    await expectStackedResult();
    await setLanguage(page, 'ru');
    try {
      await expectStackedResult();
      // The labels are the columns' headers, in the reader's language.
      expect(
        await page
          .getByTestId('payoff-left')
          .first()
          .evaluate(
            (cell) => (globalThis as unknown as PageGlobals).getComputedStyle(cell, '::before').content,
          ),
      ).toContain('Осталось в расчётной пачке');
      await screenshot(page, 'finished-game-phone-ru', { width: 390, height: 844 });
    } finally {
      await setLanguage(page, 'en');
    }
  });
});

describe('Verify on a phone', () => {
  it('says in plain words what it checked, the formulas folded away under Details', async () => {
    await page.goto(`${app.url}/games/${finishedId}`);
    await page.getByTestId('verify').click();
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await page.getByTestId('verify-plain').textContent()).toContain(
      'The cards were fixed before the game began and could not be changed',
    );
    const details = page.getByTestId('verify-details');
    const formula = details.locator('code', { hasText: 'malice/v2/commitment' });
    expect(await details.getAttribute('open')).toBeNull();
    expect(await formula.isVisible()).toBe(false);
    await details.locator('summary').click();
    await formula.waitFor();
    expect(await details.locator('li[data-kind="commitment"]').isVisible()).toBe(true);
  });
});

describe('no page scrolls sideways on a phone', () => {
  it.each([
    ['home', '/', 'summary'],
    ['account', '/account', 'session'],
    ['a finished game', '', 'replay-step'],
  ])('%s', async (_name, path, ready) => {
    await page.goto(`${app.url}${path === '' ? `/games/${finishedId}` : path}`);
    await page.getByTestId(ready).first().waitFor();
    const width = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(WIDTH);
  });
});
