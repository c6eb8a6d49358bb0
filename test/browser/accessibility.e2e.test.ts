/**
 * Accessibility measured (docs/web.md, "Accessibility"): axe-core (`@axe-core/playwright`) on every page of the
 * web client in a real Chromium against the compiled server — signed out the landing page and sign-in; signed in
 * home (and again with the bar's menu and its Display choices open), a new game, the table of a game being
 * played, a finished game (with Verify's result shown), the account (with a connected app and an app of one's own),
 * the rules, the leaderboard, another player's page (with Follow and Block), the friends page, the tournaments, a
 * running tournament's page (standings and boards) and the new-tournament form, the privacy page, and an app's
 * consent page signed in and signed out (with the sign-in form under it) — in English on a desktop (1280×800) and on a
 * phone (390×844), and the table in Swedish and in Russian. No page may have a serious or critical violation; a
 * failure lists each one's rule, the elements it found and axe's help.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import {
  approve,
  authorizationRequest,
  exchange,
  pkce,
  registerApp,
  tokenPair,
  type AuthorizationRequest,
} from '../support/service/oauth';
import { createGame, joinGame, resign } from '../support/service/play';
import { openBarMenu } from './support/bar';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface PageGlobals {
  localStorage: { setItem(key: string, value: string): void; removeItem(key: string): void };
}

/** A violation as the failure message shows it. */
interface Found {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const SERIOUS: readonly (string | null | undefined)[] = ['serious', 'critical'];

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

let app: TestApp;
let browser: Browser;
let ann: string;
let activeId: string;
let finishedId: string;
let tournamentId: string;
/** An app's authorization request, for the consent page (web/src/oauth/). */
let consent: AuthorizationRequest;

/** The consent page's address for `consent`, as an app writes it (RFC 6749 §4.1.1). */
function consentPath(): string {
  const query = new URLSearchParams({
    client_id: consent.clientId!,
    redirect_uri: consent.redirectUri!,
    response_type: 'code',
    scope: consent.scope!,
    state: consent.state!,
    code_challenge: consent.codeChallenge!,
    code_challenge_method: 'S256',
  });
  return `/oauth/authorize?${query.toString()}`;
}

interface Visit {
  readonly name: string;
  readonly path: () => string;
  readonly signedIn: boolean;
  /** What shows once the page has come (a CSS selector): axe looks only then. */
  readonly ready: string;
  /** What to do before the look (Verify, on a finished game: its result is measured too). */
  readonly then?: (page: Page) => Promise<void>;
}

const VISITS: readonly Visit[] = [
  { name: 'the landing page, signed out', path: () => '/', signedIn: false, ready: 'main h1' },
  { name: 'sign-in', path: () => '/signin', signedIn: false, ready: 'main form' },
  { name: 'home', path: () => '/', signedIn: true, ready: '[data-testid="summary"]' },
  {
    name: 'home, with the bar’s menu and its Display choices open',
    path: () => '/',
    signedIn: true,
    ready: '[data-testid="summary"]',
    then: async (page) => {
      await openBarMenu(page);
      await page.getByTestId('settings-menu').locator('summary').click();
      await page.getByTestId('four-colour').waitFor();
    },
  },
  { name: 'a new game', path: () => '/new', signedIn: true, ready: '[data-testid="create-game"]' },
  {
    name: 'the table of a game being played',
    path: () => `/games/${activeId}`,
    signedIn: true,
    ready: '[data-testid="table"]',
  },
  {
    name: 'a finished game, verified',
    path: () => `/games/${finishedId}`,
    signedIn: true,
    ready: '[data-testid="replay-step"]',
    then: async (page) => {
      await page.getByTestId('verify').click();
      await page.getByTestId('verify-result').waitFor();
    },
  },
  {
    name: 'the account, with a connected app and an app of one’s own',
    path: () => '/account',
    signedIn: true,
    ready: '[data-testid="session"]',
    then: async (page) => {
      await page.getByTestId('connected-app').waitFor();
      await page.getByTestId('oauth-app').waitFor();
    },
  },
  { name: 'the rules', path: () => '/rules/classic', signedIn: true, ready: '[data-testid="rules-text"]' },
  {
    name: 'the leaderboard',
    path: () => '/leaderboard/classic',
    signedIn: true,
    ready: '[data-testid="leaderboard-row"], [data-testid="leaderboard-empty"]',
  },
  {
    name: 'a player’s page, with Follow and Block',
    path: () => '/players/a11y_bob',
    signedIn: true,
    ready: '[data-testid="history-row"]',
  },
  {
    name: 'the friends page',
    path: () => '/friends',
    signedIn: true,
    ready: '[data-testid="friends"][data-loaded="true"]',
  },
  {
    name: 'the tournaments list',
    path: () => '/tournaments',
    signedIn: true,
    ready: '[data-testid="tournament-row"]',
  },
  {
    name: 'a running tournament’s page, with its standings and boards',
    path: () => `/tournaments/${tournamentId}`,
    signedIn: true,
    ready: '[data-testid="tournament"][data-status="RUNNING"] [data-testid="board"]',
  },
  {
    name: 'the new-tournament form, with a problem shown',
    path: () => '/tournaments/new',
    signedIn: true,
    ready: '[data-testid="new-tournament-form"]',
    then: async (page) => {
      await page.getByTestId('tournament-max-players').fill('20');
      await page.getByTestId('create-tournament').click();
      await page.getByTestId('problem-players').waitFor();
    },
  },
  {
    name: 'the privacy page',
    path: () => '/privacy',
    signedIn: true,
    ready: '[data-testid="privacy"][data-loaded="true"]',
  },
  {
    name: 'an app’s consent page',
    path: consentPath,
    signedIn: true,
    ready: '[data-testid="oauth-approve"]',
  },
  {
    name: 'an app’s consent page signed out, with the sign-in form',
    path: consentPath,
    signedIn: false,
    ready: '[data-testid="oauth-sign-in-first"]',
  },
];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  ann = await register(app, 'a11y_ann');
  const bob = await register(app, 'a11y_bob');
  const active = await createGame(app, ann, { preset: 'CLASSIC' });
  await joinGame(app, bob, active.id);
  activeId = active.id;
  // Over at once (Bob resigns), rated: the finished game shows the rating change, the player page a history row.
  const finished = await createGame(app, ann, { preset: 'CLASSIC', rated: true });
  await joinGame(app, bob, finished.id);
  await resign(app, bob, finished.id);
  finishedId = finished.id;
  // Friends (each follows the other): the friends page has rows with their buttons, and an empty list too.
  for (const [token, other] of [
    [ann, 'a11y_bob'],
    [bob, 'a11y_ann'],
  ] as const)
    dataOf(await app.gql(token, 'mutation($u: String!) { followPlayer(username: $u) { id } }', { u: other }));
  // A round robin of three, full and so running: standings, a round's boards, a game link and a sit-out.
  const cid = await register(app, 'a11y_cid');
  tournamentId = dataOf(
    await app.gql<{ createTournament: { id: string } }>(
      ann,
      'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }',
      {
        i: {
          name: 'A11y cup',
          format: 'ROUND_ROBIN',
          preset: 'CLASSIC',
          daysPerMove: 3,
          minPlayers: 3,
          maxPlayers: 3,
          startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
    ),
  ).createTournament.id;
  for (const token of [ann, bob, cid])
    dataOf(
      await app.gql(token, 'mutation($id: ID!) { joinTournament(id: $id) { id } }', { id: tournamentId }),
    );
  // Bob's app, which Ann approved (a connected app on her account page) and which asks her again (the consent
  // page); and an app of Ann's own (Your apps).
  const redirectUri = 'https://pocket.example.org/callback';
  const pocket = await registerApp(app, bob, { name: 'A11y Pocket', redirectUris: [redirectUri] });
  const pair = pkce();
  const { code } = await approve(
    app,
    ann,
    authorizationRequest(pocket.id, redirectUri, 'GAME_READ GAME_PLAY', pair),
  );
  tokenPair(await exchange(app, pocket.id, code, redirectUri, pair.verifier));
  consent = authorizationRequest(pocket.id, redirectUri, 'GAME_READ GAME_PLAY', pkce());
  await registerApp(app, ann, {
    name: 'A11y Tool',
    redirectUris: ['http://127.0.0.1/cb'],
    confidential: true,
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The serious and critical violations axe finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<Found[]> {
  const results = await new AxeBuilder({ page })
    // An experimental rule (off by default): a control's name must contain the text it shows (WCAG 2.5.3).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((violation) => SERIOUS.includes(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** Opens `path` signed in as Ann or signed out (the page keeps its token in localStorage). */
async function open(page: Page, path: string, signedIn: boolean, language = 'en'): Promise<void> {
  if (!page.url().startsWith(app.url)) await page.goto(`${app.url}/privacy`);
  await page.evaluate(
    ([token, chosen]) => {
      const storage = (globalThis as unknown as PageGlobals).localStorage;
      if (token === null) storage.removeItem('malice.token');
      else storage.setItem('malice.token', token);
      storage.setItem('malice.language', chosen!);
    },
    [signedIn ? ann : null, language] as const,
  );
  await page.goto(`${app.url}${path}`);
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

/** What axe finds on the page now: nothing serious or critical. */
async function expectNoSerious(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

describe.each(VIEWPORTS)('in English on a %s', (_label, viewport) => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    context = await browser.newContext({ viewport, reducedMotion: 'reduce', locale: 'en-GB' });
    problems = await watchPageProblems(context);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(() => {
    expect(problems).toEqual([]);
  });

  it.each(VISITS)('$name has no serious or critical violation', async (visit) => {
    await open(page, visit.path(), visit.signedIn);
    await page.locator(visit.ready).first().waitFor();
    await visit.then?.(page);
    await expectNoSerious(page);
  });
});

describe('the table in Swedish and in Russian', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: VIEWPORTS[0][1], reducedMotion: 'reduce' });
    problems = await watchPageProblems(context);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });
  afterEach(() => {
    expect(problems).toEqual([]);
  });

  const table = VISITS.find((visit) => visit.name === 'the table of a game being played')!;
  it.each(['sv', 'ru'])('%s: no serious or critical violation', async (language) => {
    await open(page, table.path(), true, language);
    await page.locator(table.ready).waitFor();
    await expectNoSerious(page);
  });
});
