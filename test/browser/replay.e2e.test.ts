/**
 * History and replay in the web client (docs/web.md, "History and replay"), in a real Chromium
 * (test/browser/support/browser.ts): a short game played through the API shows the API's result, scores and
 * revealed seeds; its replay, run in the page by the rules engine, shows at its last and a middle ply the stock and
 * hands of the API's `positionAfter` for that ply, and stepping sends no request; Verify says ok, and that it checked
 * the export alone for a game this browser did not deal; a game dealt from this browser's new-game page verifies
 * against the commitment the page showed before the deal and the seed it drew, and a stored commitment changed
 * afterwards makes Verify report the mismatch; a rated game shows each seat's rating change; the move log of a
 * game being played grows live after a move made through the API. (A tampered export failing Verify is
 * test/unit/web/replay-verify.test.ts.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatCard, parseCardRun } from '../../src/engine';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import {
  chooseMove,
  createGame,
  findSeed,
  joinGame,
  makeMove,
  playGame,
  readGame,
  resign,
} from '../support/service/play';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import { screenshot } from './support/screenshots';
import { keptDeal } from './support/table-ui';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let ann: string;
let bob: string;
/** CSP violations and page errors on the replay's pages (page-problems.ts). */
let pageErrors: string[] = [];

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface PageGlobals {
  localStorage: { setItem(key: string, value: string): void; getItem(key: string): string | null };
}

interface FinishedData {
  id: string;
  version: number;
  seed: string;
  seedCommitment: string;
  result: { reason: string; winner: number | null; score: number; payoffLeft: number[] };
  players: {
    seat: number;
    outcome: string;
    placement: number;
    score: number;
    clientSeed: string | null;
    ratingChange: number | null;
    player: { username: string };
  }[];
}

async function finished(gameId: string): Promise<FinishedData> {
  const body = await app.gql<{ game: FinishedData }>(
    ann,
    `query($g: ID!) { game(id: $g) { id version seed seedCommitment result { reason winner score payoffLeft }
       players { seat outcome placement score clientSeed ratingChange player { username } } } }`,
    { g: gameId },
  );
  return dataOf(body).game;
}

/** The stock count and every hand (notation, seat order) of the API's position after `ply` (docs/notation.md). */
async function apiPosition(gameId: string, ply: number): Promise<{ stock: number; hands: string[] }> {
  const body = await app.gql<{ game: { positionAfter: string } }>(
    ann,
    'query($g: ID!, $p: Int!) { game(id: $g) { positionAfter(ply: $p) } }',
    { g: gameId, p: ply },
  );
  const fields = dataOf(body).game.positionAfter.split(' ');
  const run = (text: string): string[] => (text === '-' ? [] : (parseCardRun(text) ?? []).map(formatCard));
  return {
    stock: run(fields[1]!).length,
    hands: fields[3]!.split('/').map((seat) => run(seat.split(':')[1]!).join(' ')),
  };
}

/** What the page's replay shows at the current step. */
async function shownStep(): Promise<{ ply: number; stock: number; hands: string[] }> {
  const step = page.getByTestId('replay-step');
  const hands = page.getByTestId('replay-hand');
  const count = await hands.count();
  const shown: string[] = [];
  for (let seat = 0; seat < count; seat++) {
    shown.push(
      (await page.locator(`[data-testid="replay-hand"][data-seat="${seat}"]`).getAttribute('data-cards'))!,
    );
  }
  return {
    ply: Number(await step.getAttribute('data-ply')),
    stock: Number(await step.getAttribute('data-stock')),
    hands: shown,
  };
}

/** Opens `path` on `on` signed in with `token` (the page keeps it in localStorage, as after a sign-in). */
async function openAs(token: string, path: string, on: Page = page): Promise<void> {
  await on.goto(`${app.url}/`);
  await on.evaluate(
    (value) => (globalThis as unknown as PageGlobals).localStorage.setItem('malice.token', value),
    token,
  );
  await on.goto(`${app.url}${path}`);
}

