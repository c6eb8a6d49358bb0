/**
 * The measured requests: a player's finished games newest first (the first page, and a deep page reached by
 * following `after` cursors) and the classic leaderboard (first and deep page), each next to the same-run floor,
 * a trivial `{ __typename }` request that costs the whole HTTP and GraphQL path but no data. One request at a
 * time over one keep-alive connection: the figures are latencies, not throughput. Every round measures each
 * kind once, in a rotating order, so a change in the machine's load falls on all of them.
 */
import { RngState, nextInt, publicStream } from '../../src/engine';
import type { GraphQLResult, GraphQLTransport } from '../api/graphql-http';
import { isRecord } from '../api/graphql-http';
import { nowMs } from '../stats';

export type QueryKind = 'floor' | 'historyFirst' | 'historyDeep' | 'leaderboardFirst' | 'leaderboardDeep';
export const QUERY_KINDS: readonly QueryKind[] = [
  'floor',
  'historyFirst',
  'historyDeep',
  'leaderboardFirst',
  'leaderboardDeep',
];

export const HISTORY_PAGE = 20;
export const LEADERBOARD_PAGE = 50;

export const FLOOR_QUERY = '{ __typename }';
export const HISTORY_QUERY = `query History($player: String!, $after: String) {
  games(filter: { player: $player, status: FINISHED }, first: ${HISTORY_PAGE}, after: $after) {
    edges { cursor node { id players { seat outcome score ratingBefore ratingAfter player { username } }
      result { winner score } moveCount startedAt finishedAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;
export const LEADERBOARD_QUERY = `query Leaderboard($after: String) {
  leaderboard(preset: CLASSIC, first: ${LEADERBOARD_PAGE}, after: $after) {
    edges { cursor node { rank rating deviation games player { username } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export interface Samples {
  /** Milliseconds per measured request, by kind. */
  readonly ms: Record<QueryKind, number[]>;
  /** Error codes (GraphQL or transport) by kind. */
  readonly errors: Record<QueryKind, Record<string, number>>;
  /** The first few error messages, to say what went wrong. */
  readonly messages: string[];
  /** Pages whose content was wrong (a game without the player, out of order; ranks not consecutive). */
  readonly problems: string[];
  /** The page number each deep history sample reached. */
  readonly historyDepths: number[];
  /** The page number of the deep leaderboard page (lower than asked when the board is shorter). */
  leaderboardDepth: number;
}

export interface Subjects {
  /** Usernames of players with finished games (first-page samples). */
  readonly players: readonly string[];
  /** Those with at least `depth` pages of finished games (deep-page samples); everyone if there are none. */
  readonly deepPlayers: readonly string[];
  /** No player has `depth` pages: the deep samples are everyone's last pages. */
  readonly deepFallback: boolean;
}

interface Page {
  readonly nodes: readonly Record<string, unknown>[];
  readonly hasNextPage: boolean;
  readonly endCursor: string | null;
}

function emptyByKind<T>(make: () => T): Record<QueryKind, T> {
  return {
    floor: make(),
    historyFirst: make(),
    historyDeep: make(),
    leaderboardFirst: make(),
    leaderboardDeep: make(),
  };
}

/** A connection's nodes and page info out of a response (null when it has none). */
export function pageOf(result: GraphQLResult, field: 'games' | 'leaderboard'): Page | null {
  const connection = result.data?.[field];
  if (!isRecord(connection) || !Array.isArray(connection.edges) || !isRecord(connection.pageInfo))
    return null;
  const nodes = (connection.edges as unknown[]).map((edge) =>
    isRecord(edge) && isRecord(edge.node) ? edge.node : {},
  );
  const endCursor = connection.pageInfo.endCursor;
  return {
    nodes,
    hasNextPage: connection.pageInfo.hasNextPage === true,
    endCursor: typeof endCursor === 'string' ? endCursor : null,
  };
}

/** What is wrong with a page of a player's finished games (empty when nothing). */
export function historyPageProblems(page: Page, username: string): string[] {
  const problems: string[] = [];
  if (page.nodes.length > HISTORY_PAGE)
    problems.push(`${page.nodes.length} games on a page of ${HISTORY_PAGE}`);
  let previous = Infinity;
  for (const node of page.nodes) {
    const players = Array.isArray(node.players) ? (node.players as unknown[]) : [];
    const names = players.map((seat) =>
      isRecord(seat) && isRecord(seat.player) ? seat.player.username : null,
    );
    if (!names.includes(username)) problems.push(`game ${String(node.id)} is not ${username}'s`);
    const finished = typeof node.finishedAt === 'string' ? Date.parse(node.finishedAt) : NaN;
    if (!(finished <= previous)) problems.push(`game ${String(node.id)} is out of order or unfinished`);
    previous = finished;
  }
  return problems;
}

/** What is wrong with a leaderboard page that should start at rank `firstRank` (empty when nothing). */
export function leaderboardPageProblems(page: Page, firstRank: number): string[] {
  const problems: string[] = [];
  let previous = Infinity;
  page.nodes.forEach((node, index) => {
    if (node.rank !== firstRank + index)
      problems.push(`rank ${String(node.rank)} where ${firstRank + index} was due`);
    const rating = typeof node.rating === 'number' ? node.rating : NaN;
    if (!(rating <= previous)) problems.push(`rating ${rating} after ${previous}`);
    previous = rating;
  });
  return problems;
}

export class HistoryBench {
  readonly samples: Samples;
  private readonly rng: RngState = publicStream('bench-history');
  /** The cursor before the deep leaderboard page, and that page's number (found once: the board is fixed). */
  private leaderboardDeep: { after: string | null; page: number } | null = null;

  constructor(
    private readonly client: GraphQLTransport,
    private readonly subjects: Subjects,
    private readonly depth: number,
  ) {
    this.samples = {
      ms: emptyByKind(() => []),
      errors: emptyByKind(() => ({})),
      messages: [],
      problems: [],
      historyDepths: [],
      leaderboardDepth: 0,
    };
  }

  /** One round: each kind once, starting with a different kind each round. */
  async round(round: number, measured: boolean): Promise<void> {
    for (let step = 0; step < QUERY_KINDS.length; step++) {
      const kind = QUERY_KINDS[(round + step) % QUERY_KINDS.length] as QueryKind;
      await this.measure(kind, measured);
    }
  }

  private async measure(kind: QueryKind, measured: boolean): Promise<void> {
    switch (kind) {
      case 'floor':
        await this.timed(kind, measured, FLOOR_QUERY, {});
        return;
      case 'historyFirst': {
        const player = this.pick(this.subjects.players);
        const page = pageOf(
          await this.timed(kind, measured, HISTORY_QUERY, { player, after: null }),
          'games',
        );
        if (page !== null && measured) this.note(historyPageProblems(page, player));
        return;
      }
      case 'historyDeep': {
        const player = this.pick(this.subjects.deepPlayers);
        const before = await this.walk(HISTORY_QUERY, 'games', { player }, this.depth);
        const page = pageOf(
          await this.timed(kind, measured, HISTORY_QUERY, { player, after: before.after }),
          'games',
        );
        if (measured) {
          this.samples.historyDepths.push(before.page);
          if (page !== null) this.note(historyPageProblems(page, player));
        }
        return;
      }
      case 'leaderboardFirst': {
        const page = pageOf(
          await this.timed(kind, measured, LEADERBOARD_QUERY, { after: null }),
          'leaderboard',
        );
        if (page !== null && measured) this.note(leaderboardPageProblems(page, 1));
        return;
      }
      case 'leaderboardDeep': {
        this.leaderboardDeep ??= await this.walk(LEADERBOARD_QUERY, 'leaderboard', {}, this.depth);
        const deep = this.leaderboardDeep;
        const result = await this.timed(kind, measured, LEADERBOARD_QUERY, { after: deep.after });
        const page = pageOf(result, 'leaderboard');
        if (page !== null && measured) {
          this.samples.leaderboardDepth = deep.page;
          this.note(leaderboardPageProblems(page, (deep.page - 1) * LEADERBOARD_PAGE + 1));
        }
        return;
      }
    }
  }

  /**
   * Follows `after` cursors (unmeasured) towards page `depth`: the cursor that asks for it, and its number —
   * lower when the list has fewer pages (then the last page).
   */
  private async walk(
    query: string,
    field: 'games' | 'leaderboard',
    variables: Readonly<Record<string, unknown>>,
    depth: number,
  ): Promise<{ after: string | null; page: number }> {
    let after: string | null = null;
    for (let page = 1; page < depth; page++) {
      const result = await this.client.request(null, query, { ...variables, after });
      const found = pageOf(result, field);
      if (found === null)
        throw new Error(`${field}: ${result.errors.map((error) => error.message).join('; ')}`);
      // The list ends before page `depth`: its last page (the one just read) is the deepest there is.
      if (!found.hasNextPage || found.endCursor === null) return { after, page };
      after = found.endCursor;
    }
    return { after, page: depth };
  }

  private pick(from: readonly string[]): string {
    return from[nextInt(this.rng, from.length)] as string;
  }

  private note(problems: readonly string[]): void {
    for (const problem of problems)
      if (this.samples.problems.length < 20) this.samples.problems.push(problem);
  }

  /** Sends one request; when measured, records its time, or its error codes. */
  private async timed(
    kind: QueryKind,
    measured: boolean,
    query: string,
    variables: Readonly<Record<string, unknown>>,
  ): Promise<GraphQLResult> {
    const start = nowMs();
    let result: GraphQLResult;
    try {
      result = await this.client.request(null, query, variables);
    } catch (error) {
      result = { status: 0, data: null, errors: [{ message: String(error), code: 'TRANSPORT' }] };
    }
    const ms = nowMs() - start;
    if (!measured) return result;
    if (result.errors.length === 0) {
      this.samples.ms[kind].push(ms);
    } else {
      for (const error of result.errors) {
        this.samples.errors[kind][error.code] = (this.samples.errors[kind][error.code] ?? 0) + 1;
        if (this.samples.messages.length < 5) this.samples.messages.push(`${kind}: ${error.message}`);
      }
    }
    return result;
  }
}
