import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { TestApp, dataOf, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';

const CLI = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli', 'check-projections.js');

function check(databaseUrl: string, ...args: string[]): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

interface MoveGame {
  id: string;
  version: number;
  currentSeat: number;
  legalMoves: string[];
}

describe('check:projections rebuilds every projection from the log, the source of truth', () => {
  let app: TestApp;
  let gameId: string;
  let finishedId: string;

  beforeAll(async () => {
    app = await startTestApp();
    const tokens = [await register(app, 'ann'), await register(app, 'ben')];
    gameId = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        tokens[0]!,
        'mutation { createGame(input: { preset: ZLOBA, seed: "projections" }) { id } }',
      ),
    ).createGame.id;
    dataOf(await app.gql(tokens[1]!, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: gameId }));
    // A waiting game too: it has no log, and the check must accept that.
    dataOf(await app.gql(tokens[0]!, 'mutation { createGame(input: { preset: MODERN }) { id } }'));
    // And a finished, rated game: its seats carry outcomes and rating changes.
    finishedId = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        tokens[0]!,
        'mutation { createGame(input: { preset: CLASSIC, rated: true }) { id } }',
      ),
    ).createGame.id;
    dataOf(await app.gql(tokens[1]!, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: finishedId }));
    dataOf(await app.gql(tokens[1]!, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: finishedId }));
    for (let i = 0; i < 12; i++) {
      const game = dataOf(
        await app.gql<{ game: MoveGame }>(
          tokens[0]!,
          'query($g: ID!) { game(id: $g) { id version currentSeat legalMoves } }',
          {
            g: gameId,
          },
        ),
      ).game;
      const token = tokens[game.currentSeat]!;
      const moves = dataOf(
        await app.gql<{ game: MoveGame }>(token, 'query($g: ID!) { game(id: $g) { legalMoves } }', {
          g: gameId,
        }),
      ).game.legalMoves;
      dataOf(
        await app.gql(
          token,
          'mutation($g: ID!, $m: String!, $v: Int) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { version } } }',
          {
            g: gameId,
            m: moves[0],
            v: game.version,
          },
        ),
      );
    }
  });

  afterAll(async () => {
    await app.close();
  });

  it('finds nothing wrong in a database the service wrote', () => {
    const run = check(app.databaseUrl);
    expect(run.output).toContain('checked 3 games: every projection matches its log');
    expect(run.status).toBe(0);
  });

  it('reports a projection that differs from the log, and --repair rewrites it from the log', async () => {
    const [before] = await sql<{ version: number; current_seat: number }>(
      app.databaseUrl,
      'SELECT version, current_seat FROM games WHERE id = $1',
      [gameId],
    );
    await sql(app.databaseUrl, 'UPDATE games SET current_seat = 1 - current_seat WHERE id = $1', [gameId]);
    const broken = check(app.databaseUrl);
    expect(broken.status).toBe(1);
    expect(broken.output).toContain(
      `game ${gameId}: current_seat is ${1 - before!.current_seat}, the log gives ${before!.current_seat}`,
    );

    const repaired = check(app.databaseUrl, '--repair');
    expect(repaired.output).toContain('repaired from the log');
    const [after] = await sql<{ version: number; current_seat: number }>(
      app.databaseUrl,
      'SELECT version, current_seat FROM games WHERE id = $1',
      [gameId],
    );
    expect(after).toEqual(before);
    expect(check(app.databaseUrl).status).toBe(0);
  });

  it('checks each finished seat’s outcome against the log; --repair restores it but never re-rates', async () => {
    const seatOf = async () =>
      (
        await sql<{ outcome: string; placement: number; rating_after: number }>(
          app.databaseUrl,
          'SELECT outcome, placement, rating_after FROM game_players WHERE game_id = $1 AND seat = 1',
          [finishedId],
        )
      )[0]!;
    const before = await seatOf();
    expect(before.outcome).toBe('LOSS');
    await sql(
      app.databaseUrl,
      `UPDATE game_players SET outcome = 'WIN', rating_after = rating_after + 100 WHERE game_id = $1 AND seat = 1`,
      [finishedId],
    );
    const broken = check(app.databaseUrl);
    expect(broken.status).toBe(1);
    expect(broken.output).toContain(`game ${finishedId}: seat 1 outcome is "WIN", the log gives "LOSS"`);
    check(app.databaseUrl, '--repair');
    const after = await seatOf();
    expect(after.outcome).toBe('LOSS');
    expect(after.placement).toBe(before.placement);
    // Ratings depend on the order games finished in: the repair leaves them (the +100 stays for a person to judge).
    expect(after.rating_after).toBeCloseTo(before.rating_after + 100, 6);
    expect(check(app.databaseUrl).status).toBe(0);
  });

  it('reports a log that no longer replays', async () => {
    // The log refuses deletes (a trigger): only a superuser bypassing triggers can break it like this.
    await sql(
      app.databaseUrl,
      "SET session_replication_role = replica; DELETE FROM game_events WHERE game_id = '" +
        gameId +
        "' AND seq = 3",
    );
    const run = check(app.databaseUrl);
    expect(run.status).toBe(1);
    expect(run.output).toMatch(
      new RegExp(`game ${gameId}: log event 3 is "stored", the log gives "does not replay`),
    );
  });

  it('unknown rules version refused: a game recorded by a newer engine is reported, never replayed or repaired', async () => {
    const [row] = await sql<{ rules_version: string; version: number; status: string }>(
      app.databaseUrl,
      'SELECT rules_version, version, status FROM games WHERE id = $1',
      [finishedId],
    );
    await sql(
      app.databaseUrl,
      `UPDATE games SET rules_version = 'malice-rules-9+generator-v9' WHERE id = $1`,
      [finishedId],
    );
    try {
      const run = check(app.databaseUrl, '--repair');
      expect(run.output).toContain(
        `game ${finishedId}: rules_version is "malice-rules-9+generator-v9", the log gives "nothing: rules version \\"malice-rules-9+generator-v9\\" is not one this engine replays`,
      );
      expect(run.output).not.toContain(`game ${finishedId}: repaired`);
      const [after] = await sql<{ version: number; status: string }>(
        app.databaseUrl,
        'SELECT version, status FROM games WHERE id = $1',
        [finishedId],
      );
      expect(after).toEqual({ version: row!.version, status: row!.status });
      expect(check(app.databaseUrl).status).toBe(1);
    } finally {
      await sql(app.databaseUrl, 'UPDATE games SET rules_version = $2 WHERE id = $1', [
        finishedId,
        row!.rules_version,
      ]);
    }
  });

  it('reports a dealt game whose seat lost its client seed (its deal cannot be made), and goes on checking', async () => {
    const tokens = [await register(app, 'cid'), await register(app, 'dot')];
    const id = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        tokens[0]!,
        'mutation { createGame(input: { preset: CLASSIC }) { id } }',
      ),
    ).createGame.id;
    dataOf(await app.gql(tokens[1]!, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: id }));
    await sql(
      app.databaseUrl,
      'UPDATE game_players SET client_seed = NULL, client_seed_source = NULL WHERE game_id = $1 AND seat = 1',
      [id],
    );
    const run = check(app.databaseUrl);
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      `game ${id}: deal is "stored", the log gives "cannot be dealt: seat 1 has no client seed"`,
    );
    expect(run.output).toMatch(/checked \d+ games/);
  });
});
