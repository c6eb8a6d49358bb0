/**
 * Fills a database with finished demo games: bots play them with the engine, and the rows are
 * written as the service would have left them (rows.ts). Games go in chunks, each written in one transaction
 * with COPY. Worker threads play the next chunk while the main thread rates the last one (ratings evolve in
 * finishing order, so that part is sequential) and Postgres stores the one before. The database must be
 * migrated already.
 */
import { availableParallelism } from 'node:os';
import { Client } from 'pg';
import { notifierOption } from '../../db/notifier';
import { seatOutcomes } from '../../games/domain/finish';
import { GameJob, PlayedJob, timesOf } from './job';
import { MAX_SEATS, PoolPlayer, cumulativeActivity, gameIdFor, planGame } from './plan';
import { Pool, ensurePool, poolRatings } from './players';
import { storeRatings } from '../../ratings/ratings.repository';
import { RatingLedger, RatingRow } from './ratings';
import { writeBulkGames } from '../../games/persistence/bulk-games';
import { ChunkRows, addGameRows, newChunkRows } from './rows';
import { GameRunner, inProcessRunner, workerRunner, workerScript } from './runner';
import { RunWindow, finishTime, runWindow } from './timeline';

/** The command's defaults (bench:history seeds with them too). */
export const DEMO_DEFAULTS = { players: 1000, games: 100_000, seed: 'demo', ratedShare: 0.8 } as const;

export interface SeedOptions {
  readonly databaseUrl: string;
  /** The size of the player pool (`demo_0001` …); existing demo players are reused. */
  readonly players: number;
  /** How many games to add. */
  readonly games: number;
  /** Fixes every game: the same seed gives the same games; a later run with it continues its stream. */
  readonly seed: string;
  /** The share of rated games, 0–1. */
  readonly ratedShare: number;
  /** "Now" for the time window (tests fix it; default the clock). */
  readonly now?: Date;
  /** Games per transaction (default 500). */
  readonly chunkSize?: number;
  /**
   * Worker threads that play the games (default: one per core); 0 plays them on the calling thread. Without a
   * compiled script to run (under ts-jest) the games are played on the calling thread.
   */
  readonly workers?: number;
  /** The script the workers run (default: runner.ts's compiled file, when there is one). */
  readonly workerScript?: string | null;
  readonly onProgress?: (progress: SeedProgress) => void;
}

export interface SeedProgress {
  /** Games written (committed) so far in this run. */
  readonly done: number;
  readonly total: number;
  readonly elapsedMs: number;
}

export interface SeedReport {
  readonly games: number;
  readonly events: number;
  readonly ratedGames: number;
  /** The pool's size, and how many of its players this run created. */
  readonly players: number;
  readonly playersCreated: number;
  /** Where this run started in its seed's stream (non-zero when an earlier run used the same seed). */
  readonly firstIndex: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
}

/** Another seed:demo run is writing to the same database. */
export class SeedBusyError extends Error {}

/** An arbitrary constant, other than the migrator's: one seeding run per database at a time. */
const SEED_LOCK_KEY = 727_002;
const DEFAULT_CHUNK = 500;

interface RatedChunk {
  readonly rows: ChunkRows;
  readonly ratings: readonly RatingRow[];
  readonly games: number;
  readonly events: number;
  readonly rated: number;
}

export async function seedDemo(options: SeedOptions): Promise<SeedReport> {
  if (options.players < MAX_SEATS) throw new RangeError(`a pool needs at least ${MAX_SEATS} players`);
  const started = Date.now();
  // Demo games are history, not news: their rows tell nobody (no player events, no webhook deliveries).
  const client = new Client({ connectionString: options.databaseUrl, options: notifierOption('none') });
  await client.connect();
  try {
    const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      SEED_LOCK_KEY,
    ]);
    if (locked.rows[0]?.ok !== true) {
      throw new SeedBusyError('another seed:demo run is writing to this database; wait for it to finish');
    }
    // Each chunk is all-or-nothing anyway, and a crash loses at most the last chunks: no need to wait for the
    // disk at every commit.
    await client.query('SET synchronous_commit = off');
    const latest = await client.query<{ latest: Date | null }>(
      'SELECT max(finished_at) AS latest FROM games',
    );
    const window = runWindow(options.now ?? new Date(), latest.rows[0]?.latest ?? null, options.games);
    await client.query('BEGIN');
    const pool = await ensurePool(client, options.players, window);
    await client.query('COMMIT');
    const ledger = new RatingLedger(await poolRatings(client, pool.players));
    const firstIndex = await nextIndex(client, options.seed);
    const totals = await playAndWrite(client, options, pool, ledger, window, firstIndex, started);
    // Fresh statistics after a bulk load, so that the next query is planned on the new volumes, and the small
    // tables rated games update row by row vacuumed (their visibility maps set, so index-only scans pay off), as
    // autovacuum would leave them a little later on a running server.
    await client.query('VACUUM (ANALYZE) players, ratings');
    await client.query('ANALYZE games, game_players, game_events');
    const seconds = (Date.now() - started) / 1000;
    return {
      ...totals,
      players: pool.players.length,
      playersCreated: pool.created,
      firstIndex,
      seconds,
      gamesPerSecond: seconds === 0 ? 0 : totals.games / seconds,
    };
  } finally {
    await client.end();
  }
}

