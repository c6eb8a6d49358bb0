/**
 * A bot client: one request at a time over one keep-alive connection pool, playing a classic game between its
 * own two accounts (seat 0 creates the game with a fixed seed, seat 1 joins) and sending each move with the
 * token of the seat to move. A finished game is replaced by a new one with the next seed.
 *
 * Why one client drives both seats of its game: in a two-player game only the player to move has anything to
 * send, so two separate clients on one game would have at most one request in flight between them, and N
 * clients would put only N/2 requests on the server while the floor runs N. One driver per game keeps the
 * concurrency of both sides equal (N in flight), which is what the comparison needs.
 *
 * Per turn the mover asks `game(id) { version currentSeat status legalMoves }` once (a real client would do that
 * after a push or a poll), then plays from the `makeMove` responses, which carry the same fields, until the
 * turn passes. Every move carries `expectedVersion`.
 *
 * With a watcher (`--watch`, bench/api/watcher.ts) each game also has a live `gameUpdated` subscriber, taken
 * between createGame and joinGame; a finished game is replaced once its last change has been pushed.
 */
import { nowMs } from '../stats';
import { GraphQLResult, GraphQLTransport, isRecord } from './graphql-http';
import { ApiRecorder } from './recorder';
import { pickMove } from './strategy';
import { GameWatcher, WatchTotals } from './watcher';

const PASSWORD = 'bench client password';
const GAME_FIELDS = 'id version currentSeat status legalMoves';
const REGISTER =
  'mutation Register($u: String!, $p: String!) { register(username: $u, password: $p) { token } }';
const CREATE =
  'mutation Create($seed: String!) { createGame(input: { preset: CLASSIC, seed: $seed }) { id } }';
const JOIN = `mutation Join($g: ID!) { joinGame(gameId: $g) { ${GAME_FIELDS} } }`;
const QUERY = `query Game($g: ID!) { game(id: $g) { ${GAME_FIELDS} } }`;
const MOVE = `mutation Move($g: ID!, $m: String!, $v: Int!) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { ${GAME_FIELDS} } } }`;
/** A client that fails this many calls in a row is broken; it stops the run with the last error. */
const MAX_FAILURE_STREAK = 50;

/** The fields every game response carries, checked. */
export interface GameSnapshot {
  readonly id: string;
  readonly version: number;
  readonly currentSeat: number | null;
  readonly status: string;
  readonly legalMoves: readonly string[];
}

export function parseGame(value: unknown): GameSnapshot | null {
  if (!isRecord(value)) return null;
  const { id, version, currentSeat, status, legalMoves } = value;
  if (typeof id !== 'string' || typeof version !== 'number' || typeof status !== 'string') return null;
  if (currentSeat !== null && typeof currentSeat !== 'number') return null;
  if (!Array.isArray(legalMoves) || !legalMoves.every((move) => typeof move === 'string')) return null;
  return { id, version, currentSeat, status, legalMoves: legalMoves as string[] };
}

interface GameInPlay {
  readonly id: string;
  version: number;
  status: string;
  currentSeat: number | null;
  /** The legal moves of `currentSeat`, or null when they must be asked for. */
  legal: readonly string[] | null;
}

export class BotClient {
  private game: GameInPlay | null = null;
  private gamesStarted = 0;
  private failureStreak = 0;
  private lastFailure = '';
  /** Every game this client played, for the log check at the end. */
  readonly gameIds: string[] = [];
  /** Events appended by all of this client's accepted moves, warm-up included. */
  eventsWritten = 0;

  private constructor(
    private readonly http: GraphQLTransport,
    readonly index: number,
    /** Seat 0's token (the creator), then seat 1's. */
    private readonly tokens: readonly [string, string],
    /** The subscriber watching the game in play, with `--watch`. */
    readonly watcher: GameWatcher | null,
  ) {}

  /**
   * Registers the client's two accounts; with `watch`, opens a watcher on that copy's GraphQL URL as seat 0 and
   * has it add what it sees to the totals.
   */
  static async create(
    http: GraphQLTransport,
    index: number,
    runTag: string,
    watch: { readonly graphqlUrl: string; readonly totals: WatchTotals } | null = null,
  ): Promise<BotClient> {
    const token = async (seat: number): Promise<string> => {
      const result = await http.request(null, REGISTER, { u: `b${runTag}${index}s${seat}`, p: PASSWORD });
      const register = result.data?.register;
      if (!isRecord(register) || typeof register.token !== 'string') {
        throw new Error(`register failed: ${JSON.stringify(result.errors)}`);
      }
      return register.token;
    };
    const tokens: [string, string] = [await token(0), await token(1)];
    const watcher = watch === null ? null : await GameWatcher.open(watch.graphqlUrl, tokens[0], watch.totals);
    return new BotClient(http, index, tokens, watcher);
  }

  /** Plays until `deadline` (a `nowMs()` time); the call in flight at the deadline is finished first. */
  async playUntil(deadline: number, recorder: ApiRecorder): Promise<void> {
    this.watcher?.recordInto(recorder);
    while (nowMs() < deadline) await this.step(recorder);
  }

  /** With a watcher: waits for the push of the game's last change and ends the subscription. */
  async stopWatching(): Promise<void> {
    if (this.watcher === null) return;
    if (this.game !== null) await this.watcher.finish(this.game.id, this.game.version);
    this.watcher.close();
  }

