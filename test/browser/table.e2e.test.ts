/**
 * The table (docs/web.md "The table") in Chromium: a click selects at once, before any request, and lights up the
 * legal targets; a refused move reads its reason in the reader's language; a wild card asks exactly its legal
 * ranks; a turn played with the keyboard alone; pass and resign ask first; Swedish and Russian tables; the phone
 * layout without horizontal scroll; a forced play shown with its reason; a built-in bot answering; a deadline
 * passing under the test clock. Neither player's page ever holds the other's hand. With UPDATE_SCREENSHOTS=1 it
 * saves docs/images/table-desktop.png and table-phone.png.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { TestApp, dataOf, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import {
  EVERY_CARD,
  HiddenHand,
  cardNameOnPage,
  domMentions,
  expectNoneOf,
  openAfresh,
  playMoveInUi,
  pressUntilFocused,
  recordTraffic,
  setLanguage as setPageLanguage,
  signUpInUi,
  tokenOf,
} from './support/table-ui';

const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'correct horse battery staple';
/** Seat 0 (Cara) to move: 7S fits c1, the joker may go on d1 (8C) as an 8 or a 7, KD fits nowhere in the centre. */
const CLASSIC = 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n';
/** The same with a pay-off 7D that fits c1: the rules force it (FORCED_PAYOFF_PLAY, docs/rules.md §2.6). */
const FORCED = 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H7D:5H*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n';

let app: TestApp;
let browser: Browser;
let cara: Page;
let dan: Page;
let caraToken: string;
let danToken: string;
let caraReceived: string[];
let danReceived: string[];
/** CSP violations and page errors, one list per browser context (test/browser/support/page-problems.ts). */
const problems: string[][] = [];

