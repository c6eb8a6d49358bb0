/**
 * A Swiss tournament of 64 test accounts driven through the API of a running server (the test build, its manual
 * clock): six rounds, the results chosen by the test — most games resigned by the player the test picks, the rest of
 * a round left to run out of time (the test clock moves past the days per move and the sweeper times the player to
 * move out) — a withdrawal that makes the field odd (byes), and the server's director moving the rounds on by
 * itself (TOURNAMENT_INTERVAL_MS). Checked: no rematch, at most one bye each and only after the withdrawal, every
 * active player on exactly one board a round, and the final standings against the test's own computation
 * (test/support/service/tournaments.ts).
 */
import { TestApp, dataOf, register, startTestApp } from '../../support/service/app';
import { until } from '../../support/service/outage';
import { resign } from '../../support/service/play';
import { TOURNAMENT_FIELDS, TournamentData, expectedTable, tableOf } from '../../support/service/tournaments';

const PLAYERS = 64;
const ROUNDS = 6;
const DAY = 86_400_000;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    testBuild: true,
    env: { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0', TOURNAMENT_INTERVAL_MS: '100' },
  });
});
afterAll(async () => {
  await app?.close();
});

async function read(id: string): Promise<TournamentData> {
  const body = await app.gql<{ tournament: TournamentData }>(
    null,
    `{ tournament(id: "${id}") { ${TOURNAMENT_FIELDS} } }`,
  );
  return dataOf(body).tournament;
}

async function advanceClock(ms: number): Promise<{ now: string; timedOut: number }> {
  const response = await fetch(`${app.url}/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { now: string; timedOut: number };
}

it(`a Swiss of ${PLAYERS} test accounts is played through the API to its end; the standings are the test's own`, async () => {
  const tokens = new Map<string, string>();
  for (let i = 0; i < PLAYERS; i += 1) {
    const name = `sw64_${String(i).padStart(2, '0')}`;
    tokens.set(name, await register(app, name));
  }
  const organiser = tokens.get('sw64_00')!;
  const now = await advanceClock(0);
  const created = await app.gql<{ createTournament: { id: string } }>(
    organiser,
    'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }',
    {
      i: {
        name: 'Sixty-four',
        format: 'SWISS',
        preset: 'CLASSIC',
        daysPerMove: 1,
        minPlayers: 8,
        maxPlayers: PLAYERS,
        rounds: ROUNDS,
        startsAt: new Date(Date.parse(now.now) + DAY).toISOString(),
      },
    },
  );
  const id = dataOf(created).createTournament.id;
  for (const token of tokens.values()) {
    dataOf(await app.gql(token, `mutation { joinTournament(id: "${id}") { id } }`));
  }

  const withdrawn = 'sw64_63';
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Paired, and every board's game made (the director makes them one by one after claiming the round).
    await until(
      `round ${round} is paired and its games made`,
      async () => {
        const now = await read(id);
        return (
          now.currentRound === round &&
          now.boards.filter((b) => b.round === round).every((b) => b.second === null || b.gameId !== null)
        );
      },
      30_000,
    );
    const tournament = await read(id);
    const boards = tournament.boards.filter((b) => b.round === round);
    // Every active player on exactly one board.
    const seated = boards.flatMap((b) =>
      b.second === null ? [b.first.username] : [b.first.username, b.second.username],
    );
    const active = round <= 2 ? PLAYERS : PLAYERS - 1;
    expect(new Set(seated).size).toBe(active);
    expect(seated).toHaveLength(active);
    if (round === 2) {
      // A withdrawal in round 2: the player's game is resigned; from round 3 the field is odd.
      dataOf(
        await app.gql(tokens.get(withdrawn)!, `mutation { withdrawFromTournament(id: "${id}") { status } }`),
      );
    }
    const running = (await read(id)).boards.filter((b) => b.round === round && !b.over);
    // Three boards in four are resigned by the player the test picks (the lower name loses on even boards, the
    // higher on odd ones); the rest run out of time.
    const resigned = running.filter((b) => b.board % 4 !== 0);
    for (const board of resigned) {
      const names = [board.first.username, board.second!.username].sort();
      await resign(app, tokens.get(board.board % 2 === 0 ? names[0]! : names[1]!)!, board.gameId!);
    }
    const timedOut = running.length - resigned.length;
    if (timedOut > 0) {
      const swept = await advanceClock(DAY + 60_000);
      expect(swept.timedOut).toBe(timedOut);
    }
  }
  await until('the tournament is finished', async () => (await read(id)).status === 'FINISHED', 30_000);
  const done = await read(id);

  expect(done.boards.every((b) => b.over)).toBe(true);
  const pairs = done.boards
    .filter((b) => b.second !== null)
    .map((b) => [b.first.username, b.second!.username].sort().join('-'));
  expect(new Set(pairs).size).toBe(pairs.length);
  const byes = done.boards.filter((b) => b.second === null);
  expect(new Set(byes.map((b) => b.first.username)).size).toBe(byes.length);
  expect(byes.map((b) => b.round)).toEqual([3, 4, 5, 6]);
  expect(done.standings.find((s) => s.player.username === withdrawn)).toMatchObject({ withdrawn: true });
  expect(tableOf(done.standings)).toEqual(expectedTable(done.boards, true));
  expect(done.standings.map((s) => s.rank)).toEqual(Array.from({ length: PLAYERS }, (_, i) => i + 1));
  // Ranked by points, then Buchholz, then Sonneborn–Berger.
  const keys = done.standings.map((s) => [s.points, s.buchholz, s.sonnebornBerger]);
  expect([...keys].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!)).toEqual(keys);
  // Each round's games: 32 boards before the withdrawal, 31 and a bye after.
  expect(done.boards.filter((b) => b.second !== null)).toHaveLength(32 * 2 + 31 * 4);
}, 240_000);
