/**
 * The cutover that moves player notifications out of the triggers into the app (migration
 * 20261201170000_notifications_in_app, docs/architecture.md "Cutover: notifications into the app"), on a database
 * with games in flight and an app copy of the previous version still running beside the new one.
 *
 * The previous version is played by what it sent: its statements (the move append of that version, copied below
 * as it was) on connections that carry no `malice.notifier`, relying on the triggers for the player events and
 * webhook deliveries. The new version is the app itself, in process. A game is dealt by the previous version
 * before the migration, then both versions move in it by turns, each starting from a stale picture of the game.
 * Every change must be told exactly once: no turn without its YOUR_TURN, none with two, and one webhook delivery
 * per event.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import {
  Command,
  GameState,
  RULES_VERSION,
  applyEvent,
  cloneState,
  decide,
  legalMoves,
  optionsFor,
  seedCommitment,
  standInClientSeed,
} from '../../../src/engine';
import { migrate, readMigrations } from '../../../src/db/migrator';
import { initialState } from '../../../src/games/domain/initial-state';
import { projectionOf } from '../../../src/games/domain/projection';
import { GamesService } from '../../../src/games/games.service';
import { GamesRepository } from '../../../src/games/persistence/games.repository';
import { hash as argon2Hash } from '@node-rs/argon2';
import { normalizePassword } from '../../../src/players/password-policy';
import { dataOf } from '../../support/service/app';
import { adminUrl, urlFor } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { readGame } from '../../support/service/play';

const CUTOVER = '20261201170000_notifications_in_app';
/** From here the app stores when a turn's reminder is due; the previous version's turns have none. */
const REMIND_AT = '20261201190000_remind_at';

/** The move append of the version before the cutover, as it was: no notifications of its own. */
const PREVIOUS_APPEND = `
  WITH moved AS (
    UPDATE games
       SET version = $3, current_seat = $4, current_player_id = $5::uuid, updated_at = $6, status = $7,
           finished_at = CASE WHEN $8 THEN $6::timestamptz ELSE finished_at END,
           result = COALESCE($9::jsonb, result),
           turn_started_at = CASE WHEN $5::uuid IS DISTINCT FROM current_player_id THEN $6 ELSE turn_started_at END,
           deadline = CASE WHEN $8 THEN NULL
                           WHEN $5::uuid IS DISTINCT FROM current_player_id
                             THEN $6::timestamptz + seconds_per_move * interval '1 second'
                           ELSE deadline END
     WHERE id = $1::uuid AND version = $2 AND status = 'ACTIVE'
    RETURNING id)
  INSERT INTO game_events (game_id, seq, type, payload, actor_id, client_move_id, created_at)
  SELECT moved.id, e.seq, e.type, e.payload, $10::uuid, e.client_move_id, $6
    FROM moved, jsonb_to_recordset($11::jsonb) AS e(seq int, type text, payload jsonb, client_move_id text)`;

let url: string;
/** The previous version's connections: no `malice.notifier`. */
let previous: Pool;
let app: InProcessApp | null = null;

beforeAll(async () => {
  const name = `malice_test_cutover_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new Pool({ connectionString: adminUrl(), max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url = urlFor(name);
  await migrate(
    url,
    readMigrations().filter((migration) => migration.name < CUTOVER),
  );
  previous = new Pool({ connectionString: url, max: 2 });
});
afterAll(async () => {
  await app?.close();
  await previous.end();
  const admin = new Pool({ connectionString: adminUrl(), max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${url.split('/').pop()} WITH (FORCE)`);
  await admin.end();
});

interface Seated {
  readonly gameId: string;
  readonly players: readonly string[];
}

const PASSWORD = 'correct horse battery staple';

/** A player as the previous version registered them, with a password the new version signs them in with. */
async function previousPlayer(name: string): Promise<string> {
  const id = randomUUID();
  await previous.query(
    `INSERT INTO players (id, username, username_key, password_hash, created_at) VALUES ($1, $2, $2, $3, now())`,
    [id, name, await argon2Hash(normalizePassword(PASSWORD))],
  );
  return id;
}

