/**
 * The home page's sections (docs/web.md "Home"): my turns with the time left, the most urgent first and the games
 * without a clock last, a turn arriving live in its place; games waiting for the opponent, waiting for players,
 * invitations and finished games each in their section. And a player with more active games than a page
 * (HOME_PAGE_SIZE, the page's own constant) sees every one of them, while only the newest finished games are
 * shown, with a link to the history for the rest.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { createGame, joinGame, makeMove, readGame, resign } from '../support/service/play';
import { HOME_PAGE_SIZE, HOME_RECENT_FINISHED } from '../../web/src/home-paging';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import { signUpInUi, tokenOf } from './support/table-ui';

const PASSWORD = 'correct horse battery staple';

/** Near the end of a classic game (docs/notation.md "Example: a puzzle"), seat 0 (the creator) to move. */
const CREATOR_TO_MOVE = 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n';
/** The same position with seat 1 (the invited opponent) to move. */
const OPPONENT_TO_MOVE = 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 1 14 0 n';

interface Clock {
  hoursPerMove?: number;
  daysPerMove?: number;
}

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];

/** A new page at phone width, its context watched for CSP violations and page errors. */
async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  contexts.push(context);
  problems.push(await watchPageProblems(context));
  return context.newPage();
}

/** A game `creator` starts against `opponent` (an invitation the opponent accepts over the API): ACTIVE at once. */
async function activeGame(
  creator: string,
  opponent: { name: string; token: string },
  position: string,
  clock: Clock = {},
): Promise<string> {
  const created = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      creator,
      'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { preset: 'CLASSIC', position, opponent: opponent.name, ...clock } },
    ),
  ).createGame;
  const joined = await joinGame(app, opponent.token, created.id);
  expect(joined.status).toBe('ACTIVE');
  return created.id;
}

/** The game ids of a section, top to bottom. */
function idsIn(page: Page, section: string): Promise<string[]> {
  return page
    .locator(`[data-section="${section}"] li[data-game-id]`)
    .evaluateAll((rows) =>
      rows.map((row) =>
        (row as unknown as { getAttribute(name: string): string }).getAttribute('data-game-id'),
      ),
    );
}

/** The status texts of a section's rows, top to bottom. */
function statusesIn(page: Page, section: string): Promise<string[]> {
  return page.locator(`[data-section="${section}"] li[data-game-id] .status`).allTextContents();
}

async function sectionsShown(page: Page): Promise<string[]> {
  return page
    .locator('[data-section]')
    .evaluateAll((sections) =>
      sections.map((section) =>
        (section as unknown as { getAttribute(name: string): string }).getAttribute('data-section'),
      ),
    );
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems.flat()).toEqual([]);
});

describe('the home page of a player with games in every state', () => {
  let page: Page;
  let hana: string;
  let otto: string;
  const ids = {} as Record<
    'oneHour' | 'twoDays' | 'noClock' | 'theirTurn' | 'waiting' | 'finished' | 'invitation',
    string
  >;

  beforeAll(async () => {
    page = await newPage();
    await signUpInUi(page, app.url, 'home_hana', PASSWORD);
    hana = await tokenOf(page);
    otto = await register(app, 'home_otto');
    const ottoSeat = { name: 'home_otto', token: otto };
    // Created in neither the order the page shows them nor its reverse: the deadlines decide.
    ids.twoDays = await activeGame(hana, ottoSeat, CREATOR_TO_MOVE, { daysPerMove: 2 });
    ids.noClock = await activeGame(hana, ottoSeat, CREATOR_TO_MOVE);
    ids.oneHour = await activeGame(hana, ottoSeat, CREATOR_TO_MOVE, { hoursPerMove: 1 });
    ids.theirTurn = await activeGame(hana, ottoSeat, OPPONENT_TO_MOVE, { hoursPerMove: 24 });
    ids.finished = await activeGame(hana, ottoSeat, CREATOR_TO_MOVE);
    expect((await resign(app, hana, ids.finished)).status).toBe('FINISHED');
    ids.waiting = (await createGame(app, hana, { preset: 'MODERN' })).id;
    ids.invitation = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        otto,
        'mutation { createGame(input: { preset: ZLOBA, opponent: "home_hana", daysPerMove: 3 }) { id } }',
      ),
    ).createGame.id;
    await page.reload();
    await page.locator(`[data-section="invitations"] [data-game-id="${ids.invitation}"]`).waitFor();
  }, 60_000);

  it('lists my turns most urgent first with the time left, games without a clock last', async () => {
    expect(await idsIn(page, 'yourTurn')).toEqual([ids.oneHour, ids.twoDays, ids.noClock]);
    const [oneHour, twoDays, noClock] = await statusesIn(page, 'yourTurn');
    // Counted down in whole minutes from the deadline the join set (docs/web.md "Home").
    expect(oneHour).toMatch(/^(5\d|60) min left$|^1 h 0 min left$/);
    expect(twoDays).toMatch(/^1 d 23 h left$|^2 d 0 h left$/);
    expect(noClock).toBe('no clock');
    expect(await page.getByTestId('summary').textContent()).toBe('3 games await your move.');
  });

  it('puts each other game in its section, in the order the page keeps', async () => {
    expect(await sectionsShown(page)).toEqual([
      'invitations',
      'yourTurn',
      'theirTurn',
      'waitingForPlayers',
      'finished',
    ]);
    expect(await idsIn(page, 'theirTurn')).toEqual([ids.theirTurn]);
    expect((await statusesIn(page, 'theirTurn'))[0]).toMatch(/^home_otto to move · 23 h \d+ min left$/);
    expect(await idsIn(page, 'waitingForPlayers')).toEqual([ids.waiting]);
    expect(await statusesIn(page, 'waitingForPlayers')).toEqual(['1/2']);
    expect(await idsIn(page, 'finished')).toEqual([ids.finished]);
    expect(await statusesIn(page, 'finished')).toEqual(['lost']);
    // One finished game: nothing older to point to.
    expect(await page.getByTestId('more-finished').count()).toBe(0);
    const invitation = page.locator(`[data-section="invitations"] [data-game-id="${ids.invitation}"]`);
    expect(await invitation.textContent()).toContain('from home_otto');
    expect(await invitation.getByRole('button', { name: 'Accept' }).count()).toBe(1);
    expect(await invitation.getByRole('button', { name: 'Decline' }).count()).toBe(1);
  });

  it('moves a game to my turns live, in its place by deadline, when the opponent ends their turn', async () => {
    const before = await readGame(app, otto, ids.theirTurn);
    const discard = before.legalMoves.find((move) => /^[2-9TJQKA*][CDHS]?-d\d$/.test(move));
    expect(discard).toBeDefined();
    dataOf(await makeMove(app, otto, ids.theirTurn, discard!, before.version));
    expect((await readGame(app, hana, ids.theirTurn)).isMyTurn).toBe(true);
    // No reload: the myEvents push makes the page read again. 24 hours per move: after 1 h, before 2 days.
    await until(
      'the game is listed under my turns by its deadline',
      async () =>
        JSON.stringify(await idsIn(page, 'yourTurn')) ===
        JSON.stringify([ids.oneHour, ids.theirTurn, ids.twoDays, ids.noClock]),
      20_000,
    );
    expect((await statusesIn(page, 'yourTurn'))[1]).toMatch(/^23 h \d+ min left$|^1 d 0 h left$/);
    expect(await page.locator('[data-section="theirTurn"]').count()).toBe(0);
    await until(
      'the summary counts the new turn',
      async () => (await page.getByTestId('summary').textContent()) === '4 games await your move.',
      20_000,
    );
  });
});