const SEED = findSeed('classic', 2, 'web-replay', 20, 60);
let played: string;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  pageErrors = await watchPageProblems(context);
  page = await context.newPage();
  ann = await register(app, 'replay_ann');
  bob = await register(app, 'replay_bob');
  const created = await createGame(app, ann, { preset: 'CLASSIC', seed: SEED });
  await joinGame(app, bob, created.id);
  const over = await playGame(app, [ann, bob], created.id);
  expect(over.status).toBe('FINISHED');
  played = created.id;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('a finished game in the browser', () => {
  it('shows the result, each seat’s score and the revealed seeds as the API gives them', async () => {
    const game = await finished(played);
    await openAs(ann, `/games/${played}`);
    const result = page.getByTestId('result');
    await result.waitFor();
    expect(await result.getAttribute('data-reason')).toBe(game.result.reason);
    const winner = game.players.find((player) => player.seat === game.result.winner);
    expect(await page.getByTestId('winner').textContent()).toBe(
      winner === undefined ? 'A draw' : `${winner.player.username} won`,
    );
    for (const player of game.players) {
      const row = page.locator(`[data-testid="result-seat"][data-seat="${player.seat}"]`);
      expect({
        seat: player.seat,
        placement: await row.getByTestId('placement').textContent(),
        outcome: await row.getByTestId('outcome').getAttribute('data-outcome'),
        score: await row.getByTestId('score').textContent(),
        payoffLeft: await row.getByTestId('payoff-left').textContent(),
      }).toEqual({
        seat: player.seat,
        placement: String(player.placement),
        outcome: player.outcome,
        score: String(player.score),
        payoffLeft: String(game.result.payoffLeft[player.seat]),
      });
    }
    expect(await page.getByTestId('seed').textContent()).toBe(game.seed);
    expect(await page.getByTestId('seed-commitment').textContent()).toBe(game.seedCommitment);
    for (const player of game.players) {
      const shown = page.locator(`[data-testid="client-seed"][data-seat="${player.seat}"]`);
      expect(await shown.textContent()).toContain(player.clientSeed ?? 'none');
    }
    expect(await page.getByTestId('rating').count()).toBe(0);
    // The phone layout: nothing wider than the 375 px viewport (long hashes wrap, tables scroll in their box).
    await page.getByTestId('replay-step').waitFor();
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(375);
  });

  it('replays locally: the last and a middle ply show the API’s stock and hands, and stepping asks nothing', async () => {
    const game = await finished(played);
    const step = page.getByTestId('replay-step');
    await step.waitFor();
    // It opens at the end.
    expect(Number(await step.getAttribute('data-ply'))).toBe(game.version);

    const requests: string[] = [];
    const record = (request: { url(): string }) => requests.push(request.url());
    page.on('request', record);
    await page.getByTestId('replay-first').click();
    await until('the deal is shown', async () => (await step.getAttribute('data-ply')) === '0', 10_000);
    expect(await page.getByTestId('replay-move').textContent()).toBe('The deal');
    // The keyboard: → from the deal to the middle ply, End to the last, Home back.
    const middle = Math.floor(game.version / 2);
    await page.getByTestId('replay-stepper').focus();
    for (let ply = 0; ply < middle; ply++) await page.keyboard.press('ArrowRight');
    const atMiddle = await shownStep();
    await page.getByTestId('replay-next').click();
    await page.getByTestId('replay-previous').click();
    expect(await shownStep()).toEqual(atMiddle);
    await page.keyboard.press('End');
    await until(
      'the last ply is shown',
      async () => (await step.getAttribute('data-ply')) === String(game.version),
      10_000,
    );
    const atEnd = await shownStep();
    page.off('request', record);
    expect(requests).toEqual([]);

    const apiMiddle = await apiPosition(played, middle);
    const apiEnd = await apiPosition(played, game.version);
    expect(atMiddle).toEqual({ ply: middle, ...apiMiddle });
    expect(atEnd).toEqual({ ply: game.version, ...apiEnd });
    // The two differ (the test would not notice a replay frozen at one step otherwise).
    expect(apiMiddle).not.toEqual(apiEnd);
    expect(await page.getByTestId('board').count()).toBe(1);
  });

  it('verifies the deal and the moves in the browser', async () => {
    await page.getByTestId('verify').click();
    const verdict = page.getByTestId('verify-result');
    await verdict.waitFor();
    expect(await verdict.getAttribute('data-ok')).toBe('true');
    const checks = verdict.locator('li');
    expect(await checks.count()).toBeGreaterThanOrEqual(8);
    expect(await verdict.locator('li[data-ok="false"]').count()).toBe(0);
    expect(await verdict.locator('li[data-kind="commitment"]').textContent()).toContain(
      'The seed matches the commitment',
    );
    expect(await verdict.locator('li[data-kind="result"]').getAttribute('data-ok')).toBe('true');
    // Played through the API, not dealt from this browser: nothing of its own to compare, and it says so.
    expect(await verdict.locator('li[data-kind="seenCommitment"], li[data-kind="mySeed"]').count()).toBe(0);
    // Two people: no built-in bot's moves to replay.
    expect(await verdict.locator('li[data-kind="botChoices"]').count()).toBe(0);
    const scope = page.getByTestId('verify-scope');
    expect(await scope.getAttribute('data-scope')).toBe('export');
    expect(await scope.textContent()).toContain('Only the export’s own consistency was checked');
    expect(pageErrors).toEqual([]);
    await screenshot(page, 'finished-game', { width: 1280, height: 800 });
  });

  it('loads the engine as a chunk of its own, after the first load', async () => {
    // A context of its own: nothing cached, so every script the page needs is requested.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    const scripts: string[] = [];
    other.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openAs(ann, `/games/${played}`, other);
    await other.getByTestId('replay-step').waitFor();
    await fresh.close();
    const html = await (await fetch(`${app.url}/`)).text();
    const lazy = scripts.filter((script) => !html.includes(script));
    expect(lazy.some((script) => /\/assets\/engine-replay-[\w-]+\.js$/.test(script))).toBe(true);
  });

  it('shows the rating change of a rated game', async () => {
    const created = await createGame(app, ann, { preset: 'CLASSIC', rated: true });
    await joinGame(app, bob, created.id);
    await resign(app, bob, created.id);
    const game = await finished(created.id);
    expect(game.players.every((player) => player.ratingChange !== null)).toBe(true);
    await openAs(ann, `/games/${created.id}`);
    await page.getByTestId('rating').waitFor();
    expect(await page.getByTestId('end-reason').textContent()).toBe('by resignation');
    for (const player of game.players) {
      const change = page.locator(
        `[data-testid="rating-seat"][data-seat="${player.seat}"] [data-testid="rating-change"]`,
      );
      expect(Number(await change.getAttribute('data-value'))).toBe(player.ratingChange);
      expect(await change.textContent()).toMatch(player.ratingChange! > 0 ? /^\+\d/ : /^−\d/);
    }
  });
});

