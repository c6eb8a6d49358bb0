/**
 * One tournament bench run (`npm run bench:tournament`): on a fresh database, the compiled server (`node
 * dist/main.js`) on 127.0.0.1, `players` accounts in a Swiss tournament, and timed:
 *
 * - **pairing**: the first round's pairing alone (src/tournaments/domain/swiss.ts, pure, in this process), and a
 *   later round's, from a history of results;
 * - **round start**: `startTournament`, whose answer comes once the director started the first round — seeds, the
 *   round claimed and its boards stored, one game made and dealt per board through the game handler (`pair`), each
 *   with its board's link — so its wall time is the round's start, as the organiser waits for it;
 * - **baseline**, in the same run on the same server: as many ordinary games started the way two people start
 *   one, `createGame` then the other player's `joinGame` (which deals it), one after the other.
 *
 * The figures are ratios against the baseline (docs/performance.md, "Tournaments"): the machines are noisy.
 * Everything is stopped and the database dropped, even on failure.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { migrate } from '../../src/db/migrator';
import { pairSwissRound, type SwissEntrant } from '../../src/tournaments/domain/swiss';
import { GraphQLHttpClient, GraphQLResult } from '../api/graphql-http';
import { databaseUrl } from '../api/postgres';
import { startServer } from '../api/server';
import { describeEnvironment, Environment, nowMs, summarize, Summary } from '../stats';

export interface TournamentBenchSettings {
  /** Players in the Swiss tournament: half as many boards a round. */
  readonly players: number;
  /** Pairings timed, for the pure pairing's figures. */
  readonly pairingSamples: number;
}

export interface TournamentBenchReport {
  readonly environment: Environment;
  readonly settings: TournamentBenchSettings;
  /** The first round's pairing (everyone on 0 points), ms per pairing. */
  readonly firstPairing: Summary;
  /** A later round's pairing (after three rounds of results), ms per pairing. */
  readonly laterPairing: Summary;
  readonly boards: number;
  /** `startTournament` answered: every board's game made, ms. */
  readonly roundStartMs: number;
  /** As many ordinary games started with createGame and joinGame, ms. */
  readonly baselineMs: number;
  /** roundStartMs / baselineMs. */
  readonly ratio: number;
  /** The run's own check: every board has a dealt game. */
  readonly check: { readonly ok: boolean; readonly problems: readonly string[] };
}

const PASSWORD = 'correct horse battery staple';

