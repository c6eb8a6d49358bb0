/**
 * The account page (docs/web.md, "Account") in a real Chromium at 375 px (test/browser/support/browser.ts),
 * against the compiled server and real Postgres, each outcome checked through the public API: sessions listed and
 * signed out (another one, then this one), a refused password change in Swedish, a password change (the old one
 * refused at sign-in, the new one accepted, other sessions ended), an API token whose secret is shown once and
 * works until revoked, a webhook to a real receiver on 127.0.0.1 (the server allows loopback with
 * WEBHOOK_ALLOWED_NETWORKS, as an operator would) whose test delivery arrives signed and shows in the page's log,
 * the data export saved as a file without the token in any URL, and the account deleted. No CSP violation.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, codeOf, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { watchPageProblems } from './support/page-problems';

const USERNAME = 'acct_ann';
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'purple elephants juggle quietly';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors on every page of the context (page-problems.ts). */
let problems: string[] = [];
/** Every URL the page asked for, to show that no token ever goes into one. */
const requestedUrls: string[] = [];

/** The page's global object as the test reads it (the test's tsconfig has no DOM types). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null };
  navigator: { clipboard: { readText(): Promise<string> } };
  document: { documentElement: { scrollWidth: number; clientWidth: number } };
}

interface Received {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
}

/** The edge of the world: a webhook receiver on 127.0.0.1 that answers 200 and keeps what it got. */
const received: Received[] = [];
let receiver: http.Server;
let receiverUrl: string;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let rawBody = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (rawBody += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, rawBody });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/malice`;

  app = await startTestApp({ env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 740 }, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  problems = await watchPageProblems(context);
  page = await context.newPage();
  // A step that cannot happen fails in seconds, not the default half-minute, keeping the file quick.
  page.setDefaultTimeout(10_000);
  page.on('request', (request) => requestedUrls.push(request.url()));
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

function pageToken(): Promise<string | null> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('malice.token'));
}

/** Whether the API takes a token for `me` (an ended session, a revoked token: UNAUTHENTICATED). */
async function meWith(token: string): Promise<string | undefined> {
  const body = await app.gql<{ me: { username: string } }>(token, '{ me { username } }');
  return body.data?.me.username ?? codeOf(body);
}

async function login(password: string) {
  return app.gql<{ login: { token: string } }>(
    null,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: USERNAME, p: password },
  );
}

async function signInOnPage(password: string): Promise<void> {
  await page.goto(`${app.url}/signin`);
  await page.getByLabel('Username').fill(USERNAME);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
}

async function openAccount(): Promise<void> {
  await page.goto(`${app.url}/account`);
  await page.getByRole('heading', { name: 'My account', exact: true }).waitFor();
}

/** The phone layout: nothing wider than the 375 px viewport, so no sideways scrolling. */
async function expectNoSidewaysScroll(): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = (globalThis as unknown as PageGlobals).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(clientWidth).toBeLessThanOrEqual(375);
}

describe('my account in the browser', () => {
  let registered: string;

  it('lists the sessions, signs another one out (the API refuses it), then this one (the page signs out)', async () => {
    registered = await register(app, USERNAME, PASSWORD);
    await signInOnPage(PASSWORD);
    const elsewhere = dataOf(await login(PASSWORD)).login.token;
    const elsewhereId = dataOf(
      await app.gql<{ sessions: { id: string; current: boolean }[] }>(
        elsewhere,
        '{ sessions { id current } }',
      ),
    ).sessions.find((session) => session.current)!.id;
    await openAccount();

    const sessions = page.getByTestId('account-sessions');
    const rows = sessions.getByTestId('session');
    await until('three sessions are listed', async () => (await rows.count()) === 3, 10_000);
    expect(await sessions.locator('[data-current="true"]').count()).toBe(1);
    expect(await sessions.locator('[data-current="true"]').textContent()).toContain('This session');
    expect(await rows.first().textContent()).toMatch(/Signed in .*Last used .*Ends by itself /);

    await sessions
      .locator(`[data-session-id="${elsewhereId}"]`)
      .getByRole('button', { name: 'Sign out' })
      .click();
    await sessions.locator(`[data-session-id="${elsewhereId}"]`).waitFor({ state: 'detached' });
    expect(await meWith(elsewhere)).toBe('UNAUTHENTICATED');
    expect(await meWith(registered)).toBe(USERNAME);

    const mine = (await pageToken())!;
    await sessions.getByRole('button', { name: 'Sign out here' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await pageToken()).toBeNull();
    expect(await meWith(mine)).toBe('UNAUTHENTICATED');
    expect(problems).toEqual([]);
  });

  it('shows a wrong current password refused, in the reader’s language', async () => {
    await signInOnPage(PASSWORD);
    await openAccount();
    await openBarMenu(page);
    await page.getByTestId('language').selectOption('sv');
    const section = page.getByTestId('account-password');
    await section.getByRole('heading', { name: 'Lösenord' }).waitFor();
    await section.getByLabel('Nuvarande lösenord').fill('not my password at all, sorry');
    await section.getByLabel('Nytt lösenord').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Byt lösenord' }).click();
    const alert = section.getByRole('alert');
    await alert.waitFor();
    expect(await alert.getAttribute('data-code')).toBe('BAD_USER_INPUT');
    expect(await alert.textContent()).toContain('Kontrollera det du skrev.');
    // Nothing changed: the password still signs in.
    expect(dataOf(await login(PASSWORD)).login.token).toMatch(/^mls_/);
    await openBarMenu(page);
    await page.getByTestId('language').selectOption('en');
    await section.getByRole('heading', { name: 'Password' }).waitFor();
  });

  it('changes the password: the old one is refused at sign-in, the new one works, other sessions end', async () => {
    const section = page.getByTestId('account-password');
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByLabel('New password').fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Change password' }).click();
    const done = section.getByTestId('password-changed');
    await done.waitFor();
    expect(await done.textContent()).toContain('Every other session has ended');
    expect(await done.textContent()).toContain('Your API tokens still work.');

    expect(codeOf(await login(PASSWORD))).toBe('UNAUTHENTICATED');
    expect(await meWith(registered)).toBe('UNAUTHENTICATED');
    expect(await meWith((await pageToken())!)).toBe(USERNAME);
    // The page reads its sessions again: only this one is left.
    const rows = page.getByTestId('account-sessions').getByTestId('session');
    await until('one session is left', async () => (await rows.count()) === 1, 10_000);
    expect(await rows.first().getAttribute('data-current')).toBe('true');
    expect(dataOf(await login(NEW_PASSWORD)).login.token).toMatch(/^mls_/);
  });

  it('creates an API token, shows its secret once with a copy button, and revokes it', async () => {
    const section = page.getByTestId('account-tokens');
    await section.getByText('No API tokens.').waitFor();
    // Every scope the schema lists is offered but ADMIN (an operator's, made over the API); BOT_PLAY is switched
    // off for a person.
    for (const scope of ['GAME_READ', 'GAME_PLAY', 'BOT_PLAY']) {
      expect(await section.locator(`input[value="${scope}"]`).count()).toBe(1);
    }
    expect(await section.locator('input[value="ADMIN"]').count()).toBe(0);
    expect(await section.locator('input[value="BOT_PLAY"]').isDisabled()).toBe(true);
    expect(await section.locator('input[value="GAME_READ"]').isChecked()).toBe(true);
    await section.getByLabel('Name').fill('e2e-notebook');
    await section.getByRole('button', { name: 'Create token' }).click();

    const secret = (await section.getByTestId('token-secret-value').textContent())!;
    expect(secret).toMatch(/^mla_\S{20,}$/);
    await section.getByTestId('token-secret').getByRole('button', { name: 'Copy' }).click();
    await section.getByTestId('token-secret').getByRole('button', { name: 'Copied' }).waitFor();
    expect(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText()),
    ).toBe(secret);
    expect(await meWith(secret)).toBe(USERNAME);

    const row = section.getByTestId('api-token');
    await row.waitFor();
    expect(await row.textContent()).toContain('e2e-notebook');
    expect(await row.textContent()).toContain('GAME_READ');
    await section.getByRole('button', { name: 'I have stored it' }).click();
    await section.getByTestId('token-secret').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secret);
    // Read again from the server, the list never has it either.
    await page.reload();
    await section.getByTestId('api-token').waitFor();
    expect(await page.content()).not.toContain(secret);

    await section.getByRole('button', { name: 'Revoke: e2e-notebook' }).click();
    await section.getByText('No API tokens.').waitFor();
    expect(await meWith(secret)).toBe('UNAUTHENTICATED');
  });

  it('adds a webhook to a real receiver, sends a test that arrives signed, lists the delivery, deletes it', async () => {
    const section = page.getByTestId('account-webhooks');
    await section.getByText('No webhooks.').waitFor();
    await section.getByLabel('URL').fill(receiverUrl);
    const secret = await section.getByLabel('Secret').inputValue();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    await section.getByRole('button', { name: 'Add webhook' }).click();
    expect(await section.getByTestId('webhook-secret-value').textContent()).toBe(secret);
    const row = section.getByTestId('webhook');
    await row.waitFor();
    expect(await row.textContent()).toContain(receiverUrl);
    const webhookId = (await row.getAttribute('data-webhook-id'))!;

    await row.getByRole('button', { name: 'Send a test' }).click();
    await until('the receiver gets the test delivery', () => received.length >= 1, 20_000);
    const ping = received[0]!;
    expect(ping.headers['x-malice-event']).toBe('PING');
    const timestamp = String(ping.headers['x-malice-timestamp']);
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${ping.rawBody}`).digest('hex')}`;
    const signature = String(ping.headers['x-malice-signature']);
    expect(
      signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected)),
    ).toBe(true);

    // The page follows the delivery until it is answered, with its attempt.
    const delivered = row.locator('[data-testid="delivery"][data-status="SUCCEEDED"]');
    await delivered.waitFor({ timeout: 20_000 });
    expect(await delivered.textContent()).toContain('test');
    expect(await delivered.getByTestId('attempt').textContent()).toContain('Attempt 1');
    expect(await delivered.getByTestId('attempt').textContent()).toContain('answered 200');
    await expectNoSidewaysScroll();

    await row.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No webhooks.').waitFor();
    const left = await app.gql<{ webhooks: { id: string }[] }>((await pageToken())!, '{ webhooks { id } }');
    expect(dataOf(left).webhooks.map((webhook) => webhook.id)).not.toContain(webhookId);
  });

  it('reads the delivery log again after a read that failed, until the delivery is answered', async () => {
    const section = page.getByTestId('account-webhooks');
    await section.getByText('No webhooks.').waitFor();
    await section.getByLabel('URL').fill(receiverUrl);
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const row = section.getByTestId('webhook');
    await row.waitFor();
    // The edge of the world: the network drops the first read of the delivery log.
    let dropped = 0;
    await page.route('**/graphql', async (route) => {
      const operation = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
      if (operation === 'AccountWebhookDeliveries' && dropped === 0) {
        dropped++;
        await route.abort('failed');
        return;
      }
      await route.continue();
    });
    try {
      const before = received.length;
      await row.getByRole('button', { name: 'Send a test' }).click();
      await until('the receiver gets the test delivery', () => received.length > before, 20_000);
      await until('the first read of the log was dropped', () => dropped === 1, 10_000);
      await row.locator('[data-testid="delivery"][data-status="SUCCEEDED"]').waitFor({ timeout: 20_000 });
      expect(dropped).toBe(1);
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
    await row.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('No webhooks.').waitFor();
  });

  it('downloads my data as a file, with the token in no URL', async () => {
    const section = page.getByTestId('account-data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${USERNAME}.ndjson`);
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    const profile = JSON.parse(lines[0]!) as { type: string; username: string; format: string };
    expect(profile).toMatchObject({ type: 'profile', username: USERNAME, format: 'malice-account/1' });
    expect(lines.some((line) => (JSON.parse(line) as { type: string }).type === 'session')).toBe(true);
    const token = (await pageToken())!;
    expect(requestedUrls.some((url) => url.includes(token))).toBe(false);
    expect(requestedUrls.some((url) => url.endsWith('/api/me/export'))).toBe(true);
    await expectNoSidewaysScroll();
  });

  it('deletes the account: the page signs out and the API refuses the old token', async () => {
    const section = page.getByTestId('account-data');
    const token = (await pageToken())!;
    await section.getByLabel('Your password').fill(NEW_PASSWORD);
    const remove = section.getByRole('button', { name: 'Delete my account for good' });
    expect(await remove.isDisabled()).toBe(true);
    await section.getByLabel(`Type your username (${USERNAME}) to confirm`).fill(USERNAME);
    await remove.click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await pageToken()).toBeNull();
    expect(await meWith(token)).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(NEW_PASSWORD))).toBe('UNAUTHENTICATED');
    expect(problems).toEqual([]);
  });
});
