/**
 * The whole journey through the web client (docs/web.md), as two people make it in their own browsers, with no
 * GraphQL typed by the test: both sign up; Ann starts a classic game on the new-game page inviting Bob by name and
 * waits at the table; Bob sees the invitation on his home page and accepts it; both play turns by clicking cards
 * and the targets the table lights up (docs/web.md "The table"); Ann resigns with the page's Resign button and
 * answers Yes; both pages then show the finished game, Bob its winner. The new-game page cannot start from a
 * position near the end (createGame `position` is the API's alone), hence the resignation. Neither page holds the
 * other's hand while the game is played (a finished game reveals the deal, docs/fairness.md), and neither has a
 * CSP violation or a page error.
 */
import type { Browser, Page } from 'playwright-core';
import { TestApp, startTestApp } from '../support/service/app';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import {
  HiddenHand,
  expectNoneOf,
  playMoveInUi,
  recordTraffic,
  signUpInUi,
  tokenOf,
} from './support/table-ui';

const PASSWORD = 'correct horse battery staple';
const ANN = 'journey_ann';
const BOB = 'journey_bob';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A wild card may ask for a rank (a dialog of its own): the journey plays the other cards. */
const WILD = '*';

/** The sources the table offers now, once each (two copies of a card are one source), in page order. */
async function sourcesOf(page: Page): Promise<string[]> {
  const sources = await page
    .locator('button[data-source]')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-source') ?? ''));
  return [...new Set(sources)];
}

/** Selects `source` by a click, reads the targets the table lights up for it, and clears the selection again. */
async function litTargets(page: Page, source: string): Promise<string[]> {
  await page.locator(`button[data-source="${source}"]`).first().click();
  await page.locator(`button[data-source="${source}"][aria-pressed="true"]`).first().waitFor();
  const targets = await page
    .locator('[data-target][data-legal="true"]')
    .evaluateAll((places) => places.map((place) => place.getAttribute('data-target') ?? ''));
  await page.keyboard.press('Escape');
  await page.locator(`button[data-source="${source}"][aria-pressed="true"]`).waitFor({ state: 'detached' });
  return targets;
}

/**
 * Plays the mover's turn through the table until it passes to the other page: each move is one the table lights
 * up, a hand card discarded to a side pile (which ends the turn) when there is one — when the rules force a play
 * to the centre only that is lit. After each move both players' views are noted for the hidden-card check.
 */
async function playTurn(mover: Page, watcher: Page, seen: readonly HiddenHand[]): Promise<string[]> {
  const played: string[] = [];
  for (let step = 0; step < 30; step++) {
    if ((await mover.locator('[data-testid="table"][data-my-turn="true"]').count()) === 0) return played;
    const lit: string[] = [];
    for (const source of await sourcesOf(mover)) {
      if (source === WILD) continue;
      for (const target of await litTargets(mover, source)) lit.push(`${source}-${target}`);
    }
    const discard = lit.find((move) => /^[A2-9TJQK][SHDC]-d\d+$/.test(move));
    const move = discard ?? lit[0];
    if (move === undefined) throw new Error('the table lights up no move for the player to move');
    await playMoveInUi(mover, move);
    played.push(move);
    const version = await mover.getByTestId('table').getAttribute('data-version');
    await watcher.locator(`[data-testid="table"][data-version="${version}"]`).waitFor();
    for (const view of seen) await view.snapshot();
  }
  throw new Error(`the turn did not end after 30 moves: ${played.join(' ')}`);
}