  /** One request: start a game, ask for the mover's legal moves, or make a move. */
  private async step(recorder: ApiRecorder): Promise<void> {
    const game = this.game;
    if (game === null || game.status !== 'ACTIVE') return this.startGame(recorder);
    if (game.legal === null || game.currentSeat === null) return this.refresh(game, recorder);
    const move = pickMove(game.legal);
    if (move === null) {
      // An active game whose mover has no legal move: the server's legalMoves disagree with its own status.
      this.fail(recorder, 'NO_LEGAL_MOVE', `game ${game.id} v${game.version}: legalMoves is empty`);
      game.legal = null;
      return;
    }
    const mover = game.currentSeat;
    const expectedVersion = game.version;
    this.watcher?.moveSent(expectedVersion);
    const start = nowMs();
    const result = await this.send(mover, MOVE, { g: game.id, m: move, v: expectedVersion });
    const ms = nowMs() - start;
    const next = this.snapshot(result, 'makeMove', recorder);
    this.watcher?.moveAnswered(expectedVersion, next !== null);
    if (next === null) {
      game.legal = null; // decide again from a fresh read
      return;
    }
    recorder.moveMs.push(ms);
    const events = next.version - game.version;
    recorder.events += events;
    this.eventsWritten += events;
    this.adopt(game, next, mover);
    if (game.status !== 'ACTIVE') recorder.gamesFinished++;
  }

  private async startGame(recorder: ApiRecorder): Promise<void> {
    if (this.watcher !== null && this.game !== null)
      await this.watcher.finish(this.game.id, this.game.version);
    const seed = `api-bench-${this.index}-${this.gamesStarted}`;
    let start = nowMs();
    const created = await this.send(0, CREATE, { seed });
    recorder.setupMs.push(nowMs() - start);
    const createGame = created.data?.createGame;
    if (!isRecord(createGame) || typeof createGame.id !== 'string') {
      this.fail(recorder, created.errors[0]?.code ?? 'BAD_RESPONSE', JSON.stringify(created.errors));
      return;
    }
    if (this.watcher !== null) {
      start = nowMs();
      await this.watcher.watch(createGame.id);
      recorder.setupMs.push(nowMs() - start);
    }
    start = nowMs();
    const joined = await this.send(1, JOIN, { g: createGame.id });
    recorder.setupMs.push(nowMs() - start);
    const game = this.snapshot(joined, 'joinGame', recorder);
    if (game === null) return;
    this.watcher?.changed();
    this.gamesStarted++;
    recorder.gamesStarted++;
    this.gameIds.push(game.id);
    this.game = {
      id: game.id,
      version: game.version,
      status: game.status,
      currentSeat: game.currentSeat,
      legal: game.currentSeat === 1 ? game.legalMoves : null,
    };
  }

  /** Asks for the game as the player to move sees it (their legal moves). */
  private async refresh(game: GameInPlay, recorder: ApiRecorder): Promise<void> {
    const seat = game.currentSeat ?? 0;
    const start = nowMs();
    const result = await this.send(seat, QUERY, { g: game.id });
    const ms = nowMs() - start;
    const next = this.snapshot(result, 'game', recorder);
    if (next === null) return;
    recorder.queryMs.push(ms);
    this.adopt(game, next, seat);
  }

  /** Takes over a fresh snapshot that `seat`'s player received. */
  private adopt(game: GameInPlay, next: GameSnapshot, seat: number): void {
    game.version = next.version;
    game.status = next.status;
    game.currentSeat = next.currentSeat;
    // legalMoves are the caller's: they are the mover's only if the caller still moves.
    game.legal = next.currentSeat === seat ? next.legalMoves : null;
  }

  private send(seat: number, query: string, variables: Record<string, unknown>): Promise<GraphQLResult> {
    return this.http
      .request(this.tokens[seat] as string, query, variables)
      .catch((error: unknown): GraphQLResult => ({
        status: 0,
        data: null,
        errors: [{ message: error instanceof Error ? error.message : String(error), code: 'NETWORK' }],
      }));
  }

  /** The game a response carries under `field`, or null after counting the error. */
  private snapshot(result: GraphQLResult, field: string, recorder: ApiRecorder): GameSnapshot | null {
    const answer = result.data?.[field];
    // makeMove answers a payload with the game in it; the other operations answer the game itself.
    const gameOf = field === 'makeMove' ? (answer as { game?: unknown } | null | undefined)?.game : answer;
    const game = result.errors.length === 0 ? parseGame(gameOf) : null;
    if (game === null) {
      const first = result.errors[0];
      this.fail(recorder, first?.code ?? 'BAD_RESPONSE', first?.message ?? `malformed ${field} response`);
      return null;
    }
    this.failureStreak = 0;
    return game;
  }

  private fail(recorder: ApiRecorder, code: string, message: string): void {
    recorder.error(code);
    this.failureStreak++;
    this.lastFailure = `${code}: ${message}`;
    if (this.failureStreak >= MAX_FAILURE_STREAK) {
      throw new Error(
        `bot client ${this.index} failed ${MAX_FAILURE_STREAK} calls in a row; last: ${this.lastFailure}`,
      );
    }
  }
}
