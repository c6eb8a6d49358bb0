/**
 * The deal is secret (docs/fairness.md), through the API against the compiled server: the commitment attack that
 * the old generator allowed, the players' client seeds (given, replaced until the deal, refused after, public from
 * the deal, mixed in seat order, stand-ins for those who gave none), position games seeded from the server seed,
 * and games under a rules version this server does not know.
 */
import { randomUUID } from 'node:crypto';
import {
  RULES_VERSION,
  RuleOptions,
  formatCard,
  newDeal,
  optionsFor,
  parsePosition,
  setup,
  standInClientSeed,
} from '../../../src/engine';
import { dealFromCommitment } from '../../support/commitment-attack';
import { TestApp, codeOf, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import { sql } from '../../support/service/database';

let app: TestApp;

beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

interface SeatData {
  seat: number;
  clientSeed: string | null;
  clientSeedSource: string | null;
  player: { username: string };
}

interface DealGame {
  id: string;
  status: string;
  version: number;
  currentSeat: number | null;
  seedCommitment: string;
  seed: string | null;
  rulesVersion: string;
  players: SeatData[];
  view: { hand: string[] | null };
  legalMoves: string[];
}

/** What the attack and position tests read: fields every version of the API has (so they run on the old code too). */
const BASE_FIELDS = 'id status version currentSeat seedCommitment seed rulesVersion legalMoves view { hand }';
const FIELDS = `${BASE_FIELDS} players { seat clientSeed clientSeedSource player { username } }`;
const CLASSIC: RuleOptions = optionsFor('classic');

async function create(token: string, input: Record<string, unknown>, fields = FIELDS): Promise<DealGame> {
  return dataOf(
    await app.gql<{ createGame: DealGame }>(
      token,
      `mutation($i: CreateGameInput!) { createGame(input: $i) { ${fields} } }`,
      { i: { preset: 'CLASSIC', ...input } },
    ),
  ).createGame;
}

function join(token: string, id: string, clientSeed?: string) {
  return app.gql<{ joinGame: DealGame }>(
    token,
    `mutation($g: ID!, $c: String) { joinGame(gameId: $g, clientSeed: $c) { ${FIELDS} } }`,
    { g: id, c: clientSeed ?? null },
  );
}

/** A join as any version of the API takes it (no client seed). */
function plainJoin(token: string, id: string) {
  return app.gql<{ joinGame: DealGame }>(
    token,
    `mutation($g: ID!) { joinGame(gameId: $g) { ${BASE_FIELDS} } }`,
    {
      g: id,
    },
  );
}

function setClientSeed(token: string, id: string, clientSeed: string) {
  return app.gql<{ setClientSeed: DealGame }>(
    token,
    `mutation($g: ID!, $c: String!) { setClientSeed(gameId: $g, clientSeed: $c) { ${FIELDS} } }`,
    { g: id, c: clientSeed },
  );
}

async function read(token: string | null, id: string, fields = FIELDS): Promise<DealGame> {
  return dataOf(
    await app.gql<{ game: DealGame }>(token, `query($g: ID!) { game(id: $g) { ${fields} } }`, { g: id }),
  ).game;
}

async function resign(token: string, id: string): Promise<void> {
  dataOf(await app.gql(token, 'mutation($g: ID!) { resign(gameId: $g) { status } }', { g: id }));
}

async function playerId(token: string): Promise<string> {
  return dataOf(await app.gql<{ me: { id: string } }>(token, '{ me { id } }')).me.id;
}

/** Hands as the API writes cards. */
const shown = (hands: readonly (readonly number[])[]): string[][] =>
  hands.map((hand) => hand.map(formatCard));
const seedsOf = (game: DealGame): (string | null)[] => game.players.map((seat) => seat.clientSeed);

describe('the commitment attack', () => {
  it('the commitment of a new game does not let anyone compute the deal; a game dealt under the old version it did', async () => {
    const alice = await register(app, 'atk_alice');
    const bob = await register(app, 'atk_bob');

    // A new game, as anyone sees it before and after the deal: the commitment is public from creation.
    const created = await create(alice, {}, BASE_FIELDS);
    expect(created.rulesVersion).toBe(RULES_VERSION);
    const commitment = (await read(null, created.id, BASE_FIELDS)).seedCommitment;
    const attack = shown(dealFromCommitment(commitment, CLASSIC, 2).hands);
    dataOf(await plainJoin(bob, created.id));
    const hands = [
      (await read(alice, created.id, BASE_FIELDS)).view.hand,
      (await read(bob, created.id, BASE_FIELDS)).view.hand,
    ];
    expect(hands[0]).toHaveLength(5);
    expect(attack[0]).toHaveLength(5);
    expect(attack[0]).not.toEqual(hands[0]);
    expect(attack[1]).not.toEqual(hands[1]);

    // A game dealt under the old generator (as stored before this version): the same attack reads every hand.
    const seed = 'a'.repeat(64);
    const oldCommitment = (
      await sql<{ digest: string }>(
        app.databaseUrl,
        `SELECT encode(sha256(convert_to($1::text, 'UTF8')), 'hex') AS digest`,
        [seed],
      )
    )[0]!.digest;
    const id = randomUUID();
    const [aliceId, bobId] = [await playerId(alice), await playerId(bob)];
    const first = dealFromCommitment(oldCommitment, CLASSIC, 2).first;
    await sql(
      app.databaseUrl,
      `INSERT INTO games (id, preset, options, seats, rated, status, version, current_seat, current_player_id, seed,
                          seed_commitment, rules_version, created_by_id, created_at, started_at, updated_at)
       VALUES ($1, 'classic', $2, 2, false, 'ACTIVE', 0, $3, $4, $5, $6, 'malice-rules-1+xoshiro128ss-sha256-v1', $7,
               now(), now(), now())`,
      [id, JSON.stringify(CLASSIC), first, first === 0 ? aliceId : bobId, seed, oldCommitment, aliceId],
    );
    await sql(
      app.databaseUrl,
      `INSERT INTO game_players (game_id, seat, player_id, joined_at) VALUES ($1, 0, $2, now()), ($1, 1, $3, now())`,
      [id, aliceId, bobId],
    );
    const old = await read(alice, id, BASE_FIELDS);
    expect(old.rulesVersion).toBe('malice-rules-1+xoshiro128ss-sha256-v1');
    const oldAttack = dealFromCommitment(old.seedCommitment, CLASSIC, 2);
    expect(shown(oldAttack.hands)[0]).toEqual(old.view.hand);
    expect(shown(oldAttack.hands)[1]).toEqual((await read(bob, id, BASE_FIELDS)).view.hand);
    expect(old.currentSeat).toBe(oldAttack.first);
  });
});

describe('client seeds', () => {
  it('a client seed given after seeing the commitment is honoured until the deal, and refused after (GAME_NOT_ACTIVE)', async () => {
    const alice = await register(app, 'cs_alice');
    const bob = await register(app, 'cs_bob');
    const carol = await register(app, 'cs_carol');
    const created = await create(alice, { clientSeed: 'alice-before' });
    expect(created.players).toEqual([
      {
        seat: 0,
        clientSeed: 'alice-before',
        clientSeedSource: 'GIVEN_BEFORE_COMMITMENT',
        player: { username: 'cs_alice' },
      },
    ]);
    // Having noted the commitment, Alice replaces her seed; only she sees it before the deal.
    const replaced = dataOf(await setClientSeed(alice, created.id, 'alice-after')).setClientSeed;
    expect(replaced.players[0]).toMatchObject({
      clientSeed: 'alice-after',
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });
    expect(replaced.seedCommitment).toBe(created.seedCommitment);
    expect((await read(null, created.id)).players[0]).toMatchObject({
      clientSeed: null,
      clientSeedSource: null,
    });
    expect((await read(bob, created.id)).players[0]).toMatchObject({ clientSeed: null });
    // Somebody not seated may not set one.
    expect(codeOf(await setClientSeed(carol, created.id, 'carol-1'))).toBe('FORBIDDEN');

    const dealt = dataOf(await join(bob, created.id, 'bob-join')).joinGame;
    expect(dealt.status).toBe('ACTIVE');
    // Public from the deal on, to everyone.
    const seen = await read(null, created.id);
    expect(seen.players.map((seat) => [seat.clientSeed, seat.clientSeedSource])).toEqual([
      ['alice-after', 'GIVEN_AFTER_COMMITMENT'],
      ['bob-join', 'GIVEN_AFTER_COMMITMENT'],
    ]);
    const refused = await setClientSeed(alice, created.id, 'alice-too-late');
    expect(codeOf(refused)).toBe('GAME_NOT_ACTIVE');
    expect(refused.errors![0]!.message).toBe(
      'the game has been dealt: its client seeds were fixed at the deal',
    );
    expect(seedsOf(await read(null, created.id))).toEqual(['alice-after', 'bob-join']);

    // Once the seed is revealed: the deal is the one of the seed and both client seeds, in seat order.
    const hands = [(await read(alice, created.id)).view.hand, (await read(bob, created.id)).view.hand];
    await resign(alice, created.id);
    const over = await read(null, created.id);
    const deal = (clientSeeds: string[]): string[][] =>
      setup(CLASSIC, { version: RULES_VERSION, seed: over.seed!, clientSeeds }, 2).seats.map((seat) =>
        seat.hand.map(formatCard),
      );
    expect(hands).toEqual(deal(['alice-after', 'bob-join']));
    // The seeds in the other seat order, or the seed Alice replaced, would have dealt otherwise.
    expect(deal(['bob-join', 'alice-after'])).not.toEqual(hands);
    expect(deal(['alice-before', 'bob-join'])).not.toEqual(hands);
  });

  it('client seeds change the deal: a seat that gave none gets the stand-in fixed by the server seed', async () => {
    const dan = await register(app, 'cs_dan');
    const eve = await register(app, 'cs_eve');
    const created = await create(dan, {});
    dataOf(await join(eve, created.id, 'eve-own-seed'));
    const dealt = await read(null, created.id);
    const standIn = dealt.players[0]!.clientSeed!;
    expect(dealt.players[0]).toMatchObject({ clientSeedSource: 'SERVER_STAND_IN' });
    expect(standIn).toMatch(/^[0-9a-f]{64}$/);
    await resign(dan, created.id);
    const over = await read(null, created.id);
    expect(standIn).toBe(standInClientSeed(over.seed!, 0));
  });

  it('a built-in bot’s seat gets its stand-in too (the server plays it, so it gives no seed of its own)', async () => {
    const fay = await register(app, 'cs_fay');
    const created = await create(fay, { bot: 'GREEDY' });
    expect(created.status).toBe('ACTIVE');
    expect(created.players.map((seat) => seat.clientSeedSource)).toEqual([
      'SERVER_STAND_IN',
      'SERVER_STAND_IN',
    ]);
  });

  it('refuses a malformed client seed, naming the field, and changes nothing', async () => {
    const gus = await register(app, 'cs_gus');
    const hal = await register(app, 'cs_hal');
    const before = await sql<{ count: string }>(app.databaseUrl, 'SELECT count(*) FROM games');
    for (const bad of ['', 'with space', 'x'.repeat(65), 'é', 'a/b']) {
      const body = await app.gql(gus, 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
        i: { preset: 'CLASSIC', clientSeed: bad },
      });
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(body.errors![0]!.extensions!.field).toBe('clientSeed');
    }
    expect(await sql<{ count: string }>(app.databaseUrl, 'SELECT count(*) FROM games')).toEqual(before);
    const game = await create(gus, { clientSeed: 'gus-1' });
    const badJoin = await join(hal, game.id, 'no spaces');
    expect(codeOf(badJoin)).toBe('BAD_USER_INPUT');
    expect(badJoin.errors![0]!.extensions!.field).toBe('clientSeed');
    const badSet = await setClientSeed(gus, game.id, 'x'.repeat(65));
    expect(codeOf(badSet)).toBe('BAD_USER_INPUT');
    const still = await read(gus, game.id);
    expect(still.status).toBe('WAITING');
    expect(still.players.map((seat) => seat.clientSeed)).toEqual(['gus-1']);
  });

  it('a fixed-seed game is dealt from its seed alone: a client seed is refused there', async () => {
    const ian = await register(app, 'cs_ian');
    const jan = await register(app, 'cs_jan');
    const refused = await app.gql(ian, 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
      i: { preset: 'CLASSIC', seed: 'fixed-1', clientSeed: 'ian-1' },
    });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.message).toMatch(/chosen seed or start position is dealt from it alone/);
    const fixed = await create(ian, { seed: 'fixed-1' });
    expect(codeOf(await setClientSeed(ian, fixed.id, 'ian-1'))).toBe('BAD_USER_INPUT');
    expect(codeOf(await join(jan, fixed.id, 'jan-1'))).toBe('BAD_USER_INPUT');
    dataOf(await join(jan, fixed.id));
    const dealt = await read(ian, fixed.id);
    expect(seedsOf(dealt)).toEqual([null, null]);
    expect(dealt.view.hand).toEqual(setup(CLASSIC, newDeal('fixed-1'), 2).seats[0]!.hand.map(formatCard));
  });
});

