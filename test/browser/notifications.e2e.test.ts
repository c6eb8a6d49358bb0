/**
 * The account page's notifications (docs/web.md, "Account"; docs/correspondence.md "Web Push", "Preferences") in a
 * real Chromium at 375 px against the compiled server, every outcome checked through the API as well:
 *
 * - sign-up stores the browser's time zone and the page's language (a context in Stockholm, in Swedish), and a
 *   sign-up whose settings request the network drops still signs up;
 * - the preferences (kinds per channel, quiet hours, time zone, language of pushes) changed in the page, kept
 *   across a reload and stored as `notificationSettings` says; "Use the defaults" per channel; a refusal shown at
 *   the field it names;
 * - push devices: Debian's Chromium has no push service, so devices subscribe through the API (with the page's own
 *   session token) to a local push service (test/support/push-receiver.ts, allowed by PUSH_ALLOWED_NETWORKS as an
 *   operator would); the page lists them, sends a test push that arrives, says when the test pushes run out, and
 *   removes them; the page's own "Get notifications on this device" fails in this browser and says so;
 * - the in-page "your turn" notification (web/src/attention.ts) follows `pageKinds`, and where the browser has no
 *   page notifications (Android's Chrome: the constructor throws) the service worker shows it.
 *
 * No CSP violation and no page error on the way.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type PushReceiver, startPushReceiver } from '../support/push-receiver';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { joinGame } from '../support/service/play';
import { launchBrowser } from './support/browser';
import { openBarMenu } from './support/bar';
import { watchPageProblems } from './support/page-problems';
import { signUpInUi, tokenOf } from './support/table-ui';

const PASSWORD = 'correct horse battery staple';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

/** Near the end of a classic game (docs/notation.md "Example: a puzzle"), seat 0 (the creator) to move. */
const CREATOR_TO_MOVE = 'c1=AS2H3D4C5S6H 2C8D3S5C4D - 9H:7S*KD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n';

const SETTINGS = `notificationSettings {
  timeZone language quietHours { from to } pageKinds pageKindsDefault pushKinds pushKindsDefault
}`;

interface Settings {
  timeZone: string;
  language: string;
  quietHours: { from: number; to: number } | null;
  pageKinds: string[];
  pageKindsDefault: boolean;
  pushKinds: string[];
  pushKindsDefault: boolean;
}

let app: TestApp;
let receiver: PushReceiver;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** CSP violations and page errors on every page of the main context (page-problems.ts). */
let problems: string[] = [];

beforeAll(async () => {
  receiver = await startPushReceiver();
  app = await startTestApp({ env: { PUSH_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    timezoneId: 'Europe/Stockholm',
  });
  problems = await watchPageProblems(context);
  page = await context.newPage();
  // A step that cannot happen fails in seconds, not the default half-minute.
  page.setDefaultTimeout(10_000);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await receiver?.close();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

async function settingsOf(token: string): Promise<Settings> {
  return dataOf(await app.gql<{ notificationSettings: Settings }>(token, `{ ${SETTINGS} }`))
    .notificationSettings;
}

/** Signs a new player up in the main page, whoever was signed in there (the page forgets their token). */
async function signUpAfresh(username: string): Promise<void> {
  await page.goto(`${app.url}/signin`);
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { removeItem(key: string): void } }).localStorage.removeItem(
      'malice.token',
    ),
  );
  await signUpInUi(page, app.url, username, PASSWORD);
}

async function openAccount(): Promise<void> {
  await page.goto(`${app.url}/account`);
  await page.getByTestId('notification-preferences').waitFor();
}

/** The kinds ticked in one channel's column of the preferences. */
async function ticked(channel: 'page' | 'push'): Promise<string[]> {
  const kinds: string[] = [];
  for (const row of await page.getByTestId('notification-preferences').locator('tr[data-kind]').all()) {
    if (await row.locator(`input[name^="${channel}-"]`).isChecked())
      kinds.push((await row.getAttribute('data-kind'))!);
  }
  return kinds.sort();
}

