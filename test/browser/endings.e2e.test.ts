/**
 * Games that end without an emptied pay-off pile, played through the table by two people (docs/web.md "The
 * table", "History and replay"), each in their own browser context and language — Ann reads Swedish, Bob Russian:
 * a classic game that ends BLOCKED (nobody played to the centre or a side pile for a whole round, docs/rules.md
 * §2.9) and a modern game that ends STUCK (stock and set-aside empty and no centre play for anyone, §2.9, E18).
 * They start from positions near the end (createGame `position`, unrated; the same positions as
 * test/unit/engine/scenarios/endings.test.ts). Both pages show the end, the result, the winner and the score in their own
 * language, and neither ever holds the other's hand.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, startTestApp } from '../support/service/app';
import { readGame } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import {
  HiddenHand,
  expectNoneOf,
  playMoveInUi,
  recordTraffic,
  setLanguage,
  signUpInUi,
  tokenOf,
} from './support/table-ui';

const PASSWORD = 'correct horse battery staple';

type Language = 'sv' | 'ru';

/** What each page says at the end, in its reader's language (web/src/table/strings.ts, web/src/replay/strings.ts). */
interface Shown {
  gameOver: string;
  endReason: string;
  winner: string;
  outcome: { WIN: string; LOSS: string };
  /** The "are you sure?" of a pass, and of the pass that ends the game as blocked (web/src/table/strings.ts). */
  confirmPass?: { plain: string; ends: string };
}

interface Ending {
  preset: 'CLASSIC' | 'MODERN';
  reason: 'BLOCKED' | 'STUCK';
  position: string;
  /** Who moves (0 Ann, 1 Bob) and what, in notation (docs/notation.md). */
  moves: readonly (readonly [0 | 1, string])[];
  winner: 0 | 1;
  score: number;
  payoffLeft: readonly [number, number];
  shown: Record<Language, Shown>;
}

const ENDINGS: readonly Ending[] = [
  {
    // No centre play for anyone. Each discards to a side pile (not a null turn), then two passes each: the first
    // pass of each draws a card (not a null turn either); the next two make a round of null turns. Bob's pay-off
    // pile is the shorter (2 against 3): he wins by the difference.
    preset: 'CLASSIC',
    reason: 'BLOCKED',
    position: '- 2C8D - 3C5DQS:5S6S7D8D9D:-,-,-,-/9H7C:4H4S4D5D6D:-,-,-,- 0 3 0 n',
    moves: [
      [0, '5S-d1'],
      [1, '4H-d1'],
      [0, 'pass'],
      [1, 'pass'],
      [0, 'pass'],
      [1, 'pass'],
    ],
    winner: 1,
    score: 1,
    payoffLeft: [3, 2],
    shown: {
      sv: {
        gameOver: 'Partiet är slut: ingen kunde spela',
        endReason: 'låst: ingen spelade under ett helt varv',
        winner: 'end_bob vann',
        outcome: { WIN: 'vann', LOSS: 'förlorade' },
        confirmPass: {
          plain: 'Avsluta din tur utan att lägga ett kort på en hjälprad?',
          ends: 'Står du över nu är partiet låst: ingen har spelat under ett helt varv. Den som har minst kort kvar i traven vinner. Stå över?',
        },
      },
      ru: {
        gameOver: 'Партия окончена: никто не мог сходить',
        endReason: 'блокировка: целый круг никто не сыграл',
        winner: 'Победил end_bob',
        outcome: { WIN: 'победа', LOSS: 'поражение' },
        confirmPass: {
          plain: 'Закончить ход, не кладя карту в боковую стопку?',
          ends: 'Пас сейчас заблокирует партию: целый круг никто не сыграл. Побеждает тот, у кого в расчётной пачке меньше карт. Пасовать?',
        },
      },
    },
  },
  {
    // No stock and nothing set aside. Ann plays 2H to the centre and discards; Bob discards; Ann's 3D leaves
    // the centre needing a 4 that nobody has: stuck at once. Ann's pay-off pile is the shorter (2 against 3).
    preset: 'MODERN',
    reason: 'STUCK',
    position: 'c1=AS - - 9H7C:2H3D9C:-,-,-,-/5D6DQS:6S8S:-,-,-,- 0 3 0 n',
    moves: [
      [0, '2H-c1'],
      [0, '9C-d1'],
      [1, '6S-d1'],
      [0, '3D-c1'],
    ],
    winner: 0,
    score: 1,
    payoffLeft: [2, 3],
    shown: {
      sv: {
        gameOver: 'Partiet är slut: talongen tog slut och ingen kunde spela',
        endReason: 'fast: inga kort kvar att dra och inget spel till mitten',
        winner: 'end_ann vann',
        outcome: { WIN: 'vann', LOSS: 'förlorade' },
      },
      ru: {
        gameOver: 'Партия окончена: резерв кончился, и никто не мог сходить',
        endReason: 'тупик: резерв пуст и в центр сыграть нечем',
        winner: 'Победил end_ann',
        outcome: { WIN: 'победа', LOSS: 'поражение' },
      },
    },
  },
];

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages: { page: Page; received: string[]; language: Language }[] = [];
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  for (const [username, language] of [
    ['end_ann', 'sv'],
    ['end_bob', 'ru'],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    problems.push(await watchPageProblems(context));
    const page = await context.newPage();
    const received = recordTraffic(page);
    await signUpInUi(page, app.url, username, PASSWORD);
    await setLanguage(page, language);
    pages.push({ page, received, language });
  }
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems.flat()).toEqual([]);
});

