/**
 * The player pages and the leaderboard (docs/web.md, "Player pages" and "Leaderboard") in a real Chromium at
 * 375 px, against the compiled server: players and finished games are set up through the API (rated games ended
 * by resignation right after the deal, one casual game played out from a seed with `playGame`), and every number
 * the pages show is compared with what the API itself answers — the leaderboard's order and ratings with and
 * without provisional players, each preset's rating and one graph point per `ratingHistory` entry, a history
 * filter's games, head-to-head — signed out and signed in; an unknown player reads a translated not-found message.
 * No CSP violation or page error on any page.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { GraphQLBody, TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { createGame, findSeed, joinGame, playGame, resign } from '../support/service/play';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { watchPageProblems } from './support/page-problems';
import { screenshot } from './support/screenshots';

const PASSWORD = 'correct horse battery staple';
const PRESETS = ['CLASSIC', 'MODERN', 'ZLOBA'] as const;
type Preset = (typeof PRESETS)[number];
/** The ratings deviation below which a rating is established (docs/api/ratings-and-history.md#ratings). */
const ESTABLISHED_BELOW = 110;
/** The pages' numbers in English, as formatNumber writes them (web/src/i18n.ts). */
const english = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

let app: TestApp;
let browser: Browser;
let signedOut: BrowserContext;
let signedIn: BrowserContext;
let page: Page;
let annPage: Page;
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];

const ANN = 'pp_ann';
const BEN = 'pp_ben';
const CAT = 'pp_cat';
const GONE = 'pp_gone';
const tokens: Record<string, string> = {};

interface RatingData {
  preset: Preset;
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
}

async function ratingsOf(username: string): Promise<RatingData[]> {
  const body = await app.gql<{ player: { ratings: RatingData[] } }>(
    null,
    'query($u: String!) { player(username: $u) { ratings { preset rating deviation provisional games } } }',
    { u: username },
  );
  return dataOf(body).player.ratings;
}

/** A rated two-player game `winner` wins at once: the other resigns after the deal. */
async function ratedWin(preset: Preset, winner: string, loser: string): Promise<void> {
  const created = await createGame(app, tokens[winner]!, { preset, rated: true });
  await joinGame(app, tokens[loser]!, created.id);
  const over = await resign(app, tokens[loser]!, created.id);
  expect(over.status).toBe('FINISHED');
}

interface BoardEntry {
  username: string;
  rating: string;
  provisional: boolean;
}

async function apiBoard(preset: Preset, includeProvisional: boolean): Promise<BoardEntry[]> {
  const body = await app.gql<{
    leaderboard: {
      edges: { node: { rating: number; provisional: boolean; player: { username: string } } }[];
    };
  }>(
    null,
    `query($p: Preset!, $i: Boolean!) { leaderboard(preset: $p, includeProvisional: $i, first: 100) {
      edges { node { rating provisional player { username } } } } }`,
    { p: preset, i: includeProvisional },
  );
  return dataOf(body).leaderboard.edges.map(({ node }) => ({
    username: node.player.username,
    rating: english.format(Math.round(node.rating)),
    provisional: node.provisional,
  }));
}

/** When each of a player's rated games in a preset finished, oldest first (every page of `ratingHistory`). */
async function ratingHistoryTimes(username: string, preset: Preset): Promise<number[]> {
  const times: number[] = [];
  let after: string | null = null;
  for (;;) {
    const body: GraphQLBody<{ ratingHistory: HistoryPage }> = await app.gql(
      null,
      `query($u: String!, $p: Preset!, $a: String) { ratingHistory(username: $u, preset: $p, first: 100, after: $a) {
        edges { node { gameId finishedAt } } pageInfo { hasNextPage endCursor } } }`,
      { u: username, p: preset, a: after },
    );
    const history = dataOf(body).ratingHistory;
    times.push(...history.edges.map((edge) => new Date(edge.node.finishedAt).getTime()));
    if (!history.pageInfo.hasNextPage) return times.reverse();
    after = history.pageInfo.endCursor;
  }
}

