/**
 * The table as a person uses it (docs/web.md "The table"), for every browser test: sign up through the page, play
 * one move by clicking its source and target (and the declared rank, or pass and its confirmation), and watch that
 * a page never holds another player's hand — neither in its DOM nor in any answer or websocket frame it received.
 */
import type { Page } from 'playwright-core';
import type { TestApp } from '../../service/support/app';
import { dataOf } from '../../service/support/app';
import { until } from '../../service/support/outage';

/** Signs up through /signup and waits for the home page. */
export async function signUpInUi(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByTestId('signed-in-as').waitFor();
}

/** The session token the page keeps (localStorage `malice.token`). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(
      'malice.token',
    ),
  );
  if (token === null) throw new Error('the page holds no token');
  return token;
}

/**
 * Plays `move` (notation, docs/notation.md) through the table: clicks the source, then the target, then the
 * declared rank when the move has one; `pass` clicks Pass and confirms. Waits until the table has moved on.
 */
export async function playMoveInUi(page: Page, move: string): Promise<void> {
  const table = page.getByTestId('table');
  const before = Number(await table.getAttribute('data-version'));
  if (move === 'pass') {
    await page.getByTestId('pass').click();
    await page.getByTestId('confirm').waitFor();
    await page.getByTestId('confirm-yes').click();
  } else {
    const dash = move.lastIndexOf('-');
    const source = move.slice(0, dash);
    const [target, declared] = move.slice(dash + 1).split('=') as [string, string | undefined];
    await page.locator(`button[data-source="${source}"]`).first().click();
    await page.locator(`button[data-source="${source}"][aria-pressed="true"]`).first().waitFor();
    await page.locator(`[data-target="${target}"]`).click();
    if (declared !== undefined)
      await page.getByTestId('declare').locator(`[data-rank="${declared}"]`).click();
  }
  await page.waitForFunction((version) => {
    const element = (
      globalThis as unknown as {
        document: { querySelector(s: string): { getAttribute(a: string): string | null } | null };
      }
    ).document.querySelector('[data-testid="table"]');
    return element === null || Number(element.getAttribute('data-version')) > version;
  }, before);
}

/** Everything a page received: response bodies and websocket frames, as text. */
export function recordTraffic(page: Page): string[] {
  const received: string[] = [];
  page.on('response', (response) => {
    response.text().then(
      (text) => received.push(text),
      () => {},
    );
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => received.push(String(frame.payload)));
  });
  return received;
}

interface SeenView {
  game: {
    lastMove: { card: string | null } | null;
    view: {
      hand: string[] | null;
      centerPiles: { cards: string[] }[];
      seats: { payoffTop: string | null; sidePiles: string[][] }[];
    };
  } | null;
}

const VIEW_QUERY = `query($id: ID!) { game(id: $id) { lastMove { card }
  view { hand centerPiles { cards } seats { payoffTop sidePiles } } } }`;

/**
 * What one player may see and what the other holds, gathered through the API along a game: `snapshot` after
 * each move; `forbidden` is every card the opponent held that the player never legitimately saw (a pay-off top,
 * a side pile, the centre, their own hand, the card of a move).
 */
export class HiddenHand {
  private readonly visible = new Set<string>();
  private readonly held = new Set<string>();

  /**
   * `opponent`: the other player's token, or — for a built-in bot, whose hand no token reads — the cards it holds
   * or will draw, known from the start position.
   */
  constructor(
    private readonly app: TestApp,
    private readonly gameId: string,
    private readonly myToken: string,
    private readonly opponent: string | { readonly cards: readonly string[] },
  ) {}

  async snapshot(): Promise<void> {
    const mine = dataOf(await this.app.gql<SeenView>(this.myToken, VIEW_QUERY, { id: this.gameId })).game!;
    const theirs =
      typeof this.opponent === 'string'
        ? dataOf(await this.app.gql<SeenView>(this.opponent, VIEW_QUERY, { id: this.gameId })).game!
        : null;
    const plain = (card: string) => card.split('=')[0]!;
    for (const card of mine.view.hand ?? []) this.visible.add(card);
    for (const pile of mine.view.centerPiles) for (const card of pile.cards) this.visible.add(plain(card));
    for (const seat of mine.view.seats) {
      if (seat.payoffTop !== null) this.visible.add(seat.payoffTop);
      for (const pile of seat.sidePiles) for (const card of pile) this.visible.add(plain(card));
    }
    if (mine.lastMove?.card) this.visible.add(mine.lastMove.card);
    const held =
      theirs === null ? (this.opponent as { cards: readonly string[] }).cards : (theirs.view.hand ?? []);
    for (const card of held) this.held.add(card);
  }

  forbidden(): string[] {
    return [...this.held].filter((card) => !this.visible.has(card));
  }
}

/** Fails when the page's DOM or anything it received names one of `cards` (as a JSON string or an attribute). */
export async function expectNoneOf(
  page: Page,
  received: readonly string[],
  cards: readonly string[],
): Promise<void> {
  if (cards.length === 0) throw new Error('nothing to look for: the position should hide some cards');
  // The recorder did see the game: answers with the reader's own view, and a push over the websocket (which may
  // come just after the first read).
  await until(
    'a view of the game and a push are recorded',
    () =>
      received.some((text) => text.includes('"hand"')) &&
      received.some((text) => text.includes('"gameUpdated"')),
    10_000,
  );
  const html = await page.content();
  for (const card of cards) {
    const quoted = JSON.stringify(card);
    const leaks = received.filter((text) => text.includes(quoted));
    if (leaks.length > 0) throw new Error(`the page received the hidden ${card}: ${leaks[0]!.slice(0, 300)}`);
    if (html.includes(`="${card}"`)) throw new Error(`the page's DOM names the hidden ${card}`);
  }
}