/** A two-player classic game created, joined and dealt by the previous version (its triggers tell the players). */
async function previousDeal(players: readonly string[]): Promise<Seated> {
  const gameId = randomUUID();
  const seed = randomUUID();
  const options = optionsFor('classic');
  await previous.query(
    `INSERT INTO games (id, preset, options, seats, status, seed, seed_commitment, rules_version, created_by_id,
                        seconds_per_move, created_at, updated_at)
     VALUES ($1, 'classic', $2, 2, 'WAITING', $3, $4, $5, $6, 86400, now(), now())`,
    [gameId, JSON.stringify(options), seed, seedCommitment(RULES_VERSION, seed), RULES_VERSION, players[0]],
  );
  const clientSeeds = players.map((_, seat) => standInClientSeed(seed, seat));
  for (const [seat, playerId] of players.entries()) {
    await previous.query(
      `INSERT INTO game_players (game_id, seat, player_id, joined_at, client_seed, client_seed_source)
       VALUES ($1, $2, $3, now(), $4, 'SERVER_STAND_IN')`,
      [gameId, seat, playerId, clientSeeds[seat]],
    );
  }
  const first = initialState({
    rulesVersion: RULES_VERSION,
    options,
    seed,
    seats: 2,
    startPosition: null,
    dealChosen: false,
    clientSeeds,
  }).current;
  await previous.query(
    `UPDATE games SET status = 'ACTIVE', started_at = now(), updated_at = now(), current_seat = $2,
            current_player_id = $3, turn_started_at = now(), deadline = now() + interval '1 day'
      WHERE id = $1`,
    [gameId, first, players[first]],
  );
  return { gameId, players };
}

/** A webhook for `playerId` taking every kind (the previous version's trigger and the app both queue for it). */
async function webhookFor(playerId: string): Promise<void> {
  await previous.query(
    `INSERT INTO webhooks (id, player_id, url, secret, events, created_at)
     VALUES ($1, $2, 'https://receiver.invalid/hook', 'a-secret-of-some-length', $3, now())`,
    [
      randomUUID(),
      playerId,
      ['YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER', 'GAME_UNRATED'],
    ],
  );
}

/** The game as the log has it (the app's own fold: the state both versions decide on). */
async function stateOf(gameId: string): Promise<{ state: GameState; version: number; seated: Seated }> {
  const games = app!.get(GamesService);
  const game = await games.get(gameId);
  const folded = await games.folded(game);
  return {
    state: folded.state,
    version: folded.version,
    seated: { gameId, players: game.players.map((entry) => entry.playerId) },
  };
}

/** One move that ends the turn if one does: a side-pile card, else a pass, else the first legal move. */
function turnEnding(state: GameState): string {
  const legal = legalMoves(state);
  return legal.find((move) => /-d\d$/.test(move)) ?? legal.find((move) => move === 'pass') ?? legal[0]!;
}

/** The previous version moves: the engine decides, its own append writes, its triggers tell. */
async function previousMove(gameId: string): Promise<void> {
  const { state, version, seated } = await stateOf(gameId);
  const seat = state.current;
  const command: Command = { type: 'move', seat, move: turnEnding(state) };
  const decision = decide(state, command);
  if (!decision.ok) throw new Error(`refused: ${decision.violation.reason}`);
  const next = cloneState(state);
  for (const event of decision.events) applyEvent(next, event);
  const players = seated.players.map((playerId, index) => ({ seat: index, playerId }));
  const projection = projectionOf(next, version + decision.events.length, players);
  const rows = decision.events.map((event, index) => ({
    seq: version + index + 1,
    type: event.type,
    payload: event,
    client_move_id: null,
  }));
  const { rowCount } = await previous.query(PREVIOUS_APPEND, [
    gameId,
    version,
    projection.version,
    projection.currentSeat,
    projection.currentPlayerId,
    new Date(),
    projection.status,
    projection.result !== null,
    projection.result === null ? null : JSON.stringify(projection.result),
    seated.players[seat],
    JSON.stringify(rows),
  ]);
  expect(rowCount).toBe(decision.events.length);
}

