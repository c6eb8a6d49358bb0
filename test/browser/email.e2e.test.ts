/**
 * E-mail in the web client (docs/web.md, "Account" and "A forgotten password"; docs/correspondence.md "E-mail") in
 * a real Chromium at 375 px, against the compiled server sending to a real SMTP server on 127.0.0.1 with PUBLIC_URL
 * its own origin (test/browser/support/mailing-app.ts), so the mailed links are opened in the browser as a reader
 * would; every outcome is checked through the API as well:
 *
 * - the address set in the page, its link mailed again with "Send the link again", the link opened in the browser,
 *   and the account page then showing it verified;
 * - mail kinds and the daily digest's time chosen in the preferences, kept across a reload; the digest off; the
 *   e-mail channel back to its defaults;
 * - a forgotten password: asked for from the sign-in form, the mailed /reset-password link opened in the browser, a
 *   password the policy refuses shown with the server's reason, the new one set and signed in with; the spent link
 *   then says that it no longer works;
 * - an address whose mail bounces (the SMTP server refuses the recipient for good) shown as bounced, then removed;
 * - a server without SMTP: the page says it sends no mail instead of offering the form; and the privacy page
 *   (docs/privacy.md), linked from the footer, in English and with a note in Swedish.
 *
 * No CSP violation and no page error on the way.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp, codeOf, dataOf, loginBody, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { type MailingApp, linkIn, startMailingApp } from './support/mailing-app';
import { watchPageProblems } from './support/page-problems';
import { pageWidth, setLanguage, signUpInUi, tokenOf } from './support/table-ui';

const USERNAME = 'mail_ann';
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'purple elephants juggle quietly';
const ADDRESS = 'ann@mail.example';
const BOUNCING = 'nobody@mail.example';

let mailing: MailingApp;
let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors on every page of the context (page-problems.ts). */
let problems: string[] = [];

