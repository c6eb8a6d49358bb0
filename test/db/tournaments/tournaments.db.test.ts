/**
 * Correspondence tournaments (docs/social.md#tournaments) through GraphQL on a real Postgres, the director driven by
 * the test (`TournamentDirector.pass`): a 4-player round robin played to its end by resignations, every pair met
 * once, its standings checked against a computation of the test's own; an odd round robin's sit-outs; a Swiss with
 * a bye, no rematch and a withdrawal; who may join; a block between two players leaves their pairing alone; its games
 * are ordinary games that say their tournament.
 */
import { DeadlineSweeper } from '../../../src/correspondence/sweeper';
import { TournamentDirector } from '../../../src/tournaments/tournament-director';
import { codeOf, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { readGame, resign } from '../../support/service/play';
import {
  BoardData,
  TOURNAMENT_FIELDS,
  TournamentData,
  expectedTable,
  tableOf,
} from '../../support/service/tournaments';

let app: InProcessApp;
beforeAll(async () => {
  // The director moves only when the test says (its pass), so each step is seen.
  app = await startAppInProcess({ env: { SWEEP_INTERVAL_MS: '0', TOURNAMENT_INTERVAL_MS: '0' } });
});
afterAll(async () => {
  await app?.close();
});

type Board = BoardData;
type Tournament = TournamentData;
const FIELDS = TOURNAMENT_FIELDS;

async function create(token: string, input: Record<string, unknown>): Promise<Tournament> {
  const body = await app.gql<{ createTournament: Tournament }>(
    token,
    `mutation($i: CreateTournamentInput!) { createTournament(input: $i) { ${FIELDS} } }`,
    {
      i: {
        preset: 'CLASSIC',
        daysPerMove: 3,
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        ...input,
      },
    },
  );
  return dataOf(body).createTournament;
}

function joinBody(token: string, id: string) {
  return app.gql<{ joinTournament: Tournament }>(
    token,
    `mutation { joinTournament(id: "${id}") { ${FIELDS} } }`,
  );
}

async function read(token: string | null, id: string): Promise<Tournament> {
  return dataOf(await app.gql<{ tournament: Tournament }>(token, `{ tournament(id: "${id}") { ${FIELDS} } }`))
    .tournament;
}

async function players(prefix: string, count: number): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    const name = `${prefix}${String(i).padStart(2, '0')}`;
    tokens.set(name, await register(app, name));
  }
  return tokens;
}

/** `count` new players in a new tournament of `input`, every one joined (so it starts when that fills it). */
async function joinedBy(
  prefix: string,
  count: number,
  input: Record<string, unknown>,
): Promise<{ tokens: Map<string, string>; id: string }> {
  const tokens = await players(prefix, count);
  const created = await create([...tokens.values()][0]!, input);
  for (const token of tokens.values()) dataOf(await joinBody(token, created.id));
  return { tokens, id: created.id };
}

/** Finishes every running game of the round: the player the test picks resigns (the other wins). */
async function playRound(
  tournament: Tournament,
  tokens: ReadonlyMap<string, string>,
  loserOf: (board: Board) => string,
): Promise<void> {
  for (const board of tournament.boards.filter((b) => b.round === tournament.currentRound && !b.over)) {
    await resign(app, tokens.get(loserOf(board))!, board.gameId!);
  }
  await app.get(TournamentDirector).pass();
}

