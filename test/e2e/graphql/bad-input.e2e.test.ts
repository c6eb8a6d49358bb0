/**
 * Bad input and abuse: every refusal carries its `extensions.code` from the closed list, changes
 * nothing in the database, and shows no stack trace, SQL or Prisma detail. Also the request size, query depth,
 * alias and cost limits, the rate limit, production mode with introspection switched off, the SDL, and `/health`.
 */
import { randomUUID } from 'node:crypto';
import { hash as argon2Hash } from '@node-rs/argon2';
import { buildSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Client as WsClient } from 'graphql-ws';
import { GraphQLBody, TestApp, codeOf, dataOf, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { until } from '../../support/service/outage';

interface GameData {
  id: string;
  status: string;
  version: number;
  currentSeat: number | null;
  legalMoves: string[];
  view: { hand: string[] | null; centerPiles: { slot: number }[] };
}

const GAME = `query($g: ID!) { game(id: $g) { id status version currentSeat legalMoves view { hand centerPiles { slot } } } }`;
const MOVE = `mutation($g: ID!, $m: String!, $v: Int, $c: String) {
  makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { id version } } }`;

const API_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'ILLEGAL_MOVE',
  'NOT_YOUR_TURN',
  'VERSION_CONFLICT',
  'GAME_NOT_ACTIVE',
  'RATE_LIMITED',
  'INTERNAL',
];

/** What must never reach a client: stack frames, file paths, SQL, Prisma or Postgres details. */
const LEAKS: readonly RegExp[] = [
  /prisma/i,
  /\bat \S+ \(/,
  /node_modules|dist\/|src\//,
  /\.[jt]s:\d+/,
  /\b(SELECT|INSERT INTO|DELETE FROM)\b|\bUPDATE "?\w+"? SET\b/,
  /stack ?trace/i,
  /violates|constraint|relation "|invalid input syntax|invalid byte sequence/i,
  /\bP\d{4}\b/,
];

/** Every error body this file received, checked for leaks as it arrives and counted at the end. */
const errorBodies: string[] = [];

function expectNoLeak(text: string): void {
  for (const pattern of LEAKS) expect(text).not.toMatch(pattern);
}

/** The body is a refusal with `code` (first error), from the closed list, and leaks nothing. */
function expectRefusal(body: GraphQLBody, code: string): NonNullable<GraphQLBody['errors']>[number] {
  const text = JSON.stringify(body);
  errorBodies.push(text);
  expectNoLeak(text);
  expect(body.errors?.length).toBeGreaterThan(0);
  for (const error of body.errors ?? []) expect(API_CODES).toContain(error.extensions?.code);
  expect({ code: body.errors?.[0]?.extensions?.code, body: text }).toMatchObject({ code });
  return body.errors![0]!;
}

/** One operation over graphql-ws: its results, or the error the socket reported. */
function overSocket(client: WsClient, query: string): Promise<{ results: GraphQLBody[]; error: unknown }> {
  return new Promise((resolve) => {
    const results: GraphQLBody[] = [];
    client.subscribe<Record<string, unknown>>(
      { query },
      {
        next: (result) => results.push(result as GraphQLBody),
        error: (error) => resolve({ results, error }),
        complete: () => resolve({ results, error: null }),
      },
    );
  });
}

let app: TestApp;
let names = 0;

function uniqueName(prefix: string): string {
  names += 1;
  return `${prefix}_${names}_${process.pid}`;
}

/**
 * The whole database as far as a refusal could change it (tokens' last_used_at aside: reading a token touches
 * it). Compared before and after each refusal: "nothing changes".
 */
async function snapshot(): Promise<string> {
  const url = app.databaseUrl;
  const parts = await Promise.all([
    sql(url, 'SELECT id, username, username_key, password_hash FROM players ORDER BY id'),
    sql(url, 'SELECT id, player_id, kind, scopes, expires_at, revoked_at FROM tokens ORDER BY id'),
    sql(
      url,
      `SELECT id, status, version, current_seat, current_player_id, seed, result, updated_at, finished_at
       FROM games ORDER BY id`,
    ),
    sql(url, 'SELECT game_id, seat, player_id FROM game_players ORDER BY game_id, seat'),
    sql(url, 'SELECT game_id, seq, payload, client_move_id FROM game_events ORDER BY game_id, seq'),
  ]);
  return JSON.stringify(parts);
}

/** Runs `refusals` and checks the database is exactly as before. */
async function unchanged(refusals: () => Promise<void>): Promise<void> {
  const before = await snapshot();
  await refusals();
  expect(await snapshot()).toBe(before);
}

async function createGame(token: string, input: Record<string, unknown>): Promise<string> {
  const body = await app.gql<{ createGame: { id: string } }>(
    token,
    'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }',
    { i: input },
  );
  return dataOf(body).createGame.id;
}

async function join(token: string, gameId: string): Promise<void> {
  dataOf(await app.gql(token, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }));
}

async function gameFor(token: string | null, gameId: string): Promise<GameData> {
  return dataOf(await app.gql<{ game: GameData }>(token, GAME, { g: gameId })).game;
}

/** A move with a fresh clientMoveId (every move carries a guard) unless `extra` says otherwise. */
function move(token: string | null, gameId: string, text: string, extra: Record<string, unknown> = {}) {
  return app.gql<{ makeMove: { game: { id: string; version: number } } }>(token, MOVE, {
    g: gameId,
    m: text,
    c: randomUUID(),
    ...extra,
  });
}

/** The players and games the refusals are tried on. */
interface World {
  alice: string;
  bob: string;
  carol: string;
  active: string;
  modern: string;
  waiting: string;
  finished: string;
  aborted: string;
}
let world: World;

/** The token of the seat to move in `gameId`, and of the other seat. */
async function seats(gameId: string): Promise<{ mover: string; waiter: string; game: GameData }> {
  const spectator = await gameFor(null, gameId);
  const mover = spectator.currentSeat === 0 ? world.alice : world.bob;
  const waiter = mover === world.alice ? world.bob : world.alice;
  return { mover, waiter, game: await gameFor(mover, gameId) };
}

