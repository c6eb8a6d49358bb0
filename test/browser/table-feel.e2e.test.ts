/**
 * How the table feels (docs/web.md "The table": Keyboard, Feel, the card art) in Chromium, against the greedy
 * bot: a whole turn played with the keyboard alone — arrows and Enter, a centre pile by its digit, the pay-off
 * pile by `p`, the turn ended by a discard to a side pile with `d` then its digit — with "confirm move" on (the
 * first move cancelled, then confirmed); the shortcut list opened by `?` and closed by Escape; the bot's move read
 * out in the live region; the court cards' indices in Swedish and Russian while the DOM keeps J/Q/K; axe finding
 * no serious or critical violation on the table in English, Swedish and Russian; the sound toggle off until
 * chosen, remembered, and synthesising a note when on.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { TestApp, register, startTestApp } from '../support/service/app';
import { createGame } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';
import { screenshot } from './support/screenshots';
import { pressUntilFocused, setLanguage } from './support/table-ui';

/**
 * Classic, seat 0 (me) to move against the greedy bot. c1 is built to 6: my 7S then 8D go on it, after which my
 * pay-off top 9H fits and must be played (FORCED_PAYOFF_PLAY, docs/rules.md §2.6); QC ends the turn on the empty
 * side pile d2. Then the bot's pay-off top TS fits c1 and must be played: the move the live region reads out.
 */
const POSITION = 'c1=AS2H3D4C5S6H 2C8S3S5C4D6C7C8H9C - 6D9H:7S8DJHQCTD:8C,-,-,-/3C5DTS:4H4S:-,-,-,- 0 14 0 n';

type Globals = {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  __oscillators?: number;
};

let app: TestApp;
let browser: Browser;
let page: Page;
let problems: string[];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  const token = await register(app, 'feel_fay');
  const { id } = await createGame(app, token, { preset: 'CLASSIC', bot: 'GREEDY', position: POSITION });
  ({ page, problems } = await openPage(browser, {
    viewport: { width: 1280, height: 800 },
    token,
    prepare: async (context) => {
      // Counts the notes the page synthesises (sounds.ts starts one OscillatorNode per note).
      await context.addInitScript(() => {
        const globals = globalThis as unknown as Globals & {
          OscillatorNode?: { prototype: { start(when?: number): void } };
        };
        const prototype = globals.OscillatorNode?.prototype;
        if (prototype === undefined) return;
        const start = prototype.start;
        globals.__oscillators = 0;
        prototype.start = function (this: unknown, when?: number) {
          globals.__oscillators = (globals.__oscillators ?? 0) + 1;
          start.call(this, when);
        };
      });
    },
  }));
  await page.goto(`${app.url}/games/${id}`);
  await page.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const table = () => page.getByTestId('table');

/** The serious and critical violations axe finds on the table, as lines that say what and where. */
async function seriousViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="table"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** The index a card shows in its corner, and the notation its drawing keeps. */
async function corner(card: string): Promise<{ index: string | null; notation: string | null }> {
  const drawing = page.locator(`button[data-source="${card}"] svg.pc`);
  return {
    index: await drawing.locator('[data-index]').first().getAttribute('data-index'),
    notation: await drawing.getAttribute('data-card'),
  };
}

describe('in three languages', () => {
  afterAll(async () => {
    await setLanguage(page, 'en');
    await table().waitFor();
  });

  it.each([
    ['en', { J: 'J', Q: 'Q' }, 'Pay-off'],
    ['sv', { J: 'Kn', Q: 'D' }, 'Trave'],
    ['ru', { J: 'В', Q: 'Д' }, 'Расчётная пачка'],
  ] as const)(
    'shows the court cards in the reader’s letters and labels the piles (%s), the DOM keeping J and Q',
    async (language, letters, payoff) => {
      if (language !== 'en') {
        await setLanguage(page, language);
        await table().waitFor();
      }
      expect(await corner('JH')).toEqual({ index: letters.J, notation: 'JH' });
      expect(await corner('QC')).toEqual({ index: letters.Q, notation: 'QC' });
      expect(await page.locator('[data-seat="0"] [data-pile-label="payoff"]').textContent()).toBe(payoff);
    },
  );

  it.each(['en', 'sv', 'ru'] as const)(
    'has no serious or critical accessibility violation on the table (%s), a card selected and its targets lit',
    async (language) => {
      await setLanguage(page, language);
      await page.locator('button[data-source="7S"]').click();
      await page.locator('[data-target="c1"][data-legal="true"]').waitFor();
      expect(await seriousViolations()).toEqual([]);
      // docs/web.md shows the table in Swedish and Russian (English: test/browser/table.e2e.test.ts).
      if (language !== 'en') {
        await screenshot(page, `table-desktop-${language}`, { width: 1280, height: 800 });
        await screenshot(page, `table-phone-${language}`, { width: 390, height: 844 });
      }
      await page.keyboard.press('Escape');
      await page.locator('button[data-source="7S"][aria-pressed="false"]').waitFor();
    },
  );
});