it('a round robin of four is played to its end: every pair meets once, the standings add up', async () => {
  const tokens = await players('trr', 4);
  const [organiser] = [...tokens.values()];
  const created = await create(organiser!, {
    name: 'Friday four',
    format: 'ROUND_ROBIN',
    minPlayers: 3,
    maxPlayers: 4,
  });
  expect(created).toMatchObject({
    status: 'OPEN',
    currentRound: 0,
    rounds: null,
    playerCount: 0,
    joined: false,
  });
  for (const token of tokens.values()) dataOf(await joinBody(token, created.id));

  // Full: it started at once, round 1 paired, both games dealt.
  let tournament = await read(organiser!, created.id);
  expect(tournament).toMatchObject({
    status: 'RUNNING',
    currentRound: 1,
    rounds: 3,
    playerCount: 4,
    joined: true,
  });
  const game = await readGame(app, organiser!, tournament.boards[0]!.gameId!);
  expect(game.status).toBe('ACTIVE');
  const linked = await app.gql<{ game: { tournament: { id: string; round: number } } }>(
    null,
    `{ game(id: "${tournament.boards[0]!.gameId}") { tournament { id round } } }`,
  );
  expect(dataOf(linked).game.tournament).toEqual({ id: created.id, round: 1 });

  // A late join is refused; the rounds follow one another as their games end.
  const late = await register(app, 'trr_late');
  expect(codeOf(await joinBody(late, created.id))).toBe('BAD_USER_INPUT');
  // The first board's first player always loses, except on board 2 where the second does (a varied table).
  const loser = (b: Board) => (b.board === 1 ? b.first.username : b.second!.username);
  for (let round = 1; round <= 3; round += 1) {
    tournament = await read(null, created.id);
    expect(tournament.currentRound).toBe(round);
    // While a game runs, nothing moves on.
    await app.get(TournamentDirector).pass();
    expect((await read(null, created.id)).currentRound).toBe(round);
    await playRound(tournament, tokens, loser);
  }
  tournament = await read(null, created.id);
  expect(tournament.status).toBe('FINISHED');

  // Every pair met exactly once, in three rounds of two boards.
  const pairs = tournament.boards.map((b) => [b.first.username, b.second!.username].sort().join('-'));
  expect(new Set(pairs).size).toBe(6);
  expect(tournament.boards.every((b) => b.over && b.result !== null)).toBe(true);
  // The standings as computed here; ranks 1–4, by points then Sonneborn–Berger then Buchholz.
  expect(tableOf(tournament.standings)).toEqual(expectedTable(tournament.boards, false));
  expect(tournament.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4]);
  const order = tournament.standings.map((s) => [s.points, s.sonnebornBerger, s.buchholz]);
  expect([...order].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]! || b[2]! - a[2]!)).toEqual(order);
  expect(tournament.standings.reduce((sum, s) => sum + s.points, 0)).toBe(6);
});

it('an odd round robin: each player sits one round out, scoring nothing for it', async () => {
  const tokens = await players('tod', 3);
  const organiser = [...tokens.values()][0]!;
  const created = await create(organiser, {
    name: 'Odd three',
    format: 'ROUND_ROBIN',
    minPlayers: 3,
    maxPlayers: 3,
  });
  for (const token of tokens.values()) dataOf(await joinBody(token, created.id));
  for (let round = 1; round <= 3; round += 1) {
    const tournament = await read(null, created.id);
    await playRound(tournament, tokens, (b) => b.first.username);
  }
  const done = await read(null, created.id);
  expect(done.status).toBe('FINISHED');
  const sitOuts = done.boards.filter((b) => b.second === null).map((b) => b.first.username);
  expect(sitOuts.sort()).toEqual([...tokens.keys()].sort());
  expect(done.standings.every((s) => s.byes === 0 && s.played === 2)).toBe(true);
  expect(tableOf(done.standings)).toEqual(expectedTable(done.boards, false));
});

it('a Swiss of five: one bye a round to the lowest placed, never twice to one player, never a rematch; a withdrawal', async () => {
  const { tokens, id } = await joinedBy('tsw', 5, {
    name: 'Swiss five',
    format: 'SWISS',
    rounds: 3,
    minPlayers: 4,
    maxPlayers: 5,
  });
  const created = { id };
  let tournament = await read(null, created.id);
  expect(tournament).toMatchObject({ status: 'RUNNING', currentRound: 1, rounds: 3 });
  // Round 1: the bye goes to the lowest seed (all new players: the last to join).
  expect(tournament.boards.filter((b) => b.second === null).map((b) => b.first.username)).toEqual(['tsw04']);
  await playRound(tournament, tokens, (b) => b.second!.username);

  // Round 2: the top player withdraws from their running game; the opponent wins it.
  tournament = await read(null, created.id);
  expect(tournament.currentRound).toBe(2);
  const top = tournament.boards.find((b) => b.round === 2 && b.board === 1)!;
  const quitter = top.first.username;
  const withdrawn = await app.gql<{ withdrawFromTournament: Tournament }>(
    tokens.get(quitter)!,
    `mutation { withdrawFromTournament(id: "${created.id}") { ${FIELDS} } }`,
  );
  const after = dataOf(withdrawn).withdrawFromTournament;
  expect(after.boards.find((b) => b.round === 2 && b.board === 1)).toMatchObject({
    result: 'SECOND_WON',
    over: true,
  });
  await playRound(after, tokens, (b) => b.second!.username);
  tournament = await read(null, created.id);
  await playRound(tournament, tokens, (b) => b.second!.username);

  const done = await read(null, created.id);
  expect(done.status).toBe('FINISHED');
  // The quitter was paired no more after round 2.
  expect(
    done.boards.filter((b) => b.round === 3).flatMap((b) => [b.first.username, b.second?.username]),
  ).not.toContain(quitter);
  expect(done.standings.find((s) => s.player.username === quitter)).toMatchObject({ withdrawn: true });
  // No rematch; at most one bye each; the standings as computed here.
  const pairs = done.boards
    .filter((b) => b.second !== null)
    .map((b) => [b.first.username, b.second!.username].sort().join('-'));
  expect(new Set(pairs).size).toBe(pairs.length);
  const byes = done.boards.filter((b) => b.second === null).map((b) => b.first.username);
  expect(new Set(byes).size).toBe(byes.length);
  expect(tableOf(done.standings)).toEqual(expectedTable(done.boards, true));
});