beforeAll(async () => {
  app = await startTestApp({ testBuild: true, env: { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0' } });
  browser = await launchBrowser();
  const caraContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const danContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  for (const context of [caraContext, danContext]) problems.push(await watchPageProblems(context));
  cara = await caraContext.newPage();
  dan = await danContext.newPage();
  caraReceived = recordTraffic(cara);
  danReceived = recordTraffic(dan);
  await signUpInUi(cara, app.url, 'table_cara', PASSWORD);
  await signUpInUi(dan, app.url, 'table_dan', PASSWORD);
  caraToken = await tokenOf(cara);
  danToken = await tokenOf(dan);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Cara invites Dan to a game (from `position`, or dealt), Dan accepts: its id. */
async function gameWithDan(input: Record<string, unknown>): Promise<string> {
  const { id } = dataOf(
    await app.gql<{ createGame: { id: string } }>(
      caraToken,
      'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
      { input: { preset: 'CLASSIC', opponent: 'table_dan', ...input } },
    ),
  ).createGame;
  dataOf(await app.gql(danToken, 'mutation($id: ID!) { joinGame(gameId: $id) { id } }', { id }));
  return id;
}

async function setLanguage(page: Page, language: 'en' | 'sv' | 'ru'): Promise<void> {
  await setPageLanguage(page, language);
  await page.getByTestId('table').waitFor();
}

/** Presses Tab until the focused element matches `selector` (the keyboard alone, as a person would). */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press('Tab');
    const there = await page.evaluate(
      (wanted) =>
        (
          globalThis as unknown as { document: { activeElement: { matches(s: string): boolean } | null } }
        ).document.activeElement?.matches(wanted) ?? false,
      selector,
    );
    if (there) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Puts `html` into the first element matching `selector`, marked so that `removeInjected` takes it out again. */
async function inject(page: Page, selector: string, html: string): Promise<void> {
  await page.evaluate(
    ([where, markup]) => {
      const document = (
        globalThis as unknown as {
          document: {
            querySelector(s: string): { append(node: object): void } | null;
            createElement(tag: string): {
              innerHTML: string;
              setAttribute(name: string, value: string): void;
            };
          };
        }
      ).document;
      const holder = document.createElement('span');
      holder.setAttribute('data-injected-by-test', '');
      holder.innerHTML = markup;
      const parent = document.querySelector(where);
      if (parent === null) throw new Error(`nothing matches ${where}`);
      parent.append(holder);
    },
    [selector, html] as const,
  );
}

async function removeInjected(page: Page): Promise<void> {
  await page.evaluate(() => {
    const document = (
      globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ remove(): void }> } }
    ).document;
    for (const element of Array.from(document.querySelectorAll('[data-injected-by-test]'))) element.remove();
  });
}

/** A page signed in as `token` in a context of its own, with `options` (the client keeps its token in localStorage). */
async function pageAs(token: string, options: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context: BrowserContext = await browser.newContext(options);
  problems.push(await watchPageProblems(context));
  const page = await context.newPage();
  await page.goto(`${app.url}/`);
  await page.evaluate(
    (value) =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem('malice.token', value),
    token,
  );
  return page;
}

/** The animations Chromium starts on `page` (the DevTools protocol's Animation domain), by their type. */
async function recordAnimations(page: Page): Promise<{ started: string[]; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  const started: string[] = [];
  session.on('Animation.animationStarted', (event) => started.push(event.animation.type));
  await session.send('Animation.enable');
  return { started, session };
}

describe('the table', () => {
  let gameId: string;
  let caraSees: HiddenHand;
  let danSees: HiddenHand;

  beforeAll(async () => {
    gameId = await gameWithDan({ position: CLASSIC });
    caraSees = new HiddenHand(app, gameId, caraToken, danToken);
    danSees = new HiddenHand(app, gameId, danToken, caraToken);
    await caraSees.snapshot();
    await danSees.snapshot();
    await Promise.all([
      openAfresh(cara, caraReceived, `${app.url}/games/${gameId}`),
      openAfresh(dan, danReceived, `${app.url}/games/${gameId}`),
    ]);
    await cara.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
  });

  it('selects a card at once, before any request, and lights up its legal targets', async () => {
    // Every operation the page sends now waits two seconds (the page's own reads may come and go meanwhile):
    // the selection must not wait for any of them, and sends none of its own.
    const requests: string[] = [];
    cara.on('request', (request) => {
      const operation = (request.postDataJSON() as { operationName?: string } | null)?.operationName;
      if (operation?.startsWith('Table')) requests.push(operation);
    });
    let held = 0;
    await cara.route('**/graphql', async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // A request Chromium cancelled while it was held (seen once in CI: "Route is already handled!") has nothing
      // left to continue; anything else is an error.
      await route
        .continue()
        .catch((error: unknown) => {
          if (!String(error).includes('Route is already handled')) throw error;
        })
        .finally(() => (held -= 1));
    });
    const clicked = Date.now();
    await cara.locator('button[data-source="7S"]').click();
    await cara.locator('button[data-source="7S"][aria-pressed="true"]').waitFor();
    expect(Date.now() - clicked).toBeLessThan(2000);
    expect(requests).toEqual([]);
    expect(await cara.locator('[data-target="c1"]').getAttribute('data-legal')).toBe('true');
    expect(await cara.locator('[data-target="d1"]').getAttribute('data-legal')).toBe('true');
    // A king does not go to the centre here: c1 is not lit for it.
    await cara.locator('button[data-source="KD"]').click();
    await cara.locator('button[data-source="KD"][aria-pressed="true"]').waitFor();
    expect(await cara.locator('[data-target="c1"]').getAttribute('data-legal')).toBe('false');
    expect(await cara.locator('button[data-source="7S"]').getAttribute('aria-pressed')).toBe('false');
    await cara.keyboard.press('Escape');
    await cara.locator('button[data-source="KD"][aria-pressed="false"]').waitFor();
    expect(requests).toEqual([]);
    // The delayed requests are let go before the route goes (unrouting under them would answer them twice), and a
    // handler that never settles is named here rather than hanging the test (seen once in CI).
    await until('the held requests are let go', () => held === 0, 15_000);
    await cara.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('shows a refused move’s reason in the reader’s language', async () => {
    await cara.locator('button[data-source="KD"]').click();
    await cara.locator('[data-target="c1"]').click();
    const alert = cara.locator('[role="alert"][data-rule="DOES_NOT_FIT"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'The king of diamonds does not fit centre pile 1: it needs a 7.',
    );
    await setLanguage(cara, 'sv');
    await cara.locator('button[data-source="KD"]').click();
    await cara.locator('[data-target="c1"]').click();
    expect(await cara.locator('[role="alert"][data-rule="DOES_NOT_FIT"]').textContent()).toContain(
      'Ruter kung passar inte på mitthög 1: den behöver en 7.',
    );
    await setLanguage(cara, 'en');
  });

  it('renders the table in Swedish and in Russian', async () => {
    await setLanguage(cara, 'sv');
    expect(await cara.getByTestId('turn').textContent()).toBe('Din tur');
    await cara.getByRole('button', { name: 'spader sju' }).waitFor();
    await cara.getByRole('button', { name: /Hjälprad 1: klöver åtta/ }).waitFor();
    await setLanguage(cara, 'ru');
    expect(await cara.getByTestId('turn').textContent()).toBe('Ваш ход');
    await cara.getByRole('button', { name: 'семёрка пик' }).waitFor();
    expect(await cara.getByTestId('stock').textContent()).toBe('Резерв: 5 карт');
    await setLanguage(cara, 'en');
  });

  it('asks for the declared rank, listing exactly the legal ones', async () => {
    await cara.locator('button[data-source="*"]').click();
    await cara.locator('[data-target="d1"]').click();
    const ranks = await cara
      .getByTestId('declare')
      .locator('[data-rank]')
      .evaluateAll((buttons) =>
        buttons.map((button) => (button as unknown as { dataset: { rank: string } }).dataset.rank),
      );
    expect(ranks).toEqual(['8', '7']);
    await cara.keyboard.press('Escape');
    await cara.getByTestId('declare').waitFor({ state: 'detached' });
  });

  it('asks before resigning, and No leaves the game as it is', async () => {
    await cara.getByTestId('resign').click();
    await cara.getByTestId('confirm').waitFor();
    await cara.getByTestId('confirm-no').click();
    await cara.getByTestId('confirm').waitFor({ state: 'detached' });
    expect(await cara.getByTestId('table').getAttribute('data-status')).toBe('ACTIVE');
  });

  it('plays a turn with the keyboard alone, declaring a rank', async () => {
    await cara.locator('body').click({ position: { x: 1, y: 1 } });
    // The board is one tab stop; its arrow keys move among the sources, then among the chosen one's targets.
    await tabTo(cara, '[data-testid="board"] [data-nav]');
    await pressUntilFocused(cara, 'ArrowRight', 'button[data-source="*"]');
    await cara.keyboard.press('Enter');
    await cara.locator('button[data-source="*"][aria-pressed="true"]').waitFor();
    await cara.locator('[data-target][data-legal="true"]:focus').waitFor();
    await pressUntilFocused(cara, 'ArrowRight', '[data-target="d1"]');
    await cara.keyboard.press('Enter');
    // The dialog takes the focus: its first rank, 8, is where Enter goes.
    await cara.locator('[data-testid="declare"] [data-rank="8"]:focus').waitFor();
    await cara.keyboard.press('Enter');
    await cara.locator('[data-testid="table"][data-version="1"][data-my-turn="false"]').waitFor();
    await dan.locator('[data-testid="table"][data-version="1"][data-my-turn="true"]').waitFor();
    await caraSees.snapshot();
    await danSees.snapshot();
  });

  it('lays out at 375 px without horizontal scroll, and Dan passes after confirming', async () => {
    const widths = await dan.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return { scroll: root.scrollWidth, client: root.clientWidth };
    });
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await dan.locator('[data-seat="0"] [data-just-moved="true"]').waitFor();
    if (process.env.UPDATE_SCREENSHOTS === '1') {
      fs.mkdirSync(path.join(ROOT, 'docs', 'images'), { recursive: true });
      await dan.screenshot({ path: path.join(ROOT, 'docs', 'images', 'table-phone.png'), fullPage: true });
    }
    await playMoveInUi(dan, 'pass');
    await cara.locator('[data-testid="table"][data-version="2"][data-my-turn="true"]').waitFor();
    await caraSees.snapshot();
    await danSees.snapshot();
    if (process.env.UPDATE_SCREENSHOTS === '1') {
      await cara.screenshot({ path: path.join(ROOT, 'docs', 'images', 'table-desktop.png'), fullPage: true });
    }
  });

  it('plays a card dragged onto a centre pile with the mouse', async () => {
    const card = await cara.locator('button[data-source="7S"]').boundingBox();
    const pile = await cara.locator('[data-target="c1"]').boundingBox();
    await cara.mouse.move(card!.x + card!.width / 2, card!.y + card!.height / 2);
    await cara.mouse.down();
    await cara.mouse.move(pile!.x + pile!.width / 2, pile!.y + pile!.height / 2, { steps: 8 });
    await cara.mouse.up();
    await cara.locator('[data-testid="table"][data-version="3"]').waitFor();
    expect(await cara.locator('[data-target="c1"]').getAttribute('aria-label')).toContain('seven of spades');
    await caraSees.snapshot();
    await danSees.snapshot();
  });

  it('draws clubs green and diamonds blue with four-colour suits', async () => {
    const colours = () =>
      cara.evaluate(() => {
        const globals = globalThis as unknown as {
          document: { querySelector(s: string): object | null };
          getComputedStyle(element: object): { color: string };
        };
        const colour = (selector: string) =>
          globals.getComputedStyle(globals.document.querySelector(selector)!).color;
        return { clubs: colour('.pc-suit-C'), diamonds: colour('.pc-suit-D'), hearts: colour('.pc-suit-H') };
      });
    expect(await colours()).toEqual({
      clubs: 'rgb(27, 27, 27)',
      diamonds: 'rgb(192, 34, 27)',
      hearts: 'rgb(192, 34, 27)',
    });
    await cara.getByTestId('settings-menu').locator('summary').click();
    await cara.getByLabel('Four-colour suits').check();
    expect(await colours()).toEqual({
      clubs: 'rgb(24, 121, 78)',
      diamonds: 'rgb(31, 95, 191)',
      hearts: 'rgb(192, 34, 27)',
    });
    await cara.getByLabel('Four-colour suits').uncheck();
    await cara.getByTestId('settings-menu').locator('summary').click();
  });

  it('never let either page hold the other’s hand', async () => {
    await expectNoneOf(cara, caraReceived, caraSees.forbidden());
    await expectNoneOf(dan, danReceived, danSees.forbidden());
  });

  it('would catch a hidden card drawn, coded or named anywhere but where the player sees cards', async () => {
    const hidden = caraSees.forbidden();
    const card = hidden[0]!;
    const name = await cardNameOnPage(cara, card);
    const drawn = `<svg role="img" aria-label="${name}"></svg>`;
    const leaks = [
      // Drawn among the other seat's backs, as card.tsx names a face (without its data-card).
      ['.opponents .seat-area', drawn, /names the hidden .* \(attribute aria-label\)/],
      // Its code on an element of the stock's count.
      ['[data-testid="stock"]', `<i data-card="${card}"></i>`, /\(attribute data-card\)/],
      // Its name in a text, capitalised as a sentence would.
      ['main', `<p>${name[0]!.toUpperCase()}${name.slice(1)} is in Dan’s hand.</p>`, /\(text\)/],
    ] as const;
    for (const [where, html, reported] of leaks) {
      await inject(cara, where, html);
      await expect(expectNoneOf(cara, caraReceived, hidden)).rejects.toThrow(reported);
      await removeInjected(cara);
    }
    // The same card in Cara's own hand or on a pile is one she may see (another copy of the decks).
    await inject(cara, '[data-testid="hand"]', drawn);
    await inject(cara, '.centre-piles', `<i data-card="${card}"></i>`);
    expect(await domMentions(cara, hidden)).toEqual([]);
    await removeInjected(cara);
    await expectNoneOf(cara, caraReceived, hidden);
    // In Swedish the page names it in Swedish, and the check looks for that.
    await setLanguage(cara, 'sv');
    const swedish = await cardNameOnPage(cara, card);
    expect(swedish).not.toBe(name);
    await inject(cara, '.opponents .seat-area', `<svg role="img" aria-label="${swedish}"></svg>`);
    await expect(expectNoneOf(cara, caraReceived, hidden)).rejects.toThrow(/\(attribute aria-label\)/);
    await removeInjected(cara);
    await setLanguage(cara, 'en');
  });
});

describe('other tables', () => {
  it('waits for the invited player with the seed commitment, then turns into the table live', async () => {
    const { id, seedCommitment } = dataOf(
      await app.gql<{ createGame: { id: string; seedCommitment: string } }>(
        caraToken,
        'mutation { createGame(input: { preset: MODERN, opponent: "table_dan" }) { id seedCommitment } }',
      ),
    ).createGame;
    await openAfresh(cara, caraReceived, `${app.url}/games/${id}`);
    await cara.locator('[data-testid="table"][data-status="WAITING"]').waitFor();
    await cara.locator('[data-testid="awaited"][aria-busy="false"]').waitFor();
    expect(await cara.getByTestId('awaited').textContent()).toBe(
      'Waiting for table_dan to accept the invitation.',
    );
    expect(await cara.getByTestId('seed-commitment').textContent()).toBe(seedCommitment);
    dataOf(await app.gql(danToken, 'mutation($id: ID!) { joinGame(gameId: $id) { id } }', { id }));
    await cara.locator('[data-testid="table"][data-status="ACTIVE"]').waitFor();
    await cara.getByTestId('turn').waitFor();
    const caraSees = new HiddenHand(app, id, caraToken, danToken);
    await caraSees.snapshot();
    await expectNoneOf(cara, caraReceived, caraSees.forbidden());
  });

  it('deals a bot game held for my seed from the waiting room, with a seed the page drew after the commitment', async () => {
    // A page closed between createGame and setClientSeed leaves the game held (createGame awaitClientSeed).
    const { id } = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        caraToken,
        'mutation { createGame(input: { preset: CLASSIC, bot: RANDOM, awaitClientSeed: true }) { id } }',
      ),
    ).createGame;
    await openAfresh(cara, caraReceived, `${app.url}/games/${id}`);
    await cara.locator('[data-testid="table"][data-status="WAITING"]').waitFor();
    await cara.getByTestId('deal').click();
    await cara.locator('[data-testid="table"][data-status="ACTIVE"]').waitFor();
    // Dealt from seeds: every card Cara has not seen is hidden — the bot's hand, the pay-off piles, the stock.
    await cara.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
    const caraSees = new HiddenHand(app, id, caraToken, { cards: EVERY_CARD });
    await caraSees.snapshot();
    await expectNoneOf(cara, caraReceived, caraSees.forbidden());
    const seats = dataOf(
      await app.gql<{ game: { players: { seat: number; clientSeed: string; clientSeedSource: string }[] } }>(
        caraToken,
        'query($id: ID!) { game(id: $id) { players { seat clientSeed clientSeedSource } } }',
        { id },
      ),
    ).game.players;
    expect(seats.find((seat) => seat.seat === 0)).toMatchObject({
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });
    expect(seats.find((seat) => seat.seat === 0)!.clientSeed).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('shows a forced play with its reason, in English and in Russian', async () => {
    const id = await gameWithDan({ position: FORCED });
    const caraSees = new HiddenHand(app, id, caraToken, danToken);
    await caraSees.snapshot();
    await openAfresh(cara, caraReceived, `${app.url}/games/${id}`);
    const forced = cara.getByTestId('forced');
    await forced.waitFor();
    expect(await forced.locator('[data-reason="FORCED_PAYOFF_PLAY"]').textContent()).toContain(
      'the pay-off card fits a centre pile and must be played',
    );
    await setLanguage(cara, 'ru');
    expect(await cara.getByTestId('forced').textContent()).toContain('Обязательный ход');
    await setLanguage(cara, 'en');
    await playMoveInUi(cara, 'p-c1');
    await cara.getByTestId('forced').waitFor({ state: 'detached' });
    await caraSees.snapshot();
    await expectNoneOf(cara, caraReceived, caraSees.forbidden());
  });

  it('plays against a built-in bot, which answers on its own', async () => {
    const { id } = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        caraToken,
        'mutation($p: String!) { createGame(input: { preset: CLASSIC, bot: GREEDY, position: $p }) { id } }',
        { p: CLASSIC },
      ),
    ).createGame;
    // The bot's hand and what it draws next (the stock's top three), from the position: never on Cara's page.
    const caraSees = new HiddenHand(app, id, caraToken, { cards: ['4H', '4S', '4D', '5C', '3S'] });
    await caraSees.snapshot();
    await openAfresh(cara, caraReceived, `${app.url}/games/${id}`);
    await cara.locator('[data-testid="table"][data-version="0"][data-my-turn="true"]').waitFor();
    await playMoveInUi(cara, 'KD-d2');
    // The bot moved on its own: the page followed it back to Cara's turn.
    await cara.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
    expect(Number(await cara.getByTestId('table').getAttribute('data-version'))).toBeGreaterThan(1);
    await caraSees.snapshot();
    await expectNoneOf(cara, caraReceived, caraSees.forbidden());

    // Over (Cara resigns), the page offers a rematch: against the bot its deal waits for the page's own seed.
    dataOf(await app.gql(caraToken, 'mutation($id: ID!) { resign(gameId: $id) { id } }', { id }));
    await cara.getByTestId('finished-game').waitFor();
    await cara.getByTestId('rematch').click();
    await cara.waitForURL((url) => url.pathname.startsWith('/games/') && !url.pathname.endsWith(id));
    await cara.locator('[data-testid="table"][data-status="ACTIVE"]').waitFor();
    const next = decodeURIComponent(new URL(cara.url()).pathname.split('/')[2]!);
    const seats = dataOf(
      await app.gql<{
        game: {
          preset: string;
          players: { seat: number; clientSeedSource: string; player: { username: string } }[];
        };
      }>(
        caraToken,
        'query($id: ID!) { game(id: $id) { preset players { seat clientSeedSource player { username } } } }',
        {
          id: next,
        },
      ),
    ).game;
    expect(seats.preset).toBe('CLASSIC');
    expect(seats.players.map((seat) => seat.player.username)).toEqual(['table_cara', 'GreedyBot']);
    expect(seats.players[0]!.clientSeedSource).toBe('GIVEN_AFTER_COMMITMENT');
  });

  it('shows the timeout once the deadline passes under the test clock', async () => {
    // Each has moved once (a player who never moved would have the game aborted, docs/correspondence.md).
    const id = await gameWithDan({ position: CLASSIC, hoursPerMove: 1 });
    for (const [token, move, version] of [
      [caraToken, 'KD-d2', 0],
      [danToken, 'pass', 1],
    ] as const) {
      dataOf(
        await app.gql(
          token,
          'mutation($id: ID!, $m: String!, $v: Int!) { makeMove(gameId: $id, move: $m, expectedVersion: $v) { replayed } }',
          { id, m: move, v: version },
        ),
      );
    }
    const caraSees = new HiddenHand(app, id, caraToken, danToken);
    await caraSees.snapshot();
    await openAfresh(cara, caraReceived, `${app.url}/games/${id}`);
    await cara.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
    await expectNoneOf(cara, caraReceived, caraSees.forbidden());
    const countdown = cara.getByTestId('countdown');
    expect(await countdown.textContent()).toMatch(/^Time left: (59:\d\d|1 h 0 min)$/);
    const response = await fetch(`${app.url}/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 2 * 3_600_000 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ timedOut: 1 });
    await cara.locator('[data-testid="game-over"][data-reason="TIMED_OUT"]').waitFor();
    expect(await cara.getByTestId('game-over').textContent()).toBe('Game over: a player ran out of time');
  });

  it('lands the opponent’s move without animation under reduced motion, and with one otherwise', async () => {
    const id = await gameWithDan({ position: CLASSIC });
    const watchers = [];
    for (const reducedMotion of ['reduce', 'no-preference'] as const) {
      const page = await pageAs(danToken, { viewport: { width: 1280, height: 800 }, reducedMotion });
      await page.goto(`${app.url}/games/${id}`);
      await page.locator('[data-testid="table"][data-version="0"][data-my-turn="false"]').waitFor();
      watchers.push({ reducedMotion, page, ...(await recordAnimations(page)) });
    }
    for (const watcher of watchers) watcher.started.length = 0;
    // Cara's move, from outside either page: it lands on her side pile d2 on Dan's boards.
    dataOf(
      await app.gql(
        caraToken,
        'mutation($id: ID!) { makeMove(gameId: $id, move: "KD-d2", expectedVersion: 0) { replayed } }',
        { id },
      ),
    );
    const seen: Record<string, { started: string[]; running: number }> = {};
    for (const { reducedMotion, page, started, session } of watchers) {
      const moved = page.locator('[data-seat="0"] .side-pile[data-just-moved="true"]');
      await moved.waitFor();
      // The board's effects run after the frame that drew the move (Preact's useEffect): past two frames and a
      // task they have, and an animation they started has been reported before the session's next answer.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const frame = (globalThis as unknown as { requestAnimationFrame(f: () => void): void })
              .requestAnimationFrame;
            frame(() => frame(() => setTimeout(resolve, 0)));
          }),
      );
      await session.send('Animation.getPlaybackRate');
      if (reducedMotion === 'no-preference') {
        await until('the flash is reported', () => started.includes('WebAnimation'), 10_000);
      }
      const running = await moved.evaluate(
        (element) => (element as unknown as { getAnimations(): unknown[] }).getAnimations().length,
      );
      seen[reducedMotion] = { started: [...started], running };
      await page.context().close();
    }
    expect(seen['reduce']).toEqual({ started: [], running: 0 });
    expect(seen['no-preference']!.started).toContain('WebAnimation');
  });

  it('hears a CSP violation and a page error (the watcher the last test asks)', async () => {
    const context = await browser.newContext();
    const heard = await watchPageProblems(context);
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.evaluate(() => {
      const globals = globalThis as unknown as {
        document: {
          createElement(tag: string): { textContent: string };
          body: { append(node: object): void };
        };
        setTimeout(f: () => void, ms: number): void;
      };
      // An inline script, which the page's CSP refuses (docs/web.md "Built"), and an uncaught error.
      const script = globals.document.createElement('script');
      script.textContent = 'void 0';
      globals.document.body.append(script);
      globals.setTimeout(() => {
        throw new Error('thrown by the test');
      }, 0);
    });
    await until(
      'both are heard',
      () =>
        heard.some((text) => text.startsWith('CSP violation: script-src')) &&
        // The message first, then where: the page and the top of the stack.
        heard.some(
          (text) => text.startsWith(`page error: thrown by the test (on ${app.url}/)`) && text.includes('\n'),
        ),
      10_000,
    );
    await context.close();
  });

  it('had no CSP violation or page error on any page', () => {
    expect(problems.flat()).toEqual([]);
  });
});
