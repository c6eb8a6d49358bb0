/**
 * Replay, export and fairness through the API (docs/api/exports-and-verification.md#exports), against the
 * compiled server and real Postgres:
 *
 * - a finished game exported as JSON and NDJSON, over GraphQL and HTTP, is one document; replayed with the
 *   engine from its revealed seed it reproduces the result, and the position after every ply is `positionAfter`;
 * - a running game's export has no seed, no start position and no hidden card (computed with the engine from
 *   the seed fixed at creation), whoever asks; `positionAfter` refuses it;
 * - the HTTP endpoints answer refusals as `{ "error": { code, message } }` with a matching status, and stream a
 *   player's games as NDJSON through every page of the games list, with the GamesFilter parameters;
 * - `verifyGame` passes a finished game and fails a tampered log or a changed seed, and so does the standalone
 *   checker run on the export.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import {
  GameEvent,
  GameResult,
  formatCard,
  formatPosition,
  newDeal,
  optionsFor,
  replay,
  setup,
  stateHash,
} from '../../../src/engine';
import { GraphQLBody, TestApp, codeOf, dataOf, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';
import {
  MoveRecordData,
  createGame,
  eventsOf,
  findSeed,
  joinGame,
  playGame,
  readGame,
  statesByVersion,
  apiName,
} from '../../support/service/play';
import { commitmentOf } from '../../support/commitment';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CHECKER = path.join(ROOT, 'scripts', 'verify-export.ts');

/** The export document as this test reads it: written out here, not imported from the code under test. */
interface ExportDoc {
  format: string;
  id: string;
  preset: string;
  options: ReturnType<typeof optionsFor>;
  seats: number;
  rated: boolean;
  rulesVersion: string;
  seedCommitment: string;
  seed: string | null;
  startPosition: string | null;
  dealChosen: boolean;
  players: {
    seat: number;
    username: string;
    clientSeed: string | null;
    clientSeedSource: string | null;
    outcome: string | null;
    placement: number | null;
    score: number | null;
    ratingBefore: number | null;
    ratingAfter: number | null;
  }[];
  status: string;
  result: GameResult | null;
  version: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  events: { seq: number; seat: number; type: string; payload: GameEvent; createdAt: string }[];
}

let app: TestApp;
let names = 0;
let dir: string;

function uniqueName(prefix: string): string {
  names += 1;
  return `${prefix}${names}_${process.pid % 10000}`;
}