describe('position games', () => {
  // Seat 0 completes c1 with KD: the pile is shuffled into the stock, by the game's generator.
  const POSITION =
    'c1=AS2H3D4C5S6H7D8C9STDJCQH 2C3C4C5C6C7C8C9CTCJC - 9D:KD3H4H5H6H:-,-,-,-/TD:7H8H9HTHJH:-,-,-,- 0 0 0 n';

  it('are seeded from the server seed: two games from the same position text shuffle their stock differently', async () => {
    const kim = await register(app, 'pos_kim');
    const lee = await register(app, 'pos_lee');
    const stocks: string[] = [];
    for (let game = 0; game < 2; game++) {
      const created = await create(kim, { position: POSITION }, BASE_FIELDS);
      dataOf(await plainJoin(lee, created.id));
      dataOf(
        await app.gql(
          kim,
          'mutation($g: ID!) { makeMove(gameId: $g, move: "KD-c1", expectedVersion: 0) { game { version } } }',
          {
            g: created.id,
          },
        ),
      );
      await resign(kim, created.id);
      const after = dataOf(
        await app.gql<{ game: { seed: string; start: string; next: string } }>(
          null,
          'query($g: ID!) { game(id: $g) { seed start: positionAfter(ply: 0) next: positionAfter(ply: 1) } }',
          { g: created.id },
        ),
      ).game;
      // The deal's generator is the server seed's (no client seeds in a chosen deal), not the text's.
      const parsed = parsePosition(CLASSIC, POSITION, {
        version: RULES_VERSION,
        seed: after.seed,
        clientSeeds: [],
      });
      expect(parsed.ok).toBe(true);
      expect(after.start.split(' ').slice(0, 8).join(' ')).toBe(POSITION);
      expect(after.start.split(' ')[8]).toMatch(/^chacha20:/);
      stocks.push(after.next.split(' ')[1]!);
    }
    expect(stocks[0]).not.toBe(stocks[1]);
    // The same cards, in another order.
    expect(stocks[0]!.match(/../g)!.sort()).toEqual(stocks[1]!.match(/../g)!.sort());
  });
});