beforeAll(async () => {
  app = await startTestApp();
  const alice = await register(app, uniqueName('alice'));
  const bob = await register(app, uniqueName('bob'));
  const carol = await register(app, uniqueName('carol'));
  const active = await createGame(alice, { preset: 'CLASSIC', seed: 'bad-input-active' });
  await join(bob, active);
  const modern = await createGame(alice, { preset: 'MODERN', seed: 'bad-input-modern' });
  await join(bob, modern);
  const waiting = await createGame(alice, { preset: 'CLASSIC' });
  const finished = await createGame(alice, { preset: 'CLASSIC' });
  await join(bob, finished);
  dataOf(await app.gql(alice, 'mutation($g: ID!) { resign(gameId: $g) { status } }', { g: finished }));
  const aborted = await createGame(alice, { preset: 'CLASSIC' });
  dataOf(await app.gql(alice, 'mutation($g: ID!) { abortGame(gameId: $g) { status } }', { g: aborted }));
  world = { alice, bob, carol, active, modern, waiting, finished, aborted };
  // A few accepted moves, so the log the refusals must leave alone is not empty.
  for (let index = 0; index < 3; index++) {
    const { mover, game } = await seats(active);
    dataOf(await move(mover, active, game.legalMoves[0] as string, { v: game.version }));
  }
});

afterAll(async () => {
  await app.close();
});

describe('malformed requests get BAD_USER_INPUT', () => {
  it('a GraphQL document that does not parse, or asks for what does not exist', async () => {
    await unchanged(async () => {
      expectRefusal(await app.gql(world.alice, '{ game(id: "x") { id '), 'BAD_USER_INPUT');
      expectRefusal(
        await app.gql(world.alice, 'mutation { makeMove(gameId: "x" move: ) { game { id } } }'),
        'BAD_USER_INPUT',
      );
      expectRefusal(await app.gql(world.alice, '{ nope }'), 'BAD_USER_INPUT');
      expectRefusal(await app.gql(world.alice, '{ game { id } }'), 'BAD_USER_INPUT');
      expectRefusal(
        await app.gql(world.alice, 'query A { me { id } } query B { me { id } }'),
        'BAD_USER_INPUT',
      );
    });
  });

  it('a body that is not JSON, not an object or has no query', async () => {
    await unchanged(async () => {
      for (const body of ['{"query": ', 'not json', '"a string"', '[]', '{}', '{"query": 42}']) {
        const response = await app.post(body, { authorization: `Bearer ${world.alice}` });
        expect(response.status).toBe(400);
        expectRefusal((await response.json()) as GraphQLBody, 'BAD_USER_INPUT');
      }
    });
  });

  it('variables of the wrong type or out of range', async () => {
    await unchanged(async () => {
      expectRefusal(await move(world.alice, world.active, 'pass', { v: 'seven' }), 'BAD_USER_INPUT');
      expectRefusal(await move(world.alice, world.active, 'pass', { v: 3_000_000_000 }), 'BAD_USER_INPUT');
      expectRefusal(await app.gql(world.alice, MOVE, { g: world.active, m: null }), 'BAD_USER_INPUT');
      expectRefusal(await app.gql(world.alice, MOVE, { g: world.active, m: ['pass'] }), 'BAD_USER_INPUT');
    });
  });

  it('a subscription sent over HTTP (subscriptions use graphql-ws)', async () => {
    await unchanged(async () => {
      const body = await app.gql(world.alice, 'subscription($g: ID!) { gameUpdated(gameId: $g) { id } }', {
        g: world.active,
      });
      expectRefusal(body, 'BAD_USER_INPUT');
    });
  });
});

describe('unknown ids: a lookup answers null, an operation on the game NOT_FOUND', () => {
  it('a valid UUID that names nothing and a garbage string, in every game operation', async () => {
    await unchanged(async () => {
      for (const id of [randomUUID(), 'not-a-game', "'; DROP TABLE games; --", '']) {
        // A lookup finds nothing: null, and the rest of the answer stands (no error nulls `me`).
        const looked = await app.gql<{ me: { username: string }; game: null }>(
          world.alice,
          'query($g: ID!) { me { username } game(id: $g) { id } }',
          { g: id },
        );
        expect(looked.errors).toBeUndefined();
        expect(looked.data?.game).toBeNull();
        expect(looked.data?.me.username).toMatch(/^alice/);
        expectRefusal(await move(world.alice, id, 'pass'), 'NOT_FOUND');
        expectRefusal(
          await app.gql(world.carol, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: id }),
          'NOT_FOUND',
        );
        expectRefusal(
          await app.gql(world.alice, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: id }),
          'NOT_FOUND',
        );
        expectRefusal(
          await app.gql(world.alice, 'mutation($g: ID!) { abortGame(gameId: $g) { id } }', { g: id }),
          'NOT_FOUND',
        );
        expectRefusal(
          await app.gql(null, 'query($g: ID!) { verifyGame(id: $g) { ok } }', { g: id }),
          'NOT_FOUND',
        );
      }
    });
  });

  it('revoking an API token that does not exist, by UUID or by garbage id', async () => {
    await unchanged(async () => {
      const revoke = 'mutation($i: ID!) { revokeApiToken(id: $i) }';
      expectRefusal(await app.gql(world.alice, revoke, { i: randomUUID() }), 'NOT_FOUND');
      expectRefusal(await app.gql(world.alice, revoke, { i: 'not-a-token-id' }), 'NOT_FOUND');
    });
  });
});