beforeAll(async () => {
  app = await startTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-export-'));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// -----------------------------------------------------------------------------------------------------------
// Helpers: the export through GraphQL and HTTP, read back by hand
// -----------------------------------------------------------------------------------------------------------

async function exportGraphQL(
  token: string | null,
  gameId: string,
  format?: 'JSON' | 'NDJSON',
): Promise<string> {
  const body = await app.gql<{ exportGame: unknown }>(
    token,
    format === undefined
      ? 'query($g: ID!) { exportGame(id: $g) }'
      : 'query($g: ID!, $f: ExportFormat) { exportGame(id: $g, format: $f) }',
    format === undefined ? { g: gameId } : { g: gameId, f: format },
  );
  const answer = dataOf(body).exportGame;
  // JSON answers the document as an object (the JSON scalar), NDJSON its text; either as the text to compare.
  if (format === 'NDJSON') {
    expect(typeof answer).toBe('string');
    return answer as string;
  }
  expect(answer).toEqual(expect.objectContaining({ format: 'malice-game/1' }));
  return JSON.stringify(answer);
}

function get(pathAndQuery: string, token: string | null = null): Promise<Response> {
  return fetch(`${app.url}${pathAndQuery}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

/** NDJSON as the format says: a "kind":"game" header, then "kind":"event" lines; back into one document. */
function fromNdjson(text: string): ExportDoc {
  expect(text.endsWith('\n')).toBe(true);
  const lines = text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const [header, ...events] = lines;
  expect(header?.kind).toBe('game');
  expect(events.every((event) => event.kind === 'event')).toBe(true);
  const { kind: _kind, ...rest } = header!;
  return {
    ...(rest as Omit<ExportDoc, 'events'>),
    events: events.map(({ kind: _eventKind, ...event }) => event as ExportDoc['events'][number]),
  };
}

/** The public move history as the export's events should show it. */
function asMoves(doc: ExportDoc): MoveRecordData[] {
  return doc.events.map((event) => {
    const payload = event.payload as GameEvent & { move?: string; card?: string; slot?: number };
    return {
      seq: event.seq,
      seat: event.seat,
      // The export keeps the engine's names (`played`), the API spells them in upper snake case (`PLAYED`).
      type: apiName(event.type) as MoveRecordData['type'],
      move: event.type === 'passed' ? 'pass' : (payload.move ?? null),
      card: payload.card ?? null,
      slot: payload.slot ?? null,
    };
  });
}

function runChecker(name: string, text: string): { status: number | null; stdout: string } {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  const run = spawnSync(process.execPath, [TSX, CHECKER, file], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout };
}

async function players(): Promise<[string, string, string, string]> {
  const first = uniqueName('ann');
  const second = uniqueName('ben');
  return [first, second, await register(app, first), await register(app, second)];
}

const CLASSIC_SEED = findSeed('classic', 2, 'export-e2e', 30, 150);

// -----------------------------------------------------------------------------------------------------------

describe('a finished game', () => {
  let gameId: string;
  let usernames: [string, string];
  let moves: MoveRecordData[];
  let json: ExportDoc;

  beforeAll(async () => {
    const [first, second, alice, bob] = await players();
    usernames = [first, second];
    const created = await createGame(app, alice, { preset: 'CLASSIC', seed: CLASSIC_SEED });
    gameId = created.id;
    await joinGame(app, bob, gameId);
    const finished = await playGame(app, [alice, bob], gameId);
    expect(finished.status).toBe('FINISHED');
    moves = (await readGame(app, null, gameId, true)).moves!;
  });

  it('exports one document as JSON and NDJSON, over GraphQL (default JSON) and HTTP', async () => {
    const graphqlDefault = await exportGraphQL(null, gameId);
    const graphqlJson = await exportGraphQL(null, gameId, 'JSON');
    const graphqlNdjson = await exportGraphQL(null, gameId, 'NDJSON');
    expect(graphqlDefault).toBe(graphqlJson);
    // An explicit null is the default too.
    const withNull = await app.gql<{ exportGame: unknown }>(
      null,
      'query($g: ID!, $f: ExportFormat) { exportGame(id: $g, format: $f) }',
      { g: gameId, f: null },
    );
    expect(JSON.stringify(dataOf(withNull).exportGame)).toBe(graphqlJson);

    const httpJson = await get(`/api/games/${gameId}/export`);
    expect(httpJson.status).toBe(200);
    expect(httpJson.headers.get('content-type')).toMatch(/^application\/json/);
    const httpJsonText = await httpJson.text();
    const explicit = await get(`/api/games/${gameId}/export?format=json`);
    expect(await explicit.text()).toBe(httpJsonText);
    const httpNdjson = await get(`/api/games/${gameId}/export?format=ndjson`);
    expect(httpNdjson.status).toBe(200);
    expect(httpNdjson.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const httpNdjsonText = await httpNdjson.text();

    // The same bytes over both transports, and the same document in both formats.
    expect(httpJsonText).toBe(graphqlJson);
    expect(httpNdjsonText).toBe(graphqlNdjson);
    json = JSON.parse(graphqlJson) as ExportDoc;
    expect(fromNdjson(graphqlNdjson)).toEqual(json);
  });

  it('holds the game as the API shows it: seed, result, players, every move', async () => {
    const body = await app.gql<{ game: Record<string, unknown> }>(
      null,
      `query($g: ID!) { game(id: $g) { id preset seats rated rulesVersion seedCommitment seed startPosition dealChosen
        status version createdAt startedAt finishedAt result { reason winner score ranking payoffLeft }
        players { seat clientSeed clientSeedSource outcome placement score ratingBefore ratingAfter botVersions player { username } } } }`,
      { g: gameId },
    );
    const game = dataOf(body).game as {
      players: { seat: number; player: { username: string } }[];
      result: Record<string, unknown>;
    } & Record<string, unknown>;
    expect(json).toMatchObject({
      format: 'malice-game/1',
      id: gameId,
      preset: 'CLASSIC',
      options: optionsFor('classic'),
      seats: 2,
      rated: false,
      rulesVersion: game.rulesVersion,
      seedCommitment: commitmentOf(CLASSIC_SEED),
      seed: CLASSIC_SEED,
      startPosition: null,
      dealChosen: true,
      status: 'FINISHED',
      version: moves.length,
      createdAt: game.createdAt,
      startedAt: game.startedAt,
      finishedAt: game.finishedAt,
    });
    // The export's result is the engine's (its reason in the engine's name), the API's the same in its spelling.
    expect({ ...json.result, reason: apiName(json.result!.reason as string) }).toEqual(game.result);
    expect(json.players).toEqual(
      game.players.map(({ player, ...seat }) => ({ ...seat, username: player.username })),
    );
    expect(json.players.map((player) => player.username)).toEqual(usernames);
    expect(asMoves(json)).toEqual(moves);
  });

  it('replays with the engine to the exported result, and every position is positionAfter', async () => {
    const events = json.events.map((event) => event.payload);
    const replayed = replay(json.options, newDeal(json.seed!), events, json.seats);
    expect(replayed.ok).toBe(true);
    expect(replayed.state.result).toEqual(json.result);

    // The engine's states from the seed, independently of the export (the public move history).
    const states = statesByVersion(optionsFor('classic'), CLASSIC_SEED, 2, eventsOf(moves));
    expect(stateHash(replayed.state)).toBe(stateHash(states[states.length - 1]!));

    const served: string[] = [];
    for (let from = 0; from <= json.version; from += 25) {
      const plies = [...Array(Math.min(25, json.version + 1 - from)).keys()].map((offset) => from + offset);
      const body = await app.gql<{ game: Record<string, string | null> }>(
        null,
        `query($g: ID!) { game(id: $g) { ${plies.map((ply) => `p${ply}: positionAfter(ply: ${ply})`).join(' ')} } }`,
        { g: gameId },
      );
      served.push(...plies.map((ply) => dataOf(body).game[`p${ply}`] as string));
    }
    expect(served).toEqual(states.map(formatPosition));
    expect(served).toHaveLength(json.version + 1);
  });

  it('refuses a ply out of range with BAD_USER_INPUT naming ply, and still answers the rest of the game', async () => {
    for (const ply of [-1, json.version + 1]) {
      const body = await app.gql<{ game: { id: string; positionAfter: string | null } }>(
        null,
        'query($g: ID!, $p: Int!) { game(id: $g) { id positionAfter(ply: $p) } }',
        { g: gameId, p: ply },
      );
      expect(body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'ply' });
      expect(body.data?.game).toEqual({ id: gameId, positionAfter: null });
    }
  });

  it('passes the standalone checker, downloaded over HTTP as JSON and NDJSON', async () => {
    for (const format of ['json', 'ndjson']) {
      const text = await (await get(`/api/games/${gameId}/export?format=${format}`)).text();
      const run = runChecker(`finished.${format}`, text);
      expect({ format, status: run.status, stdout: run.stdout }).toEqual({
        format,
        status: 0,
        stdout: expect.stringContaining('verified:') as string,
      });
    }
  });
});

describe('a running game', () => {
  const seed = 'export-running-1';
  let gameId: string;
  let tokens: [string, string];
  let moves: MoveRecordData[];

  beforeAll(async () => {
    const [, , alice, bob] = await players();
    tokens = [alice, bob];
    gameId = (await createGame(app, alice, { preset: 'MODERN', seed })).id;
    await joinGame(app, bob, gameId);
    const partway = await playGame(app, tokens, gameId, { maxVersion: 12 });
    expect(partway.status).toBe('ACTIVE');
    moves = (await readGame(app, null, gameId, true)).moves!;
  });

  it('exports no seed, no start position and no card a spectator cannot see, whoever asks', async () => {
    const anonymous = await exportGraphQL(null, gameId);
    // A seated player gets the spectator's export too, not their own hand.
    expect(await exportGraphQL(tokens[0], gameId)).toBe(anonymous);
    expect(await exportGraphQL(tokens[1], gameId)).toBe(anonymous);
    const ndjson = await (await get(`/api/games/${gameId}/export?format=ndjson`, tokens[0])).text();
    const doc = JSON.parse(anonymous) as ExportDoc;
    expect(fromNdjson(ndjson)).toEqual(doc);

    expect(doc.status).toBe('ACTIVE');
    expect(doc.seed).toBeNull();
    expect(doc.startPosition).toBeNull();
    expect(doc.result).toBeNull();
    expect(anonymous).not.toContain(seed);
    expect(ndjson).not.toContain(seed);
    expect(asMoves(doc)).toEqual(moves);
    expect(doc.events.map((event) => Object.keys(event.payload).sort())).toEqual(
      moves.map((move) =>
        move.type === 'PLAYED'
          ? ['card', 'move', 'seat', 'slot', 'type']
          : move.type === 'DISCARDED'
            ? ['card', 'move', 'seat', 'type']
            : ['seat', 'type'],
      ),
    );

    // The hands as they are now, from the seed fixed at creation: none that the log does not show is named.
    const states = statesByVersion(optionsFor('modern'), seed, 2, eventsOf(moves));
    const now = states[states.length - 1]!;
    const shown = new Set(moves.flatMap((move) => (move.card === null ? [] : [move.card])));
    const hidden = now.seats
      .flatMap((seat) => seat.hand)
      .map(formatCard)
      .filter((card) => !shown.has(card));
    expect(hidden.length).toBeGreaterThanOrEqual(3);
    const named = new Set(
      [anonymous, ndjson].flatMap(
        (text) => text.match(/(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC]|\*)(?![A-Za-z0-9])/g) ?? [],
      ),
    );
    // The search does find cards: every card the log shows is named.
    expect([...shown].filter((card) => !named.has(card))).toEqual([]);
    expect(hidden.filter((card) => named.has(card))).toEqual([]);
  });

  it('refuses positionAfter with GAME_NOT_ACTIVE (a position holds every hand)', async () => {
    const body = await app.gql<{ game: { status: string; positionAfter: string | null } }>(
      tokens[0],
      'query($g: ID!) { game(id: $g) { status positionAfter(ply: 0) } }',
      { g: gameId },
    );
    expect(codeOf(body)).toBe('GAME_NOT_ACTIVE');
    expect(body.data?.game).toEqual({ status: 'ACTIVE', positionAfter: null });
  });

  it('keeps a custom start position out of the export until the game is over', async () => {
    const [, , carol, dave] = await players();
    const position = formatPosition(setup(optionsFor('classic'), newDeal('custom-start'), 2));
    const created = await app.gql<{ createGame: { id: string } }>(
      carol,
      'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
      { i: { preset: 'CLASSIC', position } },
    );
    const id = dataOf(created).createGame.id;
    await joinGame(app, dave, id);
    const running = JSON.parse(await exportGraphQL(null, id)) as ExportDoc;
    expect(running.status).toBe('ACTIVE');
    expect(running.startPosition).toBeNull();
    expect(JSON.stringify(running)).not.toContain(position.split(' ')[1]!); // the stock

    dataOf(await app.gql(dave, 'mutation($g: ID!) { resign(gameId: $g) { status } }', { g: id }));
    const over = JSON.parse(await exportGraphQL(null, id)) as ExportDoc;
    expect(over.status).toBe('FINISHED');
    expect(over.startPosition).toBe(position);
    expect(runChecker('custom.json', JSON.stringify(over)).status).toBe(0);
  });
});

describe('the HTTP endpoints', () => {
  it('answer refusals with a JSON error body and a matching status', async () => {
    const cases: [string, string | null, number, string, unknown][] = [
      [`/api/games/${randomUUID()}/export`, null, 404, 'NOT_FOUND', undefined],
      ['/api/games/not-a-uuid/export', null, 404, 'NOT_FOUND', undefined],
      [`/api/games/${randomUUID()}/export?format=xml`, null, 400, 'BAD_USER_INPUT', 'format'],
      [`/api/games/${randomUUID()}/export?format=json&format=ndjson`, null, 400, 'BAD_USER_INPUT', 'format'],
      [`/api/games/${randomUUID()}/export`, 'mls_not-a-real-token', 401, 'UNAUTHENTICATED', undefined],
      ['/api/players/nobody_here/games.ndjson', null, 404, 'NOT_FOUND', undefined],
      ['/api/players/x/games.ndjson', null, 404, 'NOT_FOUND', undefined],
      ['/api/players/nobody_here/games.ndjson?status=DONE', null, 400, 'BAD_USER_INPUT', 'status'],
      ['/api/players/nobody_here/games.ndjson?mine=true', null, 400, 'BAD_USER_INPUT', 'mine'],
    ];
    for (const [url, token, status, code, field] of cases) {
      const response = await get(url, token);
      const body = (await response.json()) as { error: { code: string; message: string; field?: string } };
      expect({ url, status: response.status, code: body.error.code, field: body.error.field }).toEqual({
        url,
        status,
        code,
        field,
      });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(body.error.message.length).toBeGreaterThan(0);
      if (status === 401) expect(response.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('accept a valid token, and answer exportGame of an unknown game with NOT_FOUND over GraphQL', async () => {
    const [, , alice] = await players();
    const id = (await createGame(app, alice, { preset: 'CLASSIC' })).id;
    const response = await get(`/api/games/${id}/export`, alice);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as ExportDoc;
    expect(doc).toMatchObject({ id, status: 'WAITING', seed: null, events: [], version: 0 });
    const body = await app.gql(null, 'query($g: ID!) { exportGame(id: $g) }', { g: randomUUID() });
    expect(codeOf(body)).toBe('NOT_FOUND');
  });
  it("count against the caller's one allowance, shared with /graphql: 429 with Retry-After", async () => {
    const limited = await startTestApp({ databaseUrl: app.databaseUrl, env: { RATE_LIMIT_REQUESTS: '2' } });
    try {
      const url = `${limited.url}/api/games/${randomUUID()}/export`;
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url)).status).toBe(404);
      const refused = await fetch(url);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/^too many requests/) as string,
          retryAfter: expect.any(Number) as number,
        },
      });
      // One gate for every way in: the downloads used up this address's allowance on /graphql as well.
      const graphql = await limited.post(JSON.stringify({ query: '{ __typename }' }));
      expect(graphql.status).toBe(429);
      expect(await graphql.json()).toMatchObject({ errors: [{ extensions: { code: 'RATE_LIMITED' } }] });
    } finally {
      await limited.stop();
    }
  });
});

describe("a player's games as NDJSON", () => {
  let player: string;
  let opponent: string;
  let finished: { id: string; winner: string }[];
  let active: string;

  beforeAll(async () => {
    const [first, second, carol, dave] = await players();
    player = first;
    opponent = second;
    finished = [];
    for (const resigner of [carol, dave]) {
      const id = (await createGame(app, carol, { preset: 'CLASSIC' })).id;
      await joinGame(app, dave, id);
      dataOf(await app.gql(resigner, 'mutation($g: ID!) { resign(gameId: $g) { status } }', { g: id }));
      finished.push({ id, winner: resigner === carol ? opponent : player });
    }
    active = (await createGame(app, carol, { preset: 'CLASSIC', seed: 'stream-active' })).id;
    await joinGame(app, dave, active);
    // Enough waiting games that the stream needs more than one page of the games list (50 a page).
    for (let index = 0; index < 55; index++) await createGame(app, carol, { preset: 'ZLOBA' });
  });

  async function stream(query = ''): Promise<{ response: Response; docs: ExportDoc[]; text: string }> {
    const response = await get(`/api/players/${player}/games.ndjson${query}`);
    const text = await response.text();
    const docs =
      text === ''
        ? []
        : text
            .slice(0, -1)
            .split('\n')
            .map((line) => JSON.parse(line) as ExportDoc);
    if (text !== '') expect(text.endsWith('\n')).toBe(true);
    return { response, docs, text };
  }

  /** Every page of `games(filter)`, as GraphQL lists them. */
  async function listed(filter: Record<string, unknown>): Promise<string[]> {
    interface Page {
      edges: { node: { id: string } }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    }
    const ids: string[] = [];
    let after: string | null = null;
    for (;;) {
      const body: GraphQLBody<{ games: Page }> = await app.gql<{ games: Page }>(
        null,
        'query($f: GamesFilter, $a: String) { games(filter: $f, first: 100, after: $a) { edges { node { id } } pageInfo { hasNextPage endCursor } } }',
        { f: filter, a: after },
      );
      const page = dataOf(body).games;
      ids.push(...page.edges.map((edge) => edge.node.id));
      if (!page.pageInfo.hasNextPage) return ids;
      after = page.pageInfo.endCursor;
    }
  }

  it('streams every game, one export per line, in the order of the games list', async () => {
    const { response, docs } = await stream();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    // Streamed as it is written, not sent with a length computed from a body built in memory.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(docs).toHaveLength(58);
    expect(docs.map((doc) => doc.id)).toEqual(await listed({ player }));
    expect(new Set(docs.map((doc) => doc.id)).size).toBe(58);
    expect(docs.every((doc) => doc.format === 'malice-game/1')).toBe(true);

    // Each line is the game's own export, and the running game shows no seed there either.
    for (const id of [...finished.map((game) => game.id), active]) {
      const single = await (await get(`/api/games/${id}/export`)).text();
      expect(docs.find((doc) => doc.id === id)).toEqual(JSON.parse(single));
    }
    const running = docs.find((doc) => doc.id === active)!;
    expect(running.seed).toBeNull();
    expect(JSON.stringify(running)).not.toContain('stream-active');
  });

  it('filters like GamesFilter: status, result, opponent, preset, rated, finishedAfter/finishedBefore', async () => {
    const ids = async (query: string): Promise<string[]> => (await stream(query)).docs.map((doc) => doc.id);
    const finishedIds = finished.map((game) => game.id);
    expect((await ids('?status=FINISHED')).sort()).toEqual([...finishedIds].sort());
    expect(await ids('?status=FINISHED')).toEqual(await listed({ player, status: 'FINISHED' }));
    expect(await ids('?result=WIN')).toEqual(
      finished.filter((game) => game.winner === player).map((game) => game.id),
    );
    expect(await ids('?result=LOSS')).toEqual(
      finished.filter((game) => game.winner !== player).map((game) => game.id),
    );
    expect((await ids(`?opponent=${opponent}`)).sort()).toEqual([...finishedIds, active].sort());
    expect(await ids('?preset=ZLOBA')).toHaveLength(55);
    expect(await ids('?status=ACTIVE&preset=classic')).toEqual([active]);
    expect(await ids('?rated=true')).toEqual([]);
    expect(await ids('?finishedAfter=2000-01-01T00:00:00Z&finishedBefore=2100-01-01T00:00:00Z')).toHaveLength(
      2,
    );
    expect(await ids('?finishedAfter=2100-01-01T00:00:00Z')).toEqual([]);
    const empty = await stream('?rated=true');
    expect(empty.response.status).toBe(200);
    expect(empty.text).toBe('');
  });
});

describe('verifyGame, and the checker on the export', () => {
  const VERIFY =
    'query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment clientSeedsMatch replayMatches resultMatches message } }';

  /** A finished game: dealt from `seed` alone, or (seed null) from a drawn seed with Alice's client seed. */
  async function finishedGame(seed: string | null, aliceSeed?: string): Promise<string> {
    const [, , alice, bob] = await players();
    const input = seed === null ? { preset: 'CLASSIC' as const } : { preset: 'CLASSIC' as const, seed };
    const id = (await createGame(app, alice, input)).id;
    if (aliceSeed !== undefined) {
      dataOf(
        await app.gql(
          alice,
          'mutation($g: ID!, $c: String!) { setClientSeed(gameId: $g, clientSeed: $c) { id } }',
          {
            g: id,
            c: aliceSeed,
          },
        ),
      );
    }
    await joinGame(app, bob, id);
    await playGame(app, [alice, bob], id, { maxVersion: 14 });
    const game = await readGame(app, null, id);
    if (game.status === 'ACTIVE') {
      dataOf(await app.gql(alice, 'mutation($g: ID!) { resign(gameId: $g) { status } }', { g: id }));
    }
    return id;
  }

  async function verify(id: string): Promise<Record<string, unknown>> {
    return dataOf(await app.gql<{ verifyGame: Record<string, unknown> }>(null, VERIFY, { g: id })).verifyGame;
  }

  async function tamper(text: string, values: unknown[]): Promise<void> {
    const client = new Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      // The log is append-only by triggers; replica mode switches them off, as someone with database access could.
      await client.query('SET session_replication_role = replica');
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  it('succeeds on a finished game, whose export the checker verifies too', async () => {
    const id = await finishedGame('verify-honest');
    expect(await verify(id)).toEqual({
      ok: true,
      seedMatchesCommitment: true,
      clientSeedsMatch: true,
      replayMatches: true,
      resultMatches: true,
      message: 'the seed matches its commitment, every move replays legally and the result is the same',
    });
    expect(runChecker('honest.json', await exportGraphQL(null, id)).status).toBe(0);
  });

  it('checks the client seeds: a tampered one fails verifyGame and the checker, and so does a wrong stand-in', async () => {
    const id = await finishedGame(null, 'alice-verify-7');
    expect(await verify(id)).toEqual({
      ok: true,
      seedMatchesCommitment: true,
      clientSeedsMatch: true,
      replayMatches: true,
      resultMatches: true,
      message:
        'the seed matches its commitment, the client seeds are in order, every move replays legally and the result is the same',
    });
    const exported = JSON.parse(await exportGraphQL(null, id)) as ExportDoc;
    expect(exported.players.map((player) => player.clientSeedSource)).toEqual([
      'GIVEN_AFTER_COMMITMENT',
      'SERVER_STAND_IN',
    ]);
    expect(runChecker('seeded.json', JSON.stringify(exported)).status).toBe(0);

    // Alice's seed changed in the database: the deal is another one, so the log no longer replays. A copy of the
    // app started afterwards reads the seats afresh (this one keeps the seats of a dealt game, which never change).
    await sql(
      app.databaseUrl,
      `UPDATE game_players SET client_seed = 'alice-forged' WHERE game_id = $1 AND seat = 0`,
      [id],
    );
    const second = await startTestApp({ databaseUrl: app.databaseUrl });
    try {
      const checked = dataOf(
        await second.gql<{ verifyGame: Record<string, unknown> }>(null, VERIFY, { g: id }),
      ).verifyGame;
      expect(checked).toMatchObject({ ok: false, clientSeedsMatch: true, replayMatches: false });
      const run = runChecker(
        'forged-seed.json',
        await (await fetch(`${second.url}/api/games/${id}/export`)).text(),
      );
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/FAIL event \d+ does not replay/);
    } finally {
      await second.stop();
    }

    // Bob's stand-in replaced: it must be the one the revealed seed gives.
    await sql(
      app.databaseUrl,
      `UPDATE game_players SET client_seed = 'alice-verify-7' WHERE game_id = $1 AND seat = 0`,
      [id],
    );
    await sql(
      app.databaseUrl,
      `UPDATE game_players SET client_seed = 'not-the-stand-in' WHERE game_id = $1 AND seat = 1`,
      [id],
    );
    const third = await startTestApp({ databaseUrl: app.databaseUrl });
    try {
      const checked = dataOf(
        await third.gql<{ verifyGame: Record<string, unknown> }>(null, VERIFY, { g: id }),
      ).verifyGame;
      expect(checked).toMatchObject({ ok: false, clientSeedsMatch: false, seedMatchesCommitment: true });
      expect(checked.message).toBe(
        "client seeds: seat 1's stand-in client seed is not the one the revealed seed gives",
      );
      const run = runChecker(
        'forged-stand-in.json',
        await (await fetch(`${third.url}/api/games/${id}/export`)).text(),
      );
      expect(run.status).toBe(1);
      expect(run.stdout).toContain(
        "FAIL client seeds: seat 1's stand-in client seed is not the one the revealed seed gives",
      );
    } finally {
      await third.stop();
    }
  });

  it('fails on a tampered log; so do the checker and positionAfter', async () => {
    const id = await finishedGame('verify-tampered');
    const [played] = await sql<{ seq: number; card: string }>(
      app.databaseUrl,
      `SELECT seq, payload->>'card' AS card FROM game_events WHERE game_id = $1 AND type = 'played' ORDER BY seq LIMIT 1`,
      [id],
    );
    expect(played).toBeDefined();
    const forged = played!.card === 'KS' ? 'QS' : 'KS';
    await tamper(
      `UPDATE game_events SET payload = jsonb_set(payload, '{card}', to_jsonb($3::text)) WHERE game_id = $1 AND seq = $2`,
      [id, played!.seq, forged],
    );
    const checked = await verify(id);
    expect(checked).toMatchObject({ ok: false, seedMatchesCommitment: true, replayMatches: false });
    expect(checked.message).toContain(`event ${played!.seq}`);

    const exported = await exportGraphQL(null, id);
    expect((JSON.parse(exported) as ExportDoc).events[played!.seq - 1]!.payload).toMatchObject({
      card: forged,
    });
    const run = runChecker('tampered.json', exported);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`FAIL event ${played!.seq} does not replay`);

    // Positions before the forged event still fold; from it on the log does not, which is the server's fault.
    const before = await app.gql(
      null,
      'query($g: ID!, $p: Int!) { game(id: $g) { positionAfter(ply: $p) } }',
      {
        g: id,
        p: played!.seq - 1,
      },
    );
    expect(before.errors).toBeUndefined();
    const after = await app.gql(
      null,
      'query($g: ID!, $p: Int!) { game(id: $g) { positionAfter(ply: $p) } }',
      {
        g: id,
        p: played!.seq,
      },
    );
    expect(codeOf(after)).toBe('INTERNAL');
  });

  it('fails on a wrong seed: seedMatchesCommitment false, ok false; the checker says so', async () => {
    const id = await finishedGame('verify-seed');
    // No trigger guards the games table: a plain UPDATE changes the revealed seed.
    await sql(app.databaseUrl, `UPDATE games SET seed = 'not the committed seed' WHERE id = $1`, [id]);
    const checked = await verify(id);
    expect(checked).toMatchObject({ ok: false, seedMatchesCommitment: false });
    expect(checked.message).toMatch(/commitment/);
    const run = runChecker('wrong-seed.json', await exportGraphQL(null, id));
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /FAIL SHA-256\(encode\("malice\/v2\/commitment", seed\)\) is [0-9a-f]{64}, not the commitment/,
    );
  });
});
