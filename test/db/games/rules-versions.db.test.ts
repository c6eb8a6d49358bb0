/**
 * Games recorded under malice-rules-1, stored as the old code left them (options without `blockedWhen`), served by
 * the new engine against real Postgres: they load, replay and go on under their own rules (docs/rules.md §2.6,
 * §2.9) — a dealt modern game, and games created from a position — while new games get malice-rules-2.
 */
import { randomUUID } from 'node:crypto';
import {
  GameEvent,
  RULES_VERSION,
  RulesVersion,
  StoredOptions,
  optionsFor,
  seedCommitment,
} from '../../../src/engine';
import { playout, startGame, storedOptionsOf } from '../../support/playout';
import { TestApp, codeOf, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';
import { sql } from '../../support/service/database';
import { apiName } from '../../support/service/play';

const RULES_1: RulesVersion = 'malice-rules-1+chacha20-v2';

let app: TestApp;

beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

/** A preset's options as the malice-rules-1 code stored them: blockedWhen did not exist. */
function storedUnderRules1(preset: 'classic' | 'modern'): StoredOptions {
  const { blockedWhen, ...stored } = optionsFor(preset);
  void blockedWhen;
  return stored;
}

interface OldGame {
  readonly preset: 'classic' | 'modern';
  readonly options: StoredOptions;
  readonly seed: string;
  readonly startPosition: string | null;
  readonly events: readonly GameEvent[];
  /** The seat to move after the events, or null for a finished game (then `result` is set). */
  readonly currentSeat: number | null;
  readonly result?: unknown;
}

async function playerId(token: string): Promise<string> {
  return dataOf(await app.gql<{ me: { id: string } }>(token, '{ me { id } }')).me.id;
}

/** Inserts a two-seat malice-rules-1 game with its log, as the old code wrote it; returns its id. */
async function insertOld(game: OldGame, players: readonly [string, string]): Promise<string> {
  const id = randomUUID();
  const over = game.currentSeat === null;
  await sql(
    app.databaseUrl,
    `INSERT INTO games (id, preset, options, seats, rated, status, version, current_seat, current_player_id, seed,
                        seed_commitment, rules_version, start_position, deal_chosen, created_by_id, created_at,
                        started_at, finished_at, updated_at, result)
     VALUES ($1, $2, $3, 2, false, $4, $5, $6, $7, $8, $9, $10, $11, true, $12, now(), now(), $13, now(), $14)`,
    [
      id,
      game.preset,
      JSON.stringify(game.options),
      over ? 'FINISHED' : 'ACTIVE',
      game.events.length,
      game.currentSeat,
      game.currentSeat === null ? null : players[game.currentSeat],
      game.seed,
      seedCommitment(RULES_1, game.seed),
      RULES_1,
      game.startPosition,
      players[0],
      over ? new Date() : null,
      over ? JSON.stringify(game.result) : null,
    ],
  );
  await sql(
    app.databaseUrl,
    `INSERT INTO game_players (game_id, seat, player_id, joined_at) VALUES ($1, 0, $2, now()), ($1, 1, $3, now())`,
    [id, players[0], players[1]],
  );
  for (const [index, event] of game.events.entries()) {
    await sql(
      app.databaseUrl,
      'INSERT INTO game_events (game_id, seq, type, payload) VALUES ($1, $2, $3, $4::jsonb)',
      [id, index + 1, event.type, JSON.stringify(event)],
    );
  }
  return id;
}

interface ReadGame {
  status: string;
  rulesVersion: string;
  currentSeat: number | null;
  legalMoves: string[];
  options: { blockedWhen: string };
  result: { reason: string; winner: number | null; payoffLeft: number[] } | null;
  view: { seats: { payoffTop: string | null; handCount: number }[]; centerPiles: { cards: string[] }[] };
}

const FIELDS = `status rulesVersion currentSeat legalMoves options { blockedWhen }
  result { reason winner payoffLeft } view { seats { payoffTop handCount } centerPiles { cards } }`;

async function read(token: string, id: string): Promise<ReadGame> {
  return dataOf(
    await app.gql<{ game: ReadGame }>(token, `query($g: ID!) { game(id: $g) { ${FIELDS} } }`, { g: id }),
  ).game;
}

async function move(token: string, id: string, text: string) {
  return app.gql<{ makeMove: { game: ReadGame } }>(
    token,
    `mutation($g: ID!, $m: String!, $c: String) { makeMove(gameId: $g, move: $m, clientMoveId: $c) { game { ${FIELDS} } } }`,
    { g: id, m: text, c: randomUUID() },
  );
}

describe('games recorded under malice-rules-1, served by the rules-2 engine', () => {
  it('a dealt modern game stored without blockedWhen loads and replays to its recorded result', async () => {
    const [ann, ben] = [await register(app, 'rv_ann'), await register(app, 'rv_ben')];
    const players = [await playerId(ann), await playerId(ben)] as const;
    const spec = {
      preset: 'modern' as const,
      overrides: {},
      seats: 2,
      seed: 'rules-1-modern',
      version: RULES_1,
    };
    const run = playout(startGame(spec), { chooserSeed: 'rules-1-modern', style: 'greedy' });
    expect(run.final.result).not.toBeNull();
    expect(storedOptionsOf(spec)).not.toHaveProperty('blockedWhen');
    const id = await insertOld(
      {
        preset: 'modern',
        options: storedOptionsOf(spec),
        seed: spec.seed,
        startPosition: null,
        events: run.events,
        currentSeat: null,
        result: run.final.result,
      },
      players,
    );
    const game = await read(ann, id);
    expect(game.rulesVersion).toBe(RULES_1);
    expect(game.status).toBe('FINISHED');
    // The option the version predates reads as that version played: every null turn counted (S17), modern too.
    expect(game.options.blockedWhen).toBe('CANNOT_OR_WILL_NOT');
    expect(game.result).toEqual({
      reason: apiName(run.final.result!.reason),
      winner: run.final.result!.winner,
      payoffLeft: run.final.result!.payoffLeft,
    });
    expect(game.view.centerPiles.map((pile) => pile.cards.length)).toEqual(
      run.final.center.flatMap((pile) => (pile === null ? [] : [pile.length])),
    );
    // The export carries the option as the game's version reads it.
    const exported = dataOf(
      await app.gql<{ exportGame: { options: { blockedWhen: string } } }>(
        ann,
        'query($g: ID!) { exportGame(id: $g) }',
        {
          g: id,
        },
      ),
    ).exportGame;
    expect(exported.options.blockedWhen).toBe('cannotOrWillNot');
  });

  // E18 vs S17: under rules 1 two passes ended a modern game as blocked even with a centre play declined.
  it('a modern position game: the second pass ends it as blocked, as under rules 1 (d1-c1 was declined)', async () => {
    const [cal, dee] = [await register(app, 'rv_cal'), await register(app, 'rv_dee')];
    const players = [await playerId(cal), await playerId(dee)] as const;
    const position = 'c1=AS2H3D4C - - 9H8C:-:5C,-,-,-/3C5DQS:-:9D,-,-,- 0 30 0 n';
    const id = await insertOld(
      {
        preset: 'modern',
        options: storedUnderRules1('modern'),
        seed: 'rules-1-modern-position',
        startPosition: position,
        events: [{ type: 'passed', seat: 0 }],
        currentSeat: 1,
      },
      players,
    );
    const before = await read(dee, id);
    expect(before).toMatchObject({ status: 'ACTIVE', currentSeat: 1, legalMoves: ['pass'] });
    expect(before.options.blockedWhen).toBe('CANNOT_OR_WILL_NOT');
    const after = dataOf(await move(dee, id, 'pass')).makeMove.game;
    expect(after.status).toBe('FINISHED');
    expect(after.result).toEqual({ reason: 'BLOCKED', winner: 0, payoffLeft: [2, 3] });
  });

  // S15: under rules 1 the pay-off 5H could be dodged by covering c1 with the 5S first; the game goes on so.
  it('a classic position game: after 5S-c1 the turn may end with the 5H still on the pay-off pile', async () => {
    const [eve, fay] = [await register(app, 'rv_eve'), await register(app, 'rv_fay')];
    const players = [await playerId(eve), await playerId(fay)] as const;
    const position = 'c1=AS2H3D4C - - 9H5H:5S8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    const id = await insertOld(
      {
        preset: 'classic',
        options: storedUnderRules1('classic'),
        seed: 'rules-1-classic-position',
        startPosition: position,
        events: [{ type: 'played', seat: 0, move: '5S-c1', card: '5S', slot: 1 }],
        currentSeat: 0,
      },
      players,
    );
    const before = await read(eve, id);
    expect(before.status).toBe('ACTIVE');
    expect(before.legalMoves).toContain('pass');
    expect(before.legalMoves).toContain('8S-d1');
    const after = dataOf(await move(eve, id, 'pass')).makeMove.game;
    expect(after.currentSeat).toBe(1);
    expect(after.view.seats[0]!.payoffTop).toBe('5H');
  });

  it('the same classic position in a new game is under malice-rules-2: the 5H is due at once', async () => {
    const gus = await register(app, 'rv_gus');
    const hal = await register(app, 'rv_hal');
    const position = 'c1=AS2H3D4C - - 9H5H:5S8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    const created = dataOf(
      await app.gql<{ createGame: { id: string; rulesVersion: string } }>(
        gus,
        'mutation($i: CreateGameInput!) { createGame(input: $i) { id rulesVersion } }',
        { i: { preset: 'CLASSIC', position } },
      ),
    ).createGame;
    expect(created.rulesVersion).toBe(RULES_VERSION);
    dataOf(await app.gql(hal, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: created.id }));
    const game = await read(gus, created.id);
    expect(game.options.blockedWhen).toBe('CANNOT_OR_WILL_NOT');
    expect(game.legalMoves).toEqual(['p-c1']);
    // The view says which play is forced and why, to the seat to move only.
    const forcedQuery = 'query($g: ID!) { game(id: $g) { forcedPlays { move reason } } }';
    const forcedOf = async (token: string) =>
      dataOf(await app.gql<{ game: { forcedPlays: unknown[] } }>(token, forcedQuery, { g: created.id })).game
        .forcedPlays;
    expect(await forcedOf(gus)).toEqual([{ move: 'p-c1', reason: 'FORCED_PAYOFF_PLAY' }]);
    expect(await forcedOf(hal)).toEqual([]);
    const dodge = await move(gus, created.id, '5S-c1');
    expect(codeOf(dodge)).toBe('ILLEGAL_MOVE');
    expect(dodge.errors![0]!.message).toBe(
      'the pay-off card 5H fits centre pile c1 and must be played now, before any other move (forced pay-off play)',
    );
    expect(dodge.errors![0]!.extensions).toEqual({
      code: 'ILLEGAL_MOVE',
      rule: 'FORCED_PLAY_PENDING',
      params: { forced: 'FORCED_PAYOFF_PLAY', card: '5H', from: 'p', pile: 'c1', move: 'p-c1', atOnce: true },
      sentences: ['S15'],
    });
    // Played, nothing is forced any more (the next pay-off top, 9H, fits nowhere).
    dataOf(await move(gus, created.id, 'p-c1'));
    expect(await forcedOf(gus)).toEqual([]);
  });
});