describe('moves', () => {
  it('that break a rule get ILLEGAL_MOVE with the rule and a message naming it', async () => {
    const { mover, game } = await seats(world.active);
    const hand = game.view.hand ?? [];
    expect(hand.length).toBeGreaterThan(0);
    const absent = ['AS', 'KH', 'QD', '7C', '2S', '9H', 'TD', 'JC'].find(
      (card) => !hand.includes(card),
    ) as string;
    const freeSlot = [8, 7, 6, 5].find(
      (slot) => !game.view.centerPiles.some((pile) => pile.slot === slot),
    ) as number;
    await unchanged(async () => {
      const notInHand = expectRefusal(await move(mover, world.active, `${absent}-d1`), 'ILLEGAL_MOVE');
      expect(notInHand.extensions?.rule).toBe('CARD_NOT_IN_HAND');
      expect(notInHand.message).toContain(absent);
      expect(notInHand.extensions?.params).toEqual({ card: absent });

      const payoffToSide = expectRefusal(await move(mover, world.active, 'p-d1'), 'ILLEGAL_MOVE');
      expect(payoffToSide.extensions?.rule).toBe('PAYOFF_ONLY_TO_CENTER');
      expect(payoffToSide.message).toBe('the pay-off card may go only to a centre pile');
      expect(payoffToSide.extensions?.sentences).toEqual(['S14', 'R11']);
      expect(payoffToSide.extensions?.params).toEqual({});

      const sideToSide = expectRefusal(await move(mover, world.active, 'd1-d2'), 'ILLEGAL_MOVE');
      expect(sideToSide.extensions?.rule).toMatch(/^(SIDE_ONLY_FROM_HAND|EMPTY_SOURCE)$/);

      const noPile = expectRefusal(
        await move(mover, world.active, `${hand[0]}-c${freeSlot}`),
        'ILLEGAL_MOVE',
      );
      expect(noPile.extensions?.rule).toBe('NO_SUCH_PILE');
      expect(noPile.message).toContain(`c${freeSlot}`);

      const declared = expectRefusal(await move(mover, world.active, `${hand[0]}-c1=8`), 'ILLEGAL_MOVE');
      expect(declared.extensions?.rule).toBe('BAD_DECLARATION');
    });
  });

  it('pass where the rules forbid it (modern: a turn ends with a side-pile card) is ILLEGAL_MOVE', async () => {
    const { mover, game } = await seats(world.modern);
    expect(game.legalMoves).not.toContain('pass');
    await unchanged(async () => {
      const error = expectRefusal(
        await move(mover, world.modern, 'pass', { v: game.version }),
        'ILLEGAL_MOVE',
      );
      expect(error.extensions?.rule).toMatch(/^(PASS_NOT_ALLOWED|FORCED_PLAY_PENDING)$/);
      // The rule in words; its sentence ids beside the message.
      expect(error.message).toMatch(/mandatory turn end|forced/);
      expect(error.extensions?.sentences).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(E13|R5|S6|S15|R7)$/)]),
      );
    });
  });

  it('whose text is not a move get BAD_USER_INPUT (MALFORMED_MOVE) without echoing long input', async () => {
    const { mover } = await seats(world.active);
    await unchanged(async () => {
      for (const text of [
        'hello',
        '7h-c2',
        'PASS',
        '7H-C2',
        '7H-c02',
        '10H-c1',
        '',
        ' pass',
        'x'.repeat(5000),
      ]) {
        const error = expectRefusal(await move(mover, world.active, text), 'BAD_USER_INPUT');
        expect(error.extensions?.rule).toBe('MALFORMED_MOVE');
        expect(error.message.length).toBeLessThan(200);
      }
    });
  });

  it('out of turn get NOT_YOUR_TURN, from a player not seated FORBIDDEN, without a token UNAUTHENTICATED', async () => {
    const { waiter, game } = await seats(world.active);
    const legal = game.legalMoves[0] as string;
    await unchanged(async () => {
      expectRefusal(await move(waiter, world.active, legal), 'NOT_YOUR_TURN');
      expectRefusal(await move(waiter, world.active, 'pass', { v: game.version }), 'NOT_YOUR_TURN');
      expectRefusal(await move(world.carol, world.active, legal), 'FORBIDDEN');
      expectRefusal(
        await app.gql(world.carol, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: world.active }),
        'FORBIDDEN',
      );
      expectRefusal(await move(null, world.active, legal), 'UNAUTHENTICATED');
      expectRefusal(
        await app.gql(null, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: world.active }),
        'UNAUTHENTICATED',
      );
    });
  });

  it('with a stale expectedVersion get VERSION_CONFLICT with the current version', async () => {
    const { mover, game } = await seats(world.active);
    await unchanged(async () => {
      const error = expectRefusal(
        await move(mover, world.active, game.legalMoves[0] as string, { v: game.version - 1 }),
        'VERSION_CONFLICT',
      );
      expect(error.extensions?.currentVersion).toBe(game.version);
    });
  });

  it('in a finished, waiting or aborted game get GAME_NOT_ACTIVE', async () => {
    await unchanged(async () => {
      for (const gameId of [world.finished, world.waiting, world.aborted]) {
        expectRefusal(await move(world.alice, gameId, 'pass'), 'GAME_NOT_ACTIVE');
        expectRefusal(
          await app.gql(world.alice, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: gameId }),
          'GAME_NOT_ACTIVE',
        );
      }
      expectRefusal(
        await app.gql(world.carol, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', {
          g: world.finished,
        }),
        'GAME_NOT_ACTIVE',
      );
    });
  });

  it('with an unusable clientMoveId get BAD_USER_INPUT', async () => {
    const { mover, game } = await seats(world.active);
    const legal = game.legalMoves[0] as string;
    await unchanged(async () => {
      expectRefusal(await move(mover, world.active, legal, { c: 'x'.repeat(65) }), 'BAD_USER_INPUT');
      expectRefusal(await move(mover, world.active, legal, { c: '' }), 'BAD_USER_INPUT');
    });
  });
});

describe('tokens', () => {
  it('unknown, malformed or revoked tokens get UNAUTHENTICATED, even where a spectator could read', async () => {
    const created = await app.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
      world.alice,
      'mutation { createApiToken(scopes: [GAME_READ, GAME_PLAY], name: "revoked") { token apiToken { id } } }',
    );
    const { token, apiToken } = dataOf(created).createApiToken;
    expect(dataOf(await app.gql(token, GAME, { g: world.active })).game).toBeDefined();
    dataOf(await app.gql(world.alice, 'mutation($i: ID!) { revokeApiToken(id: $i) }', { i: apiToken.id }));
    await unchanged(async () => {
      const headers = [
        `Bearer ${token}`, // revoked
        'Bearer mls_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', // well formed, unknown
        `Bearer ${world.alice}x`, // a real token, changed
        'Bearer !!!!!!!!!!!!!!!!', // not a token
        'Bearer', // no token
        `Basic ${Buffer.from('alice:pw').toString('base64')}`, // another scheme
        world.alice, // no scheme
      ];
      for (const authorization of headers) {
        for (const query of [GAME, MOVE]) {
          const response = await app.post(
            JSON.stringify({ query, variables: { g: world.active, m: 'pass' } }),
            {
              authorization,
            },
          );
          expectRefusal((await response.json()) as GraphQLBody, 'UNAUTHENTICATED');
          // RFC 9110: a 401 says which scheme would work.
          expect(response.status).toBe(401);
          expect(response.headers.get('www-authenticate')).toBe('Bearer');
        }
      }
    });
  });

  it('an expired session token gets UNAUTHENTICATED', async () => {
    const name = uniqueName('expiring');
    const token = await register(app, name);
    await sql(
      app.databaseUrl,
      `UPDATE tokens SET expires_at = now() - interval '1 minute'
       WHERE player_id = (SELECT id FROM players WHERE username = $1)`,
      [name],
    );
    await unchanged(async () => {
      expectRefusal(await app.gql(token, '{ me { id } }'), 'UNAUTHENTICATED');
    });
  });

  it('an API token with only game:read may read but not play (FORBIDDEN)', async () => {
    const { mover, game } = await seats(world.active);
    const created = await app.gql<{ createApiToken: { token: string } }>(
      mover,
      'mutation { createApiToken(scopes: [GAME_READ], name: "reader") { token } }',
    );
    const reader = dataOf(created).createApiToken.token;
    expect((await gameFor(reader, world.active)).legalMoves).toEqual(game.legalMoves);
    await unchanged(async () => {
      const error = expectRefusal(
        await move(reader, world.active, game.legalMoves[0] as string),
        'FORBIDDEN',
      );
      expect(error.extensions?.scope).toBe('GAME_PLAY');
      expectRefusal(
        await app.gql(reader, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: world.active }),
        'FORBIDDEN',
      );
      expectRefusal(
        await app.gql(reader, 'mutation { createGame(input: { preset: CLASSIC }) { id } }'),
        'FORBIDDEN',
      );
      expectRefusal(
        await app.gql(reader, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: world.waiting }),
        'FORBIDDEN',
      );
    });
  });

  it('an API token cannot create, list or revoke API tokens (FORBIDDEN)', async () => {
    const created = await app.gql<{ createApiToken: { token: string; apiToken: { id: string } } }>(
      world.carol,
      'mutation { createApiToken(scopes: [GAME_READ, GAME_PLAY], name: "bot") { token apiToken { id } } }',
    );
    const { token, apiToken } = dataOf(created).createApiToken;
    await unchanged(async () => {
      expectRefusal(
        await app.gql(token, 'mutation { createApiToken(scopes: [GAME_PLAY]) { token } }'),
        'FORBIDDEN',
      );
      expectRefusal(await app.gql(token, '{ apiTokens { id } }'), 'FORBIDDEN');
      expectRefusal(
        await app.gql(token, 'mutation($i: ID!) { revokeApiToken(id: $i) }', { i: apiToken.id }),
        'FORBIDDEN',
      );
    });
  });

  it('createApiToken refuses an empty scope list and an overlong name', async () => {
    await unchanged(async () => {
      expectRefusal(
        await app.gql(world.carol, 'mutation { createApiToken(scopes: []) { token } }'),
        'BAD_USER_INPUT',
      );
      expectRefusal(
        await app.gql(world.carol, 'mutation { createApiToken(scopes: [READ]) { token } }'),
        'BAD_USER_INPUT',
      );
      expectRefusal(
        await app.gql(
          world.carol,
          'mutation($n: String) { createApiToken(scopes: [GAME_READ], name: $n) { token } }',
          {
            n: 'n'.repeat(61),
          },
        ),
        'BAD_USER_INPUT',
      );
    });
  });
});