/** The previous version plays a whole turn. */
async function previousTurn(gameId: string): Promise<void> {
  const { state } = await stateOf(gameId);
  for (let moves = 0; moves < 40; moves++) {
    const now = await stateOf(gameId);
    if (now.state.result !== null || now.state.current !== state.current) return;
    await previousMove(gameId);
  }
  throw new Error('the turn did not pass in 40 moves');
}

/** The new version plays a whole turn over the API, as a player would. */
async function appTurn(gameId: string, tokens: ReadonlyMap<string, string>): Promise<void> {
  const { state, seated } = await stateOf(gameId);
  const mover = seated.players[state.current]!;
  const token = tokens.get(mover)!;
  for (let moves = 0; moves < 40; moves++) {
    const game = await readGame(app!, token, gameId);
    if (game.status !== 'ACTIVE' || game.currentSeat !== state.current) return;
    const { state: now } = await stateOf(gameId);
    dataOf(
      await app!.gql(
        token,
        'mutation($g: ID!, $m: String!, $v: Int) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { version } } }',
        { g: gameId, m: turnEnding(now), v: game.version },
      ),
    );
  }
  throw new Error('the turn did not pass in 40 moves');
}

async function eventsOf(gameId: string): Promise<{ kind: string; player_id: string; id: string }[]> {
  const { rows } = await previous.query<{ kind: string; player_id: string; id: string }>(
    'SELECT id::text, kind, player_id FROM player_events WHERE game_id = $1 ORDER BY player_events.id',
    [gameId],
  );
  return rows;
}

/** Turns that began: the deal's first turn, then one for every turn that ended (the engine counts from 0). */
async function turnsBegun(gameId: string): Promise<number> {
  const { state } = await stateOf(gameId);
  return state.turn + 1;
}