describe('null turns in the view', () => {
  interface Quiet {
    version: number;
    status: string;
    view: { nullTurns: number; turnActive: boolean };
    result: { reason: string } | null;
  }
  const QUIET_FIELDS = 'version status view { nullTurns turnActive } result { reason }';
  const quiet = async (token: string | null, id: string): Promise<Quiet> =>
    dataOf(
      await app.gql<{ game: Quiet }>(token, `query($g: ID!) { game(id: $g) { ${QUIET_FIELDS} } }`, { g: id }),
    ).game;

  it('§2.9: after a pass with nothing drawn the view says one null turn and a quiet turn; the second pass blocks the game', async () => {
    // Empty stock: nobody draws, so each pass is a null turn (S16, S17).
    const position = 'c1=AS - - 9H:KD:-,-,-,-/TD:QH:-,-,-,- 0 5 0 n';
    const una = await register(app, 'nt_una');
    const vic = await register(app, 'nt_vic');
    const created = await create(una, { position }, BASE_FIELDS);
    dataOf(await plainJoin(vic, created.id));
    const pass = async (token: string): Promise<void> => {
      const { version } = await quiet(token, created.id);
      dataOf(
        await app.gql(
          token,
          'mutation($g: ID!, $v: Int!) { makeMove(gameId: $g, move: "pass", expectedVersion: $v) { game { version } } }',
          { g: created.id, v: version },
        ),
      );
    };
    expect((await quiet(vic, created.id)).view).toEqual({ nullTurns: 0, turnActive: false });
    await pass(una);
    for (const viewer of [vic, una, null]) {
      expect((await quiet(viewer, created.id)).view).toEqual({ nullTurns: 1, turnActive: false });
    }
    await pass(vic);
    const ended = await quiet(null, created.id);
    expect(ended.status).toBe('FINISHED');
    expect(ended.result?.reason).toBe('BLOCKED');
  });
});