describe('Verify of a game dealt from this browser', () => {
  const stored = (gameId: string) =>
    page.evaluate(
      (key) => (globalThis as unknown as PageGlobals).localStorage.getItem(key),
      `malice.deal.${gameId}`,
    );

  /** Opens the finished game, presses Verify and reads the verdict and the two checks against this browser. */
  async function verify(gameId: string) {
    await page.goto(`${app.url}/games/${gameId}`);
    await page.getByTestId('replay-step').waitFor();
    await page.getByTestId('verify').click();
    const verdict = page.getByTestId('verify-result');
    await verdict.waitFor();
    const check = (kind: string) => verdict.locator(`li[data-kind="${kind}"]`);
    return {
      ok: await verdict.getAttribute('data-ok'),
      scope: await page.getByTestId('verify-scope').getAttribute('data-scope'),
      seenCommitment: await check('seenCommitment').getAttribute('data-ok'),
      mySeed: await check('mySeed').getAttribute('data-ok'),
      seenCommitmentText: await check('seenCommitment').textContent(),
      mySeedText: await check('mySeed').textContent(),
      botChoices: await check('botChoices').getAttribute('data-ok'),
      botChoicesText: await check('botChoices').textContent(),
      exportChecksFailed: await verdict
        .locator('li[data-ok="false"]:not([data-kind="seenCommitment"])')
        .count(),
    };
  }

  let gameId: string;
  let shown: { commitment: string; clientSeed: string };

  beforeAll(async () => {
    // Dealt from the new-game page against a bot: its deal waits for the page's seed, sent after the commitment.
    await openAs(ann, '/new');
    await page.getByTestId('preset-classic').check();
    await page.getByTestId('opponent-kind').selectOption('bot');
    await page.getByTestId('bot-kind').selectOption('RANDOM');
    await page.getByTestId('create-game').click();
    // Against a bot the page goes straight to the table; what it kept of the deal is what Verify checks.
    await page.waitForURL('**/games/*');
    gameId = new URL(page.url()).pathname.split('/').pop()!;
    const kept = await keptDeal(page, gameId);
    shown = { commitment: kept.commitment!, clientSeed: kept.clientSeed };
    await until(
      'the page’s seed dealt the game',
      async () => (await readGame(app, ann, gameId)).status === 'ACTIVE',
    );
    await resign(app, ann, gameId);
    expect((await finished(gameId)).players.find((player) => player.seat === 0)?.clientSeed).toBe(
      shown.clientSeed,
    );
  });

  it('keeps the commitment the page showed before the deal and the seed it drew', async () => {
    expect(JSON.parse((await stored(gameId))!)).toEqual(shown);
  });

  it('checks the export against them: the commitment seen before the deal, and my seed in the deal', async () => {
    expect(await verify(gameId)).toEqual({
      ok: 'true',
      scope: 'browser',
      seenCommitment: 'true',
      mySeed: 'true',
      seenCommitmentText: expect.stringContaining(
        'matches the commitment this browser saw before the deal',
      ) as string,
      mySeedText: expect.stringContaining('Your seed is in the deal') as string,
      // The bot's moves replayed from the revealed seed (check 8), its finding beneath in English.
      botChoices: 'true',
      botChoicesText: expect.stringMatching(
        /Every move of the built-in bot is its own choice.*(no move of a built-in bot to replay|every move of a built-in bot is its own choice: \d+ decisions? of seat 1 RandomBot \(random-\d+\))/,
      ) as string,
      exportChecksFailed: 0,
    });
  });

  it('reports a commitment that is not the one this browser kept', async () => {
    // Another commitment kept here than the export's (as if the server had shown one and exported another).
    const other = shown.commitment.replace(/^./, (first) => (first === '0' ? '1' : '0'));
    await page.evaluate(
      ([key, value]) => (globalThis as unknown as PageGlobals).localStorage.setItem(key!, value!),
      [`malice.deal.${gameId}`, JSON.stringify({ ...shown, commitment: other })],
    );
    expect(await verify(gameId)).toEqual({
      ok: 'false',
      scope: 'browser',
      seenCommitment: 'false',
      mySeed: 'true',
      seenCommitmentText: expect.stringContaining(
        'is not the commitment this browser saw before the deal',
      ) as string,
      mySeedText: expect.stringContaining('Your seed is in the deal') as string,
      // The bot's moves replayed from the revealed seed (check 8), its finding beneath in English.
      botChoices: 'true',
      botChoicesText: expect.stringMatching(
        /Every move of the built-in bot is its own choice.*(no move of a built-in bot to replay|every move of a built-in bot is its own choice: \d+ decisions? of seat 1 RandomBot \(random-\d+\))/,
      ) as string,
      exportChecksFailed: 0,
    });
    expect(await page.getByTestId('verify-result').textContent()).toContain('Not verified: 1 check failed.');
    expect(pageErrors).toEqual([]);
  });
});

