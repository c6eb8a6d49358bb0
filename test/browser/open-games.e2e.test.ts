/**
 * Open games (docs/web.md, "New game" and "The waiting room") in Chromium, against the compiled server: a Modern
 * game of three created from the new-game page as an open game (neither `opponent` nor `bot`), its link copied
 * with the Copy button; a signed-out second player who opens the link, signs up in place and comes back to the
 * game; a third who finds it among the open games of the new-game page; both joining with the Join button and
 * their own pages' seeds, given after the commitment; the creator's seat count following live; the dealt game on
 * all three tables with someone to move, and no page holding another player's hand (DOM, every response body,
 * every websocket frame); an invitation to someone else opened by a third player, who is told so and gets no Join.
 * Also: the invitation and the seek are unavailable for three seats, with the reason, in
 * English and Swedish. No CSP violation or page error anywhere.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { watchPageProblems } from './support/page-problems';
import {
  HiddenHand,
  expectNoneOf,
  pageWidth,
  recordTraffic,
  SeatData,
  seatOf,
  signUpInUi,
  tokenOf,
} from './support/table-ui';

const PASSWORD = 'correct horse battery staple';
const NAMES = { ann: 'og_ann', bea: 'og_bea', cid: 'og_cid' } as const;
type Who = keyof typeof NAMES;
const EVERYONE: readonly Who[] = ['ann', 'bea', 'cid'];

let app: TestApp;
let browser: Browser;
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];

interface Globals {
  navigator: { clipboard: { readText(): Promise<string> } };
  document: { documentElement: { scrollWidth: number } };
}

interface GameData {
  status: string;
  seats: number;
  preset: string;
  seedCommitment: string;
  currentSeat: number | null;
  players: SeatData[];
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A page at 375 px in its own browser context, the context watched for CSP violations and page errors. */
async function newPage(context: BrowserContext): Promise<Page> {
  problems.push(await watchPageProblems(context));
  return context.newPage();
}

function phoneContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-US' });
}

async function readGame(token: string, id: string): Promise<GameData> {
  const body = await app.gql<{ game: GameData }>(
    token,
    `query($id: ID!) { game(id: $id) { status seats preset seedCommitment currentSeat
      players { seat clientSeed clientSeedSource player { username } } } }`,
    { id },
  );
  return dataOf(body).game;
}

/** Waits until the page's waiting room counts `filled` seats taken. */
async function seatsFilled(page: Page, filled: number): Promise<void> {
  await page.locator(`[data-testid="seats-filled"][data-filled="${filled}"]`).waitFor();
}

