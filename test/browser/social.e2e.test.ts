/**
 * Follows, friends and blocks in the web client (docs/web.md, "Friends and blocks") in a real Chromium at 375 px,
 * against the compiled server, two players each on their own page: Ann follows Bob from his page, Bob follows back,
 * and both see "Friends" and each other on /friends; Ann invites Bob from /new with the name her friends' suggestions
 * offer; Ann blocks Bob (answering the page's own question), and Bob's invitation to Ann then shows the BLOCKED
 * text; Ann unblocks him from /friends. Every step is read back through the API, and every button and link of the
 * player page's actions and the friends page's rows is at least 44 px to tap. And a player's timeout rate: shown
 * for one with five finished games with a clock, not for one with fewer. And the friends page's feed of the games
 * of players I follow: Hal follows Ivy, whose finished game against Jon shows under "Latest results" with Jon as the
 * winner and whose running game shows under "Playing now", each a link to its game, while Kim's games with Lea (whom
 * Hal does not follow) do not. No CSP violation or page error.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { createGame, joinGame, resign } from '../support/service/play';
import { openBarMenu } from './support/bar';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface Globals {
  document: { activeElement: { getAttribute(name: string): string | null } | null };
}

const ANN = 'sw_ann';
const BOB = 'sw_bob';
/** Fay has five finished games with a clock (against Gus): her page shows a timeout rate. */
const FAY = 'sw_fay';
const GUS = 'sw_gus';
/** Hal follows Ivy, who plays Jon; Kim and Lea are strangers to him (the feed). */
const HAL = 'sw_hal';
const IVY = 'sw_ivy';
const JON = 'sw_jon';
const KIM = 'sw_kim';
const LEA = 'sw_lea';
/** The smallest target a fingertip hits (docs/web.md, "On a phone"). */
const TARGET = 44;

let app: TestApp;
let browser: Browser;
const tokens: Record<string, string> = {};
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];
let ann: Page;
let bob: Page;

/** A page at 375 px signed in with `token` (test/browser/support/pages.ts), animations off. */
async function signedInPage(token: string): Promise<Page> {
  const opened = await openPage(browser, { viewport: { width: 375, height: 740 }, locale: 'en-GB', token });
  problems.push(opened.problems);
  return opened.page;
}

/** One of `token`'s lists as the API answers it, by name. */
async function apiList(token: string, list: 'friends' | 'following' | 'followers' | 'blockedPlayers') {
  const body = await app.gql<Record<string, { username: string }[]>>(token, `{ ${list} { username } }`);
  return dataOf(body)[list]!.map((player) => player.username);
}

/** The usernames of a list on the friends page, in order. */
function shownList(page: Page, list: string): Promise<string[]> {
  return page
    .getByTestId(`list-${list}`)
    .getByTestId('friends-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-username') ?? ''));
}

