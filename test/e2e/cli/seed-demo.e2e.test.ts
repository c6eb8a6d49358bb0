import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { verify as argon2Verify } from '@node-rs/argon2';
import { Client } from 'pg';
import {
  Bot,
  GameEvent,
  GameResult,
  GameState,
  PresetName,
  RULES_VERSION,
  RuleOptions,
  applyEvent,
  createBot,
  decide,
  legalMovesInView,
  newDeal,
  optionsFor,
  replay,
  publicStream,
  seedCommitment,
  setup,
  standInClientSeed,
  viewFor,
} from '../../../src/engine';
import { DEFAULTS, UsageError, parseSeedArgs } from '../../../src/cli/seed-demo';
import { formatDuration, progressLine } from '../../../src/cli/seed-demo/progress';
import { copyField, copyRow } from '../../../src/db/copy';
import {
  GamePlan,
  cumulativeActivity,
  demoUsername,
  derivedUuid,
  gameIdFor,
  pickPlayers,
  planGame,
  poolPlayer,
} from '../../../src/cli/seed-demo/plan';
import { playPlannedGame } from '../../../src/cli/seed-demo/play';
import { DEMO_PASSWORD, PoolConflictError } from '../../../src/cli/seed-demo/players';
import { SeedBusyError, SeedReport, seedDemo } from '../../../src/cli/seed-demo/seed';
import { finishTime, gameTimes, runWindow } from '../../../src/cli/seed-demo/timeline';
import { seatOutcomes } from '../../../src/games/domain/finish';
import { ratingChanges } from '../../../src/ratings/rating-changes';
import { sameResult } from '../../../src/games/domain/projection';
import { NEW_PLAYER, Rating } from '../../../src/ratings/glicko2';
import { freshDatabase, sql } from '../../support/service/database';

const NOW = new Date('2026-11-29T12:00:00.000Z');
const YEAR_MS = 365 * 24 * 3_600_000;
const WORKER = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli', 'seed-demo', 'runner.js');
const CHECK_PROJECTIONS = path.resolve(__dirname, '..', '..', '..', 'dist', 'cli', 'check-projections.js');

interface GameRow {
  id: string;
  preset: PresetName;
  options: RuleOptions;
  seats: number;
  rated: boolean;
  status: string;
  version: number;
  current_seat: number | null;
  current_player_id: string | null;
  seed: string;
  seed_commitment: string;
  rules_version: string;
  start_position: string | null;
  deal_chosen: boolean;
  invited_player_id: string | null;
  created_by_id: string;
  result: GameResult;
  created_at: Date;
  started_at: Date;
  finished_at: Date;
  updated_at: Date;
}

interface SeatRow {
  game_id: string;
  seat: number;
  player_id: string;
  joined_at: Date;
  client_seed: string;
  client_seed_source: string;
  finished_at: Date;
  outcome: string;
  placement: number;
  score: number;
  payoff_left: number;
  rating_before: number | null;
  deviation_before: number | null;
  volatility_before: number | null;
  rating_after: number | null;
  deviation_after: number | null;
  volatility_after: number | null;
}

interface EventRow {
  game_id: string;
  seq: number;
  type: string;
  payload: GameEvent;
  actor_id: string;
  client_move_id: string | null;
  created_at: Date;
}

interface RatingRow {
  player_id: string;
  preset: PresetName;
  rating: number;
  deviation: number;
  volatility: number;
  games: number;
  updated_at: Date;
}

interface Snapshot {
  players: { id: string; username: string; username_key: string; is_bot: boolean; password_hash: string }[];
  games: GameRow[];
  seats: SeatRow[];
  events: EventRow[];
  ratings: RatingRow[];
}

