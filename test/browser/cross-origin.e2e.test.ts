/**
 * A web page on another origin plays (docs/api/endpoints-and-auth.md#browsers): served from its own server on
 * another host and port, it sends moves with its token in the `Authorization` header (so every POST is
 * preflighted) and subscribes to the game over graphql-ws, in a real Chromium
 * (test/browser/support/browser.ts). The opponent plays from outside the page; the page sees the game move on
 * to its last version, without a CSP violation or a page error.
 */
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { TestApp, dataOf, register, startTestApp } from '../support/service/app';
import { chooseMove, createGame, joinGame, makeMove, readGame } from '../support/service/play';
import { until } from '../support/service/outage';
import { launchBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';

/**
 * The page's own code: a GraphQL call over fetch and a graphql-ws subscription in the protocol's own messages,
 * as a client without a library would write them. What it saw is kept on `window.seen` for the test to read.
 */
const PAGE_SCRIPT = `
const api = new URL(location.href).searchParams.get('api');
window.seen = { versions: [], errors: [], acknowledged: false };
window.gql = async (token, query, variables) => {
  const response = await fetch(api + '/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
};
window.watch = (token, gameId) => {
  const socket = new WebSocket(api.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
  socket.onopen = () =>
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'Bearer ' + token } }));
  socket.onerror = () => window.seen.errors.push('socket error');
  socket.onclose = (event) => window.seen.errors.push('closed ' + event.code);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    if (message.type === 'connection_ack') {
      window.seen.acknowledged = true;
      socket.send(JSON.stringify({
        id: 'game', type: 'subscribe',
        payload: { query: 'subscription($g: ID!) { gameUpdated(gameId: $g) { version status } }', variables: { g: gameId } },
      }));
    }
    if (message.type === 'next') window.seen.versions.push(message.payload.data.gameUpdated.version);
    if (message.type === 'error') window.seen.errors.push(JSON.stringify(message.payload));
  };
};
`;

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Another origin</title>
<script src="/page.js"></script></head><body>a page of another origin</body></html>`;

interface Seen {
  versions: number[];
  errors: string[];
  acknowledged: boolean;
}

interface GqlAnswer {
  status: number;
  body: { data?: { makeMove: { game: { version: number } } }; errors?: unknown };
}

/**
 * What PAGE_SCRIPT puts on the page's global object (the test's tsconfig has no DOM types). The functions given
 * to `page.evaluate` run in the page, so each names `globalThis` itself: they cannot call a helper of this file.
 */
interface PageGlobals {
  seen: Seen;
  location: { origin: string };
  watch(token: string, gameId: string): void;
  gql(token: string, query: string, variables: object): Promise<GqlAnswer>;
}

let app: TestApp;
let pages: Server;
let pageOrigin: string;
let browser: Browser;
let page: Page;
/** CSP violations and page errors on the page (test/browser/support/page-problems.ts). */
let problems: string[];

beforeAll(async () => {
  app = await startTestApp();
  pages = createServer((request, response) => {
    const script = request.url === '/page.js';
    response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8' });
    response.end(script ? PAGE_SCRIPT : PAGE_HTML);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  // Another host name and another port than the API's 127.0.0.1: another origin by both.
  pageOrigin = `http://localhost:${(pages.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  const context = await browser.newContext();
  problems = await watchPageProblems(context);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => pages?.close(resolve));
  await app?.stop();
});

it('a page on another origin plays moves over fetch and follows the game over graphql-ws', async () => {
  const apiUrl = app.url.replace('localhost', '127.0.0.1');
  expect(new URL(apiUrl).origin).not.toBe(pageOrigin);
  const ann = await register(app, 'page_ann');
  const bob = await register(app, 'page_bob');
  const created = await createGame(app, ann, { preset: 'CLASSIC' });
  await joinGame(app, bob, created.id);
  const seat = { [ann]: 0, [bob]: 1 } as Record<string, number>;

  await page.goto(`${pageOrigin}/?api=${encodeURIComponent(apiUrl)}`);
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).location.origin)).toBe(pageOrigin);
  await page.evaluate(([token, gameId]) => (globalThis as unknown as PageGlobals).watch(token, gameId), [
    ann,
    created.id,
  ] as const);
  const seen = (): Promise<Seen> => page.evaluate(() => (globalThis as unknown as PageGlobals).seen);
  await until('the page’s subscription answers', async () => (await seen()).versions.length > 0, 20_000);

  // Ann moves from the page, Bob from outside it, until each has ended a turn at least twice.
  let pageMoves = 0;
  let turnsEnded = 0;
  let game = await readGame(app, ann, created.id);
  while (turnsEnded < 4 && game.status === 'ACTIVE') {
    const mover = game.currentSeat === seat[ann] ? ann : bob;
    const mine = await readGame(app, mover, created.id);
    const move = chooseMove(mine.legalMoves ?? []);
    if (mover === ann) {
      const answer = await page.evaluate(
        ([token, gameId, text, version]) =>
          (globalThis as unknown as PageGlobals).gql(
            token,
            'mutation($g: ID!, $m: String!, $v: Int) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { version } } }',
            { g: gameId, m: text, v: version },
          ),
        [ann, created.id, move, mine.version] as const,
      );
      expect({ status: answer.status, errors: answer.body.errors }).toEqual({
        status: 200,
        errors: undefined,
      });
      expect(answer.body.data!.makeMove.game.version).toBeGreaterThan(mine.version);
      pageMoves++;
    } else {
      dataOf(await makeMove(app, bob, created.id, move, mine.version));
    }
    const before = game.currentSeat;
    game = await readGame(app, ann, created.id);
    if (game.currentSeat !== before) turnsEnded++;
  }
  expect(pageMoves).toBeGreaterThan(0);

  // The versions reached the page in order (pushes may skip one that was overtaken), up to the last.
  await until(
    `the page saw version ${game.version}`,
    async () => (await seen()).versions.includes(game.version),
    20_000,
  );
  const { versions, errors, acknowledged } = await seen();
  expect(acknowledged).toBe(true);
  expect(errors).toEqual([]);
  // Never backwards; two pushes may show the same version when one was built after the next change
  // (docs/api/subscriptions-and-streams.md#gameupdated: "two pushes can show the same game").
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  expect(versions[versions.length - 1]).toBe(game.version);
  expect(problems).toEqual([]);
});