/** Every target in `where` that is smaller than a fingertip, with its text and size. */
async function smallTargets(where: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const target of await where.locator('a, button').all()) {
    const box = await target.boundingBox();
    if (box === null) throw new Error(`${await target.textContent()} is not shown`);
    if (box.width < TARGET || box.height < TARGET)
      small.push(
        `${(await target.textContent())?.trim()} ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
  }
  return small;
}

/** The page's player page for `username`, once its buttons are there. */
async function openPlayer(page: Page, username: string): Promise<Locator> {
  await page.goto(`${app.url}/players/${username}`);
  const social = page.getByTestId('social');
  await social.waitFor();
  return social;
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  for (const name of [ANN, BOB, FAY, GUS, HAL, IVY, JON, KIM, LEA]) tokens[name] = await register(app, name);
  // Five games with a clock that Fay resigns at once: her rate is there (0: none lost on time), Gus's too.
  for (let game = 0; game < 5; game++) {
    const made = await app.gql<{ createGame: { id: string } }>(
      tokens[FAY]!,
      'mutation { createGame(input: { preset: CLASSIC, daysPerMove: 3 }) { id } }',
    );
    const id = dataOf(made).createGame.id;
    await joinGame(app, tokens[GUS]!, id);
    await resign(app, tokens[FAY]!, id);
  }
  // Ann's one finished game has no clock: it does not count, and she has no rate.
  const untimed = await createGame(app, tokens[ANN]!, { preset: 'CLASSIC' });
  await joinGame(app, tokens[GUS]!, untimed.id);
  await resign(app, tokens[ANN]!, untimed.id);
  ann = await signedInPage(tokens[ANN]!);
  bob = await signedInPage(tokens[BOB]!);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

afterEach(() => {
  expect(problems.flat()).toEqual([]);
});

describe('following and friends', () => {
  it('Ann follows Bob from his page, Bob follows back, and both see "Friends"', async () => {
    const onBob = await openPlayer(ann, BOB);
    expect(await onBob.getAttribute('data-following')).toBe('false');
    expect(await onBob.getByTestId('standing').count()).toBe(0);
    expect(await smallTargets(onBob)).toEqual([]);
    await onBob.getByTestId('follow').click();
    await onBob.getByTestId('unfollow').waitFor();
    expect(await onBob.getAttribute('data-following')).toBe('true');
    expect(await apiList(tokens[BOB]!, 'followers')).toEqual([ANN]);

    const onAnn = await openPlayer(bob, ANN);
    expect(await onAnn.getByTestId('standing').textContent()).toBe('Follows you');
    await onAnn.getByTestId('follow').click();
    await bob.locator('[data-testid="social"][data-friends="true"]').waitFor();
    expect(await onAnn.getByTestId('standing').textContent()).toBe('Friends');

    await openPlayer(ann, BOB);
    expect(await ann.getByTestId('standing').textContent()).toBe('Friends');
    expect(await apiList(tokens[ANN]!, 'friends')).toEqual([BOB]);
    expect(await apiList(tokens[BOB]!, 'friends')).toEqual([ANN]);
  });

  it('shows each the other on /friends, with Challenge and Unfollow, and says which lists are empty', async () => {
    for (const [page, other] of [
      [ann, BOB],
      [bob, ANN],
    ] as const) {
      // The bar's link, from whatever page was open (the bar folds into its menu at 375 px).
      await openBarMenu(page);
      await page.getByTestId('nav-friends').click();
      await page.locator('[data-testid="friends"][data-loaded="true"]').waitFor();
      expect(new URL(page.url()).pathname).toBe('/friends');
      expect(await shownList(page, 'friends')).toEqual([other]);
      expect(await shownList(page, 'following')).toEqual([other]);
      expect(await shownList(page, 'followers')).toEqual([other]);
      expect(await shownList(page, 'blocked')).toEqual([]);
      expect(await page.getByTestId('list-blocked').getByTestId('list-empty').textContent()).toBe(
        'You have not blocked anyone.',
      );
      const row = page.getByTestId('list-friends').getByTestId('friends-row');
      expect(await row.getByRole('link', { name: other, exact: true }).getAttribute('href')).toBe(
        `/players/${other}`,
      );
      expect(await row.getByRole('link', { name: `Challenge ${other}` }).getAttribute('href')).toBe(
        `/new?opponent=${other}`,
      );
      expect(await row.getByRole('button', { name: `Unfollow ${other}` }).count()).toBe(1);
      expect(await smallTargets(page.getByTestId('friends'))).toEqual([]);
    }
  });

  it('lets Ann invite Bob from /new by picking him from her friends', async () => {
    await ann.goto(`${app.url}/new`);
    await ann.getByTestId('opponent-kind').selectOption('invite');
    const name = ann.getByTestId('opponent-name');
    await ann
      .locator('[data-testid="friend-suggestions"][data-loaded="true"]')
      .waitFor({ state: 'attached' });
    // The field suggests the datalist the page filled from `friends`: Bob, and only him.
    expect(await name.getAttribute('list')).toBe('friend-names');
    const suggested = ann.locator('datalist#friend-names option');
    expect(
      await suggested.evaluateAll((options) => options.map((option) => option.getAttribute('value'))),
    ).toEqual([BOB]);
    // Headless Chromium draws no popup for a datalist, so the pick is what the browser does with the chosen
    // suggestion: its value goes into the field.
    await name.fill((await suggested.first().getAttribute('value')) ?? '');
    await ann.getByTestId('create-game').click();
    const started = ann.getByTestId('started');
    await started.waitFor();
    const gameId = await started.getAttribute('data-game-id');
    const incoming = await app.gql<{
      challenges: { edges: { node: { id: string; challenger: { username: string } } }[] };
    }>(
      tokens[BOB]!,
      '{ challenges(direction: INCOMING, state: PENDING) { edges { node { id challenger { username } } } } }',
    );
    expect(dataOf(incoming).challenges.edges.map((edge) => edge.node)).toEqual([
      { id: gameId, challenger: { username: ANN } },
    ]);
  });
});

describe('blocking', () => {
  it('Ann blocks Bob after the page asks, and Bob’s invitation to her shows the BLOCKED text', async () => {
    const onBob = await openPlayer(ann, BOB);
    await onBob.getByTestId('block').click();
    const question = onBob.getByTestId('block-confirm');
    await question.waitFor();
    expect(await question.textContent()).toContain(`Block ${BOB}?`);
    // The focus is on the harmless answer, and Cancel asks nothing more.
    expect(
      await ann.evaluate(() =>
        (globalThis as unknown as Globals).document.activeElement?.getAttribute('data-testid'),
      ),
    ).toBe('block-no');
    await question.getByTestId('block-no').click();
    await question.waitFor({ state: 'detached' });
    expect(await apiList(tokens[ANN]!, 'blockedPlayers')).toEqual([]);

    await onBob.getByTestId('block').click();
    expect(await smallTargets(onBob)).toEqual([]);
    await question.getByTestId('block-yes').click();
    await onBob.locator('[data-testid="unblock"]').waitFor();
    expect(await onBob.getAttribute('data-blocking')).toBe('true');
    expect(await onBob.getByTestId('standing').textContent()).toBe('You have blocked this player.');
    // Nothing to follow or challenge while blocked.
    expect(await onBob.getByTestId('follow').count()).toBe(0);
    expect(await onBob.getByTestId('challenge').count()).toBe(0);
    expect(await apiList(tokens[ANN]!, 'blockedPlayers')).toEqual([BOB]);
    expect(await apiList(tokens[ANN]!, 'friends')).toEqual([]);
    expect(await apiList(tokens[BOB]!, 'following')).toEqual([]);

    // Bob's page of Ann tells him nothing of the block; his invitation is refused in plain words.
    const onAnn = await openPlayer(bob, ANN);
    expect(await onAnn.getByTestId('standing').count()).toBe(0);
    await bob.goto(`${app.url}/new?opponent=${ANN}`);
    await bob.getByTestId('opponent-name').waitFor();
    await bob.getByTestId('create-game').click();
    const refusal = bob.locator('[role="alert"][data-code="BLOCKED"]');
    await refusal.waitFor();
    expect(await refusal.getByTestId('error-text').textContent()).toBe('This player does not play with you.');
  });

  it('Ann unblocks Bob from /friends', async () => {
    await ann.goto(`${app.url}/friends`);
    await ann.locator('[data-testid="friends"][data-loaded="true"]').waitFor();
    expect(await shownList(ann, 'blocked')).toEqual([BOB]);
    expect(await shownList(ann, 'friends')).toEqual([]);
    await ann.getByRole('button', { name: `Unblock ${BOB}` }).click();
    await ann.getByTestId('list-blocked').getByTestId('list-empty').waitFor();
    expect(await apiList(tokens[ANN]!, 'blockedPlayers')).toEqual([]);
  });
});

describe('the timeout rate', () => {
  it('shows for a player with five finished games with a clock, and not for one with fewer', async () => {
    const body = await app.gql<{ fay: { timeoutRate: number | null }; ann: { timeoutRate: number | null } }>(
      null,
      `{ fay: player(username: "${FAY}") { timeoutRate } ann: player(username: "${ANN}") { timeoutRate } }`,
    );
    const rates = dataOf(body);
    expect(rates).toEqual({ fay: { timeoutRate: 0 }, ann: { timeoutRate: null } });

    await openPlayer(bob, FAY);
    const line = bob.getByTestId('timeout-rate');
    expect(Number(await line.getAttribute('data-rate'))).toBe(rates.fay.timeoutRate);
    expect(await line.textContent()).toMatch(/^Games lost on time: 0\s%/);

    await openPlayer(bob, ANN);
    expect(await bob.getByTestId('timeout-rate').count()).toBe(0);
  });
});

describe('the feed of the games of players I follow', () => {
  /** The game ids of one of the feed's lists on the friends page, in order. */
  function shownGames(page: Page, list: 'playing' | 'results'): Promise<string[]> {
    return page
      .getByTestId(`feed-${list}`)
      .getByTestId('feed-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-game-id') ?? ''));
  }

  async function openFriends(page: Page): Promise<void> {
    await page.goto(`${app.url}/friends`);
    await page.locator('[data-testid="friends"][data-loaded="true"]').waitFor();
  }

  it('shows the running and the finished games of whom Hal follows, with the winner, and no stranger’s', async () => {
    const hal = await signedInPage(tokens[HAL]!);
    await openFriends(hal);
    expect(await hal.getByTestId('feed-none-followed').textContent()).toBe(
      'Follow players from their pages, and their games show here.',
    );

    // Hal follows Ivy from her page; nobody has played yet.
    const onIvy = await openPlayer(hal, IVY);
    await onIvy.getByTestId('follow').click();
    await onIvy.getByTestId('unfollow').waitFor();
    await openFriends(hal);
    expect(await hal.getByTestId('feed-playing').getByTestId('feed-empty').textContent()).toBe(
      'Nobody you follow is playing now.',
    );
    expect(await hal.getByTestId('feed-results').getByTestId('feed-empty').textContent()).toBe(
      'Nobody you follow has finished a game yet.',
    );

    // Ivy resigns one game against Jon (Jon wins: the winner is not the one Hal follows) and plays on in another;
    // Kim and Lea, whom Hal does not follow, have one of each too.
    const finished = await createGame(app, tokens[IVY]!, { preset: 'CLASSIC' });
    await joinGame(app, tokens[JON]!, finished.id);
    const resigned = await resign(app, tokens[IVY]!, finished.id);
    const running = await createGame(app, tokens[IVY]!, { preset: 'MODERN' });
    const dealt = await joinGame(app, tokens[JON]!, running.id);
    const strangers = await createGame(app, tokens[KIM]!, { preset: 'CLASSIC' });
    await joinGame(app, tokens[LEA]!, strangers.id);
    await resign(app, tokens[KIM]!, strangers.id);
    const strangersRunning = await createGame(app, tokens[KIM]!, { preset: 'CLASSIC' });
    await joinGame(app, tokens[LEA]!, strangersRunning.id);
    const over = await app.gql<{ game: { finishedAt: string; result: { winner: number } } }>(
      tokens[HAL]!,
      'query($g: ID!) { game(id: $g) { finishedAt result { winner } } }',
      { g: finished.id },
    );
    const { finishedAt, result } = dataOf(over).game;
    expect(resigned.players.find((seat) => seat.seat === result.winner)?.player.username).toBe(JON);
    const toMove = dealt.players.find((seat) => seat.seat === dealt.currentSeat)?.player.username;

    await openFriends(hal);
    expect(await shownGames(hal, 'playing')).toEqual([running.id]);
    expect(await shownGames(hal, 'results')).toEqual([finished.id]);

    const playingRow = hal.getByTestId('feed-playing').getByTestId('feed-row');
    const playingLink = playingRow.getByRole('link', { name: `${IVY} vs ${JON}` });
    expect(await playingLink.getAttribute('href')).toBe(`/games/${running.id}`);
    // Only the player Hal follows is in bold.
    expect(await playingRow.getByTestId('followed').allTextContents()).toEqual([IVY]);
    expect(await playingRow.locator('.feed-about').textContent()).toBe(`Modern · ${toMove} to move`);

    const resultRow = hal.getByTestId('feed-results').getByTestId('feed-row');
    expect(await resultRow.getAttribute('data-winner')).toBe(JON);
    const resultLink = resultRow.getByRole('link', { name: `${IVY} vs ${JON}` });
    expect(await resultLink.getAttribute('href')).toBe(`/games/${finished.id}`);
    expect(await resultRow.getByTestId('followed').allTextContents()).toEqual([IVY]);
    const ended = resultRow.getByTestId('ended');
    expect(await ended.getAttribute('datetime')).toBe(finishedAt);
    // The end time as the reader's locale (en-GB: day before month) writes it.
    const expected = await hal.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
      finishedAt,
    );
    expect(await resultRow.locator('.feed-about').textContent()).toBe(
      `Classic · ${JON} won · ended ${expected}`,
    );
    expect(await smallTargets(hal.getByTestId('feed'))).toEqual([]);

    // The link goes to the game, in the page.
    await playingLink.click();
    await hal.waitForURL(`${app.url}/games/${running.id}`);
  });
});
