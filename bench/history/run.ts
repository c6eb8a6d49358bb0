/**
 * One run of the history benchmark on a database: top it up to the games asked for (seed:demo), start the
 * compiled server on it, measure the pages over GraphQL HTTP, then EXPLAIN the statements behind them.
 */
import { Client } from 'pg';
import { migrate } from '../../src/db/migrator';
import type { ListCursor } from '../../src/games/persistence/games-list';
import { gamesListSql } from '../../src/games/persistence/sql/games-list-sql';
import { LeaderboardCursor, leaderboardRankSql, leaderboardSql } from '../../src/ratings/sql/ratings-sql';
import {
  DEMO_DEFAULTS as SEED_DEFAULTS,
  SeedProgress,
  SeedReport,
  seedDemo,
} from '../../src/cli/seed-demo/seed';
import { GraphQLHttpClient } from '../api/graphql-http';
import { codeRevision, startServer } from '../api/server';
import { Environment, describeEnvironment } from '../stats';
import { HistoryBenchSettings } from './cli';
import { HISTORY_PAGE, HistoryBench, LEADERBOARD_PAGE, QUERY_KINDS, Samples, Subjects } from './measure';
import { PlanCheck, checkPlan, explain, inlineParameters } from './plans';

export const HISTORY_INDEX = 'game_players_history_idx';
export const LEADERBOARD_INDEX = 'ratings_leaderboard_idx';

export interface DatabaseFacts {
  readonly source: 'embedded' | 'DATABASE_URL';
  readonly finishedGames: number;
  readonly playersWithGames: number;
  readonly events: number;
  readonly establishedClassic: number;
  readonly size: string;
}

export interface HistoryBenchRun {
  readonly environment: Environment;
  readonly settings: HistoryBenchSettings;
  readonly revision: string;
  readonly database: DatabaseFacts;
  /** What was seeded to reach `settings.games` (null when nothing was missing). */
  readonly seeded: SeedReport | null;
  readonly subjects: {
    readonly players: number;
    readonly deepPlayers: number;
    readonly deepFallback: boolean;
  };
  readonly samples: Samples;
  readonly plans: readonly PlanCheck[];
}

export interface RunDatabase {
  readonly url: string;
  readonly source: 'embedded' | 'DATABASE_URL';
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function finishedGames(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM games WHERE status = 'FINISHED'",
  );
  return rows[0]?.n ?? 0;
}

async function databaseFacts(client: Client, source: RunDatabase['source']): Promise<DatabaseFacts> {
  const { rows } = await client.query<Omit<DatabaseFacts, 'source'>>(
    `SELECT (SELECT count(*)::int FROM games WHERE status = 'FINISHED') AS "finishedGames",
            (SELECT count(DISTINCT player_id)::int FROM game_players WHERE finished_at IS NOT NULL) AS "playersWithGames",
            (SELECT count(*)::float8 FROM game_events) AS events,
            (SELECT count(*)::int FROM ratings WHERE preset = 'classic' AND deviation < 110) AS "establishedClassic",
            pg_size_pretty(pg_database_size(current_database())) AS size`,
  );
  return { source, ...(rows[0] as Omit<DatabaseFacts, 'source'>) };
}

/** Players with finished games, and those with at least `depth` pages of them. */
async function subjectsOf(client: Client, depth: number): Promise<Subjects> {
  const { rows } = await client.query<{ username: string; games: number }>(
    `SELECT p.username, count(*)::int AS games
       FROM game_players gp JOIN players p ON p.id = gp.player_id
      WHERE gp.finished_at IS NOT NULL
      GROUP BY p.username ORDER BY p.username`,
  );
  const players = rows.map((row) => row.username);
  const deep = rows.filter((row) => row.games >= depth * HISTORY_PAGE).map((row) => row.username);
  return { players, deepPlayers: deep.length > 0 ? deep : players, deepFallback: deep.length === 0 };
}

/**
 * The plans of the statements the service runs for the measured pages, for the player with the most finished
 * games (the longest history) and the classic leaderboard: first pages, and page `depth` with the keyset
 * cursor of the row before it.
 */
