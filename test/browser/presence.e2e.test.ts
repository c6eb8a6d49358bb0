/**
 * Presence and seeks by rating in the web client (docs/web.md, "Presence and seeks by rating"; docs/social.md
 * "Presence", "Seeks by rating") in a real Chromium at 375 px, against the compiled server, two players each on
 * their own page: while Ann has a page open (it follows myEvents), Bob sees "Online" on her page and beside her in
 * his friends list (not beside Cid, a friend with no page open); Ann turns "Show when I am online" off on her
 * account page, and Bob's view of her, read again, has no badge. Ann seeks from /new with only players near her
 * rating, and the seek the API lists has her rating (1500, a new player's) minus and plus the points she chose;
 * Bob's open seeks list says whom it accepts. Axe finds nothing serious in the new parts, their targets are 44 px,
 * and no page has a CSP violation or an error.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';

const ANN = 'pr_ann';
const BOB = 'pr_bob';
/** Bob's friend who never opens a page: no badge beside him. */
const CID = 'pr_cid';
/** A new player's rating, which a player with no rated game counts as (docs/social.md "Seeks by rating"). */
const NEW_RATING = 1500;
const BELOW = 300;
const ABOVE = 100;
/** The smallest target a fingertip hits (docs/web.md, "On a phone"). */
const TARGET = 44;
const SERIOUS = ['serious', 'critical'];

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

/** `Player.online` as the API answers it to Bob. */
async function onlineOf(username: string): Promise<boolean | null> {
  const body = await app.gql<{ player: { online: boolean | null } }>(
    tokens[BOB]!,
    'query($u: String!) { player(username: $u) { online } }',
    { u: username },
  );
  return dataOf(body).player.online;
}

/** The serious and critical violations axe finds inside `selector`, as rule ids with their elements. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((violation) => SERIOUS.includes(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Each of `targets` that is smaller than a fingertip in either direction, with its size. */
async function smallTargets(targets: Locator[]): Promise<string[]> {
  const small: string[] = [];
  for (const target of targets) {
    const box = await target.boundingBox();
    if (box === null) throw new Error(`${target.toString()} is not shown`);
    if (box.height < TARGET)
      small.push(`${target.toString()} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}

/** Bob's page of `username`, once it has come. */
async function bobOpens(username: string): Promise<Locator> {
  await bob.goto(`${app.url}/players/${username}`);
  const player = bob.locator(`[data-testid="player"][data-username="${username}"]`);
  await player.waitFor();
  return player;
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  for (const name of [ANN, BOB, CID]) tokens[name] = await register(app, name);
  // Ann and Cid are Bob's friends: each follows him and he follows each back.
  for (const [who, whom] of [
    [ANN, BOB],
    [BOB, ANN],
    [CID, BOB],
    [BOB, CID],
  ] as const)
    dataOf(
      await app.gql(tokens[who]!, 'mutation($u: String!) { followPlayer(username: $u) { id } }', { u: whom }),
    );
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

describe('presence', () => {
  it('shows Ann online on her page and in Bob’s friends list while she has a page open', async () => {
    expect(await onlineOf(ANN)).toBe(false);
    await ann.goto(`${app.url}/account`);
    await ann.getByTestId('presence-shown').waitFor();
    // Her page follows myEvents: the server counts her online once it listens for her.
    await until('Ann is online', async () => (await onlineOf(ANN)) === true);

    const page = await bobOpens(ANN);
    const badge = page.getByTestId('online');
    expect(await badge.textContent()).toBe('Online');
    // A dot and the word: not told by colour alone, and the dot is not read out.
    expect(await badge.locator('.online-dot[aria-hidden="true"]').count()).toBe(1);

    await bob.goto(`${app.url}/friends`);
    const friends = bob.getByTestId('list-friends');
    await friends.getByTestId('friends-row').first().waitFor();
    expect(await onlineOf(CID)).toBe(false);
    expect(await friends.locator(`[data-username="${ANN}"]`).getByTestId('online').textContent()).toBe(
      'Online',
    );
    expect(await friends.locator(`[data-username="${CID}"]`).getByTestId('online').count()).toBe(0);
  });

  it('hides it when Ann turns "Show when I am online" off, and Bob sees no badge', async () => {
    const box = ann.getByTestId('presence-shown');
    expect(await box.isChecked()).toBe(true);
    expect(await smallTargets([ann.locator('label', { has: box })])).toEqual([]);
    expect(await seriousViolations(ann, '[data-testid="account-presence"]')).toEqual([]);
    await box.uncheck();
    await ann.locator('[data-testid="presence-saved"][data-hidden="true"]').waitFor();
    expect(
      dataOf(await app.gql<{ presenceHidden: boolean }>(tokens[ANN]!, '{ presenceHidden }')).presenceHidden,
    ).toBe(true);
    // Hidden is null for everyone, though her page is still open.
    expect(await onlineOf(ANN)).toBeNull();

    const page = await bobOpens(ANN);
    expect(await page.getByTestId('online').count()).toBe(0);

    // The account page reads the setting back as it is now.
    await ann.reload();
    await ann.getByTestId('presence-shown').waitFor();
    expect(await ann.getByTestId('presence-shown').isChecked()).toBe(false);
  });
});

describe('seeks by rating', () => {
  it('seeks only players near Ann’s rating, and Bob’s open seeks list says whom it accepts', async () => {
    await ann.goto(`${app.url}/new`);
    await ann.getByTestId('preset-classic').check();
    await ann.getByTestId('opponent-kind').selectOption('seek');
    const near = ann.getByTestId('near-rating');
    expect(await near.isChecked()).toBe(false);
    expect(await ann.getByTestId('range-below').count()).toBe(0);
    await near.check();
    const below = ann.getByTestId('range-below');
    const above = ann.getByTestId('range-above');
    expect([await below.inputValue(), await above.inputValue()]).toEqual(['200', '200']);
    await below.fill(String(BELOW));
    await above.fill(String(ABOVE));
    expect(await smallTargets([ann.locator('label', { has: near }), below, above])).toEqual([]);
    expect(await seriousViolations(ann, '[data-testid="seek-range"]')).toEqual([]);
    await ann.getByTestId('create-game').click();
    const started = ann.getByTestId('started');
    await started.waitFor();
    const id = await started.getAttribute('data-game-id');

    const body = await app.gql<{
      seeks: { edges: { node: { id: string; ratingRange: { min: number; max: number } | null } }[] };
    }>(tokens[BOB]!, '{ seeks(first: 50) { edges { node { id ratingRange { min max } } } } }');
    const seek = dataOf(body).seeks.edges.find((edge) => edge.node.id === id);
    expect(seek?.node.ratingRange).toEqual({ min: NEW_RATING - BELOW, max: NEW_RATING + ABOVE });

    await bob.goto(`${app.url}/new`);
    const row = bob.locator(`[data-testid="open-seeks"] [data-seek-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('seek-range').textContent()).toBe(
      `players rated ${NEW_RATING - BELOW}–${NEW_RATING + ABOVE}`,
    );
  });
});