describe('a game under a rules version this server does not know', () => {
  it('unknown rules version refused: reading its board, moving in it and verifying it are UNSUPPORTED_RULES_VERSION', async () => {
    const max = await register(app, 'uv_max');
    const ned = await register(app, 'uv_ned');
    const [maxId, nedId] = [await playerId(max), await playerId(ned)];
    const ids = [randomUUID(), randomUUID()];
    for (const [index, status] of ['ACTIVE', 'FINISHED'].entries()) {
      await sql(
        app.databaseUrl,
        `INSERT INTO games (id, preset, options, seats, rated, status, version, current_seat, current_player_id, seed,
                            seed_commitment, rules_version, deal_chosen, created_by_id, created_at, started_at,
                            finished_at, updated_at)
         VALUES ($1, 'classic', $2, 2, false, $3, 0, $4, $5, 'future', 'c0ffee', 'malice-rules-9+generator-v9', true,
                 $6, now(), now(), $7, now())`,
        [
          ids[index],
          JSON.stringify(CLASSIC),
          status,
          status === 'ACTIVE' ? 0 : null,
          status === 'ACTIVE' ? maxId : null,
          maxId,
          status === 'ACTIVE' ? null : new Date(),
        ],
      );
      await sql(
        app.databaseUrl,
        `INSERT INTO game_players (game_id, seat, player_id, joined_at) VALUES ($1, 0, $2, now()), ($1, 1, $3, now())`,
        [ids[index], maxId, nedId],
      );
    }
    const [active, finished] = ids as [string, string];
    // The row itself reads: a client can see what it is and which version it needs.
    const row = dataOf(
      await app.gql<{ game: { status: string; rulesVersion: string } }>(
        null,
        'query($g: ID!) { game(id: $g) { status rulesVersion } }',
        {
          g: active,
        },
      ),
    ).game;
    expect(row).toEqual({ status: 'ACTIVE', rulesVersion: 'malice-rules-9+generator-v9' });
    const view = await app.gql(max, 'query($g: ID!) { game(id: $g) { view { hand } } }', { g: active });
    expect(codeOf(view)).toBe('UNSUPPORTED_RULES_VERSION');
    expect(view.errors![0]!.message).toMatch(/"malice-rules-9\+generator-v9" is not one this engine replays/);
    expect(view.errors![0]!.extensions!.rulesVersion).toBe('malice-rules-9+generator-v9');
    const move = await app.gql(
      max,
      'mutation($g: ID!) { makeMove(gameId: $g, move: "pass", clientMoveId: "max-1") { game { version } } }',
      {
        g: active,
      },
    );
    expect(codeOf(move)).toBe('UNSUPPORTED_RULES_VERSION');
    expect(codeOf(await app.gql(null, 'query($g: ID!) { verifyGame(id: $g) { ok } }', { g: finished }))).toBe(
      'UNSUPPORTED_RULES_VERSION',
    );
    expect(
      codeOf(
        await app.gql(null, 'query($g: ID!) { game(id: $g) { positionAfter(ply: 0) } }', { g: finished }),
      ),
    ).toBe('UNSUPPORTED_RULES_VERSION');
    // Nothing was written.
    expect(
      await sql(app.databaseUrl, 'SELECT 1 FROM game_events WHERE game_id = ANY($1::uuid[])', [ids]),
    ).toEqual([]);
  });
});
