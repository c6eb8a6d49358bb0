/**
 * Two-factor sign-in in the web client (docs/web.md, "Account" and "Signing in with a code"; docs/api/players-and-accounts.md#starttwofactor) in a real Chromium at 375 px against the compiled server, every outcome checked through the API
 * as well. The test is the authenticator app: it makes the codes with the server's own RFC 6238 code
 * (src/players/totp.ts) on the real clock, which the test server keeps (it runs no CLOCK=manual).
 *
 * Turned on in the page (the secret and its otpauth:// link shown and copied, a wrong code refused, the right one
 * answered with ten recovery codes shown once); signing in then asks for a code, a wrong one is refused and the
 * app's next one signs in; a recovery code signs in once and is refused the second time; the page counts the codes
 * left; turned off with the password and a recovery code, after which the password alone signs in. No CSP violation
 * and no page error.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { codeAt, stepAt } from '../../src/players/totp';
import { TestApp, codeOf, dataOf, loginBody, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { watchPageProblems } from './support/page-problems';
import { pageWidth, signUpInUi, tokenOf } from './support/table-ui';

const USERNAME = 'totp_ann';
const PASSWORD = 'correct horse battery staple';

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors on every page of the context (page-problems.ts). */
let problems: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
  problems = await watchPageProblems(context);
  page = await context.newPage();
  // A step that cannot happen fails in seconds, not the default half-minute.
  page.setDefaultTimeout(10_000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

/**
 * The authenticator app: the code of the first time step after `used` (the server takes each step once) that is
 * not ahead of the clock by more than the one step the server allows — waiting for the clock when it would be.
 */
async function nextCode(secret: string, used: number): Promise<{ code: string; step: number }> {
  const step = Math.max(used + 1, stepAt(new Date()));
  await until('the clock reaches the code’s time', () => stepAt(new Date()) >= step - 1, 65_000);
  return { code: codeAt(secret, step), step };
}

async function twoFactorOf(token: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  return dataOf(
    await app.gql<{ twoFactor: { enabled: boolean; recoveryCodesLeft: number } }>(
      token,
      '{ twoFactor { enabled recoveryCodesLeft } }',
    ),
  ).twoFactor;
}

async function signOut(): Promise<void> {
  await openBarMenu(page);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

/** The first step of signing in, on the sign-in page; the second (the code) is the caller's. */
async function enterPassword(): Promise<void> {
  await page.goto(`${app.url}/signin`);
  await page.getByLabel('Username').fill(USERNAME);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function enterCode(code: string): Promise<void> {
  const step = page.getByTestId('two-factor-step');
  await step.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
  await step.getByLabel('Code').fill(code);
  await step.getByRole('button', { name: 'Sign in' }).click();
}

/** The second step's refusal of a code, as the page says it. */
async function codeRefused(): Promise<void> {
  const alert = page.getByTestId('two-factor-step').getByRole('alert');
  await alert.waitFor();
  expect(await alert.getAttribute('data-code')).toBe('UNAUTHENTICATED');
  expect(await alert.getByTestId('error-text').textContent()).toBe(
    'That code is not right, or it was used already.',
  );
}

describe('two-factor sign-in', () => {
  let secret: string;
  /** The last time step whose code the server took. */
  let used: number;
  let recovery: string[];

  it('is turned on in the page: the secret and its link, a wrong code refused, then ten recovery codes once', async () => {
    await signUpInUi(page, app.url, USERNAME, PASSWORD);
    const token = await tokenOf(page);
    await page.goto(`${app.url}/account`);
    const section = page.getByTestId('account-two-factor');
    await section.getByTestId('two-factor-status').waitFor();
    expect(await section.getAttribute('data-state')).toBe('off');
    await section.getByRole('button', { name: 'Turn on' }).click();

    secret = (await section.getByTestId('two-factor-secret').textContent())!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = (await section.getByTestId('two-factor-uri').textContent())!;
    expect(uri).toBe(
      `otpauth://totp/Malice%3A${USERNAME}?secret=${secret}&issuer=Malice&algorithm=SHA1&digits=6&period=30`,
    );
    await section.getByRole('button', { name: 'Copy: Link for the app' }).click();
    await section.getByRole('button', { name: 'Copied: Link for the app' }).waitFor();
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
        ).navigator.clipboard.readText(),
      ),
    ).toBe(uri);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    // A code from ten steps away is no code of now: refused, and nothing is on yet.
    const form = section.getByTestId('two-factor-setup');
    await form.getByLabel('Code from the app').fill(codeAt(secret, stepAt(new Date()) + 10));
    await form.getByRole('button', { name: 'Turn on with this code' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('BAD_USER_INPUT');
    expect(await twoFactorOf(token)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const now = await nextCode(secret, stepAt(new Date()) - 1);
    await form.getByLabel('Code from the app').fill(now.code);
    await form.getByRole('button', { name: 'Turn on with this code' }).click();
    used = now.step;
    const codes = section.getByTestId('recovery-codes');
    await codes.waitFor();
    expect(await section.getAttribute('data-state')).toBe('codes');
    recovery = await codes.getByTestId('recovery-code').allTextContents();
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(recovery).size).toBe(10);
    expect(await twoFactorOf(token)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    await codes.getByRole('button', { name: 'I saved them' }).click();
    await section.getByTestId('recovery-codes-left').waitFor();
    expect(await section.getAttribute('data-state')).toBe('on');
    expect(await section.getByTestId('recovery-codes-left').textContent()).toBe('Recovery codes left: 10.');
    // Shown once: gone from the page.
    expect(await page.content()).not.toContain(recovery[0]);
    expect(await page.content()).not.toContain(secret);
  });

  it('asks for a code at sign-in: a wrong one is refused, the app’s next one signs in', async () => {
    await signOut();
    await enterPassword();
    // A code of the step the server took already is refused: each is taken once.
    await enterCode(codeAt(secret, used));
    await codeRefused();
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);

    const next = await nextCode(secret, used);
    await enterCode(next.code);
    used = next.step;
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('takes a recovery code once', async () => {
    await signOut();
    await enterPassword();
    await enterCode(recovery[0]!);
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });

    await signOut();
    await enterPassword();
    await enterCode(recovery[0]!);
    await codeRefused();
    await enterCode(recovery[1]!);
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });

    await page.goto(`${app.url}/account`);
    const section = page.getByTestId('account-two-factor');
    await section.getByTestId('recovery-codes-left').waitFor();
    expect(await section.getByTestId('recovery-codes-left').textContent()).toBe('Recovery codes left: 8.');
    expect(await twoFactorOf(await tokenOf(page))).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('is turned off with the password and a code; then the password alone signs in', async () => {
    const section = page.getByTestId('account-two-factor');
    const off = section.getByTestId('two-factor-off');
    await off.getByLabel('Your password').fill(PASSWORD);
    await off.getByLabel('Code from the app, or a recovery code').fill(recovery[2]!);
    await off.getByRole('button', { name: 'Turn off' }).click();
    await section.getByRole('button', { name: 'Turn on' }).waitFor();
    expect(await section.getAttribute('data-state')).toBe('off');
    expect(await twoFactorOf(await tokenOf(page))).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    expect(codeOf(await loginBody(app, USERNAME, PASSWORD))).toBeUndefined();
    await signOut();
    await enterPassword();
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
  });
});
