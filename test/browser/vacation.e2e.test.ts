/**
 * Vacation in the web client (docs/web.md, "Account"; docs/correspondence.md "Vacation") in a real Chromium at
 * 375 px against the compiled server: a player goes away for three days from the account page, which says until
 * when (the same time the API stores); the opponent sees it at the table, on the player's seat, and on the home
 * page, beside the game; "I'm back" ends it (only the day begun is counted) and the marks go; asking for more days
 * than are left shows the server's refusal. No CSP violation and no page error.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, startTestApp } from '../support/service/app';
import { joinGame } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import { signUpInUi, tokenOf } from './support/table-ui';

const PASSWORD = 'correct horse battery staple';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Near the end of a classic game (docs/notation.md "Example: a puzzle"), seat 0 (the creator) to move. */
const CREATOR_TO_MOVE = 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n';

let app: TestApp;
let browser: Browser;
/** The player who goes away, and the opponent who sees it: two browser contexts of one Chromium. */
let mine: BrowserContext;
let theirs: BrowserContext;
let page: Page;
let opponentPage: Page;
let problems: string[] = [];
let opponentProblems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  mine = await browser.newContext({ viewport: { width: 375, height: 740 } });
  theirs = await browser.newContext({ viewport: { width: 375, height: 740 } });
  problems = await watchPageProblems(mine);
  opponentProblems = await watchPageProblems(theirs);
  page = await mine.newPage();
  opponentPage = await theirs.newPage();
  page.setDefaultTimeout(10_000);
  opponentPage.setDefaultTimeout(10_000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
  expect(opponentProblems).toEqual([]);
});

interface VacationStatus {
  daysLeft: number;
  allowanceDays: number;
  current: { endsAt: string; days: number } | null;
}

async function vacationOf(token: string): Promise<VacationStatus> {
  return dataOf(
    await app.gql<{ vacation: VacationStatus }>(
      token,
      '{ vacation { daysLeft allowanceDays current { endsAt days } } }',
    ),
  ).vacation;
}

describe('vacation', () => {
  let token: string;
  let gameId: string;
  let endsAt: string;

  it('goes away for three days from the account page, and says until when', async () => {
    await signUpInUi(page, app.url, 'away_ann', PASSWORD);
    token = await tokenOf(page);
    await signUpInUi(opponentPage, app.url, 'away_bob', PASSWORD);
    // A game being played between them: Ann's turn (she created it from a position with seat 0 to move).
    gameId = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        token,
        'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
        { input: { preset: 'CLASSIC', position: CREATOR_TO_MOVE, opponent: 'away_bob' } },
      ),
    ).createGame.id;
    expect((await joinGame(app, await tokenOf(opponentPage), gameId)).status).toBe('ACTIVE');

    await page.goto(`${app.url}/account`);
    const section = page.getByTestId('account-vacation');
    await section.getByTestId('vacation-left').waitFor();
    expect(await section.getByTestId('vacation-left').textContent()).toBe(
      '30 of your 30 vacation days left in any 365 days.',
    );
    await section.getByLabel('Days away').fill('3');
    const asked = Date.now();
    await section.getByRole('button', { name: 'Go on vacation' }).click();
    const away = section.getByTestId('vacation-away');
    await away.waitFor();

    const stored = await vacationOf(token);
    expect(stored).toMatchObject({ daysLeft: 27, allowanceDays: 30, current: { days: 3 } });
    endsAt = stored.current!.endsAt;
    expect(Date.parse(endsAt) - asked).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(Date.parse(endsAt) - asked).toBeLessThan(3 * DAY_MS + 60_000);
    expect(await away.getAttribute('data-ends-at')).toBe(endsAt);
    expect(await away.textContent()).toMatch(/^On vacation until .+\.$/);
    expect(await section.getByTestId('vacation-left').getAttribute('data-days-left')).toBe('27');
    // No form while away: the way back instead.
    expect(await section.getByRole('button', { name: 'Go on vacation' }).count()).toBe(0);

    // Kept: the page reads it again after a reload.
    await page.reload();
    await away.waitFor();
    expect(await away.getAttribute('data-ends-at')).toBe(endsAt);
  });

  it('shows the opponent that the player is away, at the table and on the home page', async () => {
    await opponentPage.goto(`${app.url}/games/${gameId}`);
    await opponentPage.getByTestId('table').waitFor();
    const annSeat = opponentPage.locator('[data-seat="0"]');
    expect(await annSeat.locator('.seat-name').textContent()).toContain('away_ann');
    const mark = annSeat.getByTestId('away');
    await mark.waitFor();
    expect(await mark.getAttribute('data-away-until')).toBe(endsAt);
    expect(await mark.textContent()).toMatch(/^on vacation until /);
    // Bob is not away: his own seat has no mark.
    expect(await opponentPage.locator('[data-seat="1"]').getByTestId('away').count()).toBe(0);

    await opponentPage.goto(`${app.url}/`);
    const row = opponentPage.locator(`li.game[data-game-id="${gameId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('away').textContent()).toMatch(/^away_ann is on vacation until /);
  });

  it('ends it with "I’m back", counting only the day begun', async () => {
    const section = page.getByTestId('account-vacation');
    await section.getByRole('button', { name: 'I’m back' }).click();
    await section.getByRole('button', { name: 'Go on vacation' }).waitFor();
    expect(await section.getByTestId('vacation-away').count()).toBe(0);
    expect(await vacationOf(token)).toMatchObject({ daysLeft: 29, current: null });
    expect(await section.getByTestId('vacation-left').textContent()).toBe(
      '29 of your 30 vacation days left in any 365 days.',
    );

    await opponentPage.goto(`${app.url}/games/${gameId}`);
    await opponentPage.locator('[data-seat="0"]').waitFor();
    expect(await opponentPage.getByTestId('away').count()).toBe(0);
  });

  it('shows the server’s refusal when more days are asked for than are left', async () => {
    const section = page.getByTestId('account-vacation');
    await section.getByLabel('Days away').fill('40');
    await section.getByRole('button', { name: 'Go on vacation' }).click();
    const refusal = section.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('BAD_USER_INPUT');
    expect(await refusal.getByTestId('error-text').textContent()).toBe('Please check what you entered.');
    expect(await refusal.getByTestId('error-detail').textContent()).toBe(
      'The server said: days: 29 of your 30 vacation days in any 365 days are left',
    );
    expect((await vacationOf(token)).current).toBeNull();
    expect(await section.getByLabel('Days away').inputValue()).toBe('40');
  });
});