describe('registration and login', () => {
  const REGISTER = 'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token } }';
  const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';

  it('refuse a short or overlong password, a bad username and a taken one in any case (BAD_USER_INPUT)', async () => {
    const taken = uniqueName('Taken');
    await register(app, taken);
    await unchanged(async () => {
      for (const [u, p, field] of [
        [uniqueName('shortpw'), 'seven77', 'password'],
        [uniqueName('longpw'), 'p'.repeat(201), 'password'],
        ['ab', 'correct horse battery staple', 'username'],
        ['has space', 'correct horse battery staple', 'username'],
        ['u'.repeat(21), 'correct horse battery staple', 'username'],
        ['émile', 'correct horse battery staple', 'username'],
        [taken, 'correct horse battery staple', 'username'],
        [taken.toUpperCase(), 'correct horse battery staple', 'username'],
        [taken.toLowerCase(), 'another long password', 'username'],
      ] as const) {
        const error = expectRefusal(await app.gql(null, REGISTER, { u, p }), 'BAD_USER_INPUT');
        expect(error.extensions?.field).toBe(field);
      }
    });
  });

  it('refuse weak passwords (NIST SP 800-63B): aaaaaaaa, the username in any case, four emoji counted as eight characters', async () => {
    // The attack: each of these was accepted, the emoji because length was counted in UTF-16 units.
    const username = 'elaborate_name7';
    await unchanged(async () => {
      for (const [password, message] of [
        ['aaaaaaaa', 'a password is at least 15 characters (this one has 8)'],
        ['🐉🦄🐙🦊', 'a password is at least 15 characters (this one has 4)'],
        [username, 'a password cannot be your username'],
        ['ELABORATE_NAME7', 'a password cannot be your username'],
        ['Elaborate_Name7!!', 'a password cannot be your username'],
        ['passwordpassword', 'that password is on a list of common and breached passwords'],
        ['aaaaaaaaaaaaaaaaaaaa', 'a password cannot be a few characters repeated'],
        ['abcdefghijklmnop', 'a password cannot be a run of consecutive characters'],
        ['x'.repeat(201), 'a password is at most 200 characters'],
      ] as const) {
        const error = expectRefusal(
          await app.gql(null, REGISTER, { u: username, p: password }),
          'BAD_USER_INPUT',
        );
        expect(error.extensions?.field).toBe('password');
        expect(error.message).toContain(message);
      }
    });
    // Any character counts once: fifteen emoji make a password, and so does a passphrase with accents.
    await register(app, uniqueName('emoji'), '🐉🦄🐙🦊🐝🦉🐢🦀🐳🦋🐌🦔🐿🦩🐧');
    await register(app, uniqueName('accents'), 'crème brûlée à volonté');
  });

  it('sign in with a password chosen under older rules, and with any Unicode form of a new one', async () => {
    const LOGIN_CHECK =
      'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { player { username } } }';
    const signsIn = async (username: string, password: string): Promise<boolean> => {
      const body = await app.gql(null, LOGIN_CHECK, { u: username, p: password });
      if (body.errors !== undefined) expect(codeOf(body)).toBe('UNAUTHENTICATED');
      return body.errors === undefined;
    };
    // Accounts of before: an 8-character password, and one hashed as typed (not normalised: the ligature ﬁ).
    for (const [username, password] of [
      [uniqueName('old8'), 'short-pw'],
      [uniqueName('oldlig'), 'ﬁsh and chips'],
    ] as const) {
      await sql(
        app.databaseUrl,
        `INSERT INTO players (id, username, username_key, password_hash) VALUES ($1, $2, lower($2), $3)`,
        [randomUUID(), username, await argon2Hash(password)],
      );
      expect(await signsIn(username, password)).toBe(true);
      expect(await signsIn(username, `${password}x`)).toBe(false);
    }
    // A new password is one password in every Unicode form: composed, decomposed, full-width.
    const username = uniqueName('unicode');
    await register(app, username, 'Ｃafé au lait, sans sucre');
    expect(await signsIn(username, 'Ｃafé au lait, sans sucre'.normalize('NFD'))).toBe(true);
    expect(await signsIn(username, 'Café au lait, sans sucre')).toBe(true);
    expect(await signsIn(username, 'Cafe au lait, sans sucre')).toBe(false);
  });

  it('answer a wrong password exactly like an unknown user (UNAUTHENTICATED)', async () => {
    const name = uniqueName('loginer');
    await register(app, name, 'the right password');
    // Right password, any case of the name: accepted.
    expect(
      dataOf(
        await app.gql<{ login: { token: string } }>(null, LOGIN, {
          u: name.toUpperCase(),
          p: 'the right password',
        }),
      ).login.token,
    ).toMatch(/^mls_/);
    await unchanged(async () => {
      const wrong = expectRefusal(
        await app.gql(null, LOGIN, { u: name, p: 'the wrong password' }),
        'UNAUTHENTICATED',
      );
      const unknown = expectRefusal(
        await app.gql(null, LOGIN, { u: uniqueName('nobody'), p: 'the wrong password' }),
        'UNAUTHENTICATED',
      );
      const empty = expectRefusal(await app.gql(null, LOGIN, { u: name, p: '' }), 'UNAUTHENTICATED');
      const huge = expectRefusal(
        await app.gql(null, LOGIN, { u: 'x'.repeat(10_000), p: 'p'.repeat(10_000) }),
        'UNAUTHENTICATED',
      );
      expect(unknown.message).toBe(wrong.message);
      expect(empty.message).toBe(wrong.message);
      expect(huge.message).toBe(wrong.message);
    });
  });

  it('player(username) answers null for a name that cannot exist', async () => {
    const query = 'query($u: String!) { player(username: $u) { id } }';
    expect(dataOf(await app.gql<{ player: null }>(null, query, { u: 'x'.repeat(100) })).player).toBeNull();
    expect(dataOf(await app.gql<{ player: null }>(null, query, { u: 'no such player' })).player).toBeNull();
  });
});