async function queryPlans(client: Client, depth: number): Promise<PlanCheck[]> {
  const top = await client.query<{ player_id: string }>(
    `SELECT player_id FROM game_players WHERE finished_at IS NOT NULL
      GROUP BY player_id ORDER BY count(*) DESC, player_id LIMIT 1`,
  );
  const playerId = top.rows[0]?.player_id;
  if (playerId === undefined) throw new Error('no finished games to plan a history page on');
  const historyRow = await client.query<{ finished_at: Date; game_id: string }>(
    `SELECT finished_at, game_id FROM game_players WHERE player_id = $1 AND finished_at IS NOT NULL
      ORDER BY finished_at DESC, game_id DESC OFFSET $2 LIMIT 1`,
    [playerId, (depth - 1) * HISTORY_PAGE - 1],
  );
  const boardRow = await client.query<{ rating: number; player_id: string }>(
    `SELECT rating, player_id FROM ratings WHERE preset = 'classic' AND deviation < 110
      ORDER BY rating DESC, player_id OFFSET $1 LIMIT 1`,
    [(depth - 1) * LEADERBOARD_PAGE - 1],
  );
  const historyQuery = {
    viewerId: null,
    mine: false,
    myTurn: false,
    open: false,
    status: 'FINISHED',
    playerId,
    first: HISTORY_PAGE,
  } as const;
  const statements: { label: string; text: string; values: unknown[]; index: string }[] = [];
  const add = (label: string, statement: { text: string; values: unknown[] }, index: string): void => {
    statements.push({ label, ...statement, index });
  };
  add('games: first page of a player', gamesListSql(historyQuery), HISTORY_INDEX);
  const historyCursor = historyRow.rows[0];
  if (historyCursor !== undefined) {
    const after: ListCursor = { order: 'finished', at: historyCursor.finished_at, id: historyCursor.game_id };
    add(`games: page ${depth} of a player`, gamesListSql({ ...historyQuery, after }), HISTORY_INDEX);
  }
  add('leaderboard: first page', leaderboardSql('classic', LEADERBOARD_PAGE), LEADERBOARD_INDEX);
  const boardCursor = boardRow.rows[0];
  if (boardCursor !== undefined) {
    const after: LeaderboardCursor = { rating: boardCursor.rating, playerId: boardCursor.player_id };
    add(`leaderboard: page ${depth}`, leaderboardSql('classic', LEADERBOARD_PAGE, after), LEADERBOARD_INDEX);
    add(
      `leaderboard: page ${depth}, its first rank`,
      leaderboardRankSql('classic', after),
      LEADERBOARD_INDEX,
    );
  }
  const checks: PlanCheck[] = [];
  for (const statement of statements) {
    const plan = await explain(client, statement.text, statement.values);
    checks.push(
      checkPlan(statement.label, inlineParameters(statement.text, statement.values), plan, statement.index),
    );
  }
  return checks;
}

export async function runHistoryBench(
  settings: HistoryBenchSettings,
  database: RunDatabase,
  progress: (line: string) => void,
  seedProgress: (progress: SeedProgress) => void,
): Promise<HistoryBenchRun> {
  const environment = describeEnvironment();
  const applied = await migrate(database.url);
  if (applied.length > 0) progress(`applied migrations: ${applied.join(', ')}`);
  const present = await withClient(database.url, finishedGames);
  let seeded: SeedReport | null = null;
  if (present < settings.games) {
    const missing = settings.games - present;
    progress(
      `the database holds ${present.toLocaleString('en-US')} finished games: seeding ${missing.toLocaleString('en-US')} more ` +
        `with seed:demo (${SEED_DEFAULTS.players} players, seed ${SEED_DEFAULTS.seed})`,
    );
    seeded = await seedDemo({
      databaseUrl: database.url,
      players: SEED_DEFAULTS.players,
      games: missing,
      seed: SEED_DEFAULTS.seed,
      ratedShare: SEED_DEFAULTS.ratedShare,
      onProgress: seedProgress,
    });
  } else {
    progress(`the database holds ${present.toLocaleString('en-US')} finished games`);
  }
  const facts = await withClient(database.url, (client) => databaseFacts(client, database.source));
  const subjects = await withClient(database.url, (client) => subjectsOf(client, settings.depth));
  progress('starting the server (node dist/main.js)');
  const server = await startServer({ databaseUrl: database.url, cpuProfileDir: null });
  const client = new GraphQLHttpClient(server.graphqlUrl, 1);
  let samples: Samples;
  try {
    const bench = new HistoryBench(client, subjects, settings.depth);
    progress(`warming up (${settings.warmup} rounds)`);
    for (let round = 0; round < settings.warmup; round++) await bench.round(round, false);
    progress(`measuring ${settings.samples} rounds of ${QUERY_KINDS.length} requests`);
    for (let round = 0; round < settings.samples; round++) await bench.round(round, true);
    samples = bench.samples;
  } finally {
    client.close();
    await server.stop();
  }
  progress('explaining the statements behind the pages');
  const plans = await withClient(database.url, (pg) => queryPlans(pg, settings.depth));
  return {
    environment,
    settings,
    revision: codeRevision(),
    database: facts,
    seeded,
    subjects: {
      players: subjects.players.length,
      deepPlayers: subjects.deepPlayers.length,
      deepFallback: subjects.deepFallback,
    },
    samples,
    plans,
  };
}
