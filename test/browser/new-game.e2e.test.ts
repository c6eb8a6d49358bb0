/**
 * The new-game page and the rules pages (docs/web.md, "New game" and "Rules pages") in a real Chromium at 375 px,
 * against the compiled server: games against a built-in bot with the page's own client seed, given after the
 * commitment (a two-seat one held for it with awaitClientSeed: docs/fairness.md), the server's days per move, an
 * invitation by name from `?opponent=`, an open seek joined from the page by a second player, a refused creation,
 * and the rules in English, Swedish and Russian. Everything the page did is read back through the API; the tables
 * of the dealt games (the bot's, the seek's on both pages) hold no hidden card.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { watchPageProblems } from './support/page-problems';
import {
  EVERY_CARD,
  HiddenHand,
  expectNoneOf,
  keptDeal,
  pageWidth,
  recordTraffic,
  SeatData,
  seatOf,
} from './support/table-ui';

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];
const tokens: Record<'ann' | 'bob' | 'carol', string> = { ann: '', bob: '', carol: '' };
const NAMES = { ann: 'ng_ann', bob: 'ng_bob', carol: 'ng_carol' } as const;

interface Globals {
  localStorage: { setItem(key: string, value: string): void };
  location: { pathname: string };
  document: { documentElement: { scrollWidth: number } };
}

interface GameData {
  status: string;
  seats: number;
  preset: string;
  seedCommitment: string;
  options: { payoffSize: number; handSize: number; wildRanks: string[] };
  players: SeatData[];
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  for (const who of ['ann', 'bob', 'carol'] as const) tokens[who] = await register(app, NAMES[who]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A page at 375 px, signed in with `token` (the client keeps its token in localStorage, docs/web.md). */
async function signedInPage(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-US' });
  contexts.push(context);
  problems.push(await watchPageProblems(context));
  const page = await context.newPage();
  await page.goto(`${app.url}/`);
  await page.evaluate(
    (value) => (globalThis as unknown as Globals).localStorage.setItem('malice.token', value),
    token,
  );
  return page;
}

async function readGame(token: string, id: string): Promise<GameData> {
  const body = await app.gql<{ game: GameData }>(
    token,
    `query($id: ID!) { game(id: $id) { status seats preset seedCommitment options { payoffSize handSize wildRanks }
      players { seat clientSeed clientSeedSource player { username } } } }`,
    { id },
  );
  return dataOf(body).game;
}

/** Submits the form and reads what the page shows of the game it started. */
async function create(page: Page): Promise<{ id: string; commitment: string; clientSeed: string | null }> {
  await page.getByTestId('create-game').click();
  const started = page.getByTestId('started');
  await started.waitFor();
  const seed = page.getByTestId('client-seed');
  return {
    id: (await started.getAttribute('data-game-id'))!,
    commitment: (await page.getByTestId('seed-commitment').textContent())!,
    clientSeed: (await seed.count()) === 0 ? null : await seed.textContent(),
  };
}

/**
 * Submits the form for a two-seat game against a bot: the page goes straight to the table. Answers the game and
 * what the page kept of its deal (the commitment it saw before it sent its seed, and that seed).
 */
async function createAgainstBot(
  page: Page,
): Promise<{ id: string; commitment: string | null; clientSeed: string }> {
  await page.getByTestId('create-game').click();
  await page.waitForURL('**/games/*');
  await page.getByTestId('table').waitFor();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  return { id, ...(await keptDeal(page, id)) };
}

async function openGame(page: Page, id: string): Promise<void> {
  await page.getByTestId('open-game').click();
  await page.waitForURL(`**/games/${id}`);
}

/** Waits for the game's table to be the reader's turn (a bot moving first has moved by then). */
async function myTurn(page: Page): Promise<void> {
  await page.locator('[data-testid="table"][data-status="ACTIVE"][data-my-turn="true"]').waitFor();
}

