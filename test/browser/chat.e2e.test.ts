/**
 * The chat beside a game in the web client (web/src/chat/, docs/social.md#chat) in a real Chromium against the
 * compiled server: two players — Ann's page in Swedish on a desktop, Bob's in English on a phone — a signed-in
 * spectator (Cid) and a guest spectator. Ann's text with markup and a link reaches Bob live as text (no element,
 * no link); Bob's quick phrase reaches Ann in Swedish; what the spectators write never reaches the players while the
 * game runs, and the players' room never reaches the spectators — each checked after a later message arrived live,
 * so it is not just early; the guest has no text box, only the phrases. Bob reports a message ("Reported"), mutes
 * and unmutes; Ann's private note survives a reload and Bob never sees it; once Ann blocks Bob, Bob's message is
 * refused with the chat-off words; and once the game is over the players get the spectators' room as a second tab.
 * axe finds nothing serious in the panel with messages and an open report. No CSP violation or page error.
 *
 * A page's chat is live once its `chatMessages` subscription has started on the server: the test waits for that
 * through GET /metrics (the started-subscription counter of the `chatMessages` field), not for a while.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { TestApp, codeOf, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { createGame, joinGame, resign } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface Globals {
  document: { activeElement: { getAttribute(name: string): string | null } | null };
}

const ANN = 'chat_ann';
const BOB = 'chat_bob';
const CID = 'chat_cid';
const METRICS_TOKEN = 'chat-browser-test-metrics-token';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Ann's first message: markup and a link, which must stay text. */
const MARKUP = '<b>x</b> https://example.org';
const SPECTATOR_TEXT = 'Ann should play her seven now';
const LATER = 'Later, from Ann';

let app: TestApp;
let browser: Browser;
const tokens: Record<string, string> = {};
let gameId: string;
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];
let ann: Page;
let bob: Page;
let cid: Page;
let guest: Page;
let guestName: string;

/** How many `chatMessages` subscriptions the server has started so far (its operations counter, GET /metrics). */
async function chatSubscriptions(): Promise<number> {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('malice_graphql_operations_total{') &&
        line.includes('field="chatMessages"') &&
        line.includes('transport="ws"') &&
        line.includes('code="OK"'),
    )
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Opens (or reopens) the game on `page` and waits until its chat has read its room and is subscribed. */
async function openGame(page: Page): Promise<void> {
  const before = await chatSubscriptions();
  await page.goto(`${app.url}/games/${gameId}`);
  await page.locator('[data-testid="chat"][data-loaded="true"]').waitFor();
  await until('the chat is subscribed', async () => (await chatSubscriptions()) > before, 15_000);
}

async function signedInPage(
  token: string,
  viewport: { width: number; height: number },
  language: 'en' | 'sv' | 'ru' = 'en',
): Promise<Page> {
  const opened = await openPage(browser, { viewport, token, language, locale: 'en-GB' });
  problems.push(opened.problems);
  return opened.page;
}

/** The messages of the page's chat log that contain `text`. */
function messages(page: Page, text?: string): Locator {
  const all = page.getByTestId('chat-log').getByTestId('chat-message');
  return text === undefined ? all : all.filter({ hasText: text });
}

/** Every message's shown text on the page, in order. */
function shownTexts(page: Page): Promise<string[]> {
  return messages(page)
    .getByTestId('chat-text')
    .evaluateAll((spans) => spans.map((span) => span.textContent ?? ''));
}

/** Writes `text` in the page's text box and sends it with Enter; resolves once it shows in the page's own log. */
async function write(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('chat-input');
  await input.fill(text);
  await input.press('Enter');
  await messages(page, text).first().waitFor();
}

async function gameChat(token: string, room: 'PLAYERS' | 'SPECTATORS') {
  const body = await app.gql<{
    gameChat: { muted: boolean; messages: { id: string; author: string; text: string | null }[] };
  }>(
    token,
    'query($g: ID!, $r: ChatRoom!) { gameChat(gameId: $g, room: $r) { muted messages { id author text } } }',
    {
      g: gameId,
      r: room,
    },
  );
  return dataOf(body).gameChat;
}