describe('the home page of a player with more games than a page', () => {
  const ACTIVE = 2 * HOME_PAGE_SIZE + 1;
  const FINISHED = HOME_RECENT_FINISHED + 1;
  let page: Page;
  let paul: string;
  const active: string[] = [];
  const finished: string[] = [];
  const moreGamesReads: string[] = [];

  beforeAll(async () => {
    page = await newPage();
    await signUpInUi(page, app.url, 'home_paul', PASSWORD);
    paul = await tokenOf(page);
    // Off the home page while the games are made, so that every read the test counts is of them all.
    await page.goto('about:blank');
    const rita = { name: 'home_rita', token: await register(app, 'home_rita') };
    // Half my turn, half the opponent's; created ten at a time (the API is the quick way to many games).
    for (let start = 0; start < ACTIVE; start += 10) {
      const batch = Array.from({ length: Math.min(10, ACTIVE - start) }, (_, index) =>
        activeGame(paul, rita, (start + index) % 2 === 0 ? CREATOR_TO_MOVE : OPPONENT_TO_MOVE),
      );
      active.push(...(await Promise.all(batch)));
    }
    // Finished one after another, so that their end times are in this order (the oldest first).
    for (let count = 0; count < FINISHED; count++) {
      const id = await activeGame(paul, rita, CREATOR_TO_MOVE);
      expect((await resign(app, paul, id)).status).toBe('FINISHED');
      finished.push(id);
    }
    page.on('request', (request) => {
      const body = request.postDataJSON() as {
        operationName?: string;
        variables?: { after?: string };
      } | null;
      if (body?.operationName === 'HomeMoreGames') moreGamesReads.push(body.variables?.after ?? '');
    });
    await page.goto(app.url);
    await page.locator('[data-section="finished"]').waitFor();
  }, 120_000);

  it('lists every active game, reading page after page', async () => {
    await until(
      'every active game is listed',
      async () => (await idsIn(page, 'yourTurn')).length + (await idsIn(page, 'theirTurn')).length === ACTIVE,
      20_000,
    );
    const mine = await idsIn(page, 'yourTurn');
    const theirs = await idsIn(page, 'theirTurn');
    expect(mine).toHaveLength(HOME_PAGE_SIZE + 1);
    expect(theirs).toHaveLength(HOME_PAGE_SIZE);
    expect([...mine, ...theirs].sort()).toEqual([...active].sort());
    // The first page came with the page's first read; the other two each with a read of their own, after the
    // cursor of the page before (the page reads everything again when its socket connects, so perhaps twice).
    expect(new Set(moreGamesReads).size).toBe(2);
    expect(await page.getByTestId('summary').textContent()).toBe(
      `${HOME_PAGE_SIZE + 1} games await your move.`,
    );
  });

  it('shows only the newest finished games, with a link to my history for the older ones', async () => {
    expect(await idsIn(page, 'finished')).toEqual(finished.slice(1).reverse());
    const more = page.getByTestId('more-finished');
    expect(await more.textContent()).toBe('Older games are in my history');
    await more.click();
    await page.waitForURL(`${app.url}/players/home_paul`);
    await page.locator('[data-testid="player"][data-username="home_paul"]').waitFor();
  });
});
