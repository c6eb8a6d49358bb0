/**
 * Third-party apps in the web client (docs/web.md, "Apps"; docs/api/apps-and-oauth.md) in a real Chromium against
 * the compiled server: an app registered over GraphQL sends a signed-out person to /oauth/authorize; they sign in
 * where they are and come back to the same request, see the app, its owner and what it asks in words, and approve
 * — once, the buttons held while the answer is on its way — and the browser lands at the app's loopback listener
 * (a real node http server on 127.0.0.1, RFC 8252) with `code`, `state` and `iss`, and the code exchanges at
 * /oauth/token for tokens that work. Deny lands there with `error=access_denied`; a redirect URI the app did not
 * register is only shown, nothing followed; a request the app got wrong offers the way back the server gives, and
 * each says why in the reader's language. A person asked for BOT_PLAY, which only a bot account may hold, sees
 * what is asked and why, with no Approve — signed in before or on the page — and only the way back that refuses. A
 * guest is asked to keep the account first. The account page lists the connected app and Revoke kills its token;
 * "Your apps" registers a confidential app (a refused redirect URI shown at its field, the secret shown once and
 * working), edits and deletes it. No CSP violation or page error anywhere.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, codeOf, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import {
  AuthorizationRequest,
  approve,
  authorizationRequest,
  basic,
  exchange,
  formPost,
  pkce,
  registerApp,
  tokenPair,
  type Pkce,
  type RegisteredApp,
} from '../support/service/oauth';
import { launchBrowser } from './support/browser';
import { openPage } from './support/pages';

/** The server's name in OAuth (`iss`, RFC 9207): its PUBLIC_URL. */
const ISSUER = 'https://play.example.com';
const PASSWORD = 'correct horse battery staple';
const VIEWPORT = { width: 390, height: 844 };
const APP_NAME = 'Pocket Malice';

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
const problems: string[][] = [];
let owner: string;
let person: string;
let pocket: RegisteredApp;

/** The edge of the world: the app's loopback listener, keeping every request to its callback. */
let listener: http.Server;
let redirectUri: string;
const arrived: URL[] = [];

beforeAll(async () => {
  listener = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', redirectUri);
    // Only its callback: the browser also asks the page's origin for a favicon.
    if (url.pathname !== '/cb') return void response.writeHead(404).end();
    arrived.push(url);
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<p>You may close this tab.</p>');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/cb`;

  app = await startTestApp({ env: { PUBLIC_URL: ISSUER } });
  browser = await launchBrowser();
  owner = await register(app, 'oa_dev');
  person = await register(app, 'oa_ann', PASSWORD);
  // Registered as a native app registers its listener: the loopback address without a port, which matches any.
  pocket = await registerApp(app, owner, { name: APP_NAME, redirectUris: ['http://127.0.0.1/cb'] });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await app?.stop();
  listener?.closeAllConnections();
  await new Promise((resolve) => listener?.close(resolve));
});
afterEach(() => {
  for (const list of problems) expect(list).toEqual([]);
});

async function newPage(token?: string, language?: 'en' | 'sv' | 'ru'): Promise<Page> {
  const opened = await openPage(browser, { viewport: VIEWPORT, token, language });
  contexts.push(opened.context);
  problems.push(opened.problems);
  // A step that cannot happen fails in seconds, not the default half-minute.
  opened.page.setDefaultTimeout(10_000);
  return opened.page;
}

/** The consent page's address for a request, as an app writes it (RFC 6749 §4.1.1, RFC 7636 §4.3). */
function authorizeUrl(request: AuthorizationRequest): string {
  const names: Record<keyof AuthorizationRequest, string> = {
    clientId: 'client_id',
    redirectUri: 'redirect_uri',
    responseType: 'response_type',
    scope: 'scope',
    state: 'state',
    codeChallenge: 'code_challenge',
    codeChallengeMethod: 'code_challenge_method',
  };
  const query = new URLSearchParams();
  for (const [field, name] of Object.entries(names)) {
    const value = request[field as keyof AuthorizationRequest];
    if (value !== null) query.set(name, value);
  }
  return `${app.url}/oauth/authorize?${query.toString()}`;
}

