/**
 * The tab title's count of games awaiting my move, `(N) Malice` (docs/web.md "Correspondence habits",
 * web/src/attention.ts), follows my own moves too: a discard that ends my turn, and a resignation, take the game off
 * the count at once, though neither sends me an event (the count used to be read again only on an event of mine,
 * so it stayed up until the next one). A turn coming back by the opponent's move puts it on again.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { joinGame, makeMove, readGame } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import { playMoveInUi, signUpInUi, tokenOf } from './support/table-ui';

const PASSWORD = 'correct horse battery staple';

/** Near the end of a classic game (docs/notation.md "Example: a puzzle"), seat 0 (the creator) to move. */
const CREATOR_TO_MOVE = 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n';

/** A discard to a side pile: it ends the mover's turn. */
const DISCARD = /^[2-9TJQKA*][CDHS]?-d\d$/;

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors (page-problems.ts). */
let problems: string[] = [];

/** The page's title, and the count the favicon carries (`<html data-awaiting>`, attention.ts). */
async function shownCount(): Promise<{ title: string; awaiting: string | undefined }> {
  return {
    title: await page.title(),
    awaiting: await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } })
          .document.documentElement.dataset.awaiting,
    ),
  };
}

async function expectCount(count: number): Promise<void> {
  const title = count > 0 ? `(${count}) Malice` : 'Malice';
  await until(`the tab counts ${count}`, async () => (await page.title()) === title, 15_000);
  expect(await shownCount()).toEqual({ title, awaiting: String(count) });
}

/** A game `creator` starts against `opponent` from CREATOR_TO_MOVE (an invitation the opponent accepts). */
async function gameAwaiting(creator: string, opponent: { name: string; token: string }): Promise<string> {
  const created = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      creator,
      'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { preset: 'CLASSIC', position: CREATOR_TO_MOVE, opponent: opponent.name } },
    ),
  ).createGame;
  expect((await joinGame(app, opponent.token, created.id)).status).toBe('ACTIVE');
  return created.id;
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  problems = await watchPageProblems(context);
  page = await context.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

it('takes a game off the count when I end my turn or resign, and puts it back when the turn returns', async () => {
  await signUpInUi(page, app.url, 'count_ann', PASSWORD);
  const ann = await tokenOf(page);
  const otto = { name: 'count_otto', token: await register(app, 'count_otto') };
  const first = await gameAwaiting(ann, otto);
  const second = await gameAwaiting(ann, otto);
  // Both started after the sign-in: my events (GAME_STARTED, YOUR_TURN) brought the count up.
  await expectCount(2);

  // My discard, played through the table: the turn is the opponent's, and no event of mine says so.
  await page.goto(`${app.url}/games/${first}`);
  await page.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
  await expectCount(2);
  const discard = (await readGame(app, ann, first)).legalMoves.find((move) => DISCARD.test(move));
  expect(discard).toBeDefined();
  await playMoveInUi(page, discard!);
  await page.locator('[data-testid="table"][data-my-turn="false"]').waitFor();
  await expectCount(1);

  // The opponent discards in turn: the game awaits me again (my event YOUR_TURN, as before).
  const theirs = await readGame(app, otto.token, first);
  const back = theirs.legalMoves.find((move) => DISCARD.test(move));
  expect(back).toBeDefined();
  dataOf(await makeMove(app, otto.token, first, back!, theirs.version));
  await page.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
  await expectCount(2);

  // Resigning the other game, from its table, ends it: off the count too.
  await page.goto(`${app.url}/games/${second}`);
  await page.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-yes').click();
  await page.getByTestId('game-over').waitFor();
  await expectCount(1);
  expect((await readGame(app, ann, second)).status).toBe('FINISHED');
});