describe('an open game of three', () => {
  const pages = {} as Record<Who, Page>;
  const received = {} as Record<Who, string[]>;
  const tokens = {} as Record<Who, string>;
  let gameId = '';
  let link = '';
  let commitment = '';

  beforeAll(async () => {
    const annContext = await phoneContext();
    for (const who of EVERYONE) {
      pages[who] = await newPage(who === 'ann' ? annContext : await phoneContext());
      received[who] = recordTraffic(pages[who]);
    }
    // The Copy button writes with navigator.clipboard; the test reads it back through the same API.
    await annContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await signUpInUi(pages.ann, app.url, NAMES.ann, PASSWORD);
    tokens.ann = await tokenOf(pages.ann);
  }, 60_000);

  it('is created from the new-game page as an open game, and its link is copied with Copy', async () => {
    const ann = pages.ann;
    await ann.goto(`${app.url}/new`);
    await ann.getByTestId('preset-modern').check();
    await until(
      'modern offers six seats',
      async () => (await ann.locator('[data-testid="seats"] option').count()) === 5,
    );
    await ann.getByTestId('seats').selectOption('3');
    await ann.getByTestId('opponent-kind').selectOption('open');
    await ann.getByTestId('create-game').click();
    const started = ann.getByTestId('started');
    await started.waitFor();
    gameId = (await started.getAttribute('data-game-id'))!;
    commitment = (await ann.getByTestId('seed-commitment').textContent())!;

    const game = await readGame(tokens.ann, gameId);
    expect(game).toMatchObject({ status: 'WAITING', seats: 3, preset: 'MODERN', seedCommitment: commitment });
    expect(game.players.map((seat) => seat.player.username)).toEqual([NAMES.ann]);
    expect(seatOf(game, NAMES.ann).clientSeedSource).toBe('GIVEN_AFTER_COMMITMENT');

    link = await ann.getByTestId('game-link').inputValue();
    expect(link).toBe(`${app.url}/games/${gameId}`);
    await ann.getByTestId('copy-link').click();
    await ann.locator('[data-testid="copy-state"][data-state="copied"]').waitFor();
    expect(await ann.evaluate(() => (globalThis as unknown as Globals).navigator.clipboard.readText())).toBe(
      link,
    );

    // The waiting room shows the same link to its creator, with the seats taken so far.
    await ann.getByTestId('open-game').click();
    await ann.waitForURL(`**/games/${gameId}`);
    await seatsFilled(ann, 1);
    expect(await ann.getByTestId('seats-filled').textContent()).toBe('1 of 3 seats taken');
    expect(await ann.getByTestId('game-link').inputValue()).toBe(link);
    // The creator sits already: no Join for them.
    expect(await ann.getByTestId('join-game').count()).toBe(0);
    expect(await pageWidth(ann)).toBeLessThanOrEqual(375);
  });

  it('is joined by a signed-out visitor of the link who signs up in place and comes back to the game', async () => {
    const bea = pages.bea;
    await bea.goto(link);
    await bea.getByTestId('sign-in-to-join').waitFor();
    // Sign-up is one click away and keeps the game's path.
    await bea.getByRole('link', { name: 'Sign up' }).click();
    await bea.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(new URL(bea.url()).pathname).toBe(`/games/${gameId}`);
    await bea.getByLabel('Username').fill(NAMES.bea);
    await bea.getByLabel('Password').fill(PASSWORD);
    await bea.getByRole('button', { name: 'Sign up' }).click();
    await bea.getByTestId('join-game').waitFor();
    expect(new URL(bea.url()).pathname).toBe(`/games/${gameId}`);
    tokens.bea = await tokenOf(bea);
    // The commitment is on the page before the seed is drawn and sent.
    expect(await bea.getByTestId('seed-commitment').textContent()).toBe(commitment);
    expect(await bea.getByTestId('game-link').count()).toBe(0);

    await bea.getByTestId('join-game').click();
    await seatsFilled(bea, 2);
    // The creator's page follows live: no reload, the count moves on.
    await seatsFilled(pages.ann, 2);
    expect(await pages.ann.getByTestId('waiting-players').textContent()).toContain(NAMES.bea);
    // Seated now: Bea gets the link to pass on, and no Join.
    await bea.getByTestId('game-link').waitFor();
    expect(await bea.getByTestId('join-game').count()).toBe(0);
  });

  it('is listed among the open games of the new-game page for a third player, who joins it and so deals it', async () => {
    const cid = pages.cid;
    await signUpInUi(cid, app.url, NAMES.cid, PASSWORD);
    tokens.cid = await tokenOf(cid);
    await cid.goto(`${app.url}/new`);
    const row = cid.locator(`[data-testid="open-games"] [data-game-id="${gameId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(`by ${NAMES.ann}`);
    expect(await row.getByTestId('open-game-seats').textContent()).toBe('2 of 3 seats taken');
    // An open game of three is no seek: it is listed once, here.
    expect(await cid.locator(`[data-testid="open-seeks"] [data-seek-id="${gameId}"]`).count()).toBe(0);
    expect(await pageWidth(cid)).toBeLessThanOrEqual(375);
    await row.getByTestId('join-open-game').click();
    await cid.waitForURL(`**/games/${gameId}`);
    await cid.getByTestId('join-game').waitFor();
    expect(await cid.getByTestId('seed-commitment').textContent()).toBe(commitment);
    const dealKey = JSON.stringify(`malice.deal.${gameId}`);
    const keptDeal = async (page: Page): Promise<unknown> =>
      JSON.parse((await page.evaluate<string | null>(`localStorage.getItem(${dealKey})`)) ?? 'null');
    // The page keeps its seed with the commitment before its join goes out (docs/web.md "Verify"), and puts back
    // what it kept before when the server refuses it: here a refusal answered in the server's place.
    await cid.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName !== 'TableJoin') return route.continue();
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          errors: [{ message: 'every seat of this game is taken', extensions: { code: 'GAME_NOT_ACTIVE' } }],
          data: null,
        }),
      });
    });
    await cid.getByTestId('join-game').click();
    await cid.getByTestId('error-text').waitFor();
    expect(await keptDeal(cid)).toBeNull();
    await cid.unrouteAll({ behavior: 'ignoreErrors' });
    // Now held until the page's storage is read: the seed is kept already, before any answer.
    let release: () => void = () => undefined;
    const releasing = new Promise<void>((resolve) => (release = resolve));
    const sent: { clientSeed?: string }[] = [];
    await cid.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as {
        operationName?: string;
        variables?: { clientSeed?: string };
      } | null;
      if (body?.operationName !== 'TableJoin') return route.continue();
      sent.push(body.variables ?? {});
      await releasing;
      await route.continue();
    });
    await cid.getByTestId('join-game').click();
    await until('the join is held', () => sent.length === 1);
    expect(await keptDeal(cid)).toEqual({ commitment, clientSeed: sent[0]!.clientSeed });
    release();

    for (const who of EVERYONE) {
      await pages[who].locator('[data-testid="table"][data-status="ACTIVE"]').waitFor();
      await pages[who].getByTestId('turn').waitFor();
    }
    const game = await readGame(tokens.ann, gameId);
    expect(game.status).toBe('ACTIVE');
    expect(game.currentSeat).not.toBeNull();
    expect(game.players.map((seat) => seat.player.username)).toEqual([NAMES.ann, NAMES.bea, NAMES.cid]);
    // Every seed is its page's own, given after the commitment; the three differ.
    for (const who of EVERYONE) {
      expect(seatOf(game, NAMES[who]).clientSeedSource).toBe('GIVEN_AFTER_COMMITMENT');
    }
    expect(new Set(game.players.map((seat) => seat.clientSeed)).size).toBe(3);
    await cid.unrouteAll({ behavior: 'ignoreErrors' });
    // Each page kept, for Verify, the commitment it showed and the seed it sent (docs/web.md "Verify"): the new-game
    // page for Ann, the waiting room's Join for Bea and Cid — before sending, so whether the answer or the push that
    // shows the table dealt came first.
    for (const who of EVERYONE) {
      expect(await keptDeal(pages[who])).toEqual({
        commitment: game.seedCommitment,
        clientSeed: seatOf(game, NAMES[who]).clientSeed,
      });
    }

    // It is someone's turn, the same someone on every page: exactly one page says "Your turn".
    const mover = game.players.find((seat) => seat.seat === game.currentSeat)!.player.username;
    const myTurns: string[] = [];
    for (const who of EVERYONE) {
      const mine = (await pages[who].getByTestId('table').getAttribute('data-my-turn')) === 'true';
      if (mine) myTurns.push(NAMES[who]);
      expect(await pages[who].getByTestId('turn').textContent()).toBe(
        mine ? 'Your turn' : `${mover} to move`,
      );
    }
    expect(myTurns).toEqual([mover]);
  });

  it('never shows any page another player’s hand', async () => {
    for (const who of EVERYONE) {
      const forbidden = new Set<string>();
      for (const other of EVERYONE.filter((name) => name !== who)) {
        const sees = new HiddenHand(app, gameId, tokens[who], tokens[other]);
        await sees.snapshot();
        for (const card of sees.forbidden()) forbidden.add(card);
      }
      await expectNoneOf(pages[who], received[who], [...forbidden]);
    }
  });

  it('tells a visitor that an invitation to someone else is not theirs to join, and offers no Join', async () => {
    // Ann invites Bea; Cid, signed in, opens the game's link.
    const invitation = dataOf(
      await app.gql<{ createGame: { id: string; invitation: boolean } }>(
        tokens.ann,
        'mutation($input: CreateGameInput!) { createGame(input: $input) { id invitation } }',
        { input: { preset: 'CLASSIC', opponent: NAMES.bea } },
      ),
    ).createGame;
    expect(invitation.invitation).toBe(true);
    const cid = pages.cid;
    await cid.goto(`${app.url}/games/${invitation.id}`);
    await cid.getByTestId('invitation-for-other').waitFor();
    expect(await cid.getByTestId('invitation-for-other').textContent()).toBe(
      'This game is an invitation to another player: only they can take the free seat.',
    );
    expect(await cid.getByTestId('awaited').textContent()).toBe('Waiting for the invited player to accept.');
    expect(await cid.getByTestId('join-game').count()).toBe(0);
    // Bea, the invited player, gets Join on the same page; the open game above said invitation false.
    await pages.bea.goto(`${app.url}/games/${invitation.id}`);
    await pages.bea.getByTestId('join-game').waitFor();
    expect(await pages.bea.getByTestId('invitation-for-other').count()).toBe(0);
    const open = await app.gql<{ game: { invitation: boolean } }>(
      tokens.ann,
      'query($id: ID!) { game(id: $id) { invitation } }',
      { id: gameId },
    );
    expect(dataOf(open).game.invitation).toBe(false);
  });

  it('had no CSP violation or page error', () => {
    expect(problems.flat()).toEqual([]);
  });
});

describe('the game link without a clipboard', () => {
  it('selects the link in its field for copying by hand, and says so', async () => {
    const context = await phoneContext();
    // As on an insecure origin, where the browser gives no navigator.clipboard.
    await context.addInitScript(() => {
      const globals = globalThis as unknown as { Navigator: { prototype: object } };
      Object.defineProperty(globals.Navigator.prototype, 'clipboard', { get: () => undefined });
    });
    const page = await newPage(context);
    await signUpInUi(page, app.url, 'og_eve', PASSWORD);
    await page.goto(`${app.url}/new`);
    await page.getByTestId('preset-modern').check();
    await until(
      'modern offers six seats',
      async () => (await page.locator('[data-testid="seats"] option').count()) === 5,
    );
    await page.getByTestId('seats').selectOption('4');
    await page.getByTestId('opponent-kind').selectOption('open');
    await page.getByTestId('create-game').click();
    await page.getByTestId('started').waitFor();
    await page.getByTestId('copy-link').click();
    await page.locator('[data-testid="copy-state"][data-state="byHand"]').waitFor();
    expect(await page.getByTestId('copy-state').textContent()).toBe(
      'The browser did not let the page copy it: the link is selected, copy it by hand.',
    );
    const field = page.getByTestId('game-link');
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${app.url}/games/[0-9a-f-]{36}$`));
    const selection = await field.evaluate(
      (input: { selectionStart: number | null; selectionEnd: number | null }) => [
        input.selectionStart,
        input.selectionEnd,
      ],
    );
    expect(selection).toEqual([0, link.length]);
    expect(problems.flat()).toEqual([]);
  });
});