describe('the move log of a game being played', () => {
  it('grows live after a move made through the API, only by the new moves', async () => {
    const created = await createGame(app, ann, { preset: 'CLASSIC' });
    await joinGame(app, bob, created.id);
    const tokenOf = (seat: number | null) => (seat === 0 ? ann : bob);
    let game = await readGame(app, null, created.id);
    await openAs(ann, `/games/${created.id}`);
    // Each read of the log asks only for what follows the last move the list has (`after` its cursor, its seq).
    const afters: (string | null)[] = [];
    const record = (request: { postData(): string | null }) => {
      const body = JSON.parse(request.postData() ?? '{}') as {
        operationName?: string;
        variables?: { after?: string | null };
      };
      if (body.operationName === 'HistoryMoves') afters.push(body.variables?.after ?? null);
    };
    page.on('request', record);
    const history = page.locator('[data-testid="history"]');
    await history.waitFor({ state: 'attached' });
    expect(await history.locator('li').count()).toBe(0);

    for (let seq = 1; seq <= 3; seq++) {
      const mover = tokenOf(game.currentSeat);
      const seen = await readGame(app, mover, created.id);
      const move = chooseMove(seen.legalMoves);
      dataOf(await makeMove(app, mover, created.id, move, seen.version));
      game = await readGame(app, null, created.id);
      await until(`move ${seq} is listed`, async () => (await history.locator('li').count()) === seq, 15_000);
      const entry = history.locator(`li[data-seq="${seq}"]`);
      const name = game.players.find((player) => player.seat === seen.mySeat)!.player.username;
      expect(await entry.textContent()).toContain(name);
      if (move === 'pass') expect(await entry.textContent()).toContain('pass');
      else expect(await entry.textContent()).toMatch(/→ (centre|side pile) \d/);
    }
    const listed: (string | null)[] = [];
    for (const item of await history.locator('li').all()) listed.push(await item.getAttribute('data-seq'));
    expect(listed).toEqual(['1', '2', '3']);
    page.off('request', record);
    expect(afters.filter((after) => after !== null)).toEqual(['1', '2']);
    expect(pageErrors).toEqual([]);
  });
});
