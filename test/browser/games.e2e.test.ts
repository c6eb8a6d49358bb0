/**
 * Two people play a whole game against each other through the table (docs/web.md "The table"), once per preset,
 * each in their own browser context: the games start from positions near the end (createGame `position`,
 * unrated), so each reaches its end in five moves — a side-pile card each, then the winner's last three plays
 * to the centre (a wild card declared where the preset declares). Neither page ever holds the other's hand, and
 * neither has a CSP violation or a page error.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, startTestApp } from '../support/service/app';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import {
  HiddenHand,
  expectNoneOf,
  openAfresh,
  playMoveInUi,
  recordTraffic,
  signUpInUi,
  tokenOf,
} from './support/table-ui';

const PASSWORD = 'correct horse battery staple';

/** Seat 0 (Ann) discards, seat 1 (Bob) discards 4H, then Ann plays 7S, her side-pile top and her last pay-off card. */
const GAMES = [
  {
    preset: 'CLASSIC',
    position: 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n',
    moves: ['*-d1=7', '4H-d1', '7S-c1', 'd1-c1', 'p-c1'],
  },
  {
    preset: 'MODERN',
    position: 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7SQDKD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n',
    moves: ['QD-d2', '4H-d1', '7S-c1', 'd1-c1', 'p-c1'],
  },
  {
    preset: 'ZLOBA',
    position: 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n',
    moves: ['KD-d2', '4H-d1', '7S-c1', 'd1-c1', 'p-c1'],
  },
] as const;

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
let ann: Page;
let bob: Page;
let annReceived: string[];
let bobReceived: string[];
/** CSP violations and page errors, one list per context (test/browser/support/page-problems.ts). */
const problems: string[][] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  for (const _ of [0, 1]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    problems.push(await watchPageProblems(context));
    contexts.push(context);
  }
  ann = await contexts[0]!.newPage();
  bob = await contexts[1]!.newPage();
  annReceived = recordTraffic(ann);
  bobReceived = recordTraffic(bob);
  await signUpInUi(ann, app.url, 'table_ann', PASSWORD);
  await signUpInUi(bob, app.url, 'table_bob', PASSWORD);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * The page shows the counts the API's view gives its reader: the stock, the set-aside cards and, where the preset
 * shows them (the view's payoffCount is not null), each seat's pay-off pile.
 */
async function expectCountsAsApi(page: Page, token: string, gameId: string): Promise<void> {
  const body = await app.gql<{
    game: {
      view: {
        stockCount: number;
        setAsideCount: number;
        seats: { seat: number; payoffCount: number | null }[];
      };
    };
  }>(
    token,
    'query($id: ID!) { game(id: $id) { view { stockCount setAsideCount seats { seat payoffCount } } } }',
    {
      id: gameId,
    },
  );
  const view = dataOf(body).game.view;
  const number = (text: string | null): number => Number(/\d+/.exec(text ?? '')?.[0] ?? NaN);
  expect(number(await page.getByTestId('stock').textContent())).toBe(view.stockCount);
  expect(number(await page.getByTestId('set-aside').textContent())).toBe(view.setAsideCount);
  for (const seat of view.seats) {
    const shown = page.locator(`[data-seat="${seat.seat}"] [data-testid="payoff-count"]`);
    if (seat.payoffCount === null) expect(await shown.count()).toBe(0);
    else expect(number(await shown.textContent())).toBe(seat.payoffCount);
  }
}

describe.each(GAMES)('a $preset game played through the table', ({ preset, position, moves }) => {
  it('reaches its end, each page following live and never holding the other hand', async () => {
    const annToken = await tokenOf(ann);
    const bobToken = await tokenOf(bob);
    const created = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        annToken,
        `mutation($p: Preset!, $pos: String!) { createGame(input: { preset: $p, position: $pos, opponent: "table_bob" }) { id } }`,
        { p: preset, pos: position },
      ),
    ).createGame;
    dataOf(
      await app.gql(bobToken, 'mutation($id: ID!) { joinGame(gameId: $id) { id } }', { id: created.id }),
    );
    const annSees = new HiddenHand(app, created.id, annToken, bobToken);
    const bobSees = new HiddenHand(app, created.id, bobToken, annToken);
    // Each game is checked against its own traffic (a finished game may reveal what was hidden before).
    await Promise.all([
      openAfresh(ann, annReceived, `${app.url}/games/${created.id}`),
      openAfresh(bob, bobReceived, `${app.url}/games/${created.id}`),
    ]);
    await ann.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
    await bob.locator('[data-testid="table"][data-my-turn="false"]').waitFor();

    for (const [index, move] of moves.entries()) {
      await Promise.all([annSees.snapshot(), bobSees.snapshot()]);
      const [mover, watcher] = index === 1 ? [bob, ann] : [ann, bob];
      await mover.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
      await expectCountsAsApi(ann, annToken, created.id);
      await expectCountsAsApi(bob, bobToken, created.id);
      if (index === moves.length - 1) {
        // Before the end reveals the deal: neither page has held the other's hand.
        await expectNoneOf(ann, annReceived, annSees.forbidden());
        await expectNoneOf(bob, bobReceived, bobSees.forbidden());
      }
      await playMoveInUi(mover, move);
      if (index < moves.length - 1) {
        // The other page follows live: the same version, and the move it made marked on its board.
        const version = await mover.getByTestId('table').getAttribute('data-version');
        await watcher.locator(`[data-testid="table"][data-version="${version}"]`).waitFor();
        await watcher.locator('[data-just-moved="true"]').first().waitFor();
      }
    }
    // The last pay-off card went out: both pages show the end.
    for (const page of [ann, bob]) {
      await page.locator('[data-testid="game-over"][data-reason="PAYOFF_EMPTIED"]').waitFor();
      await page.getByTestId('finished-game').waitFor({ state: 'attached' });
    }
  }, 60_000);
});

it('had no CSP violation or page error on either page', () => {
  expect(problems.flat()).toEqual([]);
});