const sorted = (kinds: readonly string[]): string[] => [...kinds].sort();
const EVERY_KIND = sorted(['YOUR_TURN', 'REMINDER', 'CHALLENGE_RECEIVED', 'GAME_STARTED', 'GAME_OVER']);
const PUSH_DEFAULT = sorted(['YOUR_TURN', 'REMINDER', 'CHALLENGE_RECEIVED']);

describe('signing up', () => {
  it('stores the browser’s time zone and the page’s language for pushes', async () => {
    const swedish = await browser.newContext({ timezoneId: 'Europe/Stockholm', locale: 'sv-SE' });
    try {
      const heard = await watchPageProblems(swedish);
      const tab = await swedish.newPage();
      await tab.goto(`${app.url}/signup`);
      await tab.getByLabel('Användarnamn').fill('reach_sven');
      await tab.getByLabel('Lösenord').fill(PASSWORD);
      await tab.getByRole('button', { name: 'Skapa konto' }).click();
      await tab.getByTestId('signed-in-as').waitFor({ state: 'attached' });
      expect(await settingsOf(await tokenOf(tab))).toMatchObject({
        timeZone: 'Europe/Stockholm',
        language: 'SV',
      });
      expect(heard).toEqual([]);
    } finally {
      await swedish.close();
    }
  });

  it('signs up all the same when storing them fails', async () => {
    const elsewhere = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    try {
      const heard = await watchPageProblems(elsewhere);
      const tab = await elsewhere.newPage();
      // The network drops the settings request, and only it (the edge of the world, as a lost answer).
      const dropped: string[] = [];
      await tab.route('**/graphql', async (route) => {
        const body = route.request().postDataJSON() as { operationName?: string } | null;
        if (body?.operationName === 'SignUpSettings') {
          dropped.push(body.operationName);
          await route.abort('connectionreset');
        } else await route.continue();
      });
      await signUpInUi(tab, app.url, 'reach_taro', PASSWORD);
      expect(dropped).toEqual(['SignUpSettings']);
      expect(await tab.getByTestId('signed-in-as').textContent()).toBe('Signed in as reach_taro');
      expect(await settingsOf(await tokenOf(tab))).toMatchObject({ timeZone: 'UTC', language: 'EN' });
      expect(heard).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('preferences', () => {
  let token: string;

  it('change in the page, stay across a reload, and are what the API stores', async () => {
    await signUpAfresh('reach_bo');
    token = await tokenOf(page);
    await openAccount();
    const form = page.getByTestId('notification-preferences');

    // The defaults, and the time zone sign-up stored (the context is in Stockholm).
    expect(await ticked('page')).toEqual(EVERY_KIND);
    expect(await ticked('push')).toEqual(PUSH_DEFAULT);
    expect(await form.locator('th[data-channel="page"]').getAttribute('data-default')).toBe('true');
    expect(await form.locator('th[data-channel="push"]').getAttribute('data-default')).toBe('true');
    expect(await form.locator('select[name="time-zone"]').inputValue()).toBe('Europe/Stockholm');
    expect(await form.locator('input[name="quiet-from"]').isDisabled()).toBe(true);

    await form.getByLabel('A game is over: In the page').uncheck();
    await form.getByLabel('A game started: By push').check();
    await form.getByLabel('Hold pushes during quiet hours').check();
    await form.locator('input[name="quiet-from"]').fill('22:30');
    await form.locator('input[name="quiet-to"]').fill('06:45');
    await form.locator('select[name="time-zone"]').selectOption('America/New_York');
    await form.locator('select[name="push-language"]').selectOption({ label: 'Русский' });
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('preferences-saved').waitFor();

    const stored = await settingsOf(token);
    expect({ ...stored, pageKinds: sorted(stored.pageKinds), pushKinds: sorted(stored.pushKinds) }).toEqual({
      timeZone: 'America/New_York',
      language: 'RU',
      quietHours: { from: 22 * 60 + 30, to: 6 * 60 + 45 },
      pageKinds: EVERY_KIND.filter((kind) => kind !== 'GAME_OVER'),
      pageKindsDefault: false,
      pushKinds: sorted([...PUSH_DEFAULT, 'GAME_STARTED']),
      pushKindsDefault: false,
    });

    await page.reload();
    await form.waitFor();
    expect(await ticked('page')).toEqual(stored.pageKinds.slice().sort());
    expect(await ticked('push')).toEqual(sorted(stored.pushKinds));
    expect(await form.locator('th[data-channel="page"]').getAttribute('data-default')).toBe('false');
    expect(await form.getByLabel('Hold pushes during quiet hours').isChecked()).toBe(true);
    expect(await form.locator('input[name="quiet-from"]').inputValue()).toBe('22:30');
    expect(await form.locator('input[name="quiet-to"]').inputValue()).toBe('06:45');
    expect(await form.locator('select[name="time-zone"]').inputValue()).toBe('America/New_York');
    expect(await form.locator('select[name="push-language"]').inputValue()).toBe('RU');
  });

  it('go back to the defaults one channel at a time', async () => {
    const form = page.getByTestId('notification-preferences');
    await form.getByTestId('defaults-page').click();
    await until(
      'the page channel follows the defaults',
      async () => (await settingsOf(token)).pageKindsDefault,
    );
    await until(
      'the form shows them',
      async () => (await form.locator('th[data-channel="page"]').getAttribute('data-default')) === 'true',
    );
    expect(await ticked('page')).toEqual(EVERY_KIND);
    // The other channel, and everything else, stayed as chosen.
    expect(await settingsOf(token)).toMatchObject({
      pushKindsDefault: false,
      timeZone: 'America/New_York',
      quietHours: { from: 22 * 60 + 30, to: 6 * 60 + 45 },
    });

    await form.getByTestId('defaults-push').click();
    await until(
      'the push channel follows the defaults',
      async () => (await settingsOf(token)).pushKindsDefault,
    );
    await until(
      'the form shows them',
      async () => (await form.locator('th[data-channel="push"]').getAttribute('data-default')) === 'true',
    );
    expect(await ticked('push')).toEqual(PUSH_DEFAULT);
    const stored = await settingsOf(token);
    expect(sorted(stored.pushKinds)).toEqual(PUSH_DEFAULT);
    expect(sorted(stored.pageKinds)).toEqual(EVERY_KIND);
  });

  it('show a refusal at the field it names, and turn quiet hours off', async () => {
    const form = page.getByTestId('notification-preferences');
    // The same start and end: no hours at all, which the API refuses (field quietHours).
    await form.locator('input[name="quiet-to"]').fill('22:30');
    await form.getByRole('button', { name: 'Save' }).click();
    const refusal = page.getByTestId('quiet-hours').getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('BAD_USER_INPUT');
    expect(await refusal.getByTestId('error-detail').textContent()).toContain('quietHours');
    expect((await settingsOf(token)).quietHours).toEqual({ from: 22 * 60 + 30, to: 6 * 60 + 45 });

    await form.getByLabel('Hold pushes during quiet hours').uncheck();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('preferences-saved').waitFor();
    expect(await page.getByTestId('quiet-hours').getByRole('alert').count()).toBe(0);
    expect((await settingsOf(token)).quietHours).toBeNull();
  });
});

describe('push devices', () => {
  interface Device {
    id: string;
    device: string;
    thisSession: boolean;
    lastUsedAt: string | null;
  }

  async function devicesOf(token: string): Promise<Device[]> {
    return dataOf(
      await app.gql<{ pushSubscriptions: Device[] }>(
        token,
        '{ pushSubscriptions { id device thisSession lastUsedAt } }',
      ),
    ).pushSubscriptions;
  }

  /** A device of the local push service, subscribed through the API as `token`'s session. */
  async function subscribe(token: string, userAgent: string): Promise<{ id: string; endpoint: string }> {
    const publicKey = dataOf(
      await app.gql<{ webPush: { publicKey: string } }>(null, '{ webPush { publicKey } }'),
    ).webPush.publicKey;
    const browserSide = receiver.subscribe({ applicationServerKey: publicKey });
    const answer = dataOf(
      await app.gql<{ subscribePush: { id: string } }>(
        token,
        `mutation($e: String!, $p: String!, $a: String!, $u: String) {
          subscribePush(endpoint: $e, p256dh: $p, auth: $a, userAgent: $u) { id }
        }`,
        { e: browserSide.endpoint, p: browserSide.keys.p256dh, a: browserSide.keys.auth, u: userAgent },
      ),
    );
    return { id: answer.subscribePush.id, endpoint: browserSide.endpoint };
  }

  it('lists the devices, sends them a test push, says when tests run out, and removes them', async () => {
    await signUpAfresh('reach_cleo');
    const token = await tokenOf(page);
    const here = await subscribe(token, FIREFOX_ON_LINUX);
    // The same player's phone: another session.
    const phoneSession = dataOf(
      await app.gql<{ login: { token: string } }>(
        null,
        'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
        { u: 'reach_cleo', p: PASSWORD },
      ),
    ).login.token;
    const phone = await subscribe(phoneSession, CHROME_ON_ANDROID);

    await openAccount();
    const devices = page.getByTestId('push-devices');
    const rows = devices.getByTestId('push-device');
    await until('both devices are listed', async () => (await rows.count()) === 2);
    const mine = devices.locator(`[data-device-id="${here.id}"]`);
    expect(await mine.getAttribute('data-this-device')).toBe('true');
    expect(await mine.textContent()).toMatch(/^Firefox on Linux \(this device\)added .*last push never/);
    expect(await devices.locator(`[data-device-id="${phone.id}"]`).textContent()).toMatch(
      /^Chrome on Android.*last push never/,
    );
    expect(await page.getByTestId('device-subscribed').textContent()).toBe('This device gets notifications.');

    // A test push reaches both, decrypted by the push service with each device's own keys.
    await devices.getByTestId('test-push').click();
    expect(await page.getByTestId('test-push-sent').textContent()).toBe('Sent to 2 devices.');
    for (const endpoint of [here.endpoint, phone.endpoint]) {
      const message = await receiver.waitFor((received) => received.endpoint === endpoint, 15_000);
      expect(message.json).toMatchObject({ v: 1, kind: 'TEST', url: '/' });
    }
    await until('the push is recorded as used', async () =>
      (await devicesOf(token)).every((device) => device.lastUsedAt !== null),
    );
    await devices.getByRole('button', { name: 'Refresh' }).click();
    await until('the page shows when the last push went', async () =>
      /last push (?!never)/.test((await mine.textContent()) ?? ''),
    );

    await devices.getByRole('button', { name: 'Remove: Chrome on Android' }).click();
    await until('one device is left', async () => (await rows.count()) === 1);
    expect((await devicesOf(token)).map((device) => device.id)).toEqual([here.id]);

    // Five tests every ten minutes: four more go out, the sixth is refused, and the page says so.
    for (let sent = 2; sent <= 5; sent++) {
      const before = receiver.messages.filter((message) => message.endpoint === here.endpoint).length;
      await devices.getByTestId('test-push').click();
      await receiver.waitFor(
        (message) =>
          message.endpoint === here.endpoint &&
          receiver.messages.filter((other) => other.endpoint === here.endpoint).length > before,
        15_000,
      );
    }
    await devices.getByTestId('test-push').click();
    const refusal = devices.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-code')).toBe('RATE_LIMITED');
    expect(await refusal.getByTestId('error-text').textContent()).toBe(
      'Too many attempts: wait a minute and try again.',
    );

    await devices.getByRole('button', { name: 'Remove: Firefox on Linux' }).click();
    await page.getByTestId('no-push-devices').waitFor();
    expect(await devicesOf(token)).toEqual([]);
    expect(await page.getByTestId('device-subscribed').count()).toBe(0);
  });

  it('says so when this browser cannot subscribe, and the page goes on', async () => {
    // Allowed, so the browser gets as far as its push service, which Debian's Chromium lacks.
    await context.grantPermissions(['notifications'], { origin: app.url });
    const token = await tokenOf(page);
    await page.getByTestId('subscribe-device').click();
    const problem = page.getByTestId('device-problem');
    await problem.waitFor();
    expect(await problem.getAttribute('data-problem')).toBe('subscribeFailed');
    expect(await problem.getByTestId('error-text').textContent()).toContain(
      'The browser could not sign up with its push service.',
    );
    // What the browser said is shown under it.
    expect(await problem.getByTestId('error-detail').textContent()).toMatch(/^The browser said: \w+/);
    expect(await devicesOf(token)).toEqual([]);
    // The page still works: the preferences still save.
    await page.getByTestId('notification-preferences').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('preferences-saved').waitFor();

    // Notifications blocked for the site: the page says where to allow them.
    await context.clearPermissions();
    const blocked = await browser.newContext({ viewport: { width: 375, height: 740 } });
    try {
      const heard = await watchPageProblems(blocked);
      const tab = await blocked.newPage();
      tab.setDefaultTimeout(10_000);
      await tab.addInitScript(() => {
        // The browser's question answered "Block" (a headless browser asks no one).
        const globals = globalThis as unknown as { Notification: { requestPermission(): Promise<string> } };
        globals.Notification.requestPermission = () => Promise.resolve('denied');
      });
      await signUpInUi(tab, app.url, 'reach_dora', PASSWORD);
      await tab.goto(`${app.url}/account`);
      await tab.getByTestId('subscribe-device').click();
      const denied = tab.getByTestId('device-problem');
      await denied.waitFor();
      expect(await denied.getAttribute('data-problem')).toBe('denied');
      expect(await denied.getByTestId('error-text').textContent()).toMatch(/^Notifications are blocked/);
      expect(heard).toEqual([]);
    } finally {
      await blocked.close();
    }
  });
});

describe('the in-page notification of my turn', () => {
  /** A game `creator` starts from CREATOR_TO_MOVE against `opponent`: the creator's turn once it is accepted. */
  async function gameAwaiting(creator: string, opponent: { name: string; token: string }): Promise<string> {
    const created = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        creator,
        'mutation($input: CreateGameInput!) { createGame(input: $input) { id } }',
        { input: { preset: 'CLASSIC', position: CREATOR_TO_MOVE, opponent: opponent.name } },
      ),
    ).createGame;
    expect((await joinGame(app, opponent.token, created.id)).status).toBe('ACTIVE');
    return created.id;
  }

  /** The count attention.ts shows (`<html data-awaiting>`), once it is `count`. */
  async function awaiting(tab: Page, count: number): Promise<void> {
    await tab.locator(`html[data-awaiting="${count}"]`).waitFor({ state: 'attached' });
  }

  /** Signs `username` up in `tab` and switches the bar's "Notify me when it is my turn" on. */
  async function signUpNotifying(tab: Page, username: string): Promise<string> {
    await signUpInUi(tab, app.url, username, PASSWORD);
    await openBarMenu(tab);
    await tab.getByTestId('settings-menu').locator('summary').click();
    await tab.getByTestId('notify').check();
    await until('notifications are on', () => tab.getByTestId('notify').isChecked());
    await awaiting(tab, 0);
    return tokenOf(tab);
  }

  it('is shown only while YOUR_TURN is among the page’s kinds', async () => {
    const notifying = await browser.newContext({ viewport: { width: 375, height: 740 } });
    try {
      const heard = await watchPageProblems(notifying);
      await notifying.grantPermissions(['notifications']);
      // The operating system's notifications are the edge of the world: the page's are recorded, and the page is
      // told it is in the background (as web-client.e2e.test.ts does).
      await notifying.addInitScript(() => {
        const globals = globalThis as unknown as {
          Notification: { requestPermission(): Promise<string> };
          shown: { title: string; body: string }[];
          document: object;
        };
        globals.shown = [];
        const Real = globals.Notification;
        const ask = Real.requestPermission.bind(Real);
        class Recorded {
          static get permission(): string {
            return 'granted';
          }
          static requestPermission(): Promise<string> {
            return ask();
          }
          constructor(title: string, options: { body: string }) {
            globals.shown.push({ title, body: options.body });
          }
        }
        globals.Notification = Recorded as unknown as typeof globals.Notification;
        Object.defineProperty(globals.document, 'hidden', { get: () => true });
      });
      const tab = await notifying.newPage();
      tab.setDefaultTimeout(15_000);
      const shown = () =>
        tab.evaluate(() => (globalThis as unknown as { shown: { title: string; body: string }[] }).shown);
      const token = await signUpNotifying(tab, 'reach_eve');
      const finn = { name: 'reach_finn', token: await register(app, 'reach_finn') };

      // Everything in the page but "your turn".
      dataOf(
        await app.gql(
          token,
          'mutation($k: [PlayerEventKind!]) { updateNotificationSettings(pageKinds: $k) { pageKinds } }',
          {
            k: ['REMINDER', 'CHALLENGE_RECEIVED', 'GAME_STARTED', 'GAME_OVER'],
          },
        ),
      );
      await gameAwaiting(token, finn);
      // The count that would have notified has been read and shown, and nothing was shown for it.
      await awaiting(tab, 1);
      expect(await shown()).toEqual([]);

      // Back to the defaults: every kind, "your turn" with them.
      dataOf(await app.gql(token, 'mutation { updateNotificationSettings(pageKinds: null) { pageKinds } }'));
      await gameAwaiting(token, finn);
      await awaiting(tab, 2);
      expect(await shown()).toEqual([{ title: 'Your turn', body: '2 games await your move.' }]);
      expect(heard).toEqual([]);
    } finally {
      await notifying.close();
    }
  });

  it('is shown by the service worker where the page cannot make notifications (Android’s Chrome)', async () => {
    const android = await browser.newContext({ viewport: { width: 375, height: 740 } });
    try {
      const heard = await watchPageProblems(android);
      await android.grantPermissions(['notifications'], { origin: app.url });
      // As Android's Chrome: a page may ask for permission, but constructing a Notification throws.
      await android.addInitScript(() => {
        const globals = globalThis as unknown as {
          Notification: { requestPermission(): Promise<string>; permission: string };
          constructed: number;
          document: object;
        };
        globals.constructed = 0;
        const Real = globals.Notification;
        class PageLess {
          static get permission(): string {
            return Real.permission;
          }
          static requestPermission(): Promise<string> {
            return Real.requestPermission();
          }
          constructor() {
            globals.constructed += 1;
            throw new TypeError(
              "Failed to construct 'Notification': Illegal constructor. Use ServiceWorkerRegistration.showNotification() instead.",
            );
          }
        }
        globals.Notification = PageLess as unknown as typeof globals.Notification;
        Object.defineProperty(globals.document, 'hidden', { get: () => true });
      });
      const tab = await android.newPage();
      tab.setDefaultTimeout(15_000);
      const token = await signUpNotifying(tab, 'reach_gus');
      const hana = { name: 'reach_hana', token: await register(app, 'reach_hana') };
      await gameAwaiting(token, hana);
      await awaiting(tab, 1);

      interface Shown {
        title: string;
        body: string;
        tag: string;
        url: unknown;
      }
      const read = () =>
        tab.evaluate(async () => {
          const { serviceWorker } = (
            globalThis as unknown as {
              navigator: {
                serviceWorker: {
                  ready: Promise<{
                    getNotifications(filter: {
                      tag: string;
                    }): Promise<
                      { title: string; body: string; tag: string; data: { url?: unknown } | null }[]
                    >;
                  }>;
                };
              };
            }
          ).navigator;
          const registration = await serviceWorker.ready;
          const notifications = await registration.getNotifications({ tag: 'malice-turn' });
          return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
        });
      let notifications: Shown[] = [];
      await until(
        'the worker showed the notification',
        async () => (notifications = await read()).length > 0,
      );
      expect(notifications).toEqual([
        { title: 'Your turn', body: '1 game awaits your move.', tag: 'malice-turn', url: '/' },
      ]);
      expect(await tab.evaluate(() => (globalThis as unknown as { constructed: number }).constructed)).toBe(
        1,
      );
      expect(heard).toEqual([]);
    } finally {
      await android.close();
    }
  });
});