/** Who a token acts for, or the API's refusal code. */
async function meWith(token: string): Promise<string | undefined> {
  const body = await app.gql<{ me: { username: string } }>(token, '{ me { username } }');
  return body.data?.me.username ?? codeOf(body);
}

/** The listener's next request, once the browser has been sent there. */
async function arrival(page: Page, before: number): Promise<URLSearchParams> {
  await page.waitForURL((url) => url.href.startsWith(`${redirectUri}?`));
  await until('the app’s listener has the request', () => arrived.length > before, 10_000);
  expect(arrived.length).toBe(before + 1);
  return arrived[before]!.searchParams;
}

/** Where the approval (a) left its tokens, for the account page's Revoke (d). */
let approved: { accessToken: string } | null = null;

describe('the consent page', () => {
  it('(a) signed out: sign in where the request is, see the app, approve once, land at the listener with a code that exchanges', async () => {
    const pair: Pkce = pkce();
    const request = authorizationRequest(pocket.id, redirectUri, 'GAME_READ GAME_PLAY', pair);
    const address = authorizeUrl(request);
    const page = await newPage();
    await page.goto(address);

    const consent = page.getByTestId('oauth-consent');
    await consent.getByRole('heading', { name: `Allow ${APP_NAME} to use your account?` }).waitFor();
    expect(await consent.getByTestId('oauth-app').textContent()).toBe(`${APP_NAME}, by oa_dev`);
    expect(await consent.getByTestId('oauth-scopes').locator('li').allTextContents()).toEqual([
      'see your games, events and profile',
      'create, join and play games and chat in your name',
    ]);
    expect(await consent.getByTestId('oauth-destination').textContent()).toBe(
      `You will be sent back to a program on this device (${new URL(redirectUri).host}).`,
    );
    // Signed out: nothing to approve with, and the sign-in form under the request.
    expect(await consent.getByTestId('oauth-approve').count()).toBe(0);
    await page.getByTestId('oauth-sign-in-first').waitFor();
    await page.getByLabel('Username').fill('oa_ann');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });

    // Back at the same request, its query and all: now it can be approved.
    expect(page.url()).toBe(address);
    const approve = consent.getByTestId('oauth-approve');
    await approve.waitFor();
    expect(await page.getByTestId('oauth-sign-in-first').count()).toBe(0);

    // The approval held on its way: both answers are switched off meanwhile, so nothing is sent twice.
    let approvals = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('"OAuthConsentApprove"') === true) {
        approvals += 1;
        await held;
      }
      await route.continue();
    });
    const before = arrived.length;
    await approve.click();
    await until('the approval is on its way', () => approvals === 1, 10_000);
    expect(await approve.isDisabled()).toBe(true);
    expect(await consent.getByTestId('oauth-deny').isDisabled()).toBe(true);
    release();

    const answer = await arrival(page, before);
    expect(approvals).toBe(1);
    expect(answer.get('state')).toBe(request.state);
    expect(answer.get('iss')).toBe(ISSUER);
    const code = answer.get('code') ?? '';
    expect(code).toMatch(/^mlc_/);
    expect(await page.textContent('body')).toContain('You may close this tab.');

    const tokens = tokenPair(await exchange(app, pocket.id, code, redirectUri, pair.verifier));
    expect(tokens.scope).toBe('GAME_READ GAME_PLAY');
    expect(await meWith(tokens.accessToken)).toBe('oa_ann');
    approved = tokens;
  });

  it('(b) Deny sends the browser back with error=access_denied and the state', async () => {
    const request = authorizationRequest(pocket.id, redirectUri, 'GAME_READ', pkce());
    const page = await newPage(person);
    await page.goto(authorizeUrl(request));
    const deny = page.getByTestId('oauth-deny');
    await deny.waitFor();
    const before = arrived.length;
    await deny.click();
    const answer = await arrival(page, before);
    expect(answer.get('error')).toBe('access_denied');
    expect(answer.get('state')).toBe(request.state);
    expect(answer.get('iss')).toBe(ISSUER);
    expect(answer.get('code')).toBeNull();
  });

  it('(c) a redirect URI the app did not register is shown, and nothing is followed', async () => {
    const elsewhere = 'https://elsewhere.example.net/cb';
    const request = authorizationRequest(pocket.id, elsewhere, 'GAME_READ', pkce());
    const page = await newPage(person);
    const requested: string[] = [];
    page.on('request', (sent) => requested.push(sent.url()));
    const address = authorizeUrl(request);
    await page.goto(address);
    const shown = page.getByTestId('oauth-problem');
    await shown.getByRole('heading', { name: 'This request cannot be approved' }).waitFor();
    expect(await shown.textContent()).toContain('nothing is sent anywhere');
    expect(await shown.getAttribute('data-reason')).toBe('REDIRECT_URI_NOT_REGISTERED');
    expect(await shown.getByTestId('oauth-problem-reason').textContent()).toBe(
      'The link would send you back to an address this app never registered.',
    );
    expect(await shown.getByTestId('oauth-problem-message').textContent()).toContain(
      'the redirect_uri is not one the app registered',
    );
    // No way out to anywhere: no link back, no answer to give.
    expect(await shown.getByTestId('oauth-return').count()).toBe(0);
    expect(await page.getByTestId('oauth-approve').count()).toBe(0);
    expect(await page.getByTestId('oauth-deny').count()).toBe(0);
    expect(page.url()).toBe(address);
    expect(requested.filter((url) => !url.startsWith(app.url))).toEqual([]);
  });

  it('a request the app got wrong says why in the reader’s language, and offers the way back the server gives, and only that', async () => {
    const request = authorizationRequest(pocket.id, redirectUri, 'GAME_READ', pkce(), { state: null });
    const page = await newPage(person, 'sv');
    await page.goto(authorizeUrl(request));
    const shown = page.getByTestId('oauth-problem');
    const back = shown.getByRole('link', { name: 'Tillbaka till appen' });
    await back.waitFor();
    expect(await shown.getAttribute('data-reason')).toBe('STATE_INVALID');
    expect(await shown.getByRole('heading').textContent()).toBe('Den här begäran kan inte godkännas');
    expect(await shown.getByTestId('oauth-problem-reason').textContent()).toBe(
      'Appen utelämnade en kontroll som svaret behöver för att nå den säkert.',
    );
    // The server's words stay as it wrote them, marked as English, for whoever helps.
    const detail = shown.getByTestId('oauth-problem-message');
    expect(await detail.textContent()).toContain('Servern svarade: state is required');
    expect(await detail.locator('[lang="en"]').count()).toBe(1);
    const href = new URL((await back.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe(redirectUri);
    expect(href.searchParams.get('error')).toBe('invalid_request');
    expect(await page.getByTestId('oauth-approve').count()).toBe(0);
  });

  it('a person asked for BOT_PLAY sees what is asked and why, in their language, with no Approve: the way back refuses', async () => {
    const request = authorizationRequest(pocket.id, redirectUri, 'GAME_READ BOT_PLAY', pkce());
    const page = await newPage(person, 'ru');
    await page.goto(authorizeUrl(request));
    const shown = page.getByTestId('oauth-problem');
    const back = shown.getByRole('link', { name: 'Вернуться в приложение' });
    await back.waitFor();
    expect(await shown.getAttribute('data-reason')).toBe('SCOPE_NOT_FOR_THIS_ACCOUNT');
    expect(await shown.getByTestId('oauth-app').textContent()).toBe(`${APP_NAME}, автор: oa_dev`);
    expect(await shown.getByTestId('oauth-scopes').locator('li').allTextContents()).toEqual([
      'видеть ваши партии, события и профиль',
      'играть от имени вашего аккаунта бота',
    ]);
    expect(await shown.getByTestId('oauth-problem-reason').textContent()).toBe(
      'Приложение хочет играть от имени аккаунта бота, а ваш аккаунт — аккаунт человека.',
    );
    expect(await shown.getByTestId('oauth-problem-message').textContent()).toContain('only a bot account');
    expect(await page.getByTestId('oauth-approve').count()).toBe(0);
    expect(await page.getByTestId('oauth-deny').count()).toBe(0);

    // The way back is the refusal Deny would send: the app hears access_denied with its state, and no code.
    const href = new URL((await back.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe(redirectUri);
    expect(href.searchParams.get('error')).toBe('access_denied');
    expect(href.searchParams.get('state')).toBe(request.state);
    const before = arrived.length;
    await back.click();
    const answer = await arrival(page, before);
    expect(answer.get('error')).toBe('access_denied');
    expect(answer.get('state')).toBe(request.state);
    expect(answer.get('iss')).toBe(ISSUER);
    expect(answer.get('code')).toBeNull();
  });

  it('signing in on the page asks again: a person who signs in at a BOT_PLAY request is shown why, not Approve', async () => {
    const request = authorizationRequest(pocket.id, redirectUri, 'BOT_PLAY', pkce());
    const page = await newPage();
    await page.goto(authorizeUrl(request));
    // Signed out, nobody's account is in question yet: the request as it is, and the sign-in form.
    await page.getByTestId('oauth-consent').waitFor();
    await page.getByTestId('oauth-sign-in-first').waitFor();
    await page.getByLabel('Username').fill('oa_ann');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const shown = page.getByTestId('oauth-problem');
    await shown.waitFor();
    expect(await shown.getByTestId('oauth-problem-reason').textContent()).toBe(
      'This app asks to play as a bot account; your account is a person’s.',
    );
    expect(await page.getByTestId('oauth-consent').count()).toBe(0);
    expect(await page.getByTestId('oauth-approve').count()).toBe(0);
    expect(
      new URL((await shown.getByTestId('oauth-return').getAttribute('href'))!).searchParams.get('error'),
    ).toBe('access_denied');
  });

  it('a guest is asked to keep the account first, and may approve once it is kept', async () => {
    const guest = dataOf(
      await app.gql<{ startGuest: { token: string } }>(null, 'mutation { startGuest { token } }'),
    ).startGuest.token;
    const page = await newPage(guest);
    await page.goto(authorizeUrl(authorizationRequest(pocket.id, redirectUri, 'GAME_READ', pkce())));
    const asked = page.getByTestId('oauth-guest');
    await asked.waitFor();
    expect(await asked.textContent()).toContain('A guest cannot let apps act for them.');
    expect(await page.getByTestId('oauth-approve').count()).toBe(0);
    await asked.getByRole('button', { name: 'Keep this account' }).click();
    const form = page.getByTestId('keep-form');
    await form.waitFor();
    await form.getByLabel('Username').fill('oa_kept');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Keep it' }).click();
    await page.getByTestId('oauth-approve').waitFor();
    expect(await page.getByTestId('oauth-guest').count()).toBe(0);
  });
});

describe('the account page', () => {
  it('(d) lists the connected app once, in words, and Revoke ends its access tokens', async () => {
    expect(approved).not.toBeNull();
    const token = approved!.accessToken;
    expect(await meWith(token)).toBe('oa_ann');
    // A second sign-in through the app is a second approval (GAME_READ alone): still one entry for the app.
    const pair = pkce();
    const { code } = await approve(
      app,
      person,
      authorizationRequest(pocket.id, redirectUri, 'GAME_READ', pair),
    );
    const second = tokenPair(await exchange(app, pocket.id, code, redirectUri, pair.verifier)).accessToken;
    expect(await meWith(second)).toBe('oa_ann');
    const page = await newPage(person);
    await page.goto(`${app.url}/account`);
    const section = page.getByTestId('account-connected-apps');
    const row = section.getByTestId('connected-app');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getAttribute('data-app-id')).toBe(pocket.id);
    expect(await row.textContent()).toContain(`${APP_NAME}, by oa_dev`);
    expect(await row.locator('li').allTextContents()).toEqual([
      'see your games, events and profile',
      'create, join and play games and chat in your name',
    ]);
    // The token was just used (meWith above): the row says when.
    expect(await row.textContent()).not.toContain('last used never');

    await row.getByRole('button', { name: `Revoke: ${APP_NAME}` }).click();
    const question = row.getByTestId('revoke-app');
    expect(await question.textContent()).toContain(`Revoke the access of ${APP_NAME}?`);
    await question.getByRole('button', { name: 'Revoke access' }).click();
    await section.getByText('No connected apps.').waitFor();
    expect(await meWith(token)).toBe('UNAUTHENTICATED');
    expect(await meWith(second)).toBe('UNAUTHENTICATED');
  });

  it('(e) Your apps: a refused redirect URI at its field, a confidential app registered with its secret once, edited, deleted', async () => {
    const page = await newPage(owner);
    await page.goto(`${app.url}/account`);
    const section = page.getByTestId('account-my-apps');
    // The app registered over GraphQL is listed with its client id.
    const listed = section.locator(`[data-testid="oauth-app"][data-app-id="${pocket.id}"]`);
    await listed.waitFor();
    expect(await listed.getByTestId('oauth-app-client-id').textContent()).toBe(pocket.id);
    expect(await listed.textContent()).toContain('(public)');

    const form = section.getByTestId('new-app-form');
    await form.getByLabel('Name').fill('Server Bot');
    await form
      .getByLabel('Redirect URIs')
      .fill('https://server.example.org/oauth\nhttp://server.example.org/plain');
    await form.getByLabel('Confidential').check();
    await form.getByRole('button', { name: 'Register app' }).click();
    // Plain http is for loopback only: the refusal shows at the redirect URIs' field, and nothing is registered.
    const uris = form.getByLabel('Redirect URIs');
    await form.locator('#new-app-redirectUris-error [role="alert"]').waitFor();
    expect(await uris.getAttribute('aria-invalid')).toBe('true');
    expect(await form.locator('#new-app-redirectUris-error').textContent()).toContain(
      'plain http is for loopback',
    );
    expect(await section.getByTestId('oauth-app').count()).toBe(1);

    await uris.fill('https://server.example.org/oauth');
    await form.getByRole('button', { name: 'Register app' }).click();
    const secret = (await section.getByTestId('app-secret-value').textContent())!;
    expect(secret).toMatch(/^mls_app_/);
    expect(await section.getByTestId('app-secret').textContent()).toContain('store it now');
    const row = section.locator('[data-testid="oauth-app"]', { hasText: 'Server Bot' });
    await row.waitFor();
    expect(await row.textContent()).toContain('(confidential)');
    const clientId = (await row.getAttribute('data-app-id'))!;
    // The secret shown is the app's: the introspection endpoint takes it, and refuses another.
    expect(
      (await formPost(app, 'introspect', { token: 'mlo_nothing' }, basic(clientId, secret))).status,
    ).toBe(200);
    expect(
      (await formPost(app, 'introspect', { token: 'mlo_nothing' }, basic(clientId, `${secret}x`))).status,
    ).toBe(401);
    await section.getByRole('button', { name: 'I have stored it' }).click();
    await section.getByTestId('app-secret').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: 'Edit: Server Bot' }).click();
    const edit = row.getByTestId(`app-${clientId}-form`);
    await edit.getByLabel('Name').fill('Server Bot 2');
    await edit.getByRole('button', { name: 'Save' }).click();
    const renamed = section.locator(`[data-testid="oauth-app"][data-app-id="${clientId}"]`);
    await renamed.getByRole('button', { name: 'Edit: Server Bot 2' }).waitFor();

    await renamed.getByRole('button', { name: 'Delete: Server Bot 2' }).click();
    await renamed.getByTestId('delete-app').getByRole('button', { name: 'Delete app' }).click();
    await renamed.waitFor({ state: 'detached' });
    const mine = dataOf(
      await app.gql<{ myOAuthApps: { id: string; name: string }[] }>(owner, '{ myOAuthApps { id name } }'),
    ).myOAuthApps;
    expect(mine.map((each) => each.id)).toEqual([pocket.id]);
  });
});