async function snapshot(url: string): Promise<Snapshot> {
  return {
    // The demo pool only: migrations may add accounts of their own (the built-in bots).
    players: await sql(
      url,
      `SELECT id, username, username_key, is_bot, password_hash FROM players
        WHERE username_key LIKE 'demo\\_%' ORDER BY username`,
    ),
    games: await sql<GameRow>(url, 'SELECT * FROM games ORDER BY finished_at, id'),
    seats: await sql<SeatRow>(url, 'SELECT * FROM game_players ORDER BY game_id, seat'),
    events: await sql<EventRow>(url, 'SELECT * FROM game_events ORDER BY game_id, seq'),
    ratings: await sql<RatingRow>(url, 'SELECT * FROM ratings ORDER BY player_id, preset'),
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item)) ?? [];
    group.push(item);
    groups.set(key(item), group);
  }
  return groups;
}

const ratingOf = (rating: number | null, deviation: number | null, volatility: number | null): Rating => ({
  rating: rating as number,
  deviation: deviation as number,
  volatility: volatility as number,
});

/** Everything the service's rows promise, checked on a whole database of demo games. */
function expectServiceLikeRows(data: Snapshot): void {
  const seatsOf = groupBy(data.seats, (seat) => seat.game_id);
  const eventsOf = groupBy(data.events, (event) => event.game_id);
  for (const game of data.games) {
    const seats = seatsOf.get(game.id) ?? [];
    const events = eventsOf.get(game.id) ?? [];
    // The projection row of a finished game.
    expect(game).toMatchObject({
      status: 'FINISHED',
      current_seat: null,
      current_player_id: null,
      rules_version: RULES_VERSION,
      start_position: null,
      deal_chosen: false,
      invited_player_id: null,
    });
    expect(game.options).toEqual(optionsFor(game.preset));
    expect(game.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(game.seed_commitment).toBe(seedCommitment(RULES_VERSION, game.seed));
    // Nobody gave a seed: every seat has its stand-in, as the service's deal gives it.
    expect(seats.map((seat) => [seat.client_seed, seat.client_seed_source])).toEqual(
      seats.map((seat) => [standInClientSeed(game.seed, seat.seat), 'SERVER_STAND_IN']),
    );
    expect(seats.map((seat) => seat.seat)).toEqual([...Array(game.seats).keys()]);
    expect(game.created_by_id).toBe(seats[0]?.player_id);
    expect(game.version).toBe(events.length);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    // The log replays with the engine to the stored result.
    const replayed = replay(
      game.options,
      newDeal(
        game.seed,
        seats.map((seat) => seat.client_seed),
      ),
      events.map((event) => event.payload),
      game.seats,
    );
    expect(replayed.ok).toBe(true);
    expect(sameResult(replayed.state.result, game.result)).toBe(true);
    // Each event: its type, the player of its seat, no client move id, in time order within the game.
    const playerOfSeat = new Map(seats.map((seat) => [seat.seat, seat.player_id]));
    let previous = game.started_at.getTime();
    for (const event of events) {
      expect(event.type).toBe(event.payload.type);
      expect(event.actor_id).toBe(playerOfSeat.get(event.payload.seat));
      expect(event.client_move_id).toBeNull();
      expect(event.created_at.getTime()).toBeGreaterThanOrEqual(previous);
      previous = event.created_at.getTime();
    }
    expect(events[events.length - 1]?.created_at).toEqual(game.finished_at);
    expect(game.created_at.getTime()).toBeLessThanOrEqual(game.started_at.getTime());
    expect(game.started_at.getTime()).toBeLessThan(game.finished_at.getTime());
    expect(game.updated_at).toEqual(game.finished_at);
    // Each seat's outcome is seatOutcomes of the result.
    const outcomes = seatOutcomes(
      game.result,
      seats.map((seat) => ({ seat: seat.seat, playerId: seat.player_id })),
    );
    expect(
      seats.map((seat) => ({
        seat: seat.seat,
        playerId: seat.player_id,
        outcome: seat.outcome,
        placement: seat.placement,
        score: seat.score,
        payoffLeft: seat.payoff_left,
      })),
    ).toEqual(outcomes);
    for (const seat of seats) {
      expect(seat.finished_at).toEqual(game.finished_at);
      expect(seat.joined_at.getTime()).toBeGreaterThanOrEqual(game.created_at.getTime());
      expect(seat.joined_at.getTime()).toBeLessThanOrEqual(game.started_at.getTime());
      const rated = [seat.rating_before, seat.rating_after, seat.deviation_after, seat.volatility_before];
      expect(rated.every((value) => (game.rated ? typeof value === 'number' : value === null))).toBe(true);
    }
    if (game.rated) {
      // The stored changes are ratingChanges of the stored befores.
      const before = new Map(
        seats.map((seat) => [
          seat.player_id,
          ratingOf(seat.rating_before, seat.deviation_before, seat.volatility_before),
        ]),
      );
      const changes = ratingChanges(outcomes, before);
      for (const seat of seats) {
        expect(changes[seat.seat]?.after).toEqual(
          ratingOf(seat.rating_after, seat.deviation_after, seat.volatility_after),
        );
      }
    }
  }
  expectRatingChains(data);
}

/**
 * Per player and preset, in finishing order: the first rated game starts from NEW_PLAYER, each game starts
 * where the last one ended, and the ratings row is where the last one ended.
 */
function expectRatingChains(data: Snapshot): void {
  const gameById = new Map(data.games.map((game) => [game.id, game]));
  const rated = data.seats.filter((seat) => gameById.get(seat.game_id)?.rated === true);
  const chains = groupBy(rated, (seat) => `${seat.player_id}/${gameById.get(seat.game_id)?.preset}`);
  const ratings = new Map(data.ratings.map((row) => [`${row.player_id}/${row.preset}`, row]));
  expect([...chains.keys()].sort()).toEqual([...ratings.keys()].sort());
  for (const [key, chain] of chains) {
    chain.sort((a, b) => a.finished_at.getTime() - b.finished_at.getTime());
    expect(
      ratingOf(chain[0]!.rating_before, chain[0]!.deviation_before, chain[0]!.volatility_before),
    ).toEqual(NEW_PLAYER);
    for (let index = 1; index < chain.length; index++) {
      const last = chain[index - 1]!;
      const next = chain[index]!;
      expect(next.finished_at.getTime()).toBeGreaterThan(last.finished_at.getTime());
      expect(ratingOf(next.rating_before, next.deviation_before, next.volatility_before)).toEqual(
        ratingOf(last.rating_after, last.deviation_after, last.volatility_after),
      );
    }
    const last = chain[chain.length - 1]!;
    const row = ratings.get(key)!;
    expect(ratingOf(row.rating, row.deviation, row.volatility)).toEqual(
      ratingOf(last.rating_after, last.deviation_after, last.volatility_after),
    );
    expect(row.games).toBe(chain.length);
    expect(row.updated_at).toEqual(last.finished_at);
  }
}

describe('seed:demo writes finished games as the service would have', () => {
  const settings = {
    players: 12,
    games: 60,
    seed: 'seed-demo-test',
    ratedShare: 0.8,
    now: NOW,
    chunkSize: 25,
  };
  let first: { url: string; drop: () => Promise<void> };
  let report: SeedReport;
  let data: Snapshot;

  beforeAll(async () => {
    first = await freshDatabase();
    report = await seedDemo({ ...settings, databaseUrl: first.url });
    data = await snapshot(first.url);
  });

  afterAll(async () => {
    await first.drop();
  });

  it('reports and writes the counts asked for', async () => {
    expect(report).toMatchObject({ games: 60, players: 12, playersCreated: 12, firstIndex: 0 });
    expect(data.games).toHaveLength(60);
    expect(data.players).toHaveLength(12);
    expect(data.players.map((player) => player.username)).toEqual(
      Array.from({ length: 12 }, (_, index) => demoUsername(index)),
    );
    expect(data.players.every((player) => player.is_bot && player.username_key === player.username)).toBe(
      true,
    );
    // One argon2id hash, shared.
    expect(new Set(data.players.map((player) => player.password_hash)).size).toBe(1);
    expect(data.players[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2Verify(data.players[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(report.events).toBe(data.events.length);
    expect(report.ratedGames).toBe(data.games.filter((game) => game.rated).length);
    expect(report.ratedGames).toBeGreaterThan(30);
    expect(report.ratedGames).toBeLessThan(60);
    expect(data.seats).toHaveLength(data.games.reduce((total, game) => total + game.seats, 0));
    expect(new Set(data.games.map((game) => game.preset))).toEqual(new Set(['classic', 'zloba', 'modern']));
    expect(data.games.map((game) => game.id).sort()).toEqual(
      Array.from({ length: 60 }, (_, index) => gameIdFor(settings.seed, index)).sort(),
    );
  });

  it('writes rows that replay, with outcomes and rating chains as the service computes them', () => {
    expectServiceLikeRows(data);
  });

  it('spreads the games over the past year, in order of their stream position', () => {
    const finished = data.games.map((game) => game.finished_at.getTime());
    expect(Math.min(...finished)).toBeGreaterThan(NOW.getTime() - YEAR_MS);
    expect(Math.max(...finished)).toBeLessThanOrEqual(NOW.getTime());
    const byPosition = [...data.games].sort(
      (a, b) =>
        Array.from({ length: 60 }, (_, i) => gameIdFor(settings.seed, i)).indexOf(a.id) -
        Array.from({ length: 60 }, (_, i) => gameIdFor(settings.seed, i)).indexOf(b.id),
    );
    const times = byPosition.map((game) => game.finished_at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('passes the projection check (npm run check:projections)', () => {
    const run = spawnSync(process.execPath, [CHECK_PROJECTIONS], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: first.url },
      encoding: 'utf8',
    });
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/differ/i);
    expect(run.status).toBe(0);
  });

  it('gives the same games for the same seed in another database, played in worker threads', async () => {
    const second = await freshDatabase();
    try {
      // The compiled runner (npm run build): what the bundled command's workers run.
      await seedDemo({
        ...settings,
        databaseUrl: second.url,
        chunkSize: 7,
        workers: 2,
        workerScript: WORKER,
      });
      // The same rows, but for the password hash, whose salt is random (it only has to verify).
      const withoutHashes = (snap: Snapshot) => ({
        ...snap,
        players: snap.players.map(({ password_hash: _hash, ...player }) => player),
      });
      expect(withoutHashes(await snapshot(second.url))).toEqual(withoutHashes(data));
    } finally {
      await second.drop();
    }
  });

  it('adds more games on a second run: the same players, the stream continued, ratings carried on', async () => {
    const again = await seedDemo({ ...settings, databaseUrl: first.url, games: 25, players: 14 });
    expect(again).toMatchObject({ games: 25, players: 14, playersCreated: 2, firstIndex: 60 });
    const after = await snapshot(first.url);
    expect(after.games).toHaveLength(85);
    expect(after.players).toHaveLength(14);
    const firstRunEnd = Math.max(...data.games.map((game) => game.finished_at.getTime()));
    const added = after.games.filter((game) => !data.games.some((old) => old.id === game.id));
    expect(added.map((game) => game.id).sort()).toEqual(
      Array.from({ length: 25 }, (_, index) => gameIdFor(settings.seed, 60 + index)).sort(),
    );
    expect(added.every((game) => game.finished_at.getTime() > firstRunEnd)).toBe(true);
    expectServiceLikeRows(after);
  });

  it('refuses to run beside another run on the same database', async () => {
    const holder = new Client({ connectionString: first.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(727002)');
      await expect(seedDemo({ ...settings, databaseUrl: first.url, games: 1 })).rejects.toThrow(
        SeedBusyError,
      );
    } finally {
      await holder.end();
    }
  });
});

describe('seed:demo and accounts that are not demo bots', () => {
  it('refuses a pool name taken by a person', async () => {
    const database = await freshDatabase();
    try {
      await sql(
        database.url,
        `INSERT INTO players (id, username, username_key, password_hash) VALUES ($1, 'Demo_0003', 'demo_0003', 'x')`,
        [derivedUuid('person')],
      );
      await expect(
        seedDemo({ databaseUrl: database.url, players: 5, games: 2, seed: 's', ratedShare: 1, now: NOW }),
      ).rejects.toThrow(PoolConflictError);
      expect(await sql(database.url, 'SELECT id FROM games')).toHaveLength(0);
    } finally {
      await database.drop();
    }
  });
});

describe('demo games are played by the engine bots', () => {
  const pool = Array.from({ length: 8 }, (_, index) =>
    poolPlayer(derivedUuid('p', String(index)), demoUsername(index)),
  );
  const cumulative = cumulativeActivity(pool);

  /**
   * The simulator's loop: every seat's bot gets its view and the legal moves from it. The deal is the game's seed
   * with every seat's stand-in; the bots' streams are named by the game id and seat (nothing secret).
   */
  function playWithEngineBots(options: RuleOptions, plan: GamePlan, bots: readonly Bot[]): GameEvent[] {
    const clientSeeds = bots.map((_, seat) => standInClientSeed(plan.seed, seat));
    const state: GameState = setup(options, newDeal(plan.seed, clientSeeds), bots.length);
    const rngs = bots.map((_, seat) => publicStream('demo-bot', plan.id, String(seat)));
    const events: GameEvent[] = [];
    while (state.result === null) {
      const view = viewFor(state, state.current);
      const move = bots[state.current]!.choose(view, legalMovesInView(view), rngs[state.current]!);
      const decision = decide(state, { type: 'move', seat: state.current, move });
      if (!decision.ok) throw new Error(decision.violation.reason);
      for (const event of decision.events) {
        applyEvent(state, event);
        events.push(event);
      }
    }
    return events;
  }

  it('plays exactly the moves of the engine bots (random seats included) in every preset', () => {
    const presets = new Set<string>();
    for (let index = 0; index < 40; index++) {
      const plan = planGame('bots', index, pool, cumulative, 0.5);
      presets.add(`${plan.preset}/${plan.seats}`);
      const played = playPlannedGame(plan);
      const expected = playWithEngineBots(optionsFor(plan.preset), plan, plan.bots.map(createBot));
      expect(played.events).toEqual(expected);
    }
    expect(presets.size).toBeGreaterThanOrEqual(4);
  });

  it('picks distinct players, more often the more active ones', () => {
    const rng = publicStream('test', 'pick');
    const counts = new Array<number>(pool.length).fill(0);
    for (let draw = 0; draw < 4000; draw++) {
      const picked = pickPlayers(rng, cumulative, 4);
      expect(new Set(picked).size).toBe(4);
      for (const player of picked) counts[player]!++;
    }
    const mostActive = pool.reduce(
      (best, player, index) => (player.activity > pool[best]!.activity ? index : best),
      0,
    );
    const leastActive = pool.reduce(
      (low, player, index) => (player.activity < pool[low]!.activity ? index : low),
      0,
    );
    expect(counts[mostActive]!).toBeGreaterThan(counts[leastActive]!);
  });

  it('derives ids, seeds and plans from the seed alone', () => {
    expect(planGame('x', 3, pool, cumulative, 0.8)).toEqual(planGame('x', 3, pool, cumulative, 0.8));
    expect(planGame('x', 3, pool, cumulative, 0.8).id).not.toBe(planGame('y', 3, pool, cumulative, 0.8).id);
    expect(gameIdFor('x', 3)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(demoUsername(0)).toBe('demo_0001');
    expect(demoUsername(12344)).toBe('demo_12345');
  });
});

describe('seed:demo timeline', () => {
  it('puts a run after the games already stored, or over the past year', () => {
    expect(runWindow(NOW, null, 10)).toEqual({ startMs: NOW.getTime() - YEAR_MS, endMs: NOW.getTime() });
    const latest = new Date(NOW.getTime() - 3_600_000);
    expect(runWindow(NOW, latest, 10)).toEqual({ startMs: latest.getTime() + 1, endMs: NOW.getTime() });
    // A millisecond per game at least, even right after another run.
    expect(runWindow(NOW, NOW, 1000)).toEqual({ startMs: NOW.getTime() + 1, endMs: NOW.getTime() + 1001 });
  });

  it('finishes games in order, each inside its slice', () => {
    const window = runWindow(NOW, null, 100);
    let previous = -Infinity;
    for (let position = 0; position < 100; position++) {
      const at = finishTime(window, position, 100, position % 2 === 0 ? 0 : 0.999, previous);
      expect(at).toBeGreaterThan(previous);
      expect(at).toBeGreaterThanOrEqual(window.startMs);
      expect(at).toBeLessThanOrEqual(window.endMs);
      previous = at;
    }
    const tight = { startMs: 0, endMs: 10 };
    expect(finishTime(tight, 1, 100, 0, 5)).toBe(6);
  });

  it('places joins before the deal and moves between the deal and the finish', () => {
    const times = gameTimes(1_000_000, 60_000, 9_000, 4, 3);
    expect(times.startedAt.getTime()).toBe(940_000);
    expect(times.createdAt.getTime()).toBe(931_000);
    expect(times.joinedAt.map((at) => at.getTime())).toEqual([931_000, 934_000, 937_000, 940_000]);
    expect(times.decidedAt.map((at) => at.getTime())).toEqual([960_000, 980_000, 1_000_000]);
  });
});

describe('seed:demo COPY text', () => {
  it('escapes what delimits and writes nulls, booleans, numbers and times', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(true)).toBe('t');
    expect(copyField(false)).toBe('f');
    expect(copyField(1500.123456789012)).toBe('1500.123456789012');
    expect(copyField(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(copyField('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyRow(['x', null, 3])).toBe('x\t\\N\t3\n');
    expect(() => copyField(Number.NaN)).toThrow(RangeError);
  });
});

describe('seed:demo command line', () => {
  it('has defaults', () => {
    expect(parseSeedArgs([])).toEqual({
      players: 1000,
      games: 100_000,
      seed: 'demo',
      ratedShare: 0.8,
      help: false,
    });
    expect(DEFAULTS.games).toBe(100_000);
  });

  it('reads every option, with a space or an equals sign', () => {
    expect(
      parseSeedArgs(['--players', '12', '--games=60', '--seed', 'x y', '--rated-share', '0.25']),
    ).toEqual({
      players: 12,
      games: 60,
      seed: 'x y',
      ratedShare: 0.25,
      help: false,
    });
    expect(parseSeedArgs(['--rated-share', '1']).ratedShare).toBe(1);
    expect(parseSeedArgs(['--rated-share=0']).ratedShare).toBe(0);
    expect(parseSeedArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['--players', '3'], /--players must be a whole number from 4/],
    [['--players', '1e3'], /--players/],
    [['--games', '0'], /--games must be a whole number from 1/],
    [['--games', '-5'], /--games must be a whole number/],
    [['--games', '2.5'], /--games/],
    [['--rated-share', '1.5'], /--rated-share must be a number from 0 to 1/],
    [['--rated-share', 'half'], /--rated-share/],
    [['--seed'], /--seed needs a value/],
    [['--seed='], /--seed is 1–200 characters/],
    [['--games'], /--games needs a value/],
    [['--verbose'], /unknown argument "--verbose"/],
    [['100'], /unknown argument "100"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSeedArgs(argv)).toThrow(UsageError);
    expect(() => parseSeedArgs(argv)).toThrow(message);
  });

  it('exits 2 with the usage on bad arguments, 0 with --help', () => {
    const cli = path.resolve(__dirname, '..', '..', '..', 'src', 'cli', 'seed-demo.ts');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
        env: { PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
      });
    const bad = run('--games', 'lots');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--games must be a whole number/);
    expect(bad.stderr).toMatch(/Usage: npm run seed:demo/);
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/--rated-share X/);
    expect(help.stdout).toMatch(/demo password/);
  });

  it('shows progress as done/total, rate and time left', () => {
    expect(progressLine({ done: 2500, total: 10_000, elapsedMs: 10_000 })).toBe(
      'seed:demo [######..................] 2,500/10,000 games  250 games/s  ETA 30s',
    );
    expect(progressLine({ done: 0, total: 10, elapsedMs: 0 })).toMatch(
      /0\/10 games {2}0 games\/s {2}ETA \?$/,
    );
    expect(formatDuration(59.4)).toBe('59s');
    expect(formatDuration(187)).toBe('3m 07s');
    expect(formatDuration(3720)).toBe('1h 02m');
  });
});