beforeAll(async () => {
  app = await startTestApp({ env: { METRICS_TOKEN } });
  browser = await launchBrowser();
  for (const name of [ANN, BOB, CID]) tokens[name] = await register(app, name);
  const game = await createGame(app, tokens[ANN]!, { preset: 'CLASSIC' });
  await joinGame(app, tokens[BOB]!, game.id);
  gameId = game.id;
  const started = dataOf(
    await app.gql<{ startGuest: { token: string; player: { username: string } } }>(
      null,
      'mutation { startGuest { token player { username } } }',
    ),
  ).startGuest;
  guestName = started.player.username;
  ann = await signedInPage(tokens[ANN]!, DESKTOP, 'sv');
  bob = await signedInPage(tokens[BOB]!, PHONE);
  cid = await signedInPage(tokens[CID]!, DESKTOP);
  guest = await signedInPage(started.token, DESKTOP);
  // One at a time: each waits for its own subscription.
  for (const page of [ann, bob, cid, guest]) await openGame(page);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

afterEach(() => {
  expect(problems.flat()).toEqual([]);
});

describe('the players’ room', () => {
  it('is the one room a player has while the game runs, and the spectators’ the one of everyone else', async () => {
    for (const page of [ann, bob]) {
      expect(await page.getByTestId('chat-log').getAttribute('data-room')).toBe('PLAYERS');
      expect(await page.getByRole('tab').count()).toBe(0);
    }
    for (const page of [cid, guest]) {
      expect(await page.getByTestId('chat-log').getAttribute('data-room')).toBe('SPECTATORS');
      expect(await page.getByRole('tab').count()).toBe(0);
    }
    // Ann's page is in Swedish, the room's name too.
    expect(await ann.getByTestId('chat-log').getAttribute('aria-label')).toBe('Meddelanden mellan spelarna');
  });

  it('counts a draft’s characters and will not send more than 400', async () => {
    const input = ann.getByTestId('chat-input');
    await input.fill('x'.repeat(401));
    const counter = ann.getByTestId('chat-counter');
    expect(await counter.getAttribute('data-length')).toBe('401');
    expect(await counter.textContent()).toBe('401/400 — 1 tecken för mycket');
    expect(await ann.getByTestId('chat-send').isDisabled()).toBe(true);
    await input.fill('x'.repeat(400));
    expect(await counter.textContent()).toBe('400/400');
    expect(await ann.getByTestId('chat-send').isDisabled()).toBe(false);
    await input.fill('');
  });

  it('carries Ann’s text with markup and a link to Bob live, as text: no element, no link', async () => {
    await write(ann, MARKUP);
    expect(await ann.getByTestId('chat-input').inputValue()).toBe('');

    const line = messages(bob, 'https://example.org');
    await line.waitFor();
    expect(await line.getAttribute('data-author')).toBe(ANN);
    const text = line.getByTestId('chat-text');
    expect(await text.textContent()).toBe(MARKUP);
    // Written as a text node: the markup is escaped, nothing is an element, the address is no link.
    expect(await text.innerHTML()).toBe('&lt;b&gt;x&lt;/b&gt; https://example.org');
    expect(await bob.getByTestId('chat-log').locator('b').count()).toBe(0);
    expect(await text.locator('a').count()).toBe(0);
    expect(await bob.locator('a[href="https://example.org"]').count()).toBe(0);
    // The author's name is the one link: to the player's page.
    expect(await line.getByRole('link', { name: ANN }).getAttribute('href')).toBe(`/players/${ANN}`);
  });

  it('shows Bob’s quick phrase to Ann in Swedish', async () => {
    await bob.getByTestId('chat-compose').locator('summary').click();
    await bob.getByTestId('chat-phrase-GOOD_LUCK').click();
    await bob.locator('[data-testid="chat-message"][data-phrase="GOOD_LUCK"]').waitFor();
    expect(await shownTexts(bob)).toEqual([MARKUP, 'Good luck!']);
    // Sent, the phrase menu folds away again.
    expect(await bob.getByTestId('chat-compose').locator('details').getAttribute('open')).toBeNull();

    const phrase = ann.locator('[data-testid="chat-message"][data-phrase="GOOD_LUCK"]');
    await phrase.waitFor();
    expect(await phrase.getByTestId('chat-text').textContent()).toBe('Lycka till!');
    expect(await shownTexts(ann)).toEqual([MARKUP, 'Lycka till!']);
    // And Ann's own phrase buttons are in Swedish.
    expect(await ann.getByTestId('chat-phrase-THANKS').textContent()).toBe('Tack!');
    expect(await ann.getByTestId('chat-phrase-GOOD_GAME').textContent()).toBe('Bra parti!');
  });
});

describe('the spectators’ room', () => {
  it('gives a guest the quick phrases only', async () => {
    expect(await guest.getByTestId('chat-input').count()).toBe(0);
    expect(await guest.getByTestId('chat-guest-hint').textContent()).toContain('quick phrases');
    // Shown at once, not folded in a menu: they are all a guest may send.
    expect(await guest.getByTestId('chat-phrase-HELLO').isVisible()).toBe(true);
  });

  it('never reaches the players while the game runs, and the players’ room never reaches the spectators', async () => {
    await write(cid, SPECTATOR_TEXT);
    // A player's message after it reaches the other player live…
    await write(ann, LATER);
    await messages(bob, LATER).waitFor();
    // …and a spectator's after that reaches the other spectator live.
    await guest.getByTestId('chat-phrase-HELLO').click();
    await cid.locator(`[data-testid="chat-message"][data-author="${guestName}"]`).waitFor();

    await messages(guest, SPECTATOR_TEXT).waitFor();

    // By then the players' pages have nothing of the spectators, and the spectators' nothing of the players.
    expect(await shownTexts(bob)).toEqual([MARKUP, 'Good luck!', LATER]);
    expect(await shownTexts(ann)).toEqual([MARKUP, 'Lycka till!', LATER]);
    for (const page of [ann, bob]) expect(await page.getByText(SPECTATOR_TEXT).count()).toBe(0);
    expect(await shownTexts(cid)).toEqual([SPECTATOR_TEXT, 'Hello!']);
    expect(await shownTexts(guest)).toEqual([SPECTATOR_TEXT, 'Hello!']);
    for (const page of [cid, guest]) {
      expect(await page.getByText(LATER).count()).toBe(0);
      expect(await page.getByText('example.org').count()).toBe(0);
    }
  });
});

describe('reports and mute', () => {
  it('Bob reports Ann’s message: a category, details, then "Reported"', async () => {
    const line = messages(bob, 'https://example.org');
    // Bob's own phrase has no Report; Ann's messages have one each.
    expect(await bob.locator('[data-phrase="GOOD_LUCK"] [data-testid="chat-report"]').count()).toBe(0);
    await line.getByRole('button', { name: `Report the message of ${ANN}` }).click();
    const form = bob.getByTestId('chat-report-form');
    await form.waitFor();
    expect(
      await bob.evaluate(() =>
        (globalThis as unknown as Globals).document.activeElement?.getAttribute('data-testid'),
      ),
    ).toBe('chat-report-category');
    // An unrated game: outside help is not a category here.
    const category = form.getByTestId('chat-report-category');
    expect(
      await category.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
    ).toEqual(['ABUSE', 'SPAM', 'OTHER']);

    // What the report panel looks like to axe, with messages and the form open.
    const results = await new AxeBuilder({ page: bob })
      .include('[data-testid="chat"]')
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);

    await category.selectOption('SPAM');
    await form.getByTestId('chat-report-details').fill('a link to elsewhere');
    await form.getByTestId('chat-report-send').click();
    await line.getByTestId('chat-reported').waitFor();
    expect(await line.getByTestId('chat-reported').textContent()).toBe('Reported');
    expect(await form.count()).toBe(0);
    expect(await line.getByTestId('chat-report').count()).toBe(0);
    // The server has it: the same message cannot be reported twice.
    const messageId = await line.getAttribute('data-id');
    const again = await app.gql(
      tokens[BOB]!,
      'mutation($m: ID!) { reportChat(input: { messageId: $m, category: ABUSE }) }',
      { m: messageId },
    );
    expect(codeOf(again)).toBe('BAD_USER_INPUT');
    expect(again.errors?.[0]?.message).toContain('already');
  });

  it('Bob mutes the chat: no messages; unmuted, they are back', async () => {
    const toggle = bob.getByTestId('chat-mute');
    expect(await toggle.textContent()).toBe('Mute chat');
    await toggle.click();
    await bob.getByTestId('chat-muted').waitFor();
    expect(await toggle.textContent()).toBe('Unmute');
    expect(await bob.getByTestId('chat-log').count()).toBe(0);
    expect((await gameChat(tokens[BOB]!, 'PLAYERS')).muted).toBe(true);

    await toggle.click();
    await bob.locator('[data-testid="chat"][data-muted="false"][data-loaded="true"]').waitFor();
    await messages(bob, LATER).waitFor();
    expect(await shownTexts(bob)).toEqual([MARKUP, 'Good luck!', LATER]);
    expect(await toggle.textContent()).toBe('Mute chat');
    expect((await gameChat(tokens[BOB]!, 'PLAYERS')).muted).toBe(false);
  });
});

describe('private notes', () => {
  it('keeps Ann’s note (saved with Save, then on leaving the field) across a reload; Bob never sees it', async () => {
    const notes = ann.getByTestId('chat-notes-text');
    await notes.fill('Bob keeps his sevens');
    await ann.getByTestId('chat-notes-save').click();
    await ann.locator('[data-testid="chat-notes-status"][data-state="saved"]').waitFor();
    expect(await ann.getByTestId('chat-notes-status').textContent()).toBe('Sparat');

    await notes.fill('Bob keeps his sevens and his kings');
    await notes.press('Tab');
    await ann.locator('[data-testid="chat-notes-status"][data-state="saved"]').waitFor();
    const note = await app.gql<{ gameNote: { text: string } | null }>(
      tokens[ANN]!,
      'query($g: ID!) { gameNote(gameId: $g) { text } }',
      { g: gameId },
    );
    expect(dataOf(note).gameNote).toEqual({ text: 'Bob keeps his sevens and his kings' });

    await openGame(ann);
    await ann.locator('[data-testid="chat-notes"][data-loaded="true"]').waitFor();
    expect(await ann.getByTestId('chat-notes-text').inputValue()).toBe('Bob keeps his sevens and his kings');

    await openGame(bob);
    await bob.locator('[data-testid="chat-notes"][data-loaded="true"]').waitFor();
    expect(await bob.getByTestId('chat-notes-text').inputValue()).toBe('');
    expect(await bob.getByText('Bob keeps his sevens').count()).toBe(0);
  });
});

describe('a block, and the game over', () => {
  it('turns the players’ chat off: Bob’s message is refused in plain words', async () => {
    dataOf(
      await app.gql(tokens[ANN]!, 'mutation($u: String!) { blockPlayer(username: $u) { id } }', { u: BOB }),
    );
    const input = bob.getByTestId('chat-input');
    await input.fill('Are you still there?');
    await input.press('Enter');
    const refusal = bob.locator('[data-testid="chat-error"] [role="alert"][data-code="BLOCKED"]');
    await refusal.waitFor();
    expect(await refusal.getByTestId('error-text').textContent()).toBe(
      'Chat is off: one of you blocks the other.',
    );
    expect(await messages(bob, 'Are you still there?').count()).toBe(0);
    // The draft stays, to send once the block is gone.
    expect(await input.inputValue()).toBe('Are you still there?');
  });

  it('gives the players the spectators’ room as a second tab once the game is over', async () => {
    await resign(app, tokens[BOB]!, gameId);
    const players = ann.getByTestId('chat-tab-PLAYERS');
    await players.waitFor();
    await ann.locator('[data-testid="chat"][data-loaded="true"]').waitFor();
    expect(await players.getAttribute('aria-selected')).toBe('true');
    expect(await players.textContent()).toBe('Spelare');
    // The keyboard moves between the tabs.
    await players.focus();
    await players.press('ArrowRight');
    const spectators = ann.getByTestId('chat-tab-SPECTATORS');
    expect(await spectators.getAttribute('aria-selected')).toBe('true');
    await ann.locator('[data-testid="chat-log"][data-room="SPECTATORS"]').waitFor();
    await messages(ann, SPECTATOR_TEXT).waitFor();
    expect(await shownTexts(ann)).toEqual([SPECTATOR_TEXT, 'Hej!']);
  });
});