it('keeps the sound off until chosen, remembers it, and synthesises a note when it is on', async () => {
  const toggle = page.getByTestId('pref-sound');
  await page.getByTestId('table-settings').locator('summary').click();
  expect(await toggle.isChecked()).toBe(false);
  expect(await page.evaluate(() => (globalThis as unknown as Globals).__oscillators)).toBe(0);
  await toggle.check();
  expect(await page.evaluate(() => (globalThis as unknown as Globals).__oscillators)).toBeGreaterThan(0);
  await page.reload();
  await page.getByTestId('table-settings').locator('summary').click();
  expect(await page.getByTestId('pref-sound').isChecked()).toBe(true);
  expect(
    await page.evaluate(() => (globalThis as unknown as Globals).localStorage.getItem('malice.sound')),
  ).toBe('1');
  await page.getByTestId('pref-sound').uncheck();
  expect(
    await page.evaluate(() => (globalThis as unknown as Globals).localStorage.getItem('malice.sound')),
  ).toBeNull();
});

it('plays a whole turn with the keyboard alone, confirming each move, and reads the bot’s move out', async () => {
  // Confirm move on (the one click of this test); Escape closes the settings again.
  const settings = page.getByTestId('table-settings');
  if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
  await page.getByTestId('pref-confirm-move').check();
  await page.keyboard.press('Escape');
  await page.locator('[data-testid="table-settings"]:not([open])').waitFor();

  // `?` lists the shortcuts; Escape closes the list.
  await page.keyboard.press('?');
  const shortcuts = page.getByTestId('shortcuts');
  await shortcuts.waitFor();
  expect(await shortcuts.locator('[data-shortcut]').count()).toBe(8);
  await page.keyboard.press('Escape');
  await shortcuts.waitFor({ state: 'detached' });

  // 7S to c1: the board is one tab stop; arrows to the card, Enter chooses it and goes on to its first target.
  await pressUntilFocused(page, 'Tab', '[data-testid="board"] [data-nav]', 60);
  await pressUntilFocused(page, 'ArrowRight', 'button[data-source="7S"]');
  await page.keyboard.press('Enter');
  await page.locator('button[data-source="7S"][aria-pressed="true"]').waitFor();
  await page.locator('[data-target="c1"][data-legal="true"]:focus').waitFor();
  await page.keyboard.press('Enter');
  const confirm = page.getByTestId('confirm-move');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain('Play the seven of spades from the hand to centre pile 1?');
  // Cancelled: nothing is sent, the card stays chosen and the focus back on the board.
  await pressUntilFocused(page, 'Tab', '[data-testid="confirm-move-no"]', 3);
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  expect(await table().getAttribute('data-version')).toBe('0');
  await page.locator('[data-target="c1"]:focus').waitFor();
  await page.keyboard.press('Enter');
  await confirm.waitFor();
  await page.locator('[data-testid="confirm-move-yes"]:focus').waitFor();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="table"][data-version="1"]').waitFor();

  // 8D to c1 by the centre pile's digit.
  await page.locator('[data-testid="board"] [data-nav]:focus').waitFor();
  await pressUntilFocused(page, 'ArrowRight', 'button[data-source="8D"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('1');
  await confirm.waitFor();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="table"][data-version="2"]').waitFor();

  // Now the pay-off top 9H must go to c1: `p`, then `1`.
  await page.getByTestId('forced').waitFor();
  await page.keyboard.press('p');
  await page.locator('button[data-source="p"][aria-pressed="true"]').waitFor();
  await page.keyboard.press('1');
  await confirm.waitFor();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="table"][data-version="3"]').waitFor();

  // QC to the empty side pile d2 — `d`, then `2` — ends the turn.
  await page.locator('[data-testid="board"] [data-nav]:focus').waitFor();
  await pressUntilFocused(page, 'ArrowRight', 'button[data-source="QC"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('d');
  await page.keyboard.press('2');
  await confirm.waitFor();
  expect(await confirm.textContent()).toContain('Play the queen of clubs from the hand to side pile 2?');
  await page.keyboard.press('Enter');
  await page.locator('[data-testid="table"][data-version="4"]').waitFor();
  expect(await page.locator('[data-seat="0"] .side-pile').nth(1).getAttribute('aria-label')).toBe(
    'Side pile 2: queen of clubs',
  );

  // The bot plays its turn (its forced pay-off play, then a discard); its move is read out in the live region. The
  // server may push only the turn's last state to a page that is behind (a burst of moves), so the discard that
  // ended the turn is what is always read out.
  await page.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
  const announcer = page.locator('[data-testid="announcer"][aria-live="polite"]');
  expect(await announcer.textContent()).toContain(
    'GreedyBot played the nine of clubs from the hand to side pile 1.',
  );
});

it('had no CSP violation or page error', () => {
  expect(problems).toEqual([]);
});