describe.each(ENDINGS)('a $preset game that ends $reason', (ending) => {
  it('is played to its end through the table; both pages show the result in their language', async () => {
    const [ann, bob] = pages as [(typeof pages)[0], (typeof pages)[0]];
    const annToken = await tokenOf(ann.page);
    const bobToken = await tokenOf(bob.page);
    const created = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        annToken,
        `mutation($p: Preset!, $pos: String!) { createGame(input: { preset: $p, position: $pos, opponent: "end_bob" }) { id } }`,
        { p: ending.preset, pos: ending.position },
      ),
    ).createGame;
    dataOf(
      await app.gql(bobToken, 'mutation($id: ID!) { joinGame(gameId: $id) { id } }', { id: created.id }),
    );
    const sees = [
      new HiddenHand(app, created.id, annToken, bobToken),
      new HiddenHand(app, created.id, bobToken, annToken),
    ] as const;
    // Each game is checked against its own traffic (the end reveals what was hidden before).
    for (const { received } of pages) received.length = 0;
    await Promise.all(pages.map(({ page }) => page.goto(`${app.url}/games/${created.id}`)));
    await ann.page.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
    await bob.page.locator('[data-testid="table"][data-my-turn="false"]').waitFor();

    for (const [index, [seat, move]] of ending.moves.entries()) {
      await Promise.all(sees.map((seen) => seen.snapshot()));
      const mover = pages[seat]!.page;
      const watcher = pages[1 - seat]!.page;
      await mover.locator('[data-testid="table"][data-my-turn="true"]').waitFor();
      const last = index === ending.moves.length - 1;
      if (last) {
        // Before the end reveals the deal: neither page has held the other's hand.
        for (const [player, { page, received }] of pages.entries())
          await expectNoneOf(page, received, sees[player]!.forbidden());
        // Not over before the last move (it is the move that ends the game).
        expect((await readGame(app, annToken, created.id)).status).toBe('ACTIVE');
      }
      const confirmPass = ending.shown[pages[seat]!.language].confirmPass;
      if (move === 'pass' && confirmPass !== undefined) {
        // Only the pass that completes the round of null turns (Bob's second, no draw before it) warns that it
        // ends the game (view.nullTurns, view.turnActive; docs/rules.md §2.9).
        await mover.getByTestId('pass').click();
        const question = mover.getByTestId('confirm').locator('#confirm-question');
        expect(await question.textContent()).toBe(last ? confirmPass.ends : confirmPass.plain);
        await mover.getByTestId('confirm-no').click();
        await mover.getByTestId('confirm').waitFor({ state: 'detached' });
      }
      await playMoveInUi(mover, move);
      if (!last) {
        // The other page follows live, at the same version.
        const version = await mover.getByTestId('table').getAttribute('data-version');
        await watcher.locator(`[data-testid="table"][data-version="${version}"]`).waitFor();
      }
    }

    const over = await readGame(app, annToken, created.id);
    expect(over.status).toBe('FINISHED');
    expect(over.result).toMatchObject({
      reason: ending.reason,
      winner: ending.winner,
      score: ending.score,
      payoffLeft: ending.payoffLeft,
    });
    for (const { page, language } of pages) {
      const shown = ending.shown[language];
      const gameOver = page.locator(`[data-testid="game-over"][data-reason="${ending.reason}"]`);
      await gameOver.waitFor();
      expect((await gameOver.textContent())?.replace(/\s+/g, ' ').trim()).toBe(shown.gameOver);
      // The finished-game view: the winner, how it ended, and each seat's outcome, score and pay-off left.
      const result = page.locator(
        `[data-testid="result"][data-reason="${ending.reason}"][data-winner="${ending.winner}"]`,
      );
      await result.waitFor();
      expect(await result.getByTestId('winner').textContent()).toBe(shown.winner);
      expect(await result.getByTestId('end-reason').textContent()).toBe(shown.endReason);
      for (const seat of [0, 1] as const) {
        const row = result.locator(`[data-testid="result-seat"][data-seat="${seat}"]`);
        const won = seat === ending.winner;
        expect(await row.getByTestId('outcome').getAttribute('data-outcome')).toBe(won ? 'WIN' : 'LOSS');
        expect(await row.getByTestId('outcome').textContent()).toBe(shown.outcome[won ? 'WIN' : 'LOSS']);
        expect(await row.getByTestId('score').textContent()).toBe(String(won ? ending.score : 0));
        expect(await row.getByTestId('payoff-left').textContent()).toBe(String(ending.payoffLeft[seat]));
        expect(await row.getByTestId('placement').textContent()).toBe(won ? '1' : '2');
      }
    }
  }, 90_000);
});
