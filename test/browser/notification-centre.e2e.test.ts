/**
 * The notification centre (docs/web.md, "The notification centre"; docs/correspondence.md "The notification
 * centre") in a real Chromium at 375 px against the compiled server: an opponent's invitation rings the bell live
 * (the count is read again on my event), the centre lists it in words with its game's link and time, the link opens
 * the game, and "Mark all read" brings the bell to nothing, as the API then says too. A hundred invitations more
 * show "99+" (the API counts up to 100). No CSP violation and no page error.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import { signUpInUi, tokenOf } from './support/table-ui';

const PASSWORD = 'correct horse battery staple';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  problems = await watchPageProblems(context);
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

/** An invitation from `challenger` to `invited`: a waiting game only they may join. */
async function challenge(challenger: string, invited: string): Promise<string> {
  return dataOf(
    await app.gql<{ createGame: { id: string } }>(
      challenger,
      'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { preset: 'CLASSIC', opponent: invited } },
    ),
  ).createGame.id;
}

async function centreOf(token: string): Promise<{ unread: number; readUpTo: string | null; newest: string }> {
  const centre = dataOf(
    await app.gql<{
      notificationCentre: { unread: number; readUpTo: string | null; events: { id: string }[] };
    }>(token, '{ notificationCentre(first: 1) { unread readUpTo events { id } } }'),
  ).notificationCentre;
  return { unread: centre.unread, readUpTo: centre.readUpTo, newest: centre.events[0]?.id ?? '' };
}

/** The bell once it shows `count` unread (`data-unread`, attention.ts reads it on each of my events). */
async function bellAt(count: number): Promise<void> {
  await page.locator(`[data-testid="bell"][data-unread="${count}"]`).waitFor();
}

describe('the notification centre', () => {
  let token: string;
  let dan: string;
  let gameId: string;

  it('rings when an opponent challenges me, lists it, and its link opens the game', async () => {
    await signUpInUi(page, app.url, 'bell_cat', PASSWORD);
    token = await tokenOf(page);
    dan = await register(app, 'bell_dan');
    await bellAt(0);
    expect(await page.getByTestId('bell-count').count()).toBe(0);
    expect(await page.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications: nothing unread');

    gameId = await challenge(dan, 'bell_cat');
    await bellAt(1);
    expect(await page.getByTestId('bell-count').textContent()).toBe('1');
    expect(await page.getByTestId('bell').getAttribute('aria-label')).toBe('Notifications: 1 unread');

    await page.getByTestId('bell').click();
    const centre = page.getByTestId('notification-centre');
    const events = centre.getByTestId('centre-event');
    await events.first().waitFor();
    expect(await events.count()).toBe(1);
    const event = events.first();
    expect(await event.getAttribute('data-kind')).toBe('CHALLENGE_RECEIVED');
    expect(await event.getAttribute('data-unread')).toBe('true');
    expect(await event.locator('strong').textContent()).toBe('An invitation · new');
    const link = event.getByTestId('centre-game');
    expect(await link.getAttribute('href')).toBe(`/games/${gameId}`);
    expect(await link.textContent()).toBe('vs bell_dan');
    const time = event.locator('time');
    expect(Math.abs(Date.parse((await time.getAttribute('datetime'))!) - Date.now())).toBeLessThan(60_000);
    expect((await time.textContent())!.length).toBeGreaterThan(0);

    // Opening the centre marks nothing read.
    expect((await centreOf(token)).unread).toBe(1);

    await link.click();
    await page.waitForURL(`${app.url}/games/${gameId}`);
    await page.getByTestId('table').waitFor();
    // Following the link closes the centre; the event is still unread.
    expect(await centre.count()).toBe(0);
    await bellAt(1);
  });

  it('marks all read: the bell shows nothing, and the API agrees', async () => {
    await page.getByTestId('bell').click();
    const centre = page.getByTestId('notification-centre');
    await centre.getByTestId('centre-event').first().waitFor();
    await centre.getByTestId('mark-all-read').click();
    await bellAt(0);
    expect(await page.getByTestId('bell-count').count()).toBe(0);
    await centre.locator('[data-testid="centre-event"][data-unread="false"]').waitFor();
    const stored = await centreOf(token);
    expect(stored).toEqual({ unread: 0, readUpTo: stored.newest, newest: stored.newest });
    expect(await centre.getByTestId('mark-all-read').isDisabled()).toBe(true);
    await centre.getByRole('button', { name: 'Close' }).click();
    expect(await centre.count()).toBe(0);
  });

  it('shows "99+" once a hundred events are unread', async () => {
    for (let sent = 0; sent < 100; sent++) await challenge(dan, 'bell_cat');
    expect((await centreOf(token)).unread).toBe(100);
    await bellAt(100);
    expect(await page.getByTestId('bell-count').textContent()).toBe('99+');
    expect(await page.getByTestId('bell').getAttribute('aria-label')).toBe(
      'Notifications: more than 99 unread',
    );

    await page.getByTestId('bell').click();
    const centre = page.getByTestId('notification-centre');
    const events = centre.getByTestId('centre-event');
    await events.first().waitFor();
    // The latest twenty, newest first.
    expect(await events.count()).toBe(20);
    const ids = await events.evaluateAll((rows) =>
      rows.map((row) => (row as unknown as { dataset: { eventId: string } }).dataset.eventId),
    );
    expect(ids.map(BigInt)).toEqual([...ids.map(BigInt)].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));

    await centre.getByTestId('mark-all-read').click();
    await bellAt(0);
    expect((await centreOf(token)).unread).toBe(0);
  });
});