describe('the new-game page with more than two seats', () => {
  it('offers no invitation or seek, and says why, in English and Swedish', async () => {
    const page = await newPage(await phoneContext());
    await signUpInUi(page, app.url, 'og_dora', PASSWORD);
    await page.goto(`${app.url}/new?opponent=${NAMES.ann}`);
    await page.getByTestId('opponent-name').waitFor();
    await page.getByTestId('preset-modern').check();
    await until(
      'modern offers six seats',
      async () => (await page.locator('[data-testid="seats"] option').count()) === 5,
    );
    const kind = page.getByTestId('opponent-kind');
    // The option's own `disabled` (Playwright's isDisabled answers for the select around it).
    const disabled = (value: string) =>
      kind.locator(`option[value="${value}"]`).evaluate((option: { disabled: boolean }) => option.disabled);
    // Two seats: every choice is there, and no reason is shown.
    expect(await kind.inputValue()).toBe('invite');
    expect(await disabled('invite')).toBe(false);
    expect(await disabled('seek')).toBe(false);
    expect(await page.getByTestId('two-seats-only').count()).toBe(0);

    await page.getByTestId('seats').selectOption('3');
    await page.getByTestId('two-seats-only').waitFor();
    expect(await page.getByTestId('two-seats-only').textContent()).toBe(
      'An invitation by name and a seek are for two players only; a game of 3 is open to anyone with its link.',
    );
    expect(await disabled('invite')).toBe(true);
    expect(await disabled('seek')).toBe(true);
    expect(await disabled('open')).toBe(false);
    expect(await disabled('bot')).toBe(false);
    // The invitation chosen before gives way to the open game; its name field goes with it.
    expect(await kind.inputValue()).toBe('open');
    expect(await page.getByTestId('opponent-name').count()).toBe(0);

    await openBarMenu(page);
    await page.getByTestId('language').selectOption('sv');
    await until('the reason reads in Swedish', async () =>
      ((await page.getByTestId('two-seats-only').textContent()) ?? '').startsWith('En inbjudan med namn'),
    );
    expect(await disabled('invite')).toBe(true);

    // Back to two seats, the invitation is offered again.
    await page.getByTestId('seats').selectOption('2');
    await until('the reason is gone', async () => (await page.getByTestId('two-seats-only').count()) === 0);
    expect(await disabled('invite')).toBe(false);
    expect(problems.flat()).toEqual([]);
  });
});