beforeAll(async () => {
  mailing = await startMailingApp();
  app = mailing.app;
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  problems = await watchPageProblems(context);
  page = await context.newPage();
  // A step that cannot happen fails in seconds, not the default half-minute.
  page.setDefaultTimeout(10_000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await mailing?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

interface Address {
  address: string;
  verified: boolean;
  bounced: boolean;
}

async function addressOf(token: string): Promise<Address | null> {
  return dataOf(
    await app.gql<{ emailAddress: Address | null }>(token, '{ emailAddress { address verified bounced } }'),
  ).emailAddress;
}

interface MailSettings {
  mailKinds: string[];
  mailKindsDefault: boolean;
  digestMinute: number | null;
}

async function mailSettingsOf(token: string): Promise<MailSettings> {
  return dataOf(
    await app.gql<{ notificationSettings: MailSettings }>(
      token,
      '{ notificationSettings { mailKinds mailKindsDefault digestMinute } }',
    ),
  ).notificationSettings;
}

async function openAccount(): Promise<void> {
  await page.goto(`${app.url}/account`);
  await page.getByTestId('notification-preferences').waitFor();
}

/** The kinds ticked in the e-mail column of the preferences. */
async function tickedForMail(): Promise<string[]> {
  const kinds: string[] = [];
  for (const row of await page.getByTestId('notification-preferences').locator('tr[data-kind]').all()) {
    if (await row.locator('input[name^="mail-"]').isChecked())
      kinds.push((await row.getAttribute('data-kind'))!);
  }
  return kinds.sort();
}

/** The next mail to `address` after the ones the receiver holds now. */
function nextMailTo(address: string) {
  const before = mailing.smtp.messages.length;
  return () =>
    mailing.smtp.waitFor(
      (mail) => mailing.smtp.messages.indexOf(mail) >= before && mail.envelope.to.includes(address),
      15_000,
    );
}

describe('e-mail on the account page', () => {
  let token: string;

  it('sets the address, mails the link again on asking, and shows it verified once the link is opened', async () => {
    await signUpInUi(page, app.url, USERNAME, PASSWORD);
    token = await tokenOf(page);
    await openAccount();
    const section = page.getByTestId('account-email');
    await section.getByTestId('email-none').waitFor();
    expect(await section.getAttribute('data-state')).toBe('none');

    const first = nextMailTo(ADDRESS);
    await section.getByLabel('E-mail address').fill(ADDRESS);
    await section.getByRole('button', { name: 'Save address' }).click();
    expect(await section.getByTestId('email-done').textContent()).toBe(
      `A link is on its way to ${ADDRESS}: follow it to confirm the address.`,
    );
    expect(await section.getAttribute('data-state')).toBe('unverified');
    expect(await section.getByTestId('email-address').textContent()).toBe(ADDRESS);
    expect(await section.getByTestId('email-unverified').textContent()).toContain('Not verified yet');
    const verification = await first();
    expect(linkIn(verification, app.url, '/mail/verify').startsWith(`${app.url}/mail/verify?t=`)).toBe(true);
    expect(await addressOf(token)).toEqual({ address: ADDRESS, verified: false, bounced: false });

    // "Send the link again" is the same address set again: a second verification mail.
    const second = nextMailTo(ADDRESS);
    await section.getByRole('button', { name: 'Send the link again' }).click();
    const again = await second();
    const link = linkIn(again, app.url, '/mail/verify');
    expect(again.parsed.messageId).not.toBe(verification.parsed.messageId);

    // The link from the mail, opened in this browser: the server's own page confirms it.
    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    await openAccount();
    await section.getByTestId('email-verified').waitFor();
    expect(await section.getAttribute('data-state')).toBe('verified');
    expect(await section.getByTestId('email-address').textContent()).toBe(ADDRESS);
    expect(await section.getByRole('button', { name: 'Send the link again' }).count()).toBe(0);
    expect(await addressOf(token)).toEqual({ address: ADDRESS, verified: true, bounced: false });
  });

  it('chooses kinds by e-mail and the daily digest’s time, kept across a reload', async () => {
    const form = page.getByTestId('notification-preferences');
    // By default, nothing but the digest at 08:00.
    expect(await form.locator('th[data-channel="mail"]').getAttribute('data-default')).toBe('true');
    expect(await tickedForMail()).toEqual([]);
    expect(await form.getByLabel('Mail me a digest of the games awaiting my move').isChecked()).toBe(true);
    expect(await form.locator('input[name="digest-at"]').inputValue()).toBe('08:00');

    await form.getByLabel('It is your turn: By e-mail').check();
    await form.getByLabel('An invitation came: By e-mail').check();
    await form.locator('input[name="digest-at"]').fill('19:30');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByTestId('preferences-saved').waitFor();
    expect(await mailSettingsOf(token)).toEqual({
      mailKinds: ['YOUR_TURN', 'CHALLENGE_RECEIVED'],
      mailKindsDefault: false,
      digestMinute: 19 * 60 + 30,
    });

    await page.reload();
    await form.waitFor();
    expect(await tickedForMail()).toEqual(['CHALLENGE_RECEIVED', 'YOUR_TURN']);
    expect(await form.locator('th[data-channel="mail"]').getAttribute('data-default')).toBe('false');
    expect(await form.locator('input[name="digest-at"]').inputValue()).toBe('19:30');
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);

    // No digest: the time is kept off, and so it stays after a reload.
    await form.getByLabel('Mail me a digest of the games awaiting my move').uncheck();
    expect(await form.locator('input[name="digest-at"]').isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByTestId('preferences-saved').waitFor();
    expect((await mailSettingsOf(token)).digestMinute).toBeNull();
    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel('Mail me a digest of the games awaiting my move').isChecked()).toBe(false);

    await form.getByTestId('defaults-mail').click();
    await until(
      'the e-mail column follows the defaults',
      async () => (await form.locator('th[data-channel="mail"]').getAttribute('data-default')) === 'true',
      10_000,
    );
    expect(await tickedForMail()).toEqual([]);
    expect(await mailSettingsOf(token)).toEqual({
      mailKinds: [],
      mailKindsDefault: true,
      digestMinute: null,
    });
  });

  it('resets a forgotten password through the mailed link, and the new password signs in', async () => {
    await openBarMenu(page);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    const forgot = page.getByTestId('forgot-password');
    await forgot.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');

    const mailed = nextMailTo(ADDRESS);
    await forgot.getByLabel('Username').fill(USERNAME);
    await forgot.getByRole('button', { name: 'Mail me a link' }).click();
    expect(await forgot.getByTestId('reset-requested').textContent()).toBe(
      'If the account has a verified e-mail address, a link is on its way. It works for an hour.',
    );
    const link = linkIn(await mailed(), app.url, '/reset-password');

    const opened = await page.goto(link);
    if (opened?.status() !== 200)
      throw new Error(
        `the server answered ${opened?.status()} to the mailed link ${link}, not the client's page ` +
          '(is its query, ending in "." and letters or digits, taken for a file name?)',
      );
    const reset = page.getByTestId('reset-password');
    await reset.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // A password the policy refuses: the server's reason, and the link still works.
    await reset.getByLabel('New password').fill('too short');
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    const refusal = reset.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('BAD_USER_INPUT');
    expect(await refusal.getByTestId('error-text').textContent()).toBe('Please check what you entered.');
    expect(await refusal.getByTestId('error-detail').textContent()).toMatch(/The server said: .*\S/);
    expect(codeOf(await loginBody(app, USERNAME, PASSWORD))).toBeUndefined();

    await reset.getByLabel('New password').fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    expect(await reset.getByTestId('password-reset').textContent()).toBe(
      'Your password is changed. Sign in with your new password.',
    );
    // The spent link is gone from the address bar.
    expect(page.url()).toBe(`${app.url}/reset-password`);
    expect(codeOf(await loginBody(app, USERNAME, PASSWORD))).toBe('UNAUTHENTICATED');
    // Every session of the account ended with it.
    expect(codeOf(await app.gql(token, '{ me { id } }'))).toBe('UNAUTHENTICATED');

    await reset.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Username').fill(USERNAME);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
    token = await tokenOf(page);

    // The link again: used, so it says so and offers a new one.
    await page.goto(link);
    await reset.getByLabel('New password').fill('another passphrase entirely 77');
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await reset.getByRole('alert').waitFor();
    expect(await reset.getByTestId('error-text').textContent()).toBe(
      'This link no longer works: it expired (after an hour), was used, or a newer one replaced it.',
    );
    expect(await reset.getByTestId('error-detail').textContent()).toContain('it was used, or replaced');
    await reset.getByTestId('reset-ask-again').waitFor();
    expect(codeOf(await loginBody(app, USERNAME, NEW_PASSWORD))).toBeUndefined();
  });

  it('shows an address whose mail bounced, and removes it', async () => {
    mailing.smtp.rejectRecipient(BOUNCING, 550);
    await openAccount();
    const section = page.getByTestId('account-email');
    await section.getByTestId('email-verified').waitFor();
    await section.getByLabel('Change address').fill(BOUNCING);
    await section.getByRole('button', { name: 'Save address' }).click();
    await section.getByTestId('email-unverified').waitFor();
    await until(
      'the SMTP server refused the verification mail',
      () => mailing.smtp.rejectedRecipients.some((rejected) => rejected.address === BOUNCING),
      15_000,
    );
    await until(
      'the address is marked bounced',
      async () => (await addressOf(token))?.bounced === true,
      15_000,
    );

    await page.reload();
    await section.getByTestId('email-bounced').waitFor();
    expect(await section.getAttribute('data-state')).toBe('bounced');
    expect(await section.getByTestId('email-bounced').textContent()).toBe(
      'Mail to it bounced: nothing more is sent to it until you set an address again.',
    );

    await section.getByRole('button', { name: 'Remove address' }).click();
    expect(await section.getByTestId('email-done').textContent()).toBe('Address removed: no more mail.');
    await section.getByTestId('email-none').waitFor();
    expect(await addressOf(token)).toBeNull();
  });
});

describe('a server that sends no mail', () => {
  let plain: TestApp;
  let other: BrowserContext;
  let tab: Page;
  let heard: string[] = [];

  beforeAll(async () => {
    plain = await startTestApp();
    other = await browser.newContext({ viewport: { width: 375, height: 740 } });
    heard = await watchPageProblems(other);
    tab = await other.newPage();
    tab.setDefaultTimeout(10_000);
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await plain?.stop();
  });
  afterEach(() => {
    expect(heard).toEqual([]);
  });

  it('says so instead of offering the form', async () => {
    await signUpInUi(tab, plain.url, 'mail_bob', PASSWORD);
    await tab.goto(`${plain.url}/account`);
    const section = tab.getByTestId('account-email');
    await section.getByTestId('email-none').waitFor();
    await section.getByLabel('E-mail address').fill('bob@mail.example');
    await section.getByRole('button', { name: 'Save address' }).click();
    expect(await section.getByTestId('email-no-mail').textContent()).toBe('This server sends no mail.');
    expect(await section.locator('input[name="email"]').count()).toBe(0);
    expect(await section.getByRole('alert').count()).toBe(0);
    const stored = await plain.gql<{ emailAddress: Address | null }>(
      await tokenOf(tab),
      '{ emailAddress { address } }',
    );
    expect(dataOf(stored).emailAddress).toBeNull();
  });

  it('shows docs/privacy.md at /privacy, linked from the footer, in English (with a note in Swedish)', async () => {
    const markdown = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'privacy.md'), 'utf8');
    const title = /^# (.*)$/m.exec(markdown)![1]!;
    const sections = [...markdown.matchAll(/^## (.*)$/gm)].map((match) => match[1]!);
    expect(sections.length).toBeGreaterThan(0);

    await tab.getByTestId('footer-privacy').click();
    const privacy = tab.getByTestId('privacy');
    await privacy.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/privacy');
    expect(await privacy.getByRole('heading', { level: 2 }).allTextContents()).toEqual(sections);
    // Markdown drawn as elements: bold and code, no asterisks or backticks left over.
    expect(await privacy.locator('li strong').first().textContent()).toBe('Your account');
    expect(await privacy.locator('code', { hasText: 'RETENTION_DAYS' }).count()).toBeGreaterThan(0);
    expect(await privacy.textContent()).not.toMatch(/\*\*|`/);
    expect(await pageWidth(tab)).toBeLessThanOrEqual(375);

    // Signed out too, and in another language it says the text is English.
    await openBarMenu(tab);
    await tab.getByRole('button', { name: 'Sign out', exact: true }).click();
    await tab.goto(`${plain.url}/privacy`);
    await privacy.getByRole('heading', { level: 1, name: title }).waitFor();
    await setLanguage(tab, 'sv');
    await privacy.getByText('Den här sidan finns bara på engelska.').waitFor();
    expect(await privacy.locator('[lang="en"] h1').textContent()).toBe(title);
  });
});