describe('createGame and games input', () => {
  it('refuses impossible options, seats, seeds and positions (BAD_USER_INPUT) and unknown opponents (NOT_FOUND)', async () => {
    const create = 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }';
    await unchanged(async () => {
      for (const input of [
        { preset: 'CLASSIC', seats: 7 },
        { preset: 'CLASSIC', seats: 1 },
        { preset: 'MODERN', seats: 0 },
        { preset: 'CLASSIC', options: { payoffSize: 0 } },
        { preset: 'CLASSIC', options: { payoffSize: 52, handSize: 20 } },
        { preset: 'CLASSIC', options: { maxCenterPiles: 'lots' } },
        { preset: 'CLASSIC', options: { maxCenterPiles: { kind: 'FIXED' } } },
        { preset: 'CLASSIC', options: { maxCenterPiles: { kind: 'FIXED', count: 49 } } },
        { preset: 'CLASSIC', options: { maxCenterPiles: { kind: 'UNLIMITED', count: 3 } } },
        { preset: 'CLASSIC', options: { maxTurns: 0 } },
        { preset: 'CLASSIC', seed: '' },
        { preset: 'CLASSIC', seed: 's'.repeat(201) },
        { preset: 'CLASSIC', rated: true, seed: 'fixed' },
        { preset: 'CLASSIC', rated: true, options: { payoffSize: 1 } },
        { preset: 'CLASSIC', position: 'not a position' },
        { preset: 'NOPE' },
      ]) {
        expectRefusal(await app.gql(world.carol, create, { i: input }), 'BAD_USER_INPUT');
      }
      expectRefusal(
        await app.gql(world.carol, create, { i: { preset: 'CLASSIC', opponent: uniqueName('ghost') } }),
        'NOT_FOUND',
      );
    });
  });

  it('refuses a page size out of range and a cursor that is not one (BAD_USER_INPUT)', async () => {
    const list = 'query($f: Int, $a: String) { games(first: $f, after: $a) { edges { cursor } } }';
    const cursor = (text: string): string => Buffer.from(text).toString('base64url');
    await unchanged(async () => {
      expectRefusal(await app.gql(world.carol, list, { f: 0 }), 'BAD_USER_INPUT');
      expectRefusal(await app.gql(world.carol, list, { f: 101 }), 'BAD_USER_INPUT');
      expectRefusal(await app.gql(world.carol, list, { f: -1 }), 'BAD_USER_INPUT');
      expectRefusal(await app.gql(world.carol, list, { a: 'garbage' }), 'BAD_USER_INPUT');
      expectRefusal(
        await app.gql(world.carol, list, { a: cursor(`yesterday|${randomUUID()}`) }),
        'BAD_USER_INPUT',
      );
      expectRefusal(
        await app.gql(null, '{ games(filter: { mine: true }) { edges { cursor } } }'),
        'UNAUTHENTICATED',
      );
    });
  });
});