it('two people sign up, invite, accept, play through the table and see the finished game', async () => {
  const contexts = [];
  const problems: string[][] = [];
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    const context = await browser.newContext({ viewport, locale: 'en-US' });
    problems.push(await watchPageProblems(context));
    contexts.push(context);
  }
  const ann = await contexts[0]!.newPage();
  const bob = await contexts[1]!.newPage();
  const annReceived = recordTraffic(ann);
  const bobReceived = recordTraffic(bob);
  await signUpInUi(ann, app.url, ANN, PASSWORD);
  await signUpInUi(bob, app.url, BOB, PASSWORD);

  // Ann: the new-game page, a classic game inviting Bob by name.
  await ann.getByRole('link', { name: 'New game' }).click();
  await ann.getByTestId('new-game').waitFor();
  await ann.getByTestId('preset-classic').check();
  await ann.getByTestId('opponent-kind').selectOption('invite');
  await ann.getByTestId('opponent-name').fill(BOB);
  await ann.getByTestId('create-game').click();
  const started = ann.getByTestId('started');
  await started.waitFor();
  const id = (await started.getAttribute('data-game-id'))!;
  await ann.getByTestId('open-game').click();
  await ann.locator('[data-testid="table"][data-status="WAITING"]').waitFor();
  await ann.locator('[data-testid="awaited"][aria-busy="false"]').waitFor();
  expect(await ann.getByTestId('awaited').textContent()).toBe(`Waiting for ${BOB} to accept the invitation.`);

  // Bob: the invitation arrives on his home page; he accepts it and opens the game from there.
  const invitation = bob.locator(`[data-section="invitations"] [data-game-id="${id}"]`);
  await invitation.waitFor({ timeout: 20_000 });
  expect(await invitation.textContent()).toContain(`from ${ANN}`);
  await invitation.getByRole('button', { name: 'Accept' }).click();
  const playing = bob.locator(
    `[data-section="yourTurn"] [data-game-id="${id}"], [data-section="theirTurn"] [data-game-id="${id}"]`,
  );
  await playing.waitFor({ timeout: 20_000 });
  await playing.locator(`a[href="/games/${id}"]`).click();
  await bob.locator('[data-testid="table"][data-status="ACTIVE"]').waitFor();
  // Ann's waiting room turned into the table live.
  await ann.locator('[data-testid="table"][data-status="ACTIVE"]').waitFor();

  const annToken = await tokenOf(ann);
  const bobToken = await tokenOf(bob);
  const annSees = new HiddenHand(app, id, annToken, bobToken);
  const bobSees = new HiddenHand(app, id, bobToken, annToken);
  await annSees.snapshot();
  await bobSees.snapshot();

  // Three turns: whoever the deal lets start, the other, the first again.
  const first = (await ann.locator('[data-testid="table"][data-my-turn="true"]').count()) === 1 ? ann : bob;
  const second = first === ann ? bob : ann;
  const moves: string[] = [];
  for (const [mover, watcher] of [
    [first, second],
    [second, first],
    [first, second],
  ] as const) {
    await mover.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
    const played = await playTurn(mover, watcher, [annSees, bobSees]);
    expect(played.length).toBeGreaterThan(0);
    moves.push(...played);
    // The other page followed live: the last move marked on its board.
    await watcher.locator('[data-just-moved="true"]').first().waitFor();
  }
  expect(moves.length).toBeGreaterThanOrEqual(3);

  // Before the end reveals the deal: neither page has held the other's hand.
  await expectNoneOf(ann, annReceived, annSees.forbidden());
  await expectNoneOf(bob, bobReceived, bobSees.forbidden());

  // Ann resigns through the page, answering Yes.
  const bobSeat = await bob.getByTestId('board').getAttribute('data-my-seat');
  await ann.getByTestId('resign').click();
  await ann.getByTestId('confirm').waitFor();
  await ann.getByTestId('confirm-yes').click();
  for (const page of [ann, bob]) {
    await page.locator('[data-testid="game-over"][data-reason="RESIGNED"]').waitFor();
    const result = page.getByTestId('result');
    await result.waitFor();
    expect(await result.getAttribute('data-reason')).toBe('RESIGNED');
    expect(await result.getAttribute('data-winner')).toBe(bobSeat);
    expect(await page.getByTestId('winner').textContent()).toBe(`${BOB} won`);
    expect(await page.getByTestId('end-reason').textContent()).toBe('by resignation');
  }
  expect(problems.flat()).toEqual([]);
  for (const context of contexts) await context.close();
}, 120_000);