/**
 * The first index of `seed`'s stream with no game in the database. Runs write chunks in stream order, each
 * committed whole, so the written games are a prefix of the stream: a doubling then halving search over their
 * ids finds its end in a few dozen lookups.
 */
export async function nextIndex(client: Client, seed: string): Promise<number> {
  const exists = async (index: number): Promise<boolean> =>
    (await client.query('SELECT 1 FROM games WHERE id = $1::uuid', [gameIdFor(seed, index)])).rowCount === 1;
  if (!(await exists(0))) return 0;
  let low = 0; // exists
  let high = 1;
  while (await exists(high)) {
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await exists(middle)) low = middle;
    else high = middle;
  }
  return high;
}

function runnerFor(options: SeedOptions): GameRunner {
  const script = options.workerScript === undefined ? workerScript() : options.workerScript;
  const workers = options.workers ?? availableParallelism();
  return script === null || workers === 0 ? inProcessRunner() : workerRunner(script, workers);
}

async function playAndWrite(
  client: Client,
  options: SeedOptions,
  pool: Pool,
  ledger: RatingLedger,
  window: RunWindow,
  firstIndex: number,
  started: number,
): Promise<{ games: number; events: number; ratedGames: number }> {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK;
  const cumulative = cumulativeActivity(pool.players);
  const totals = { games: 0, events: 0, ratedGames: 0 };
  let previousFinish = -Infinity;
  /** The chunk's games, drawn and timed in stream order (finish times must increase). */
  const jobsFor = (from: number): GameJob[] => {
    const jobs: GameJob[] = [];
    for (let position = from; position < Math.min(options.games, from + chunkSize); position++) {
      const plan = planGame(
        options.seed,
        firstIndex + position,
        pool.players,
        cumulative,
        options.ratedShare,
      );
      const finishedMs = finishTime(window, position, options.games, plan.slot, previousFinish);
      previousFinish = finishedMs;
      jobs.push({
        plan,
        finishedMs,
        playerIds: plan.players.map((player) => (pool.players[player] as PoolPlayer).id),
      });
    }
    return jobs;
  };
  const writeChunk = async (chunk: RatedChunk): Promise<void> => {
    await client.query('BEGIN');
    try {
      await writeBulkGames(client, chunk.rows);
      await storeRatings(client, chunk.ratings);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    totals.games += chunk.games;
    totals.events += chunk.events;
    totals.ratedGames += chunk.rated;
    options.onProgress?.({ done: totals.games, total: options.games, elapsedMs: Date.now() - started });
  };
  const runner = runnerFor(options);
  let writing: Promise<void> = Promise.resolve();
  try {
    let jobs = jobsFor(0);
    let playing = handled(runner.run(jobs));
    for (let from = 0; from < options.games; from += chunkSize) {
      const played = await playing;
      const current = jobs;
      if (from + chunkSize < options.games) {
        // Keep the workers busy with the next chunk while this one is rated and written.
        jobs = jobsFor(from + chunkSize);
        playing = handled(runner.run(jobs));
      }
      const chunk = rateChunk(current, played, ledger);
      await writing;
      writing = handled(writeChunk(chunk));
    }
    await writing;
  } finally {
    // On a failure, wait for the write in flight (the client is closed after) and stop the workers.
    await writing.catch(() => undefined);
    await runner.close();
  }
  return totals;
}

/**
 * The same promise, marked as handled: it is awaited later, and a failure meanwhile must not count as an
 * unhandled rejection (which ends the process) before the await reports it.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** Outcomes and ratings of a chunk's games, in order, and all its rows. */
function rateChunk(jobs: readonly GameJob[], played: readonly PlayedJob[], ledger: RatingLedger): RatedChunk {
  const rows = newChunkRows();
  let events = 0;
  let rated = 0;
  jobs.forEach((job, index) => {
    const game = played[index] as PlayedJob;
    const { plan, playerIds } = job;
    const times = timesOf(job, game.decisionCount);
    const outcomes = seatOutcomes(
      game.result,
      playerIds.map((playerId, seat) => ({ seat, playerId })),
    );
    const ratings = plan.rated ? ledger.rate(plan.preset, outcomes, times.finishedAt) : null;
    addGameRows(rows, {
      plan,
      result: game.result,
      eventCount: game.eventCount,
      times,
      playerIds,
      outcomes,
      ratings,
    });
    rows.gameEvents.addText(game.eventsText, game.eventCount);
    events += game.eventCount;
    if (plan.rated) rated++;
  });
  return { rows, ratings: ledger.takeChanged(), games: jobs.length, events, rated };
}
