/**
 * The installable app and its service worker (docs/web.md "Installable app and push"), in a real Chromium
 * (test/browser/support/browser.ts): the manifest and /sw.js served with their content types, /sw.js revalidated
 * every time; the page registers the worker at start; a push delivered through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`, which needs no push subscription: the worker gets the push event as from a
 * push service; its completion is seen through the protocol's BackgroundService domain) shows as a notification
 * with the payload's title, body, tag and url (web/src/push-payload.ts), a later push with the same tag replacing
 * it; a payload that cannot be read shows the generic notification pointing at "/"; a click on a notification
 * focuses the window already at its url, else takes another window of the site there, else opens one.
 */
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { TestApp, startTestApp } from '../support/service/app';
import { until } from '../support/service/outage';
import { FALLBACK_PUSH, parsePushPayload, type PushPayload } from '../../web/src/push-payload';
import { clickTarget } from '../../web/src/worker/click-target';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';

const GAME = '0b7d3c1e-5f7a-4c1b-9d59-7d0e5a2b8c41';
const OTHER_GAME = '5e2f9a40-6c3b-4d8e-a1f7-3b9c0d2e4f65';

const YOUR_TURN: PushPayload = {
  v: 1,
  kind: 'YOUR_TURN',
  title: 'Your turn',
  body: 'push_bob moved: the game awaits you.',
  url: `/games/${GAME}`,
  tag: `game:${GAME}`,
  gameId: GAME,
};

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let worker: Worker;
let registrationId: string;
/**
 * The status of each push event the worker completed ("Success" once the promise it extended the event with
 * resolved), as the DevTools protocol's BackgroundService domain records them.
 */
const completedPushes: string[] = [];
/** CSP violations and page errors (page-problems.ts). */
let problems: string[] = [];

/** A notification as the page reads it back (`registration.getNotifications()`). */
interface Shown {
  title: string;
  body: string;
  tag: string;
  url: unknown;
  icon: string;
  badge: string;
  renotify: boolean;
}

/** What the test reads of the page's global object (the test's tsconfig has no DOM types). */
interface PageGlobals {
  navigator: {
    serviceWorker: {
      ready: Promise<{
        scope: string;
        active: { state: string; addEventListener(type: 'statechange', listener: () => void): void } | null;
        getNotifications(): Promise<
          (Omit<Shown, 'url'> & { data: { url?: unknown } | null; close(): void })[]
        >;
      }>;
      controller: object | null;
    };
  };
}

function shownNotifications(): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      url: notification.data?.url,
      icon: notification.icon,
      badge: notification.badge,
      renotify: notification.renotify,
    }));
  });
}

async function closeNotifications(): Promise<void> {
  await page.evaluate(async () => {
    const registration = await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready;
    for (const notification of await registration.getNotifications()) notification.close();
  });
  await until('no notification is shown', async () => (await shownNotifications()).length === 0, 10_000);
}

/**
 * Delivers `data` to the worker as a push message through the DevTools protocol, and waits until the worker has
 * handled it: its push event completed, so the notification it showed is displayed. The notifications are read
 * only then, never while one is being shown: polled with `getNotifications()` while the worker was showing one,
 * this Chromium now and then never listed it (about one run in six, before this wait).
 */
async function push(data: string): Promise<void> {
  const before = completedPushes.length;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.url, registrationId, data });
  await until('the worker handled the push', () => completedPushes.length > before, 10_000);
  expect(completedPushes.slice(before)).toEqual(['Success']);
}

/** What the click handler did: each call it made on a window or on `clients`, in order. */
interface Clicked {
  calls: string[][];
  /** Promises the handler extended the event with. */
  extended: number;
  /** Whether the notification was closed. */
  closed: boolean;
}

/** What the test reads and replaces of the worker's global object. */
interface WorkerGlobals {
  registration: { getNotifications(filter: { tag: string }): Promise<object[]> };
  NotificationEvent: new (type: string, init: { notification: object }) => object;
  WindowClient: { prototype: WindowClientLike };
  Clients: { prototype: { openWindow(url: string): Promise<unknown> } };
  dispatchEvent(event: object): boolean;
}
interface WindowClientLike {
  readonly url: string;
  focus(this: WindowClientLike): Promise<unknown>;
  navigate(this: WindowClientLike, url: string): Promise<unknown>;
}

/**
 * Clicks the notification tagged `tag`, in the worker: a `notificationclick` event dispatched to its own handler.
 * Focusing or opening a window is allowed only while the browser handles a person's click on a notification the
 * operating system shows, which no protocol makes: at that edge the worker's `focus` and `openWindow` calls are
 * recorded instead. Navigation is real. A synthetic event may not be extended (`waitUntil` refuses an event the
 * browser did not make), so the test collects the handler's promises itself and waits for them.
 */
