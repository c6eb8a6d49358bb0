/**
 * One closed-loop client of the overload benchmark: one request in flight at a time, playing classic games
 * between two accounts it shares with other clients (each client its own game), as bench/api/bot.ts does — a
 * game created and joined, the mover's `game(id)` at each turn, `makeMove` with `expectedVersion` — so every
 * request needs the database. Unlike the API bench's bots it goes on through refusals: a request answered
 * UNAVAILABLE is sent again as it was (a move with the same `clientMoveId`, so a move that was applied after all
 * is answered, not applied twice), as a client of the API is told to do (docs/api/errors.md#unavailable).
 */
import { nowMs } from '../stats';
import { GameSnapshot, parseGame } from '../api/bot';
import { GraphQLResult, GraphQLTransport, isRecord } from '../api/graphql-http';
import { pickMove } from '../api/strategy';

const GAME_FIELDS = 'id version currentSeat status legalMoves';
const CREATE =
  'mutation Create($seed: String!) { createGame(input: { preset: CLASSIC, seed: $seed }) { id } }';
const JOIN = `mutation Join($g: ID!) { joinGame(gameId: $g) { ${GAME_FIELDS} } }`;
const QUERY = `query Game($g: ID!) { game(id: $g) { ${GAME_FIELDS} } }`;
const MOVE = `mutation Move($g: ID!, $m: String!, $v: Int!, $c: String!) {
  makeMove(gameId: $g, move: $m, expectedVersion: $v, clientMoveId: $c) { game { ${GAME_FIELDS} } } }`;

/** What each answer was: served, refused UNAVAILABLE (HTTP 503), or anything else (by code). */
export class OverloadRecorder {
  /** Client-side milliseconds of every answer, in the order they came. */
  readonly answerMs: number[] = [];
  /** …of the answers that served the request. */
  readonly servedMs: number[] = [];
  unavailable = 0;
  /** Answers that were neither (expected: none), by error code. */
  readonly errors = new Map<string, number>();
  elapsedMs = 0;

  record(ms: number, result: GraphQLResult): 'served' | 'unavailable' | 'error' {
    this.answerMs.push(ms);
    const code = result.errors[0]?.code;
    if (code === undefined) {
      this.servedMs.push(ms);
      return 'served';
    }
    if (code === 'UNAVAILABLE' && result.status === 503) {
      this.unavailable++;
      return 'unavailable';
    }
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
    return 'error';
  }
}

interface GameInPlay {
  readonly id: string;
  version: number;
  status: string;
  currentSeat: number | null;
  /** The legal moves of `currentSeat`, or null when they must be asked for. */
  legal: readonly string[] | null;
}

export class OverloadClient {
  private game: GameInPlay | null = null;
  /** A created game not joined yet (the join is sent again after a refusal). */
  private created: string | null = null;
  private gamesStarted = 0;

  constructor(
    private readonly http: GraphQLTransport,
    /** Unique within the run: it names the client's games' seeds. */
    private readonly name: string,
    /** Seat 0's token (the creator), then seat 1's. */
    private readonly tokens: readonly [string, string],
  ) {}

  /** Plays until `deadline` (a `nowMs()` time); the call in flight at the deadline is finished first. */
  async playUntil(deadline: number, recorder: OverloadRecorder): Promise<void> {
    while (nowMs() < deadline) await this.step(recorder);
  }

  private async step(recorder: OverloadRecorder): Promise<void> {
    const game = this.game;
    if (this.created !== null) return this.join(this.created, recorder);
    if (game === null || game.status !== 'ACTIVE') return this.create(recorder);
    if (game.legal === null || game.currentSeat === null) return this.refresh(game, recorder);
    const move = pickMove(game.legal);
    if (move === null) {
      game.legal = null;
      return;
    }
    const mover = game.currentSeat;
    const result = await this.send(recorder, mover, MOVE, {
      g: game.id,
      m: move,
      v: game.version,
      c: `v${game.version}`,
    });
    if (result === 'unavailable') return;
    const next =
      result === null ? null : parseGame((result.data?.makeMove as { game?: unknown } | null)?.game);
    if (next === null) game.legal = null;
    else this.adopt(game, next, mover);
  }

  private async create(recorder: OverloadRecorder): Promise<void> {
    const result = await this.send(recorder, 0, CREATE, { seed: `${this.name}-${this.gamesStarted}` });
    if (result === 'unavailable' || result === null) return;
    const created = result.data?.createGame;
    if (isRecord(created) && typeof created.id === 'string') {
      this.gamesStarted++;
      this.created = created.id;
    }
  }

  private async join(gameId: string, recorder: OverloadRecorder): Promise<void> {
    const result = await this.send(recorder, 1, JOIN, { g: gameId });
    if (result === 'unavailable') return;
    this.created = null;
    const game = result === null ? null : parseGame(result.data?.joinGame);
    if (game === null) return;
    this.game = { ...game, legal: game.currentSeat === 1 ? game.legalMoves : null };
  }

  private async refresh(game: GameInPlay, recorder: OverloadRecorder): Promise<void> {
    const seat = game.currentSeat ?? 0;
    const result = await this.send(recorder, seat, QUERY, { g: game.id });
    if (result === 'unavailable' || result === null) return;
    const next = parseGame(result.data?.game);
    if (next !== null) this.adopt(game, next, seat);
  }

  private adopt(game: GameInPlay, next: GameSnapshot, seat: number): void {
    game.version = next.version;
    game.status = next.status;
    game.currentSeat = next.currentSeat;
    game.legal = next.currentSeat === seat ? next.legalMoves : null;
  }

  /** One request, recorded: its result when served, 'unavailable' when refused so, null for any other error. */
  private async send(
    recorder: OverloadRecorder,
    seat: number,
    query: string,
    variables: Record<string, unknown>,
  ): Promise<GraphQLResult | 'unavailable' | null> {
    const start = nowMs();
    const result = await this.http
      .request(this.tokens[seat] as string, query, variables)
      .catch((error: unknown): GraphQLResult => ({
        status: 0,
        data: null,
        errors: [{ message: error instanceof Error ? error.message : String(error), code: 'NETWORK' }],
      }));
    switch (recorder.record(nowMs() - start, result)) {
      case 'served':
        return result;
      case 'unavailable':
        return 'unavailable';
      case 'error':
        return null;
    }
  }
}
