/**
 * The tutorial (docs/web.md, "Tutorial") in a real Chromium against the compiled server, signed out: the whole
 * classic tutorial in English — each lesson's wrong move answered with the reason (the engine's violation in the
 * table's words, or why an allowed move is not the lesson's), the right move marking the lesson done, Next, Back,
 * the links at the end — reached from the rules page's link; the tabs to another preset; and the first lesson in
 * Swedish and in Russian at 390×844, its title in that language and no sideways scrolling.
 */
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, startTestApp } from '../support/service/app';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';
import { screenshot } from './support/screenshots';
import { pageWidth } from './support/table-ui';

/** The tutorial's texts, loaded by path (the client's files are typed with the DOM's types, as in table-ui.ts). */
interface TutorialTexts {
  lessons: Record<'payoff', { title: string }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the client's module, loaded by path
const { strings } = require(path.resolve(__dirname, '..', '..', 'web', 'src', 'tutorial', 'strings.ts')) as {
  strings: { table: Record<'en' | 'sv' | 'ru', TutorialTexts> };
};

const PHONE = { width: 390, height: 844 };

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** CSP violations and page errors of every context (page-problems.ts). */
const problems: string[][] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems.flat()).toEqual([]);
});

/** A signed-out page; `language` is put where the client keeps its choice (web/src/i18n.ts) before it loads. */
async function newPage(
  viewport: { width: number; height: number },
  language: 'en' | 'sv' | 'ru',
): Promise<Page> {
  const opened = await openPage(browser, { viewport, language });
  contexts.push(opened.context);
  problems.push(opened.problems);
  return opened.page;
}

/** Waits until the tutorial shows lesson `index` of `preset` on its board. */
async function atLesson(page: Page, preset: string, index: number): Promise<void> {
  await page
    .locator(`[data-testid="tutorial"][data-preset="${preset}"][data-lesson="${index}"][data-done="false"]`)
    .waitFor();
  await page.getByTestId('board').waitFor();
}

type HintKind = 'refused' | 'offTrack' | 'step' | 'done';

/**
 * Tries `move` (notation) on the board as a person does — its source, then its target (the table's DOM contract,
 * docs/web.md "The table") — and waits for the hint of `kind`; returns the hint's text.
 */
async function tryMove(page: Page, move: string, kind: HintKind): Promise<string> {
  const dash = move.lastIndexOf('-');
  const source = move.slice(0, dash);
  const target = move.slice(dash + 1);
  await page.locator(`button[data-source="${source}"]`).first().click();
  await page.locator(`button[data-source="${source}"][aria-pressed="true"]`).first().waitFor();
  await page.locator(`[data-target="${target}"]`).click();
  const hint = page.locator(`[data-testid="tutorial-hint"][data-kind="${kind}"]`);
  await hint.waitFor();
  return (await hint.textContent()) ?? '';
}

async function done(page: Page): Promise<void> {
  await page.locator('[data-testid="tutorial"][data-done="true"]').waitFor();
}

