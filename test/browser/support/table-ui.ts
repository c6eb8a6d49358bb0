/**
 * The table as a person uses it (docs/web.md "The table"), for every browser test: sign up through the page, play
 * one move by clicking its source and target (and the declared rank, or pass and its confirmation), and watch that
 * a page never holds another player's hand — neither in its DOM nor in any answer or websocket frame it received.
 */
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import type { TestApp } from '../../support/service/app';
import { dataOf } from '../../support/service/app';
import { until } from '../../support/service/outage';

/** Signs up through /signup and waits for the home page (signed in: on a phone its name is in the header's menu). */
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
  await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
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

/** Whether the page's focused element matches `selector`. */
export async function focusedMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      (
        globalThis as unknown as { document: { activeElement: { matches(s: string): boolean } | null } }
      ).document.activeElement?.matches(wanted) ?? false,
    selector,
  );
}

/**
 * Presses `key` (Tab, ArrowRight…) until the focused element matches `selector`, as a person would look for it
 * with the keyboard alone; throws after `most` presses. The board is one tab stop and its arrow keys move among
 * the sources, or the selected source's legal targets (docs/web.md "The table", Keyboard).
 */
export async function pressUntilFocused(page: Page, key: string, selector: string, most = 30): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await focusedMatches(page, selector)) return;
    await page.keyboard.press(key);
  }
  if (!(await focusedMatches(page, selector))) throw new Error(`${key} never reached ${selector}`);
}

/** A seat as the browser tests read it back from the API: who sits there and their client seed. */
export interface SeatData {
  seat: number;
  clientSeed: string | null;
  clientSeedSource: string | null;
  player: { username: string };
}

/** The seat a player (by username) holds in a game as the API answers it; throws when they hold none. */
export function seatOf<Seat extends { readonly player: { readonly username: string } }>(
  game: { readonly players: readonly Seat[] },
  username: string,
): Seat {
  const seat = game.players.find((entry) => entry.player.username === username);
  if (seat === undefined) throw new Error(`${username} has no seat`);
  return seat;
}

/** The page's whole width (more than the viewport's: it scrolls sideways). */
export async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );
}

/**
 * Switches the web client to `language` the way its language menu remembers it (localStorage `malice.language`),
 * reloads, and waits until the page is in it.
 */