function clickNotification(tag: string): Promise<Clicked> {
  return worker.evaluate(async (wanted) => {
    const globals = globalThis as unknown as WorkerGlobals;
    const [notification] = await globals.registration.getNotifications({ tag: wanted });
    if (notification === undefined) throw new Error(`no notification tagged ${wanted}`);
    const calls: string[][] = [];
    const windows = globals.WindowClient.prototype;
    const clients = globals.Clients.prototype;
    const { focus, navigate } = windows;
    const { openWindow } = clients;
    windows.focus = function () {
      calls.push(['focus', this.url]);
      return Promise.resolve(this);
    };
    windows.navigate = function (url) {
      calls.push(['navigate', this.url, url]);
      return navigate.call(this, url);
    };
    clients.openWindow = (url) => {
      calls.push(['open', url]);
      return Promise.resolve(null);
    };
    try {
      const event = new globals.NotificationEvent('notificationclick', { notification });
      const extended: Promise<unknown>[] = [];
      Object.defineProperty(event, 'waitUntil', {
        value: (promise: Promise<unknown>) => extended.push(promise),
      });
      globals.dispatchEvent(event);
      await Promise.all(extended);
      const left = await globals.registration.getNotifications({ tag: wanted });
      return { calls, extended: extended.length, closed: left.length === 0 };
    } finally {
      windows.focus = focus;
      windows.navigate = navigate;
      clients.openWindow = openWindow;
    }
  }, tag);
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  await context.grantPermissions(['notifications'], { origin: app.url });
  problems = await watchPageProblems(context);
  page = await context.newPage();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(() => {
  expect(problems).toEqual([]);
});

describe('how the app is served', () => {
  it('links the manifest from the page and serves it, with its icons, as what they are', async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const response = await fetch(`${app.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json\b/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Malice',
      short_name: 'Malice',
      display: 'standalone',
      start_url: '/',
      scope: '/',
      // --accent and --bg of web/src/style.css.
      theme_color: '#8e2a22',
      background_color: '#f6f5f1',
    });
    const sizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.type === 'image/svg+xml')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(`${app.url}${icon.src}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')?.split(';')[0]).toBe(icon.type);
      if (icon.type !== 'image/png') continue;
      // A PNG's size is in its IHDR chunk: width and height from byte 16.
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  it('serves /sw.js as JavaScript, revalidated every time (so a new version is picked up), compressed too', async () => {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const response = await fetch(`${app.url}/sw.js`, { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^(application|text)\/javascript\b/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      // No fetch handler, nor anything else that could answer a request from a cache.
      const source = await response.text();
      expect(source).toContain('notificationclick');
      expect(source).not.toMatch(/\bfetch\b|\bcaches\b/);
    }
  });
});

describe('the service worker', () => {
  beforeAll(async () => {
    await page.goto(`${app.url}/`);
    const registered = await page.evaluate(async () => {
      const registration = await (globalThis as unknown as PageGlobals).navigator.serviceWorker.ready;
      const active = registration.active!;
      if (active.state !== 'activated') {
        await new Promise<void>((resolve) =>
          active.addEventListener('statechange', () => {
            if (active.state === 'activated') resolve();
          }),
        );
      }
      return { scope: registration.scope, state: active.state };
    });
    expect(registered).toEqual({ scope: `${app.url}/`, state: 'activated' });
    // It took the page that registered it (clients.claim): only a window it controls can be navigated.
    await until(
      'the worker controls the page',
      () =>
        page.evaluate(
          () => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null,
        ),
      10_000,
    );
    worker = context.serviceWorkers().find((candidate) => candidate.url() === `${app.url}/sw.js`)!;
    expect(worker).toBeDefined();

    cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
      if (event.service !== 'pushMessaging' || event.eventName !== 'Push event completed') return;
      completedPushes.push(event.eventMetadata.find((entry) => entry.key === 'Status')?.value ?? '');
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
    await cdp.send('BackgroundService.setRecording', { service: 'pushMessaging', shouldRecord: true });
    await until(
      'the protocol lists the registration',
      () => registrations.some((entry) => entry.scopeURL === `${app.url}/` && !entry.isDeleted),
      10_000,
    );
    registrationId = registrations.find((entry) => entry.scopeURL === `${app.url}/`)!.registrationId;
  }, 60_000);

  it('shows a push as its notification, and a later push with the same tag replaces it', async () => {
    await push(JSON.stringify(YOUR_TURN));
    expect(await shownNotifications()).toEqual([
      {
        title: 'Your turn',
        body: 'push_bob moved: the game awaits you.',
        tag: `game:${GAME}`,
        url: `/games/${GAME}`,
        icon: `${app.url}/icon-192.png`,
        badge: `${app.url}/badge-96.png`,
        renotify: true,
      },
    ]);

    await push(JSON.stringify({ ...YOUR_TURN, kind: 'REMINDER', title: 'Reminder', body: 'One hour left.' }));
    const replaced = await shownNotifications();
    expect(replaced.map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([
      { title: 'Reminder', body: 'One hour left.', tag: `game:${GAME}` },
    ]);

    // Another game's push is a notification of its own.
    await push(JSON.stringify({ ...YOUR_TURN, url: `/games/${OTHER_GAME}`, tag: `game:${OTHER_GAME}` }));
    expect((await shownNotifications()).map((shown) => shown.tag).sort()).toEqual(
      [`game:${GAME}`, `game:${OTHER_GAME}`].sort(),
    );
  });

  it('shows the generic notification, pointing at "/", for a payload it cannot read', async () => {
    const unreadable = [
      'not json',
      '',
      JSON.stringify({ ...YOUR_TURN, v: 2 }),
      JSON.stringify({ ...YOUR_TURN, kind: 'SOMETHING_ELSE' }),
      JSON.stringify({ ...YOUR_TURN, title: 42 }),
      JSON.stringify({ ...YOUR_TURN, url: 'https://elsewhere.example/games/1' }),
      JSON.stringify({ ...YOUR_TURN, url: '//elsewhere.example/games/1' }),
      JSON.stringify({ ...YOUR_TURN, url: '/\\elsewhere.example/games/1' }),
      JSON.stringify({ ...YOUR_TURN, url: 'games/1' }),
    ];
    for (const data of unreadable) {
      await closeNotifications();
      await push(data);
      expect(await shownNotifications()).toEqual([
        {
          title: 'Malice: something happened',
          body: '',
          tag: 'malice',
          url: '/',
          icon: `${app.url}/icon-192.png`,
          badge: `${app.url}/badge-96.png`,
          renotify: true,
        },
      ]);
    }
  });

  it('takes a window of the site to the url when none is there, focusing it; closes the notification', async () => {
    await closeNotifications();
    expect(page.url()).toBe(`${app.url}/`);
    await push(JSON.stringify(YOUR_TURN));
    expect(await shownNotifications()).toHaveLength(1);
    const clicked = await clickNotification(YOUR_TURN.tag);
    expect(clicked).toEqual({
      calls: [
        ['focus', `${app.url}/`],
        ['navigate', `${app.url}/`, `${app.url}/games/${GAME}`],
      ],
      extended: 1,
      closed: true,
    });
    await page.waitForURL(`${app.url}/games/${GAME}`);
  });

  it('focuses the window already at the url, and navigates none', async () => {
    // A second window, opened after the first, at the home page: the first is the one at the game.
    const home = await context.newPage();
    try {
      await home.goto(`${app.url}/`);
      await push(JSON.stringify(YOUR_TURN));
      expect(await shownNotifications()).toHaveLength(1);
      expect(await clickNotification(YOUR_TURN.tag)).toEqual({
        calls: [['focus', `${app.url}/games/${GAME}`]],
        extended: 1,
        closed: true,
      });
      expect(page.url()).toBe(`${app.url}/games/${GAME}`);
      expect(home.url()).toBe(`${app.url}/`);
    } finally {
      await home.close();
    }
  });

  it('opens a window when no window of the site is open; the generic notification opens "/"', async () => {
    await push('not json');
    expect(await shownNotifications()).toHaveLength(1);
    // The page leaves the site: no window of its origin is left.
    await page.goto('about:blank');
    expect(await clickNotification(FALLBACK_PUSH.tag)).toEqual({
      calls: [['open', `${app.url}/`]],
      extended: 1,
      closed: true,
    });
  });
});

describe('the worker’s pure parts', () => {
  const ORIGIN = 'https://malice.example';

  it('reads a version-1 payload and nothing else', () => {
    expect(parsePushPayload(JSON.stringify(YOUR_TURN), ORIGIN)).toEqual(YOUR_TURN);
    expect(parsePushPayload(JSON.stringify({ ...YOUR_TURN, gameId: null }), ORIGIN)).toEqual({
      ...YOUR_TURN,
      gameId: null,
    });
    for (const broken of [
      null,
      '[]',
      'null',
      JSON.stringify({ ...YOUR_TURN, tag: '' }),
      JSON.stringify({ ...YOUR_TURN, gameId: 7 }),
      JSON.stringify({ ...YOUR_TURN, body: undefined }),
      JSON.stringify({ ...YOUR_TURN, url: 'javascript:alert(1)' }),
    ]) {
      expect(parsePushPayload(broken, ORIGIN)).toBeNull();
    }
  });

  it('prefers the window at the url (its fragment aside), then the most recently focused, then a new one', () => {
    const at = (path: string) => ({ url: `${ORIGIN}${path}` });
    const home = at('/');
    const game = at(`/games/${GAME}#moves`);
    const href = `${ORIGIN}/games/${GAME}`;
    expect(clickTarget(href, [home, game])).toEqual({ action: 'focus', client: game });
    expect(clickTarget(href, [home, at('/players/ann')])).toEqual({ action: 'navigate', client: home });
    expect(clickTarget(href, [])).toEqual({ action: 'open' });
  });
});
