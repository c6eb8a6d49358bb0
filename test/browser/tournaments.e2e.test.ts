/**
 * Correspondence tournaments in the web client (web/src/tournaments/, docs/social.md#tournaments) in a real
 * Chromium against the compiled server, its director moving tournaments on every 200 ms (TOURNAMENT_INTERVAL_MS).
 * Pia's page is in Swedish on a phone:
 *
 * - She reaches /tournaments from the bar, opens "Ny turnering" and fills the form; a round robin of 20 players is
 *   refused in the page, in Swedish, before anything is sent (the API has no tournament then); with 4 it is made and
 *   its page opens. Three players join through the API, Pia with the page's button: full, it starts at once. She
 *   sees round 1 with her game linked; the test then ends every game of each round by resignation through the API
 *   (the board's second player loses), waiting each time for the page to show the next round, until it shows
 *   "Avslutad": the standings have ranks 1–4 and their points add up to 6 (3 rounds × 2 games), as the API's do, and
 *   the finished tab lists it with its start written the Swedish way. The page never scrolls sideways: the wide
 *   tables scroll in their own boxes.
 * - A second tournament, not full, she starts with "Starta nu" as its organiser; she withdraws while it runs,
 *   answering the page's own question (its harmless answer focused first), and her game shows as lost, her row as
 *   withdrawn — in the page and in the API.
 * - A third she calls off ("Ställ in", asked first). A guest sees the keep-account hint and no Join button there.
 *
 * No CSP violation or page error on any page.
 */
import type { Browser, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { readGame, resign } from '../support/service/play';
import { openBarMenu } from './support/bar';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';
import type { BoardData } from '../support/service/tournaments';

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface Globals {
  document: {
    activeElement: { getAttribute(name: string): string | null } | null;
    scrollingElement: { scrollWidth: number; clientWidth: number } | null;
  };
}

const PIA = 'tour_pia';
const OTHERS = ['tour_ola', 'tour_siv', 'tour_ulf'] as const;
const PHONE = { width: 390, height: 844 };
/** How long a round may take to show: the director's pass, then the page's next read (POLL_MS is 10 s). */
const ROUND_WAIT = 30_000;

type Board = BoardData;
interface Tournament {
  id: string;
  status: string;
  currentRound: number;
  rounds: number | null;
  startsAt: string;
  boards: Board[];
  standings: { rank: number; player: { username: string }; points: number; withdrawn: boolean }[];
}
const FIELDS = `id status currentRound rounds startsAt
  boards { round board first { username } second { username } gameId result over }
  standings { rank player { username } points withdrawn }`;

let app: TestApp;
let browser: Browser;
const tokens: Record<string, string> = {};
/** CSP violations and page errors of every page (watchPageProblems), one list per context. */
const problems: string[][] = [];
let pia: Page;

async function readTournament(id: string): Promise<Tournament> {
  const body = await app.gql<{ tournament: Tournament }>(
    tokens[PIA]!,
    `query($id: ID!) { tournament(id: $id) { ${FIELDS} } }`,
    { id },
  );
  return dataOf(body).tournament;
}

async function createTournament(token: string, input: Record<string, unknown>): Promise<string> {
  const body = await app.gql<{ createTournament: { id: string } }>(
    token,
    'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }',
    {
      i: {
        format: 'ROUND_ROBIN',
        preset: 'CLASSIC',
        daysPerMove: 3,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        ...input,
      },
    },
  );
  return dataOf(body).createTournament.id;
}

async function joinTournament(token: string, id: string): Promise<void> {
  dataOf(await app.gql(token, 'mutation($id: ID!) { joinTournament(id: $id) { id } }', { id }));
}

/** The tournament page once it shows `status` (a data attribute: the text is checked apart). */
async function waitForStatus(page: Page, status: string): Promise<void> {
  await page.locator(`[data-testid="tournament"][data-status="${status}"]`).waitFor({ timeout: ROUND_WAIT });
}

/** Whether the page is wider than the screen (it must not be: wide tables scroll in their own boxes). */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as Globals).document.scrollingElement;
    return root !== null && root.scrollWidth > root.clientWidth;
  });
}