export async function setLanguage(page: Page, language: 'en' | 'sv' | 'ru'): Promise<void> {
  await page.evaluate(
    (value) =>
      (
        globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
      ).localStorage.setItem('malice.language', value),
    language,
  );
  await page.reload();
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

/**
 * Which document a recording is of, per recording (recordTraffic): `openAfresh` starts a new one. A body read or a
 * frame of an older document that arrives later is not kept.
 */
const documents = new WeakMap<string[], { current: number }>();

/** Everything a page received: response bodies and websocket frames, as text. */
export function recordTraffic(page: Page): string[] {
  const received: string[] = [];
  const document = { current: 0 };
  documents.set(received, document);
  page.on('response', (response) => {
    const of = document.current;
    void response.text().then(
      (text) => {
        if (of === document.current) received.push(text);
      },
      () => {},
    );
  });
  page.on('websocket', (socket) => {
    const of = document.current;
    socket.on('framereceived', (frame) => {
      if (of === document.current) received.push(String(frame.payload));
    });
  });
  return received;
}

/**
 * Leaves the page's current document and starts its recording afresh, then opens `url`: a push to the game the page
 * showed before (a frame in flight, a body still being read) is not counted as traffic of the next game — its cards
 * are another game's. Clearing the record while the old page still ran once reported such a frame as a leak; waiting
 * for the old document's body reads to finish once waited for ever (a read that never settled).
 */
export async function openAfresh(page: Page, received: string[], url: string): Promise<void> {
  await page.goto('about:blank');
  const document = documents.get(received);
  if (document !== undefined) document.current += 1;
  received.length = 0;
  await page.goto(url);
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
 * Every card there is (docs/notation.md "Cards"): the hidden cards of a game whose deal the test cannot know —
 * against a built-in bot, dealt from seeds — are all those the player never saw (`new HiddenHand(…, { cards:
 * EVERY_CARD })`): the bot's hand, the face-down pay-off cards and the stock are among them.
 */
export const EVERY_CARD: readonly string[] = [
  ...[...'A23456789TJQK'].flatMap((rank) => [...'SHDC'].map((suit) => `${rank}${suit}`)),
  '*',
];

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

/** The page's languages (web/src/i18n.ts), as the test reads them. */
type PageLanguage = 'en' | 'sv' | 'ru';

// The client's own naming, loaded by path: its files are typed with the DOM's types (web/tsconfig.json), which
// this tier has not, so it is not imported for its types (as in test/unit/web/web-translations.test.ts).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the client's module, loaded by path
const { cardNameIn } = require(
  path.resolve(__dirname, '..', '..', '..', 'web', 'src', 'cards', 'card-name.ts'),
) as {
  cardNameIn(language: PageLanguage, text: string): string;
};

/**
 * What the player may see face up, where the DOM legitimately names cards (docs/web.md "The table"): their own
 * hand, the centre piles (not the stock's count beside them), every seat's side piles and pay-off top, the line
 * naming the last move's card, and the live region reading out the opponents' moves (cards played face up). A
 * hidden card named anywhere else — the other seat's hand, a pay-off card under the top, the stock, any other
 * element or text — is a leak.
 */
export const LEGITIMATE_CARD_PLACES = [
  '[data-testid="hand"]',
  '.centre-piles',
  '.side-pile',
  '.payoff-top',
  '[data-testid="last-move"]',
  '[data-testid="announcer"]',
] as const;

/** Where the DOM names a card: an attribute holding its code, or its name in an attribute or a text. */
export interface DomMention {
  readonly card: string;
  /** `attribute data-card`, `attribute aria-label`, `text`. */
  readonly how: string;
  /** The element it is on, cut short. */
  readonly element: string;
}

/** A DOM node as the scan reads it (the test's tsconfig has no DOM types). */
interface ScanNode {
  readonly nodeType: number;
  readonly nodeValue: string | null;
  readonly childNodes: ArrayLike<ScanNode>;
  readonly attributes?: ArrayLike<{ readonly name: string; readonly value: string }>;
  readonly localName?: string;
  readonly outerHTML?: string;
  readonly parentElement?: ScanNode | null;
  matches?(selector: string): boolean;
}

/** A card's accessible name as the page names it, in the page's language (web/src/cards/card-name.ts). */
export async function cardNameOnPage(page: Page, card: string): Promise<string> {
  return cardNameIn(await pageLanguage(page), card);
}

/** The language the page is written in: `<html lang>`, which the client sets (web/src/app.tsx). */
export async function pageLanguage(page: Page): Promise<PageLanguage> {
  const lang = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement
        .lang,
  );
  if (lang === 'en' || lang === 'sv' || lang === 'ru') return lang;
  throw new Error(`the page's language is not one of the client's: "${lang}"`);
}

/**
 * Every place outside LEGITIMATE_CARD_PLACES where the page's DOM names one of `cards`: an attribute whose value
 * (or a word of it) is the card's code, `7H` or `*=8` (the drawn cards carry `data-card`, web/src/cards/card.tsx),
 * or an attribute or a text holding the card's accessible name in the page's language ("seven of hearts",
 * "hjärter sju": the client's own naming, web/src/cards/card-name.ts).
 */
export async function domMentions(page: Page, cards: readonly string[]): Promise<DomMention[]> {
  const language = await pageLanguage(page);
  const wanted = cards.map((card) => ({ card, name: cardNameIn(language, card) }));
  return page.evaluate(
    ({ wanted, skip }) => {
      const root = (globalThis as unknown as { document: { documentElement: ScanNode } }).document
        .documentElement;
      const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // The name as words: "ace of spades" is not found in "grace of spades", "joker" not in "jokers".
      const named = wanted.map(({ card, name }) => ({
        card,
        name: new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'iu'),
      }));
      const found: { card: string; how: string; element: string }[] = [];
      const describe = (element: ScanNode | null | undefined) => (element?.outerHTML ?? '').slice(0, 200);
      const visit = (node: ScanNode): void => {
        if (node.nodeType === 3) {
          const text = node.nodeValue ?? '';
          for (const { card, name } of named) {
            if (name.test(text)) found.push({ card, how: 'text', element: describe(node.parentElement) });
          }
          return;
        }
        if (node.nodeType !== 1) return;
        if (skip.some((selector) => node.matches!(selector))) return;
        for (const attribute of Array.from(node.attributes ?? [])) {
          const words = attribute.value.split(/[\s,]+/);
          for (const { card, name } of named) {
            const coded = words.some((word) => word === card || word.startsWith(`${card}=`));
            if (coded || name.test(attribute.value)) {
              found.push({ card, how: `attribute ${attribute.name}`, element: describe(node) });
            }
          }
        }
        for (const child of Array.from(node.childNodes)) visit(child);
      };
      visit(root);
      return found;
    },
    { wanted, skip: [...LEGITIMATE_CARD_PLACES] },
  );
}

/**
 * Fails when anything the page received names one of `cards` (as a JSON string), or its DOM names one outside
 * the places the player legitimately sees (domMentions). `cards` are hidden ones — the other player's hand, face-down
 * pay-off cards, the stock — as HiddenHand.forbidden gathers them.
 */
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
  for (const card of cards) {
    const quoted = JSON.stringify(card);
    const leaks = received.filter((text) => text.includes(quoted));
    if (leaks.length > 0) throw new Error(`the page received the hidden ${card}: ${leaks[0]!.slice(0, 300)}`);
  }
  const mentions = await domMentions(page, cards);
  if (mentions.length > 0) {
    const first = mentions[0]!;
    throw new Error(`the page's DOM names the hidden ${first.card} (${first.how}): ${first.element}`);
  }
}

/**
 * What the page kept of a game's deal (web/src/client-seed.ts `rememberDeal`, localStorage `malice.deal.<id>`): the
 * commitment it saw before it sent its seed, and that seed. A bot game goes straight to the table, so this, not a
 * panel, is where the page's part of the deal is read back (Verify compares it with the export).
 */
export async function keptDeal(
  page: Page,
  gameId: string,
): Promise<{ commitment: string | null; clientSeed: string }> {
  const raw = await page.evaluate(
    (key) =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem(key),
    `malice.deal.${gameId}`,
  );
  if (raw === null) throw new Error(`the page kept nothing of the deal of ${gameId}`);
  return JSON.parse(raw) as { commitment: string | null; clientSeed: string };
}