describe('the tutorial, signed out', () => {
  it('goes through the classic tutorial in English: why a move is wrong, the right one, Next and Back', async () => {
    const page = await newPage({ width: 1280, height: 800 }, 'en');
    // The rules page links to its preset's tutorial.
    await page.goto(`${app.url}/rules/classic`);
    await page.getByTestId('rules-learn').click();
    await page.waitForURL('**/learn/classic');
    await atLesson(page, 'CLASSIC', 0);
    expect(await page.getByTestId('tutorial-progress').textContent()).toBe('Lesson 1 of 6');
    expect(await page.getByTestId('tutorial-title').textContent()).toBe(
      strings.table.en.lessons.payoff.title,
    );

    // 1. A card fits only the rank its pile needs; the pay-off card fits, and in classic it must be played first
    // (S15), so even ending the turn waits.
    expect(await tryMove(page, '9S-c1', 'refused')).toContain('it needs a 5');
    expect(await tryMove(page, '9S-d1', 'refused')).toContain('First the forced play');
    expect(await page.getByTestId('tutorial').getAttribute('data-done')).toBe('false');
    expect(await tryMove(page, 'p-c1', 'done')).toContain('Well done');
    await done(page);
    await page.getByTestId('tutorial-next').click();

    // 2. Centre piles go up one rank at a time; a card on a side pile would end the turn.
    await atLesson(page, 'CLASSIC', 1);
    expect(await tryMove(page, '4D-c1', 'refused')).toContain('it needs a 3');
    expect(await tryMove(page, '8S-c', 'refused')).toContain('Only an ace starts a centre pile');
    expect(await tryMove(page, '8S-d1', 'offTrack')).toContain('ends your turn');
    await tryMove(page, '3C-c1', 'step');
    expect(await page.getByTestId('tutorial').getAttribute('data-done')).toBe('false');
    await tryMove(page, '4D-c1', 'done');
    await page.getByTestId('tutorial-next').click();

    // 3. A side pile takes the same rank as its top or one lower; any card there ends the turn.
    await atLesson(page, 'CLASSIC', 2);
    expect(await tryMove(page, 'KC-d1', 'refused')).toContain('it shows 9');
    await tryMove(page, '8S-d1', 'done');
    await page.getByTestId('tutorial-next').click();

    // 4. A joker counts as the rank its pile needs, but never starts one.
    await atLesson(page, 'CLASSIC', 3);
    expect(await tryMove(page, '*-c', 'refused')).toContain('Only an ace starts a centre pile');
    expect(await tryMove(page, '8H-c1', 'refused')).toContain('it needs a 7');
    await tryMove(page, '*-c1', 'step');
    await tryMove(page, '8H-c1', 'done');

    // Back and forth: Back starts the lesson before again, Next the one after.
    await page.getByTestId('tutorial-back').click();
    await atLesson(page, 'CLASSIC', 2);
    await page.getByTestId('tutorial-next').click();
    await atLesson(page, 'CLASSIC', 3);
    await page.getByTestId('tutorial-next').click();

    // 5. The forced pay-off card cannot be dodged by covering its pile first.
    await atLesson(page, 'CLASSIC', 4);
    expect(await tryMove(page, '4S-c1', 'refused')).toContain('First the forced play');
    await tryMove(page, 'p-c1', 'done');
    await page.getByTestId('tutorial-next').click();

    // 6. The last pay-off card wins.
    await atLesson(page, 'CLASSIC', 5);
    expect(await page.getByTestId('tutorial-progress').textContent()).toBe('Lesson 6 of 6');
    expect(await page.getByTestId('tutorial-next').count()).toBe(0);
    await tryMove(page, '7S-c1', 'step');
    await tryMove(page, 'd1-c1', 'step');
    expect(await tryMove(page, 'p-c1', 'done')).toContain('you have won');
    await done(page);
    expect(await page.getByTestId('tutorial-play-computer').getAttribute('href')).toBe('/?play=computer');
    expect(await page.getByTestId('tutorial-rules').getAttribute('href')).toBe('/rules/classic');

    // The tabs lead to the other presets' tutorials: Modern has no forced plays, so five lessons.
    await page.getByTestId('tutorial-tab-modern').click();
    await page.waitForURL('**/learn/modern');
    await atLesson(page, 'MODERN', 0);
    expect(await page.getByTestId('tutorial-progress').textContent()).toBe('Lesson 1 of 5');
  });

  it.each(['sv', 'ru'] as const)(
    'opens the first lesson in %s on a phone, without scrolling sideways',
    async (language) => {
      const page = await newPage(PHONE, language);
      await page.goto(`${app.url}/learn`);
      await atLesson(page, 'CLASSIC', 0);
      await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
      expect(await page.getByTestId('tutorial-title').textContent()).toBe(
        strings.table[language].lessons.payoff.title,
      );
      // A refusal in the reader's language too, and still no sideways scrolling with it shown.
      await tryMove(page, '9S-c1', 'refused');
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, `tutorial-phone-${language}`, PHONE);
    },
  );
});