describe('the new-game page', () => {
  let ann: Page;
  beforeAll(async () => {
    ann = await signedInPage(tokens.ann);
  });

  it('starts a modern game of three with a bot and an override; its client seed is the page’s, given after the commitment', async () => {
    await ann.goto(`${app.url}/new`);
    await ann.getByTestId('preset-modern').check();
    // The preset's defaults come from the API (presetRules): modern deals 20 pay-off cards, kings wild, 2–6 seats.
    await until(
      'the modern rules are shown',
      async () => (await ann.getByTestId('option-payoffSize').count()) === 1,
    );
    await ann.getByTestId('overrides').locator('summary').click();
    expect(await ann.getByTestId('option-payoffSize').inputValue()).toBe('20');
    expect(await ann.getByTestId('option-wildRanks').inputValue()).toBe('K');
    expect(await ann.getByTestId('seats').locator('option').allTextContents()).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(await ann.getByTestId('preset-summary').textContent()).toContain('two to six players');
    expect(await ann.getByTestId('preset-rules-link').getAttribute('href')).toBe('/rules/modern');
    expect(await pageWidth(ann)).toBeLessThanOrEqual(375);

    await ann.getByTestId('option-payoffSize').fill('15');
    await ann.getByTestId('seats').selectOption('3');
    await ann.getByTestId('opponent-kind').selectOption('bot');
    await ann.getByTestId('bot-kind').selectOption('RANDOM');
    const started = await create(ann);
    expect(await ann.getByTestId('started').getAttribute('data-seed-note')).toBe('after');

    const game = await readGame(tokens.ann, started.id);
    expect(game).toMatchObject({ status: 'WAITING', seats: 3, preset: 'MODERN' });
    expect(game.options).toEqual({ payoffSize: 15, handSize: 5, wildRanks: ['K'] });
    expect(started.commitment).toBe(game.seedCommitment);
    expect(started.clientSeed).toMatch(/^[A-Za-z0-9._~-]{1,64}$/);
    expect(seatOf(game, NAMES.ann)).toMatchObject({
      seat: 0,
      clientSeed: started.clientSeed,
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });
    expect(game.players.map((seat) => seat.player.username)).toContain('RandomBot');
    await openGame(ann, started.id);
  });

  it('starts a two-seat bot game held for the page’s seed, which deals it after the commitment', async () => {
    const received = recordTraffic(ann);
    await ann.goto(`${app.url}/new`);
    await ann.getByTestId('preset-classic').check();
    // Against a bot (the page's first choice, the expert) the default is no clock.
    expect(await ann.getByTestId('opponent-kind').inputValue()).toBe('bot');
    expect(await ann.getByTestId('bot-kind').inputValue()).toBe('EXPERT');
    expect(await ann.getByTestId('time-none').isChecked()).toBe(true);
    // The days offered are the server's (timeControlChoices), not a copy in the client.
    await ann.getByTestId('time-days').check();
    await ann.getByTestId('days-per-move').waitFor();
    const choices = await app.gql<{ timeControlChoices: { daysPerMove: number[] } }>(
      null,
      '{ timeControlChoices { daysPerMove } }',
    );
    expect(
      await ann
        .getByTestId('days-per-move')
        .locator('option')
        .evaluateAll((options) => options.map((option) => Number(option.getAttribute('value')))),
    ).toEqual(dataOf(choices).timeControlChoices.daysPerMove);
    // A clock chosen for a bot game is kept when the opponent changes back and forth.
    await ann.getByTestId('opponent-kind').selectOption('open');
    await ann.getByTestId('opponent-kind').selectOption('bot');
    expect(await ann.getByTestId('time-days').isChecked()).toBe(true);
    await ann.getByTestId('bot-kind').selectOption('GREEDY');
    // Against a bot the page goes straight to the table: no page of seeds in between.
    const started = await createAgainstBot(ann);
    const game = await readGame(tokens.ann, started.id);
    expect(game.status).toBe('ACTIVE');
    expect(started.commitment).toBe(game.seedCommitment);
    // docs/fairness.md: created with awaitClientSeed, the game waited for the page's seed, sent after the commitment.
    expect(seatOf(game, NAMES.ann)).toMatchObject({
      clientSeed: started.clientSeed,
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });
    expect(seatOf(game, 'GreedyBot').clientSeedSource).toBe('SERVER_STAND_IN');
    // Dealt from seeds: every card Ann has not seen is hidden — the bot's hand, the pay-off piles, the stock.
    await myTurn(ann);
    const annSees = new HiddenHand(app, started.id, tokens.ann, { cards: EVERY_CARD });
    await annSees.snapshot();
    await expectNoneOf(ann, received, annSees.forbidden());
  });

  it('starts a rated zloba game without a clock against the expert bot', async () => {
    await ann.goto(`${app.url}/new`);
    await ann.getByTestId('preset-zloba').check();
    await ann.getByTestId('time-none').check();
    // An override chosen before Rated is turned on goes back to the preset's rule, and the overrides lock:
    // a rated game is played by its preset's own rules.
    await ann.getByTestId('overrides').locator('summary').click();
    await ann.getByTestId('option-forcedAces').uncheck();
    await ann.getByTestId('rated').check();
    expect(await ann.getByTestId('option-forcedAces').isChecked()).toBe(true);
    expect(await ann.getByTestId('option-forcedAces').isDisabled()).toBe(true);
    // One `disabled` on the fieldset locks every override (Playwright's isDisabled reads form controls only).
    expect(await ann.getByTestId('overrides-fields').getAttribute('disabled')).not.toBeNull();
    await ann.getByTestId('opponent-kind').selectOption('bot');
    await ann.getByTestId('bot-kind').selectOption('EXPERT');
    const started = await createAgainstBot(ann);
    const body = await app.gql<{
      game: {
        status: string;
        preset: string;
        rated: boolean;
        timeControl: unknown;
        options: { forcedAces: boolean };
        players: SeatData[];
      };
    }>(
      tokens.ann,
      `query($id: ID!) { game(id: $id) { status preset rated timeControl { daysPerMove hoursPerMove }
        options { forcedAces } players { seat clientSeed clientSeedSource player { username } } } }`,
      { id: started.id },
    );
    const game = dataOf(body).game;
    expect(game).toMatchObject({
      status: 'ACTIVE',
      preset: 'ZLOBA',
      rated: true,
      timeControl: null,
      options: { forcedAces: true },
    });
    expect(game.players.map((seat) => seat.player.username).sort()).toEqual(['ExpertBot', NAMES.ann].sort());
    // Whoever began, it comes to Ann's turn: the expert moved first if it was to.
    await myTurn(ann);
  });

  it('invites the player named in ?opponent=, and the invitation reaches them', async () => {
    await ann.goto(`${app.url}/new?opponent=${NAMES.bob}`);
    await ann.getByTestId('opponent-name').waitFor();
    expect(await ann.getByTestId('opponent-kind').inputValue()).toBe('invite');
    expect(await ann.getByTestId('opponent-name').inputValue()).toBe(NAMES.bob);
    await ann.getByTestId('preset-zloba').check();
    await ann.getByTestId('time-hours').check();
    await ann.getByTestId('hours-per-move').fill('12');
    const started = await create(ann);

    const incoming = await app.gql<{
      challenges: {
        edges: {
          node: {
            id: string;
            preset: string;
            challenger: { username: string };
            timeControl: { hoursPerMove: number };
          };
        }[];
      };
    }>(
      tokens.bob,
      '{ challenges(direction: INCOMING, state: PENDING) { edges { node { id preset challenger { username } timeControl { hoursPerMove } } } } }',
    );
    expect(dataOf(incoming).challenges.edges.map((edge) => edge.node)).toEqual([
      {
        id: started.id,
        preset: 'ZLOBA',
        challenger: { username: NAMES.ann },
        timeControl: { hoursPerMove: 12 },
      },
    ]);
    const game = await readGame(tokens.ann, started.id);
    expect(seatOf(game, NAMES.ann)).toMatchObject({
      clientSeed: started.clientSeed,
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });
    await openGame(ann, started.id);
  });

  it('shows a refused creation with the API’s message', async () => {
    await ann.goto(`${app.url}/new?opponent=nobody_by_that_name`);
    await ann.getByTestId('opponent-name').waitFor();
    await ann.getByTestId('create-game').click();
    const alert = ann.getByRole('alert');
    await alert.waitFor();
    expect(await alert.getAttribute('data-code')).toMatch(/^(NOT_FOUND|BAD_USER_INPUT)$/);
    expect(await alert.textContent()).toContain('nobody_by_that_name');
    expect(await ann.getByTestId('started').count()).toBe(0);
  });

  it('opens a seek that a second player sees listed and joins from the page, both seeds after the commitment', async () => {
    const annReceived = recordTraffic(ann);
    await ann.goto(`${app.url}/new`);
    await ann.getByTestId('preset-classic').check();
    await ann.getByTestId('opponent-kind').selectOption('seek');
    const opened = await create(ann);
    expect(await readGame(tokens.ann, opened.id)).toMatchObject({ status: 'WAITING' });

    const carol = await signedInPage(tokens.carol);
    const carolReceived = recordTraffic(carol);
    await carol.goto(`${app.url}/new`);
    const row = carol.locator(`[data-testid="open-seeks"] [data-seek-id="${opened.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`by ${NAMES.ann}`);
    expect(await row.textContent()).toContain(opened.commitment);
    expect(await pageWidth(carol)).toBeLessThanOrEqual(375);
    await row.getByTestId('join-seek').click();
    const joined = carol.getByTestId('started');
    await joined.waitFor();
    expect(await joined.getAttribute('data-game-id')).toBe(opened.id);
    const carolSeed = await carol.getByTestId('client-seed').textContent();
    await openGame(carol, opened.id);

    const game = await readGame(tokens.carol, opened.id);
    expect(game.status).toBe('ACTIVE');
    expect(game.seedCommitment).toBe(opened.commitment);
    // Dealt: both seeds are public now, each the page's own, each given after the commitment.
    expect(seatOf(game, NAMES.carol)).toMatchObject({
      clientSeed: carolSeed,
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });
    expect(seatOf(game, NAMES.ann)).toMatchObject({
      clientSeed: opened.clientSeed,
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });
    expect(opened.clientSeed).not.toBe(carolSeed);

    // Each opens the game from the page that started it: neither table holds the other's hand.
    await openGame(ann, opened.id);
    for (const [page, received, token, other] of [
      [ann, annReceived, tokens.ann, tokens.carol],
      [carol, carolReceived, tokens.carol, tokens.ann],
    ] as const) {
      await page.locator('[data-testid="table"][data-status="ACTIVE"]').waitFor();
      const sees = new HiddenHand(app, opened.id, token, other);
      await sees.snapshot();
      await expectNoneOf(page, received, sees.forbidden());
    }
  });

  it('had no CSP violation or page error', () => {
    expect(problems.flat()).toEqual([]);
  });
});

describe('the rules pages', () => {
  it('render each preset in English, Swedish and Russian, with tabs between them, at 375 px', async () => {
    const page = await signedInPage(tokens.bob);
    await page.goto(`${app.url}/rules/zloba`);
    const text = page.getByTestId('rules-text');
    await text.waitFor();
    // The rules at a glance are the server's (presetRules): Zloba's four centre piles, its forced 2 on an ace.
    const glance = (name: string) =>
      page.getByTestId('rules-options').locator('div', { hasText: name }).locator('dd').textContent();
    await page.getByTestId('rules-options').waitFor();
    expect(await glance('Centre piles at most')).toBe('4');
    expect(await glance('A 2 must go on a centre ace')).toBe('yes');
    const texts: Record<string, string> = {};
    for (const language of ['en', 'sv', 'ru'] as const) {
      await openBarMenu(page);
      await page.getByTestId('language').selectOption(language);
      await until(`the rules are in ${language}`, async () => (await text.getAttribute('lang')) === language);
      texts[language] = (await text.textContent())!;
    }
    expect(texts.en).toContain('every natural 2 you can reach must go onto such a pile');
    expect(texts.sv).toContain('tvåa');
    expect(texts.ru).toContain('Злоба');
    expect(new Set(Object.values(texts)).size).toBe(3);

    // Russian stays chosen (localStorage malice.language); the tabs lead to the other presets.
    await page.getByTestId('rules-tab-classic').click();
    await page.waitForURL('**/rules/classic');
    await until('the classic rules show', async () =>
      ((await text.textContent()) ?? '').includes('Illvilja och elakhet'),
    );
    expect(await text.getAttribute('lang')).toBe('ru');
    await page.reload();
    await text.waitFor();
    expect(await text.getAttribute('lang')).toBe('ru');
    await openBarMenu(page);
    await page.getByTestId('language').selectOption('sv');
    await page.getByTestId('rules-tab-modern').click();
    await until('the modern rules show in Swedish', async () =>
      ((await text.textContent()) ?? '').includes('Spite and Malice'),
    );
    expect(await text.textContent()).toContain('Kungarna är fria kort');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    expect(problems.flat()).toEqual([]);
  });
});