it('who may join: not a guest, not above the timeout rate it sets; a block does not change the pairing', async () => {
  const host = await register(app, 'tjn_host');
  const strict = await create(host, {
    name: 'Strict',
    format: 'ROUND_ROBIN',
    minPlayers: 3,
    maxPlayers: 3,
    maxTimeoutRate: 0,
  });
  const response = await app.post(JSON.stringify({ query: 'mutation { startGuest { token } }' }), {
    'content-type': 'application/json',
    'x-forwarded-for': '198.51.100.91',
  });
  const guest = ((await response.json()) as { data: { startGuest: { token: string } } }).data.startGuest
    .token;
  const refused = await joinBody(guest, strict.id);
  expect(codeOf(refused)).toBe('GUEST_NOT_ALLOWED');
  expect(refused.errors?.[0]?.extensions?.refusal).toBe('tournament');

  // Two who block each other are paired all the same (an organiser paired them).
  const a = await register(app, 'tjn_amy');
  const b = await register(app, 'tjn_ben');
  dataOf(await app.gql(a, 'mutation { blockPlayer(username: "tjn_ben") { id } }'));
  for (const token of [host, a, b]) dataOf(await joinBody(token, strict.id));
  const running = await read(null, strict.id);
  expect(running.status).toBe('RUNNING');
  const all = running.boards.flatMap((x) => [x.first.username, x.second?.username]);
  expect(all).toEqual(expect.arrayContaining(['tjn_amy', 'tjn_ben']));

  // Bad shapes are refused with the field named.
  const bad = await app.gql(
    host,
    'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }',
    {
      i: {
        name: 'Too big',
        format: 'ROUND_ROBIN',
        preset: 'CLASSIC',
        daysPerMove: 3,
        minPlayers: 3,
        maxPlayers: 17,
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    },
  );
  expect(codeOf(bad)).toBe('BAD_USER_INPUT');
});

it('starts at its time with enough players, or is called off without; the organiser may start it early', async () => {
  const host = await register(app, 'tst_host');
  const few = await create(host, {
    name: 'Too few',
    format: 'SWISS',
    rounds: 2,
    minPlayers: 4,
    maxPlayers: 8,
  });
  dataOf(await joinBody(host, few.id));
  expect(codeOf(await app.gql(host, `mutation { startTournament(id: "${few.id}") { id } }`))).toBe(
    'BAD_USER_INPUT',
  );
  await app.get(TournamentDirector).pass(new Date(Date.now() + 2 * 86_400_000));
  expect((await read(null, few.id)).status).toBe('CANCELLED');

  const early = await create(host, {
    name: 'Early',
    format: 'SWISS',
    rounds: 2,
    minPlayers: 4,
    maxPlayers: 8,
  });
  const others = await players('tst_p', 3);
  for (const token of [host, ...others.values()]) dataOf(await joinBody(token, early.id));
  expect((await read(null, early.id)).status).toBe('OPEN');
  const stranger = [...others.values()][0]!;
  expect(codeOf(await app.gql(stranger, `mutation { startTournament(id: "${early.id}") { id } }`))).toBe(
    'FORBIDDEN',
  );
  const started = await app.gql<{ startTournament: Tournament }>(
    host,
    `mutation { startTournament(id: "${early.id}") { status currentRound } }`,
  );
  expect(dataOf(started).startTournament).toEqual({ status: 'RUNNING', currentRound: 1 });
});

it('a player whose account is deleted mid-tournament is paired no more; their results stand', async () => {
  const { tokens, id } = await joinedBy('tdl', 5, {
    name: 'Deleted',
    format: 'SWISS',
    rounds: 3,
    minPlayers: 4,
    maxPlayers: 5,
  });
  const created = { id };
  let tournament = await read(null, created.id);
  // Round 1 played: the second player of each board resigns.
  await playRound(tournament, tokens, (b) => b.second!.username);
  tournament = await read(null, created.id);
  expect(tournament.currentRound).toBe(2);
  const leaver = tournament.boards.find((b) => b.round === 2 && b.second !== null)!.first.username;
  const deleted = await app.gql<{ deleteAccount: boolean }>(
    tokens.get(leaver)!,
    'mutation { deleteAccount(password: "correct horse battery staple") }',
  );
  expect(dataOf(deleted)).toEqual({ deleteAccount: true });
  // Their running game was resigned with the account; the others finish round 2.
  tournament = await read(null, created.id);
  await playRound(tournament, tokens, (b) =>
    b.first.username === leaver ? b.first.username : b.second!.username,
  );
  tournament = await read(null, created.id);
  expect(tournament.currentRound).toBe(3);
  const round3 = tournament.boards
    .filter((b) => b.round === 3)
    .flatMap((b) => [b.first.username, b.second?.username]);
  expect(round3).not.toContain(leaver);
  expect(tournament.standings.find((s) => s.player.username === leaver)).toMatchObject({
    withdrawn: true,
    played: 2,
  });
});

describe('vacation in a tournament (a manual clock)', () => {
  let timed: InProcessApp;
  beforeAll(async () => {
    timed = await startAppInProcess({
      env: { CLOCK: 'manual', SWEEP_INTERVAL_MS: '0', TOURNAMENT_INTERVAL_MS: '0', VACATION_DAYS: '10' },
    });
  });
  afterAll(async () => {
    await timed?.close();
  });

  /** A started 3-player round robin; the first board's game and the token of the player to move in it. */
  async function started(prefix: string, vacationPauses: boolean) {
    const tokens: string[] = [];
    for (let i = 0; i < 3; i += 1) tokens.push(await register(timed, `${prefix}${i}`));
    const body = await timed.gql<{ createTournament: { id: string } }>(
      tokens[0]!,
      'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }',
      {
        i: {
          name: prefix,
          format: 'ROUND_ROBIN',
          preset: 'CLASSIC',
          daysPerMove: 1,
          minPlayers: 3,
          maxPlayers: 3,
          startsAt: new Date(timed.clock().now().getTime() + 3_600_000).toISOString(),
          vacationPauses,
        },
      },
    );
    const id = dataOf(body).createTournament.id;
    for (const token of tokens) {
      dataOf(await timed.gql(token, `mutation { joinTournament(id: "${id}") { id } }`));
    }
    const board = await timed.gql<{ tournament: { boards: { gameId: string | null }[] } }>(
      null,
      `{ tournament(id: "${id}") { boards(round: 1) { gameId } } }`,
    );
    const gameId = dataOf(board).tournament.boards.find((b) => b.gameId !== null)!.gameId!;
    for (const token of tokens) {
      const game = await readGame(timed, token, gameId);
      if (game.isMyTurn) return { gameId, mover: token };
    }
    throw new Error('nobody is to move');
  }

  async function deadlineOf(gameId: string): Promise<{ status: string; deadline: string | null }> {
    const body = await timed.gql<{ game: { status: string; deadline: string | null } }>(
      null,
      `{ game(id: "${gameId}") { status deadline } }`,
    );
    return dataOf(body).game;
  }

  it('by default a vacation pauses no tournament game: the round waits for nobody', async () => {
    const { gameId, mover } = await started('tvo', false);
    const before = await deadlineOf(gameId);
    dataOf(await timed.gql(mover, 'mutation { startVacation(days: 3) { daysLeft } }'));
    expect((await deadlineOf(gameId)).deadline).toBe(before.deadline);
    timed.clock().advance(86_400_000 + 60_000);
    const swept = await timed.get(DeadlineSweeper).sweep();
    expect(swept.timedOut + swept.aborted).toBe(1);
    expect((await deadlineOf(gameId)).status).not.toBe('ACTIVE');
  });

  it('a tournament that allows it pauses the clock as any game', async () => {
    const { gameId, mover } = await started('tvy', true);
    const before = await deadlineOf(gameId);
    dataOf(await timed.gql(mover, 'mutation { startVacation(days: 3) { daysLeft } }'));
    const after = await deadlineOf(gameId);
    expect(Date.parse(after.deadline!) - Date.parse(before.deadline!)).toBe(3 * 86_400_000);
    timed.clock().advance(86_400_000 + 60_000);
    await timed.get(DeadlineSweeper).sweep();
    expect((await deadlineOf(gameId)).status).toBe('ACTIVE');
  });
});