it('tells every change of a game in flight exactly once, whichever version makes it, across the migration', async () => {
  // Before the migration: the previous version deals two games; its triggers tell the players.
  const ann = await previousPlayer('cutover_ann');
  const bob = await previousPlayer('cutover_bob');
  await webhookFor(bob);
  const moved = await previousDeal([ann, bob]);
  const calledOff = await previousDeal([ann, bob]);
  expect((await eventsOf(moved.gameId)).map((event) => event.kind).sort()).toEqual([
    'GAME_STARTED',
    'GAME_STARTED',
    'YOUR_TURN',
  ]);

  // The first copy of the new version migrates and serves, while the previous version goes on running.
  const pending = readMigrations()
    .filter((migration) => migration.name >= CUTOVER)
    .map((migration) => migration.name);
  expect(pending).toContain(REMIND_AT);
  expect(await migrate(url)).toEqual(pending);
  app = await startAppInProcess({ databaseUrl: url, env: { WEBHOOK_INTERVAL_MS: '0' } });
  const tokens = new Map([
    [ann, await login(app, 'cutover_ann')],
    [bob, await login(app, 'cutover_bob')],
  ]);

  // Both versions move in the game by turns, each from a picture the other has made stale.
  for (let round = 0; round < 3; round++) {
    await previousTurn(moved.gameId);
    await appTurn(moved.gameId, tokens);
  }
  const events = await eventsOf(moved.gameId);
  const turns = events.filter((event) => event.kind === 'YOUR_TURN');
  expect(turns).toHaveLength(await turnsBegun(moved.gameId));
  expect(turns.length).toBeGreaterThanOrEqual(7);
  // Each turn's YOUR_TURN went to the player whose turn it was: the two players alternate.
  turns.forEach((event, index) => {
    if (index > 0) expect(event.player_id).not.toBe(turns[index - 1]!.player_id);
  });
  expect(events.filter((event) => event.kind === 'GAME_STARTED')).toHaveLength(2);

  // The previous version calls off the other game (as its sweeper did for a game nobody moved in).
  await previous.query(
    `UPDATE games SET status = 'ABORTED', end_reason = 'noMove', finished_at = now(), updated_at = now(),
            current_seat = NULL, current_player_id = NULL, deadline = NULL WHERE id = $1`,
    [calledOff.gameId],
  );
  expect((await eventsOf(calledOff.gameId)).filter((event) => event.kind === 'GAME_OVER')).toHaveLength(2);

  // Reminders: once per turn, whichever version began the turn. The previous version stores no reminder time, so
  // its turn is reminded by the share, as it reminded; the new version's turn at the time it stored.
  const repository = app.get(GamesRepository);
  const reminders = async (): Promise<string[]> =>
    (await eventsOf(moved.gameId))
      .filter((event) => event.kind === 'REMINDER')
      .map((event) => event.player_id);
  const turnOf = async (): Promise<{ player: string; startedAt: Date; remindAt: Date | null }> => {
    const { rows } = await previous.query<{
      current_player_id: string;
      turn_started_at: Date;
      remind_at: Date | null;
    }>('SELECT current_player_id, turn_started_at, remind_at FROM games WHERE id = $1', [moved.gameId]);
    const row = rows[0]!;
    return { player: row.current_player_id, startedAt: row.turn_started_at, remindAt: row.remind_at };
  };
  const DAY = 86_400_000;
  await previousTurn(moved.gameId);
  const previousVersionTurn = await turnOf();
  expect(previousVersionTurn.remindAt).toBeNull();
  const start = previousVersionTurn.startedAt.getTime();
  expect(await repository.remindDueTurns(new Date(start + 0.8 * DAY - 60_000))).toBe(0);
  expect(await repository.remindDueTurns(new Date(start + 0.8 * DAY + 1000))).toBe(1);
  expect(await repository.remindDueTurns(new Date(start + 0.9 * DAY))).toBe(0);
  expect(await reminders()).toEqual([previousVersionTurn.player]);
  await appTurn(moved.gameId, tokens);
  const appVersionTurn = await turnOf();
  expect(appVersionTurn.remindAt).toEqual(new Date(appVersionTurn.startedAt.getTime() + 0.8 * DAY));
  expect(await repository.remindDueTurns(new Date(appVersionTurn.remindAt!.getTime() - 1000))).toBe(0);
  expect(await repository.remindDueTurns(appVersionTurn.remindAt!)).toBe(1);
  expect(await repository.remindDueTurns(new Date(appVersionTurn.remindAt!.getTime() + 1000))).toBe(0);
  expect(await reminders()).toEqual([previousVersionTurn.player, appVersionTurn.player]);

  // Every event of the player with a webhook was queued for it exactly once, whoever wrote it.
  const { rows: queued } = await previous.query<{ kind: string; deliveries: number }>(
    `SELECT e.kind, count(d.id)::int AS deliveries
       FROM player_events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id
      WHERE e.player_id = $1 GROUP BY e.id, e.kind ORDER BY e.id`,
    [bob],
  );
  expect(queued.length).toBeGreaterThanOrEqual(5);
  expect(queued.filter((row) => row.deliveries !== 1)).toEqual([]);
  expect(new Set(queued.map((row) => row.kind))).toEqual(
    new Set(['GAME_STARTED', 'YOUR_TURN', 'GAME_OVER', 'REMINDER']),
  );
});

async function login(target: InProcessApp, username: string): Promise<string> {
  const body = await target.gql<{ login: { token: string } }>(
    null,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }',
    { u: username, p: PASSWORD },
  );
  return dataOf(body).login.token;
}