interface HistoryPage {
  edges: { node: { gameId: string; finishedAt: string } }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

async function apiGames(filter: Record<string, unknown>, first: number): Promise<string[]> {
  const body = await app.gql<{ games: { edges: { node: { id: string } }[] } }>(
    null,
    'query($f: GamesFilter!, $n: Int!) { games(filter: $f, first: $n) { edges { node { id } } } }',
    { f: filter, n: first },
  );
  return dataOf(body).games.edges.map(({ node }) => node.id);
}

/** Every row's attribute, in order. */
function attributes(rows: Locator, name: string): Promise<(string | null)[]> {
  return rows.evaluateAll(
    (elements, attribute) =>
      elements.map((element) =>
        (element as unknown as { getAttribute(name: string): string | null }).getAttribute(attribute),
      ),
    name,
  );
}

async function shownBoard(target: Page): Promise<BoardEntry[]> {
  const rows = target.getByTestId('leaderboard-row');
  const usernames = await attributes(rows, 'data-username');
  const provisional = await attributes(rows, 'data-provisional');
  const ratings = await rows.getByTestId('leaderboard-rating').allTextContents();
  return usernames.map((username, index) => ({
    username: username ?? '',
    rating: (ratings[index] ?? '').trim(),
    provisional: provisional[index] === 'true',
  }));
}

/** Waits until `read` gives `expected` (the page has loaded it), then asserts it, so a failure shows the diff. */
async function settles<T>(what: string, read: () => Promise<T>, expected: T): Promise<void> {
  let last: T | undefined;
  await until(
    what,
    async () => {
      last = await read();
      return JSON.stringify(last) === JSON.stringify(expected);
    },
    15_000,
  ).catch(() => undefined);
  expect(last).toEqual(expected);
}

async function noHorizontalScroll(target: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await target.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

beforeAll(async () => {
  app = await startTestApp();
  for (const name of [ANN, BEN, CAT, GONE]) tokens[name] = await register(app, name, PASSWORD);
  // Ann and Ben take turns winning rated classic games until both are established (about 17: docs/api/ratings-and-history.md#ratings).
  for (let game = 0; game < 40; game++) {
    const [annRating, benRating] = await Promise.all([ratingsOf(ANN), ratingsOf(BEN)]);
    const classic = (ratings: RatingData[]) => ratings.find((rating) => rating.preset === 'CLASSIC')!;
    if (classic(annRating).deviation < ESTABLISHED_BELOW && classic(benRating).deviation < ESTABLISHED_BELOW)
      break;
    await (game % 2 === 0 ? ratedWin('CLASSIC', ANN, BEN) : ratedWin('CLASSIC', BEN, ANN));
  }
  // Cat stays provisional: one classic win over Ann, one modern loss to Ann.
  await ratedWin('CLASSIC', CAT, ANN);
  await ratedWin('MODERN', ANN, CAT);
  // A casual classic game Ann and Cat play to its end, dealt from a seed that ends it quickly.
  const casual = await createGame(app, tokens[ANN]!, {
    preset: 'CLASSIC',
    seed: findSeed('classic', 2, 'players-page', 10, 80),
  });
  await joinGame(app, tokens[CAT]!, casual.id);
  expect((await playGame(app, [tokens[ANN]!, tokens[CAT]!], casual.id)).status).toBe('FINISHED');
  // Casual modern games Ben wins until Ann's games fill more than one page of her history (20).
  while ((await apiGames({ player: ANN }, 100)).length < 23) {
    const created = await createGame(app, tokens[ANN]!, { preset: 'MODERN' });
    await joinGame(app, tokens[BEN]!, created.id);
    await resign(app, tokens[ANN]!, created.id);
  }
  // An account that played Ann once and was then deleted.
  await ratedWin('ZLOBA', ANN, GONE);
  dataOf(
    await app.gql(tokens[GONE]!, 'mutation($p: String!) { deleteAccount(password: $p) }', { p: PASSWORD }),
  );

  browser = await launchBrowser();
  signedOut = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-GB' });
  signedIn = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-GB' });
  // Ann's session, as the client keeps it (web/src/api.ts), before the page's own scripts run — in the app's
  // documents only: a new page's first document (about:blank) has no storage, and touching it there throws.
  await signedIn.addInitScript(
    ({ token, origin }) => {
      const globals = globalThis as unknown as {
        location: { origin: string };
        localStorage: { setItem(key: string, value: string): void };
      };
      if (globals.location.origin === origin) globals.localStorage.setItem('malice.token', token);
    },
    { token: tokens[ANN]!, origin: new URL(app.url).origin },
  );
  for (const context of [signedOut, signedIn]) problems.push(await watchPageProblems(context));
  page = await signedOut.newPage();
  annPage = await signedIn.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

afterEach(() => {
  expect(problems.flat()).toEqual([]);
});

describe('the leaderboard, signed out', () => {
  it('lists the API’s established players in its order with its ratings, and the provisional ones when asked', async () => {
    const established = await apiBoard('CLASSIC', false);
    const everyone = await apiBoard('CLASSIC', true);
    // The set-up makes the toggle matter: Ann and Ben are established, Cat is not.
    expect(established.map((entry) => entry.username).sort()).toEqual([ANN, BEN]);
    expect(everyone.length).toBeGreaterThan(established.length);
    expect(everyone.some((entry) => entry.username === CAT && entry.provisional)).toBe(true);

    await page.goto(`${app.url}/leaderboard/classic`);
    await settles('the established board', () => shownBoard(page), established);
    await page.getByLabel('Include provisional ratings').check();
    await settles('the board with provisional players', () => shownBoard(page), everyone);
    const cat = page.locator(`[data-testid="leaderboard-row"][data-username="${CAT}"]`);
    expect(await cat.getByText('provisional').count()).toBe(1);
    await noHorizontalScroll(page);

    // Another preset's tab keeps the toggle: modern has only provisional players.
    await page.getByTestId('tab-MODERN').click();
    await settles('the modern board', () => shownBoard(page), await apiBoard('MODERN', true));
    await page.getByLabel('Include provisional ratings').uncheck();
    await page.getByTestId('leaderboard-empty').waitFor();
    expect(await apiBoard('MODERN', false)).toEqual([]);
    // Each name is a link to its player page.
    await page.getByLabel('Include provisional ratings').check();
    await page.getByRole('link', { name: CAT }).click();
    await page.getByRole('heading', { name: new RegExp(CAT) }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/players/${CAT}`);
  });
});

describe('a player page, signed out', () => {
  it('shows each preset’s rating and a graph over time with one point per rated game', async () => {
    await page.goto(`${app.url}/players/${ANN}`);
    const ratings = await ratingsOf(ANN);
    expect(ratings.map((rating) => rating.preset).sort()).toEqual([...PRESETS]);
    for (const rating of ratings) {
      const card = page.getByTestId(`rating-${rating.preset}`);
      await card.waitFor();
      expect((await card.getByTestId('rating-value').textContent())?.trim()).toBe(
        `${english.format(Math.round(rating.rating))} ± ${english.format(Math.round(rating.deviation))}`,
      );
      expect(await card.getByTestId('rating-status').textContent()).toBe(
        rating.provisional ? 'provisional' : 'established',
      );
      const times = await ratingHistoryTimes(ANN, rating.preset);
      const points = times.length;
      expect(points).toBe(rating.games);
      expect(points).toBeGreaterThan(0);
      const graph = page.getByTestId(`rating-graph-${rating.preset}`);
      await graph.waitFor();
      expect(await graph.locator('[data-testid="rating-point"]').count()).toBe(points);
      // Over time: each point sits where its game finished within the span from the first game to the last.
      const xs = await graph
        .locator('[data-testid="rating-point"]')
        .evaluateAll((circles) => circles.map((circle) => Number(circle.getAttribute('cx'))));
      const [firstTime, lastTime] = [times[0]!, times[times.length - 1]!];
      if (lastTime > firstTime) {
        const [firstX, lastX] = [xs[0]!, xs[xs.length - 1]!];
        expect(lastX).toBeGreaterThan(firstX);
        xs.forEach((x, index) =>
          expect((x - firstX) / (lastX - firstX)).toBeCloseTo(
            (times[index]! - firstTime) / (lastTime - firstTime),
            2,
          ),
        );
      }
      // Named for assistive technology: its title and description.
      expect(await graph.getAttribute('role')).toBe('img');
      expect(await graph.locator('title').first().textContent()).toMatch(/rating after each rated game/);
      expect(await graph.locator('desc').textContent()).toMatch(
        new RegExp(`^${english.format(points)} rated games? from `),
      );
    }
    // Ann played enough classic games to be established: that graph has a point for each of many games.
    expect(
      await page.getByTestId('rating-graph-CLASSIC').locator('[data-testid="rating-point"]').count(),
    ).toBeGreaterThan(10);
    expect(await page.getByTestId('head-to-head').count()).toBe(0);
    await noHorizontalScroll(page);
    await screenshot(page, 'player', { width: 1280, height: 800 });
  });

  it('lists the API’s games, page after page, and exactly its games for a filter', async () => {
    await page.goto(`${app.url}/players/${ANN}`);
    const history = page.getByTestId('history');
    const rows = history.getByTestId('history-row');
    const firstPage = await apiGames({ player: ANN }, 20);
    await settles('the first page of games', () => attributes(rows, 'data-game-id'), firstPage);
    const everything = await apiGames({ player: ANN }, 100);
    expect(everything.length).toBeGreaterThan(20);
    await history.getByRole('button', { name: 'Show more' }).click();
    await settles('every game', () => attributes(rows, 'data-game-id'), everything.slice(0, 40));

    const wins = await apiGames({ player: ANN, result: 'WIN' }, 20);
    expect(wins.length).toBeGreaterThan(0);
    expect(wins.length).toBeLessThan(everything.length);
    await history.getByLabel('Result').selectOption('WIN');
    await settles('Ann’s wins', () => attributes(rows, 'data-game-id'), wins);
    expect(await rows.locator('[data-outcome="WIN"]').count()).toBe(wins.length);

    // Filters combine as the API combines them: casual games against Cat.
    await history.getByLabel('Result').selectOption('');
    await history.getByLabel('Rated').selectOption('casual');
    await history.getByLabel('Opponent').fill(CAT);
    await history.getByRole('button', { name: 'Show', exact: true }).click();
    const casualWithCat = await apiGames({ player: ANN, rated: false, opponent: CAT }, 20);
    expect(casualWithCat).toHaveLength(1);
    await settles('casual games with Cat', () => attributes(rows, 'data-game-id'), casualWithCat);

    // A row links to its game, and each opponent to their page.
    const row = rows.first();
    expect(await row.getByRole('link', { name: CAT }).getAttribute('href')).toBe(`/players/${CAT}`);
    expect(await row.getByRole('link').first().getAttribute('href')).toBe(`/games/${casualWithCat[0]}`);
  });

  it('shows a deleted account as the API does, with its games', async () => {
    await page.goto(`${app.url}/players/${GONE}`);
    await page.getByTestId('player-deleted').waitFor();
    expect(await page.getByText('Deleted account').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('challenge').count()).toBe(0);
    const games = await apiGames({ player: GONE }, 20);
    expect(games).toHaveLength(1);
    await settles(
      'the deleted account’s game',
      () => attributes(page.getByTestId('history-row'), 'data-game-id'),
      games,
    );
  });

  it('says in the reader’s language that there is no such player', async () => {
    await page.goto(`${app.url}/players/nobody_here`);
    const message = page.getByTestId('player-not-found');
    await message.waitFor();
    expect(await message.textContent()).toBe('There is no player called “nobody_here”.');
    await openBarMenu(page);
    await page.getByTestId('language').selectOption('sv');
    await until(
      'the Swedish text',
      async () => (await message.textContent()) === 'Det finns ingen spelare som heter ”nobody_here”.',
    );
    await openBarMenu(page);
    await page.getByTestId('language').selectOption('ru');
    await until(
      'the Russian text',
      async () => (await message.textContent()) === 'Игрока «nobody_here» нет.',
    );
    await openBarMenu(page);
    await page.getByTestId('language').selectOption('en');
  });
});

describe('a player page, signed in', () => {
  it('shows head-to-head with me as the API counts it, and a Challenge link', async () => {
    const body = await app.gql<{
      headToHead: { games: number; wins: number; losses: number; draws: number };
    }>(
      null,
      'query($p: String!, $o: String!) { headToHead(player: $p, opponent: $o) { games wins losses draws } }',
      { p: ANN, o: BEN },
    );
    const record = dataOf(body).headToHead;
    expect(record.games).toBeGreaterThan(10);

    await annPage.goto(`${app.url}/players/${BEN}`);
    const box = annPage.getByTestId('head-to-head');
    const line = box.locator('p[data-games]');
    await line.waitFor();
    expect(
      Object.fromEntries(
        await Promise.all(
          (['games', 'wins', 'losses', 'draws'] as const).map(
            async (key) => [key, Number(await line.getAttribute(`data-${key}`))] as const,
          ),
        ),
      ),
    ).toEqual(record);
    expect(await line.textContent()).toBe(
      `${english.format(record.games)} finished games: you won ${english.format(record.wins)}, lost ${english.format(record.losses)}, drew ${english.format(record.draws)}.`,
    );
    expect(await annPage.getByRole('link', { name: 'Challenge' }).getAttribute('href')).toBe(
      `/new?opponent=${BEN}`,
    );
    await noHorizontalScroll(annPage);

    // My own page: no head-to-head and no challenge.
    await annPage.goto(`${app.url}/players/${ANN}`);
    await annPage.getByTestId('rating-CLASSIC').waitFor();
    expect(await annPage.getByTestId('head-to-head').count()).toBe(0);
    expect(await annPage.getByTestId('challenge').count()).toBe(0);
  });
});