beforeAll(async () => {
  app = await startTestApp({ env: { TOURNAMENT_INTERVAL_MS: '200' } });
  browser = await launchBrowser();
  for (const name of [PIA, ...OTHERS]) tokens[name] = await register(app, name);
  const opened = await openPage(browser, {
    viewport: PHONE,
    token: tokens[PIA]!,
    language: 'sv',
    locale: 'sv-SE',
  });
  problems.push(opened.problems);
  pia = opened.page;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

afterEach(() => {
  expect(problems.flat()).toEqual([]);
});

describe('a round robin made in the page, played to its end', () => {
  let id: string;

  it('is refused in the page while the form is wrong, then made from it', async () => {
    await pia.goto(`${app.url}/`);
    await openBarMenu(pia);
    await pia.getByTestId('nav-tournaments').click();
    await pia.locator('[data-testid="tournaments"][data-loaded="true"]').waitFor();
    expect(await pia.getByTestId('tournaments-empty').textContent()).toBe(
      'Ingen turnering är öppen eller pågår just nu.',
    );
    await pia.getByTestId('new-tournament').click();
    await pia.getByTestId('new-tournament-form').waitFor();

    await pia.getByTestId('tournament-name').fill('Vintercupen');
    await pia.getByTestId('tournament-min-players').fill('4');
    await pia.getByTestId('tournament-max-players').fill('20');
    await pia.getByTestId('create-tournament').click();
    await pia.getByTestId('problem-players').waitFor();
    expect(await pia.getByTestId('problem-players').textContent()).toBe(
      'Alla mot alla tar 3–16 spelare, schweizersystem 4–256.',
    );
    // The wrong field (the most players, not the fewest) is marked, described by its problem, and has the focus.
    expect(await pia.getByTestId('tournament-max-players').getAttribute('aria-invalid')).toBe('true');
    expect(await pia.getByTestId('tournament-min-players').getAttribute('aria-invalid')).toBeNull();
    expect(await pia.getByTestId('tournament-max-players').getAttribute('aria-describedby')).toContain(
      'tournament-problem-players',
    );
    await pia.waitForFunction(
      () =>
        (globalThis as unknown as Globals).document.activeElement?.getAttribute('data-testid') ===
        'tournament-max-players',
    );
    const listed = await app.gql<{ tournaments: unknown[] }>(tokens[PIA]!, '{ tournaments { id } }');
    expect(dataOf(listed).tournaments).toEqual([]);

    await pia.getByTestId('tournament-max-players').fill('4');
    await pia.getByTestId('create-tournament').click();
    await pia.waitForURL(/\/tournaments\/[0-9a-f-]{36}$/);
    id = new URL(pia.url()).pathname.split('/').pop()!;
    await waitForStatus(pia, 'OPEN');
    expect(await pia.getByTestId('tournament-status').textContent()).toBe('Öppen');
    expect(await pia.getByTestId('tournament-format').textContent()).toBe('Alla mot alla');
    const made = await readTournament(id);
    expect(made).toMatchObject({ status: 'OPEN', currentRound: 0 });
  });

  it('starts once full, Pia joining with the button, and shows her game in round 1', async () => {
    for (const name of OTHERS) await joinTournament(tokens[name]!, id);
    await pia.getByTestId('tournament-join').click();
    await waitForStatus(pia, 'RUNNING');
    expect(await pia.getByTestId('tournament-status').textContent()).toBe('Pågår');
    expect(await pia.getByTestId('tournament-round').textContent()).toBe('Rond 1 av 3');

    const api = await readTournament(id);
    expect(api).toMatchObject({ status: 'RUNNING', currentRound: 1, rounds: 3 });
    const hers = api.boards.find((board) => board.first.username === PIA || board.second?.username === PIA)!;
    const row = pia.locator('[data-testid="round"][data-round="1"] [data-testid="board"][data-mine="true"]');
    expect(await row.getAttribute('data-board')).toBe(String(hers.board));
    expect(await row.getByTestId('board-game').getAttribute('href')).toBe(`/games/${hers.gameId}`);
    expect(await row.getByTestId('board-game').getAttribute('aria-label')).toBe(
      `Parti i rond 1, bord ${hers.board}`,
    );

    // Her game's page says which tournament and round it belongs to, and leads back.
    await row.getByTestId('board-game').click();
    await pia.getByTestId('game-tournament').waitFor();
    expect(await pia.getByTestId('game-tournament').textContent()).toBe('Rond 1 i Vintercupen');
    await pia.getByTestId('game-tournament').getByRole('link').click();
    await pia.getByTestId('tournament-round').waitFor();
    expect(new URL(pia.url()).pathname).toBe(`/tournaments/${id}`);
  });

  it('follows every round to the end, with standings whose points add up', async () => {
    for (let round = 1; round <= 3; round++) {
      // A round is claimed with its boards first, then each board's game is made: wait for both games.
      let now = await readTournament(id);
      const gamesOf = (): BoardData[] =>
        now.boards.filter((board) => board.round === round && board.gameId !== null);
      await until(`round ${round}'s two games are made`, async () => {
        now = await readTournament(id);
        return gamesOf().length === 2;
      });
      expect(now.currentRound).toBe(round);
      const games = gamesOf();
      expect(games).toHaveLength(2);
      for (const board of games) await resign(app, tokens[board.second!.username]!, board.gameId!);
      if (round < 3) {
        await pia
          .locator(`[data-testid="tournament"][data-round="${round + 1}"]`)
          .waitFor({ timeout: ROUND_WAIT });
        expect(await pia.getByTestId('tournament-round').textContent()).toBe(`Rond ${round + 1} av 3`);
        // The round before is shown decided, each game as its API result says.
        for (const board of games) {
          const row = pia.locator(
            `[data-testid="round"][data-round="${round}"] [data-testid="board"][data-board="${board.board}"]`,
          );
          expect(await row.getByTestId('board-result').textContent()).toBe('1–0');
        }
      }
    }
    await pia
      .getByTestId('tournament-status')
      .filter({ hasText: 'Avslutad' })
      .waitFor({ timeout: ROUND_WAIT });
    expect(await pia.getByTestId('tournament').getAttribute('data-status')).toBe('FINISHED');

    const rows = pia.getByTestId('standing');
    const shown = await rows.evaluateAll((all) =>
      all.map((row) => ({
        rank: Number(row.getAttribute('data-rank')),
        username: row.getAttribute('data-username'),
        points: Number(row.getAttribute('data-points')),
      })),
    );
    expect(shown.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
    expect(shown.reduce((sum, row) => sum + row.points, 0)).toBe(6);
    const api = await readTournament(id);
    expect(api.status).toBe('FINISHED');
    expect(shown).toEqual(
      api.standings.map((row) => ({ rank: row.rank, username: row.player.username, points: row.points })),
    );
    // Points are written as numbers with ½ where there is one; here every game was won, so none has.
    expect(await pia.getByTestId('standing-points').allTextContents()).toEqual(
      api.standings.map((row) => String(row.points)),
    );
    expect(await pia.getByTestId('tiebreak-note').textContent()).toContain(
      'Lika poäng skiljs åt av SB, sedan av BH',
    );
    expect(await scrollsSideways(pia)).toBe(false);
  });

  it('is listed under the finished ones, its start in the Swedish way', async () => {
    await pia.goto(`${app.url}/tournaments/finished`);
    await pia.locator('[data-testid="tournaments"][data-loaded="true"]').waitFor();
    const row = pia.locator(`[data-testid="tournament-row"][data-id="${id}"]`);
    expect(await row.getAttribute('data-status')).toBe('FINISHED');
    expect(await row.locator('td').nth(3).textContent()).toBe('Avslutad');
    expect(await pia.getByTestId('tournaments-tab-finished').getAttribute('aria-current')).toBe('page');
    const api = await readTournament(id);
    const finishedAt = dataOf(
      await app.gql<{ tournament: { finishedAt: string } }>(
        null,
        'query($id: ID!) { tournament(id: $id) { finishedAt } }',
        { id },
      ),
    ).tournament.finishedAt;
    expect(api.status).toBe('FINISHED');
    // The browser runs in this machine's time zone, as Node does here.
    expect(await row.locator('time').textContent()).toBe(
      new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(finishedAt),
      ),
    );
    expect(await scrollsSideways(pia)).toBe(false);
  });
});

describe('withdrawing while it runs', () => {
  it('is started by its organiser, asks first, and then shows Pia’s game lost', async () => {
    const id = await createTournament(tokens[PIA]!, { name: 'Vårcupen', minPlayers: 4, maxPlayers: 6 });
    for (const name of OTHERS) await joinTournament(tokens[name]!, id);
    await pia.goto(`${app.url}/tournaments/${id}`);
    await waitForStatus(pia, 'OPEN');
    await pia.getByTestId('tournament-join').click();
    await pia.locator('[data-testid="tournament-joined"]').waitFor();
    // Four of at most six: not full, so it waits for its start, or its organiser.
    expect(await pia.getByTestId('tournament').getAttribute('data-status')).toBe('OPEN');
    await pia.getByTestId('tournament-start').click();
    await waitForStatus(pia, 'RUNNING');

    const before = await readTournament(id);
    const hers = before.boards.find(
      (board) => board.first.username === PIA || board.second?.username === PIA,
    )!;
    expect(hers.gameId).not.toBeNull();

    await pia.getByTestId('tournament-withdraw').click();
    const question = pia.getByTestId('withdraw-confirm');
    await question.waitFor();
    expect(await question.textContent()).toContain('Dina pågående partier i den ges upp');
    expect(
      await pia.evaluate(() =>
        (globalThis as unknown as Globals).document.activeElement?.getAttribute('data-testid'),
      ),
    ).toBe('withdraw-confirm-no');
    await pia.getByTestId('withdraw-confirm-yes').click();
    await pia.getByTestId('tournament-withdrawn').waitFor();

    const row = pia.locator('[data-testid="round"][data-round="1"] [data-testid="board"][data-mine="true"]');
    expect(await row.getAttribute('data-outcome')).toBe('lost');
    expect(await row.getByTestId('board-result').textContent()).toBe(
      hers.first.username === PIA ? '0–1' : '1–0',
    );
    const standing = pia.locator(`[data-testid="standing"][data-username="${PIA}"]`);
    expect(await standing.getAttribute('data-withdrawn')).toBe('true');
    expect(await standing.getByTestId('withdrawn-mark').textContent()).toBe('utgått');

    const game = await readGame(app, tokens[PIA]!, hers.gameId!);
    expect(game.status).toBe('FINISHED');
    expect(game.result?.reason).toBe('RESIGNED');
    const after = await readTournament(id);
    expect(after.standings.find((entry) => entry.player.username === PIA)?.withdrawn).toBe(true);
    expect(after.boards.find((board) => board.gameId === hers.gameId)?.result).toBe(
      hers.first.username === PIA ? 'SECOND_WON' : 'FIRST_WON',
    );
  });
});

describe('an open tournament', () => {
  let id: string;

  it('is called off by its organiser, asked first', async () => {
    id = await createTournament(tokens[PIA]!, { name: 'Höstcupen', minPlayers: 3, maxPlayers: 8 });
    await joinTournament(tokens[OTHERS[0]]!, id);
    await pia.goto(`${app.url}/tournaments/${id}`);
    await waitForStatus(pia, 'OPEN');
    // One of three: too few to start now.
    expect(await pia.getByTestId('tournament-start').isDisabled()).toBe(true);
    await pia.getByTestId('tournament-cancel').click();
    await pia.getByTestId('cancel-confirm').waitFor();
    await pia.getByTestId('cancel-confirm-yes').click();
    await waitForStatus(pia, 'CANCELLED');
    expect(await pia.getByTestId('tournament-status').textContent()).toBe('Inställd');
    expect((await readTournament(id)).status).toBe('CANCELLED');
  });

  it('is one a guest may look at but not join: the page says to keep the account', async () => {
    const open = await createTournament(tokens[OTHERS[1]]!, {
      name: 'Gästfritt',
      minPlayers: 3,
      maxPlayers: 8,
    });
    const guestToken = dataOf(
      await app.gql<{ startGuest: { token: string } }>(null, 'mutation { startGuest { token } }'),
    ).startGuest.token;
    const opened = await openPage(browser, { viewport: PHONE, token: guestToken, language: 'en' });
    problems.push(opened.problems);
    const guest = opened.page;
    await guest.goto(`${app.url}/tournaments`);
    await guest.locator('[data-testid="tournaments"][data-loaded="true"]').waitFor();
    expect(await guest.getByTestId('new-tournament').count()).toBe(0);
    await guest.locator(`[data-testid="tournament-row"][data-id="${open}"] a`).click();
    await waitForStatus(guest, 'OPEN');
    expect(await guest.getByTestId('tournament-guest-hint').textContent()).toContain(
      'Guests do not play or organise tournaments',
    );
    expect(await guest.getByTestId('tournament-join').count()).toBe(0);
    await opened.context.close();
  });
});
