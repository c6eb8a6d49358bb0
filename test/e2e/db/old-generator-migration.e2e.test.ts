/**
 * The migration 20261201100000_secret_deal on a database that holds games dealt under the old generator
 * (malice-rules-1+xoshiro128ss-sha256-v1, whose hands anyone could compute from the public commitment): the
 * migrations before it are applied, old-version games of every kind are inserted as the old code left them, then
 * the migration runs. Rated games being played become unrated, flagged DEAL_EXPOSED, their players told
 * (GAME_UNRATED); games still waiting are called off (dealExposed), their players told by GAME_OVER; finished and
 * unrated running games stay as they were. Then the server serves them, each under its own version.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { migrate, readMigrations } from '../../../src/db/migrator';
import { optionsFor } from '../../../src/engine';
import { startTestApp } from '../../support/service/app';
import { adminUrl, sql, urlFor } from '../../support/service/database';

const MIGRATION = '20261201100000_secret_deal';
const V1 = 'malice-rules-1+xoshiro128ss-sha256-v1';

let url: string;
let name: string;

beforeAll(async () => {
  name = `malice_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url = urlFor(name);
});

afterAll(async () => {
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

interface OldGame {
  readonly id: string;
  readonly status: 'WAITING' | 'ACTIVE' | 'FINISHED';
  readonly rated: boolean;
  readonly seats: string[];
}

describe(`migration ${MIGRATION} (games dealt under the old generator)`, () => {
  it('makes running rated old-version games unrated and tells their players; calls off waiting ones', async () => {
    const all = readMigrations();
    const before = all.filter((migration) => migration.name < MIGRATION);
    expect(all.map((migration) => migration.name)).toContain(MIGRATION);
    await migrate(url, before);

    const players = ['mig_ann', 'mig_ben', 'mig_cat', 'mig_dov'].map((username) => ({
      id: randomUUID(),
      username,
    }));
    for (const player of players) {
      await sql(
        url,
        `INSERT INTO players (id, username, username_key, password_hash) VALUES ($1, $2, $2, 'not a hash')`,
        [player.id, player.username],
      );
    }
    const [ann, ben, cat, dov] = players.map((player) => player.id) as [string, string, string, string];
    const games: Record<string, OldGame> = {
      ratedActive: { id: randomUUID(), status: 'ACTIVE', rated: true, seats: [ann, ben] },
      unratedActive: { id: randomUUID(), status: 'ACTIVE', rated: false, seats: [cat, dov] },
      ratedWaiting: { id: randomUUID(), status: 'WAITING', rated: true, seats: [ann] },
      unratedWaiting: { id: randomUUID(), status: 'WAITING', rated: false, seats: [ben] },
      ratedFinished: { id: randomUUID(), status: 'FINISHED', rated: true, seats: [cat, dov] },
    };
    for (const game of Object.values(games)) {
      const seed = randomBytes(32).toString('hex');
      await sql(
        url,
        `INSERT INTO games (id, preset, options, seats, rated, status, version, current_seat, current_player_id, seed,
                            seed_commitment, rules_version, created_by_id, created_at, started_at, finished_at,
                            updated_at, result)
         VALUES ($1, 'classic', $2, 2, $3, $4, 0, $5, $6, $7::text, encode(sha256(convert_to($7::text, 'UTF8')), 'hex'), $8, $9,
                 now() - interval '1 day', $10, $11, now() - interval '1 day', $12)`,
        [
          game.id,
          JSON.stringify(optionsFor('classic')),
          game.rated,
          game.status,
          game.status === 'ACTIVE' ? 0 : null,
          game.status === 'ACTIVE' ? game.seats[0] : null,
          seed,
          V1,
          game.seats[0],
          game.status === 'WAITING' ? null : new Date(Date.now() - 3_600_000),
          game.status === 'FINISHED' ? new Date() : null,
          game.status === 'FINISHED'
            ? JSON.stringify({
                reason: 'resigned',
                winner: 0,
                score: 26,
                ranking: [[0], [1]],
                payoffLeft: [26, 26],
              })
            : null,
        ],
      );
      for (const [seat, player] of game.seats.entries()) {
        await sql(
          url,
          'INSERT INTO game_players (game_id, seat, player_id, joined_at) VALUES ($1, $2, $3, now())',
          [game.id, seat, player],
        );
      }
    }
    // A game of the new version (as a copy already running the new code could have created): left alone.
    const fresh = randomUUID();
    await sql(
      url,
      `INSERT INTO games (id, preset, options, seats, rated, status, seed, seed_commitment, rules_version, created_by_id)
       VALUES ($1, 'classic', $2, 2, true, 'WAITING', 'x', 'y', 'malice-rules-1+chacha20-v2', $3)`,
      [fresh, JSON.stringify(optionsFor('classic')), dov],
    );
    const eventsBefore = await sql<{ count: string }>(url, 'SELECT count(*) FROM player_events');

    expect(await migrate(url)).toEqual(
      all.filter((migration) => migration.name >= MIGRATION).map((m) => m.name),
    );

    const rows = await sql<{
      id: string;
      status: string;
      rated: boolean;
      unrated_reason: string | null;
      end_reason: string | null;
    }>(url, 'SELECT id, status, rated, unrated_reason, end_reason FROM games');
    const rowOf = (game: OldGame | string) =>
      rows.find((row) => row.id === (typeof game === 'string' ? game : game.id));
    expect(rowOf(games.ratedActive!)).toMatchObject({
      status: 'ACTIVE',
      rated: false,
      unrated_reason: 'DEAL_EXPOSED',
    });
    expect(rowOf(games.unratedActive!)).toMatchObject({
      status: 'ACTIVE',
      rated: false,
      unrated_reason: null,
    });
    for (const waiting of [games.ratedWaiting!, games.unratedWaiting!]) {
      expect(rowOf(waiting)).toMatchObject({
        status: 'ABORTED',
        end_reason: 'dealExposed',
        unrated_reason: null,
      });
    }
    expect(rowOf(games.ratedFinished!)).toMatchObject({
      status: 'FINISHED',
      rated: true,
      unrated_reason: null,
    });
    expect(rowOf(fresh)).toMatchObject({ status: 'WAITING', rated: true, unrated_reason: null });

    const events = await sql<{ player_id: string; kind: string; game_id: string }>(
      url,
      'SELECT player_id, kind, game_id FROM player_events ORDER BY id OFFSET $1',
      [Number(eventsBefore[0]!.count)],
    );
    const told = (kind: string) =>
      events
        .filter((event) => event.kind === kind)
        .map((event) => [event.game_id, event.player_id])
        .sort();
    expect(told('GAME_UNRATED')).toEqual(
      [
        [games.ratedActive!.id, ann],
        [games.ratedActive!.id, ben],
      ].sort(),
    );
    expect(told('GAME_OVER')).toEqual(
      [
        [games.ratedWaiting!.id, ann],
        [games.unratedWaiting!.id, ben],
      ].sort(),
    );
    expect(events.every((event) => ['GAME_UNRATED', 'GAME_OVER'].includes(event.kind))).toBe(true);

    // The new kind is one a webhook may ask for now.
    await sql(
      url,
      `INSERT INTO webhooks (id, player_id, url, secret, events, created_at)
       VALUES ($1, $2, 'http://127.0.0.1:9/hook', 's', ARRAY['GAME_UNRATED'], now())`,
      [randomUUID(), ann],
    );

    // The server reads them: the game goes on under its own (old) version, and says why it is no longer rated.
    const app = await startTestApp({ databaseUrl: url });
    try {
      const body = await app.gql<{
        game: {
          rated: boolean;
          unratedReason: string | null;
          rulesVersion: string;
          view: { stockCount: number };
        };
      }>(null, 'query($g: ID!) { game(id: $g) { rated unratedReason rulesVersion view { stockCount } } }', {
        g: games.ratedActive!.id,
      });
      expect(body.data?.game).toEqual({
        rated: false,
        unratedReason: 'DEAL_EXPOSED',
        rulesVersion: V1,
        view: { stockCount: 46 },
      });
      const aborted = await app.gql<{ game: { status: string; abortReason: string } }>(
        null,
        'query($g: ID!) { game(id: $g) { status abortReason } }',
        { g: games.ratedWaiting!.id },
      );
      expect(aborted.data?.game).toEqual({ status: 'ABORTED', abortReason: 'DEAL_EXPOSED' });
    } finally {
      await app.stop();
    }
  });
});