export async function runTournamentBench(
  settings: TournamentBenchSettings,
  adminUrl: string,
  progress: (line: string) => void,
): Promise<TournamentBenchReport> {
  const firstPairing = timePairings(entrantsAt(settings.players, 0), settings.pairingSamples);
  const laterPairing = timePairings(entrantsAt(settings.players, 3), settings.pairingSamples);

  const name = `malice_bench_tournament_${randomUUID().slice(0, 8)}`;
  const url = databaseUrl(adminUrl, name);
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const server = await (async () => {
    await migrate(url);
    return startServer({ databaseUrl: url, cpuProfileDir: null, env: { TOURNAMENT_INTERVAL_MS: '0' } });
  })().catch(async (error: unknown) => {
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    throw error;
  });
  const http = new GraphQLHttpClient(server.graphqlUrl, 4);
  try {
    progress(`registering ${settings.players * 2} accounts`);
    const tokens: string[] = [];
    for (let i = 0; i < settings.players * 2; i += 1) {
      const registered = fieldOf(
        await http.request(
          null,
          'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token } }',
          {
            u: `bench_t${i}`,
            p: PASSWORD,
          },
        ),
        'register',
      ) as { token: string };
      tokens.push(registered.token);
    }
    const [entrants, others] = [tokens.slice(0, settings.players), tokens.slice(settings.players)];

    progress(`baseline: ${settings.players / 2} games started with createGame and joinGame`);
    const baselineStart = nowMs();
    for (let i = 0; i < others.length; i += 2) {
      const created = fieldOf(
        await http.request(others[i]!, 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
          i: { preset: 'CLASSIC', daysPerMove: 3 },
        }),
        'createGame',
      ) as { id: string };
      fieldOf(
        await http.request(others[i + 1]!, 'mutation($g: ID!) { joinGame(gameId: $g) { status } }', {
          g: created.id,
        }),
        'joinGame',
      );
    }
    const baselineMs = nowMs() - baselineStart;

    progress(`a Swiss of ${settings.players}: its first round started`);
    const tournament = fieldOf(
      await http.request(
        entrants[0]!,
        'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }',
        {
          i: {
            name: 'bench',
            format: 'SWISS',
            preset: 'CLASSIC',
            daysPerMove: 3,
            minPlayers: 4,
            maxPlayers: settings.players,
            rounds: 3,
            startsAt: new Date(Date.now() + 86_400_000).toISOString(),
          },
        },
      ),
      'createTournament',
    ) as { id: string };
    // All but one join: a full tournament would start on the last join.
    for (const token of entrants.slice(0, -1)) {
      fieldOf(
        await http.request(token, 'mutation($t: ID!) { joinTournament(id: $t) { id } }', {
          t: tournament.id,
        }),
        'joinTournament',
      );
    }
    const last = entrants[entrants.length - 1]!;
    const roundStart = nowMs();
    fieldOf(
      await http.request(last, 'mutation($t: ID!) { joinTournament(id: $t) { id } }', { t: tournament.id }),
      'joinTournament',
    );
    const roundStartMs = nowMs() - roundStart;

    const read = fieldOf(
      await http.request(null, 'query($t: ID!) { tournament(id: $t) { status boards { gameId } } }', {
        t: tournament.id,
      }),
      'tournament',
    ) as { status: string; boards: { gameId: string | null }[] };
    const problems: string[] = [];
    if (read.status !== 'RUNNING') problems.push(`the tournament is ${read.status}`);
    if (read.boards.length !== settings.players / 2) problems.push(`${read.boards.length} boards`);
    const withoutGame = read.boards.filter((board) => board.gameId === null).length;
    if (withoutGame > 0) problems.push(`${withoutGame} boards without a game`);
    return {
      environment: describeEnvironment(),
      settings,
      firstPairing,
      laterPairing,
      boards: read.boards.length,
      roundStartMs,
      baselineMs,
      ratio: roundStartMs / baselineMs,
      check: { ok: problems.length === 0, problems },
    };
  } finally {
    http.close();
    await server.stop();
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

function fieldOf(result: GraphQLResult, field: string): unknown {
  if (result.errors.length > 0) {
    throw new Error(`${field} failed: ${result.errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
  }
  return result.data?.[field];
}

/** `count` entrants after `rounds` rounds of made-up results (no rematch tracking needed for timing). */
function entrantsAt(count: number, rounds: number): SwissEntrant[] {
  const entrants = Array.from({ length: count }, (_, i) => ({
    id: `p${String(i).padStart(3, '0')}`,
    seed: i + 1,
    halfPoints: 0,
    hadBye: false,
    opponents: [] as string[],
  }));
  for (let round = 0; round < rounds; round += 1) {
    const paired = pairSwissRound(entrants);
    if (paired.kind !== 'paired') throw new Error('the bench history could not be paired');
    const byId = new Map(entrants.map((entrant) => [entrant.id, entrant]));
    for (const [index, { first, second }] of paired.pairings.entries()) {
      const [a, b] = [byId.get(first)!, byId.get(second)!];
      a.opponents.push(second);
      b.opponents.push(first);
      // The better-placed player wins two boards in three.
      if (index % 3 === 2) b.halfPoints += 2;
      else a.halfPoints += 2;
    }
  }
  return entrants;
}

function timePairings(entrants: readonly SwissEntrant[], samples: number): Summary {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = nowMs();
    pairSwissRound(entrants);
    times.push(nowMs() - start);
  }
  return summarize(times);
}

async function withAdmin(adminUrl: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