describe('input the database cannot hold is refused as input, not as an INTERNAL error', () => {
  it('a string with a NUL character (Postgres text cannot store it), wherever a string is stored or looked up', async () => {
    const nul = 'nul\u0000x';
    const { mover, game } = await seats(world.active);
    const code = async (pending: Promise<GraphQLBody>): Promise<string | undefined> => {
      const received = await pending;
      const text = JSON.stringify(received);
      errorBodies.push(text);
      expectNoLeak(text);
      return received.errors?.[0]?.extensions?.code;
    };
    await unchanged(async () => {
      const codes = {
        register: await code(
          app.gql(
            null,
            'mutation($u: String!) { register(username: $u, password: "correct horse battery staple") { token } }',
            {
              u: nul,
            },
          ),
        ),
        login: await code(
          app.gql(
            null,
            'mutation($u: String!) { login(username: $u, password: "correct horse battery staple") { token } }',
            {
              u: nul,
            },
          ),
        ),
        player: await code(app.gql(null, 'query($u: String!) { player(username: $u) { id } }', { u: nul })),
        seed: await code(
          app.gql(
            world.carol,
            'mutation($s: String) { createGame(input: { preset: CLASSIC, seed: $s }) { id } }',
            {
              s: nul,
            },
          ),
        ),
        opponent: await code(
          app.gql(
            world.carol,
            'mutation($o: String) { createGame(input: { preset: CLASSIC, opponent: $o }) { id } }',
            {
              o: nul,
            },
          ),
        ),
        tokenName: await code(
          app.gql(
            world.carol,
            'mutation($n: String) { createApiToken(scopes: [GAME_READ], name: $n) { token } }',
            {
              n: nul,
            },
          ),
        ),
        clientMoveId: await code(move(mover, world.active, game.legalMoves[0] as string, { c: nul })),
      };
      // Refused as input everywhere; where the operation has its own answer for "no such thing" that is fine too.
      const acceptable: Record<keyof typeof codes, readonly (string | undefined)[]> = {
        register: ['BAD_USER_INPUT'],
        login: ['UNAUTHENTICATED', 'BAD_USER_INPUT'],
        player: [undefined, 'BAD_USER_INPUT'], // undefined: answered null, no error
        seed: ['BAD_USER_INPUT'],
        opponent: ['NOT_FOUND', 'BAD_USER_INPUT'],
        tokenName: ['BAD_USER_INPUT'],
        clientMoveId: ['BAD_USER_INPUT'],
      };
      const wrong = Object.entries(codes).filter(
        ([operation, received]) => !acceptable[operation as keyof typeof codes].includes(received),
      );
      expect(Object.fromEntries(wrong)).toEqual({});
    });
  });

  it('a NUL character anywhere a request carries strings: raw in the document, in GET parameters, over graphql-ws', async () => {
    const { mover, game } = await seats(world.active);
    await unchanged(async () => {
      // Raw in a string literal of the document (what a JSON-decoded "\u0000" becomes).
      const raw = await app.post(JSON.stringify({ query: '{ player(username: "a\u0000b") { id } }' }));
      expectRefusal((await raw.json()) as GraphQLBody, 'BAD_USER_INPUT');
      // Escaped in the document: GraphQL's own \u0000 escape.
      const escaped = await app.post(JSON.stringify({ query: '{ player(username: "a\\u0000b") { id } }' }));
      expectRefusal((await escaped.json()) as GraphQLBody, 'BAD_USER_INPUT');
      // Not a NUL at all: an escaped backslash followed by "u0000" is an ordinary string.
      const backslash = await app.post(
        JSON.stringify({ query: '{ player(username: "a\\\\u0000b") { id } }' }),
      );
      expect(((await backslash.json()) as GraphQLBody).errors).toBeUndefined();
      // In the query string of a GET request.
      const variables = encodeURIComponent(JSON.stringify({ u: 'a\u0000b' }));
      const query = encodeURIComponent('query($u: String!) { player(username: $u) { id } }');
      const get = await fetch(`${app.url}/graphql?query=${query}&variables=${variables}`, {
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(get.status).not.toBe(500);
      const getBody = (await get.json()) as GraphQLBody;
      expect(getBody.errors?.[0]?.extensions?.code).not.toBe('INTERNAL');
      // Over graphql-ws, in the variables of an operation.
      const socket = app.ws(mover);
      const result = await new Promise<GraphQLBody>((resolve) => {
        const received: GraphQLBody[] = [];
        socket.subscribe(
          { query: MOVE, variables: { g: world.active, m: game.legalMoves[0], c: 'a\u0000b' } },
          {
            next: (value) => received.push(value as GraphQLBody),
            error: (errors) => resolve({ errors: errors as GraphQLBody['errors'] }),
            complete: () => resolve(received[0] ?? {}),
          },
        );
      });
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      await socket.dispose();
    });
  });

  it('dates that are not on the calendar: games(filter: { finishedAfter: "2026-13-45T99:99:99Z" }) and the like are BAD_USER_INPUT naming the field, as over the REST download', async () => {
    // The attack: the date reached Postgres as an invalid Date and failed there (INTERNAL).
    const bad = [
      '2026-13-45T99:99:99Z',
      '2026-02-30T00:00:00Z',
      '2026-11-29T24:00:00Z',
      '2026-11-29T12:00:60Z',
      '2026-11-29T12:00:00+24:00',
      '2026-11-29T12:00:00',
      '1',
      'yesterday',
      'Sun Nov 29 2026',
      '',
    ];
    const QUERY = 'query($f: GamesFilter) { games(filter: $f) { edges { cursor } } }';
    await unchanged(async () => {
      for (const field of ['finishedAfter', 'finishedBefore']) {
        const message = `${field} must be an ISO 8601 time such as 2026-11-29T00:00:00Z`;
        for (const value of bad) {
          for (const body of [
            await app.gql(
              null,
              `query { games(filter: { ${field}: ${JSON.stringify(value)} }) { edges { cursor } } }`,
            ),
            await app.gql(null, QUERY, { f: { [field]: value } }),
          ]) {
            const error = expectRefusal(body, 'BAD_USER_INPUT');
            expect({ value, message: error.message, field: error.extensions?.field }).toEqual({
              value,
              message,
              field,
            });
          }
          const rest = await fetch(
            `${app.url}/api/players/nobody_here/games.ndjson?${field}=${encodeURIComponent(value)}`,
          );
          expect(rest.status).toBe(400);
          expect(await rest.json()).toEqual({ error: { code: 'BAD_USER_INPUT', message, field } });
        }
        // Not a string at all: refused the same way (Nest's scalar took a number as milliseconds).
        expect(
          expectRefusal(await app.gql(null, QUERY, { f: { [field]: 5 } }), 'BAD_USER_INPUT').extensions
            ?.field,
        ).toBe(field);
        expect(
          expectRefusal(
            await app.gql(null, `query { games(filter: { ${field}: 5 }) { edges { cursor } } }`),
            'BAD_USER_INPUT',
          ).extensions?.field,
        ).toBe(field);
      }
    });
    // What is a time is accepted, by both paths.
    for (const value of [
      '2026-11-29',
      '2026-02-28T23:59Z',
      '2024-02-29T12:00:00.123456789+05:30',
      '0000-01-01',
      '9999-12-31T23:59:59Z',
    ]) {
      expect(
        dataOf(await app.gql(null, QUERY, { f: { finishedAfter: value, finishedBefore: value } })),
      ).toEqual({
        games: { edges: [] },
      });
    }
  });

  it('a games cursor whose date JavaScript accepts but Postgres cannot store', async () => {
    const after = Buffer.from(`-271821-04-20T00:00:00.000Z|${randomUUID()}`).toString('base64url');
    await unchanged(async () => {
      expectRefusal(
        await app.gql(world.carol, 'query($a: String) { games(after: $a) { edges { cursor } } }', {
          a: after,
        }),
        'BAD_USER_INPUT',
      );
    });
  });
});

describe('request size and query limits', () => {
  it('refuses a body over GRAPHQL_MAX_BODY_BYTES (64 KiB) with HTTP 413 and BAD_USER_INPUT; just under passes', async () => {
    await unchanged(async () => {
      const over = JSON.stringify({
        query: MOVE,
        variables: { g: world.active, m: 'pass', c: 'x'.repeat(66 * 1024) },
      });
      const response = await app.post(over, { authorization: `Bearer ${world.alice}` });
      expect(response.status).toBe(413);
      expectRefusal((await response.json()) as GraphQLBody, 'BAD_USER_INPUT');
    });
    const under = JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(60 * 1024) } });
    const response = await app.post(under);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  /** `fields { type { … } }` nested `levels` times: two levels of depth each. */
  function nestedFields(levels: number): string {
    let inner = 'name';
    for (let level = 0; level < levels; level++) inner = `fields { type { ${inner} } }`;
    return inner;
  }

  it('refuses a query deeper than 15 levels, introspection and an operation named __schema included', async () => {
    let ofTypes = 'name';
    for (let level = 0; level < 16; level++) ofTypes = `ofType { ${ofTypes} }`;
    await unchanged(async () => {
      for (const query of [
        `{ __type(name: "Game") { ${nestedFields(8)} } }`,
        `query __schema { __type(name: "Game") { ${nestedFields(8)} } }`,
        `query IntrospectionQuery { __schema { types { ${nestedFields(7)} } } }`,
        `{ __schema { types { fields { type { ${ofTypes} } } } } }`,
        // The depth hidden in fragments.
        `{ __type(name: "Game") { ...A } } fragment A on __Type { fields { type { ...B } } }
         fragment B on __Type { fields { type { ${nestedFields(6)} } } }`,
      ]) {
        const error = expectRefusal(await app.gql(world.alice, query), 'BAD_USER_INPUT');
        expect(error.message).toMatch(/deep|depth/);
      }
    });
  });

  it('refuses more than 30 aliases; 30 pass', async () => {
    const aliases = (count: number): string =>
      Array.from({ length: count }, (_, index) => `a${index}: __typename`).join(' ');
    await unchanged(async () => {
      const error = expectRefusal(await app.gql(world.alice, `{ ${aliases(31)} }`), 'BAD_USER_INPUT');
      expect(error.message).toMatch(/alias/);
      // Spread through a fragment used twice: still 32 aliases.
      expectRefusal(
        await app.gql(
          world.alice,
          `{ ...F x: __type(name: "Game") { ...G } } fragment F on Query { ${aliases(16)} }
          fragment G on __Type { ${aliases(15)} }`,
        ),
        'BAD_USER_INPUT',
      );
    });
    expect(Object.keys(dataOf(await app.gql(world.alice, `{ ${aliases(30)} }`)))).toHaveLength(30);
  });

  const COSTLY_NODE = `edges { node { id moves(first: 100) { edges { node { seq seat type move card slot createdAt } } }
    view { hand stockCount centerPiles { slot cards } seats { seat handCount sidePiles } } } }`;

  it('refuses a query whose estimated cost is too high (pages of games with moves and views, repeated by aliases)', async () => {
    const query = `{ ${Array.from({ length: 20 }, (_, index) => `g${index}: games(first: 100) { ${COSTLY_NODE} }`).join(' ')} }`;
    await unchanged(async () => {
      const error = expectRefusal(await app.gql(world.alice, query), 'BAD_USER_INPUT');
      expect(error.message).toMatch(/cost/);
    });
  });

  it('prices a page the same when it is selected through a fragment', async () => {
    const pages = Array.from({ length: 20 }, (_, index) => `g${index}: games(first: 100) { ...Page }`);
    const query = `{ ${pages.join(' ')} } fragment Page on GameConnection { ${COSTLY_NODE} }`;
    await unchanged(async () => {
      const error = expectRefusal(await app.gql(world.alice, query), 'BAD_USER_INPUT');
      expect(error.message).toMatch(/cost/);
    });
  });

  it('prices a page the same when `first` comes as a variable', async () => {
    const pages = Array.from({ length: 20 }, (_, index) => `g${index}: games(first: $n) { ${COSTLY_NODE} }`);
    await unchanged(async () => {
      const error = expectRefusal(
        await app.gql(world.alice, `query($n: Int) { ${pages.join(' ')} }`, { n: 100 }),
        'BAD_USER_INPUT',
      );
      expect(error.message).toMatch(/cost/);
    });
  });

  it('prices positionAfter by its replay: a page of games asking for 29 positions each is refused before anything runs', async () => {
    // Priced about 3,100 of the 100,000 cost limit, this made about 2,900 replays with database reads.
    const positions = Array.from(
      { length: 29 },
      (_, index) => `a${index + 1}: positionAfter(ply: ${7 + 7 * index})`,
    );
    const query = `{ games(first: 100) { edges { node { ${positions.join(' ')} } } } }`;
    await unchanged(async () => {
      const error = expectRefusal(await app.gql(world.alice, query), 'BAD_USER_INPUT');
      expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', limit: 'work' });
      expect(error.message).toBe(
        'the query may read the database or replay a game 2901 times; at most 500 are allowed',
      );
    });
    // A page of views, legal moves and logs is within it.
    const page = await app.gql(
      world.alice,
      '{ games(first: 100) { edges { node { view { hand } legalMoves moves { edges { node { seq } } } } } } }',
    );
    expect(page.errors).toBeUndefined();
  });

  it('refuses a fragment cycle at once', async () => {
    const started = Date.now();
    expectRefusal(
      await app.gql(
        world.alice,
        '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A __typename }',
      ),
      'BAD_USER_INPUT',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('lets the standard introspection query through', async () => {
    const body = await app.gql<{ __schema: { types: { name: string }[] } }>(
      world.alice,
      getIntrospectionQuery(),
    );
    const names = dataOf(body).__schema.types.map((type) => type.name);
    expect(names).toEqual(expect.arrayContaining(['Game', 'GameView', 'Mutation']));
    const anonymous = await app.gql<{ __schema: { types: { name: string }[] } }>(
      null,
      getIntrospectionQuery(),
    );
    expect(dataOf(anonymous).__schema.types.length).toBe(names.length);
  });
});

describe('health and explorer', () => {
  it('GET /health is 200 {status: ok}', async () => {
    const response = await fetch(`${app.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('GET /graphql/schema.graphql serves the schema as SDL: the one docs/schema.graphql holds', async () => {
    const response = await fetch(`${app.url}/graphql/schema.graphql`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const served = await response.text();
    const documented = readFileSync(path.join(__dirname, '../../../docs/schema.graphql'), 'utf8');
    expect(printSchema(buildSchema(served))).toBe(printSchema(buildSchema(documented)));
  });

  it('the explorer is served outside production', async () => {
    const response = await fetch(`${app.url}/explorer`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('the server log', () => {
  // A test build (its log-marker control) on the same database: the marker is logged after whatever the
  // refusals logged, so its arrival says the output of the refusals is all there.
  let marked: TestApp;
  beforeAll(async () => {
    marked = await startTestApp({ databaseUrl: app.databaseUrl, testBuild: true, env: { CLOCK: 'manual' } });
  });
  afterAll(async () => {
    await marked.stop();
  });

  async function logMarker(marker: string): Promise<void> {
    const response = await fetch(`${marked.url}/test/log-marker`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ marker }),
    });
    expect(response.status).toBe(204);
    await until(`the server logged ${marker}`, () => marked.output().includes(`marker ${marker}`), 10_000);
  }

  it('does not record refusals of bad input as server errors with stack traces', async () => {
    const before = marked.output().length;
    expectRefusal(
      await marked.gql(world.alice, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: randomUUID() }),
      'NOT_FOUND',
    );
    expectRefusal(
      await marked.gql(world.carol, MOVE, { g: world.active, m: 'pass', c: randomUUID() }),
      'FORBIDDEN',
    );
    await logMarker('after-refusals');
    const logged = marked.output().slice(before);
    expect(logged).toContain('marker after-refusals');
    expect(logged).not.toMatch(/ExceptionsHandler|ApiError|\n\s+at /);
  });
});

describe('rate limit (RATE_LIMIT_REQUESTS=5 per 60 s)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      databaseUrl: app.databaseUrl,
      env: { RATE_LIMIT_REQUESTS: '5', RATE_LIMIT_WINDOW_SECONDS: '60' },
    });
  });
  afterAll(async () => {
    await limited.stop();
  });

  async function expectLimited(response: Response): Promise<void> {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const error = expectRefusal((await response.json()) as GraphQLBody, 'RATE_LIMITED');
    expect(error.extensions?.retryAfter).toBe(retryAfter);
  }

  const ME = JSON.stringify({ query: '{ me { id } }' });

  it('refuses the 6th request of a token with 429, Retry-After and RATE_LIMITED, while another token passes', async () => {
    const first = await register(app, uniqueName('limited'));
    const second = await register(app, uniqueName('unlimited'));
    for (let index = 0; index < 5; index++) {
      const response = await limited.post(ME, { authorization: `Bearer ${first}` });
      expect(response.status).toBe(200);
      dataOf((await response.json()) as GraphQLBody);
    }
    await unchanged(async () => {
      await expectLimited(await limited.post(ME, { authorization: `Bearer ${first}` }));
      // A refused move is refused before anything runs.
      await expectLimited(
        await limited.post(JSON.stringify({ query: MOVE, variables: { g: world.active, m: 'pass' } }), {
          authorization: `Bearer ${first}`,
        }),
      );
    });
    const other = await limited.post(ME, { authorization: `Bearer ${second}` });
    expect(other.status).toBe(200);
    dataOf((await other.json()) as GraphQLBody);
  });

  it('counts a token once however its Authorization header is spelled', async () => {
    const token = await register(app, uniqueName('spelled'));
    // Each spelling is accepted as the same token by the server …
    const spellings = [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer  ${token}`,
      ` Bearer ${token}`,
      `Bearer ${token} `,
      `bEaReR\t${token}`,
    ];
    const statuses: number[] = [];
    for (const authorization of spellings) statuses.push((await limited.post(ME, { authorization })).status);
    // … so it must also be limited as one: 5 pass, the rest are refused.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('applies to operations sent over graphql-ws too (a socket is no way around it)', async () => {
    const token = await register(app, uniqueName('socket'));
    const client = limited.ws(token);
    const outcomes: string[] = [];
    for (let index = 0; index < 7; index++) {
      const { results, error } = await overSocket(client, '{ me { id } }');
      outcomes.push(
        error !== null ? 'REFUSED' : results[0]?.errors === undefined ? 'OK' : String(codeOf(results[0])),
      );
    }
    // Queries and mutations (login included: password guessing) run over a socket just as over HTTP, so the
    // same 5 per window must hold there.
    expect(outcomes.slice(0, 5)).toEqual(Array<string>(5).fill('OK'));
    expect(outcomes.slice(5).map((outcome) => (outcome === 'REFUSED' ? 'RATE_LIMITED' : outcome))).toEqual([
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
  });

  it('limits callers without a token by address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push((await limited.post(JSON.stringify({ query: '{ __typename }' }))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('production (NODE_ENV=production) with introspection switched off', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp({
      databaseUrl: app.databaseUrl,
      env: { NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'false' },
    });
  });
  afterAll(async () => {
    await production.stop();
  });

  it('refuses introspection but serves ordinary queries', async () => {
    for (const query of [
      getIntrospectionQuery(),
      '{ __schema { types { name } } }',
      '{ __type(name: "Game") { name } }',
    ]) {
      const body = await production.gql(world.alice, query);
      expectRefusal(body, 'BAD_USER_INPUT');
      expect(body.data ?? null).toBeNull();
    }
    expect(
      dataOf(await production.gql<{ __typename: string }>(world.alice, '{ __typename }')).__typename,
    ).toBe('Query');
    expect(
      dataOf(await production.gql<{ game: { id: string } }>(world.alice, GAME, { g: world.active })).game.id,
    ).toBe(world.active);
  });

  it('refuses introspection over graphql-ws as well', async () => {
    const { results, error } = await overSocket(
      production.ws(world.alice),
      '{ __schema { types { name } } }',
    );
    // Refused either by the socket (an error) or in the result (errors, no data).
    const schema = (results[0]?.data as { __schema?: unknown } | null | undefined)?.__schema ?? null;
    expect(schema).toBeNull();
    expect(error !== null || (results[0]?.errors?.length ?? 0) > 0).toBe(true);
  });

  it('does not serve the explorer or the SDL, and still serves /health', async () => {
    expect((await fetch(`${production.url}/explorer`)).status).toBe(404);
    expect((await fetch(`${production.url}/graphql/schema.graphql`)).status).toBe(404);
    // `/` is the web client (docs/web.md), in production too: the explorer's switch does not touch it.
    const root = await fetch(`${production.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(200);
    expect(root.headers.get('content-security-policy')).toContain("script-src 'self'");
    const health = await fetch(`${production.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps its 404 pages free of stack traces and paths', async () => {
    // A path the web client does not route itself is its page (docs/web.md); the API's paths and missing files 404.
    for (const missing of ['/api/no/such/page', '/assets/no-such-file.js', '/no/such/file.txt']) {
      const response = await fetch(`${production.url}${missing}`);
      expect({ missing, status: response.status }).toEqual({ missing, status: 404 });
      expectNoLeak(await response.text());
    }
    // A page's query may hold a dot (a reset link's signed token): still the page.
    for (const page of ['/reset-password?t=eyJ1c2UiOiJyZXNldCJ9.AbCdEf0123', '/games/x?from=a.b']) {
      const response = await fetch(`${production.url}${page}`);
      expect({ page, status: response.status }).toEqual({ page, status: 200 });
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });
});

describe('every error body received in this file', () => {
  it('was checked: a code from the closed list, and no stack trace, SQL or Prisma detail', () => {
    expect(errorBodies.length).toBeGreaterThan(100);
    for (const text of errorBodies) expectNoLeak(text);
  });
});
