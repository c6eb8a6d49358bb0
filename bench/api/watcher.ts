/**
 * `--watch`: a live `gameUpdated` subscriber on every game the bots play, as a web client showing its game has
 * (docs/api/subscriptions-and-streams.md#gameupdated). Without one no copy watches the game, so its changes are
 * not announced at all (docs/scaling.md#pushes-between-copies) and the announcement path is not measured.
 *
 * One graphql-ws socket per bot client, opened with the token of seat 0 (the game's creator), holds one
 * subscription at a time: the bot subscribes to a new game before its second seat joins and ends the
 * subscription once the finished game's last change has been pushed. The watcher counts what arrives — pushes,
 * the version each shows — and times each accepted move from the moment it was sent to the first push showing
 * it: how long a watching opponent waits for a move.
 */
import WebSocket from 'ws';
import { nowMs } from '../stats';
import { isRecord } from './graphql-http';
import { ApiRecorder } from './recorder';

const PROTOCOL = 'graphql-transport-ws';
/** What a push carries: enough to tell which change it shows (a push shows the game as it is when it is built). */
const WATCH = 'subscription Watch($g: ID!) { gameUpdated(gameId: $g) { version status } }';

/** What the watchers of a run saw, over every game they watched (warm-up included). */
export interface WatchTotals {
  /** Games watched to their end, or to the end of the run. */
  games: number;
  /** Changes the bots made (joins and accepted moves): each should reach the watcher as one push. */
  changes: number;
  /** Pushes after each subscription's first (the game as it was when subscribing). */
  pushes: number;
  /** Games whose last change never reached their watcher (within the wait). */
  gamesMissingLastChange: number;
}

export function emptyWatchTotals(): WatchTotals {
  return { games: 0, changes: 0, pushes: 0, gamesMissingLastChange: 0 };
}

interface Subscription {
  readonly id: string;
  readonly gameId: string;
  /** Pushes received, the first included. */
  pushes: number;
  /** The highest version a push has shown; -1 before the first. */
  version: number;
  /** Changes the bot made to the game since subscribing. */
  changes: number;
  /** Resolves the wait for the first push. */
  first: ((version: number) => void) | null;
  failed: ((error: Error) => void) | null;
}

/** A move sent and not yet seen in a push: the push that shows a version above `expectedVersion` shows it. */
interface PendingMove {
  readonly expectedVersion: number;
  readonly sentAtMs: number;
}

/** How long a watcher waits for a push it is owed (the last change of a game) before it counts it as missing. */
const CATCH_UP_MS = 10_000;

export class GameWatcher {
  private nextId = 1;
  private current: Subscription | null = null;
  private pending: PendingMove[] = [];
  private waiter: { version: number; resolve: () => void } | null = null;
  /** Where pushes are counted: the recorder of the round being played. */
  private recorder: ApiRecorder | null = null;

  private constructor(
    private readonly socket: WebSocket,
    private readonly totals: WatchTotals,
  ) {
    socket.on('message', (data: Buffer) => this.receive(data.toString('utf8')));
    socket.on('close', () => this.current?.failed?.(new Error('watcher socket closed')));
  }

  /** Opens the socket with `token`'s identity; the watcher adds what it sees to `totals`. */
  static open(graphqlUrl: string, token: string, totals: WatchTotals): Promise<GameWatcher> {
    const url = new URL(graphqlUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, PROTOCOL);
      socket.once('error', reject);
      socket.once('open', () =>
        socket.send(
          JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
        ),
      );
      socket.once('message', (data: Buffer) => {
        const message: unknown = JSON.parse(data.toString('utf8'));
        socket.off('error', reject);
        if (isRecord(message) && message.type === 'connection_ack') resolve(new GameWatcher(socket, totals));
        else reject(new Error(`watcher: no connection_ack: ${data.toString('utf8').slice(0, 200)}`));
      });
      socket.once('close', (code: number) =>
        reject(new Error(`watcher socket closed during init (${code})`)),
      );
    });
  }

  /** Pushes and their delays go to `recorder` from now on. */
  recordInto(recorder: ApiRecorder): void {
    this.recorder = recorder;
  }

  /**
   * Watches `gameId` instead of the game watched so far; resolves with the version of the first push, once the
   * subscription is live (the server stores the watch before it sends that push).
   */
  async watch(gameId: string): Promise<number> {
    this.unwatch();
    const id = String(this.nextId++);
    const subscription: Subscription = {
      id,
      gameId,
      pushes: 0,
      version: -1,
      changes: 0,
      first: null,
      failed: null,
    };
    const first = new Promise<number>((resolve, reject) => {
      subscription.first = resolve;
      subscription.failed = reject;
    });
    this.current = subscription;
    this.pending = [];
    this.socket.send(
      JSON.stringify({ id, type: 'subscribe', payload: { query: WATCH, variables: { g: gameId } } }),
    );
    return first;
  }

  /** The bot made a change that is not a move (a join): one more push is owed. */
  changed(): void {
    if (this.current !== null) this.current.changes++;
  }

  /** The bot sent a move on `expectedVersion`. */
  moveSent(expectedVersion: number): void {
    this.pending.push({ expectedVersion, sentAtMs: nowMs() });
  }

  /** The move sent on `expectedVersion` was accepted (one more push is owed) or not (none is). */
  moveAnswered(expectedVersion: number, accepted: boolean): void {
    if (accepted) {
      if (this.current !== null) this.current.changes++;
      return;
    }
    this.pending = this.pending.filter((move) => move.expectedVersion !== expectedVersion);
  }

  /**
   * Waits until every push owed for game `gameId` has come — one per change, and one showing `version` (its last
   * change): a push shows the game as it is when it is built, so the last version may come before the last push —
   * then ends the subscription and adds its counts to the totals. Whatever has not come within CATCH_UP_MS is
   * missing.
   */
  async finish(gameId: string, version: number): Promise<void> {
    const subscription = this.current;
    if (subscription === null || subscription.gameId !== gameId) return;
    if (!this.settled(subscription, version)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CATCH_UP_MS);
        this.waiter = {
          version,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
      this.waiter = null;
    }
    if (subscription.version < version) this.totals.gamesMissingLastChange++;
    this.unwatch();
  }

  close(): void {
    this.socket.close();
  }

  /** Whether every push owed for `subscription` has come, the one showing `version` among them. */
  private settled(subscription: Subscription, version: number): boolean {
    return subscription.version >= version && subscription.pushes - 1 >= subscription.changes;
  }

  /** Ends the current subscription, adding its counts to the totals. */
  private unwatch(): void {
    const subscription = this.current;
    if (subscription === null) return;
    this.current = null;
    this.totals.games++;
    this.totals.changes += subscription.changes;
    this.totals.pushes += Math.max(0, subscription.pushes - 1);
    if (this.socket.readyState === WebSocket.OPEN)
      this.socket.send(JSON.stringify({ id: subscription.id, type: 'complete' }));
  }

  private receive(text: string): void {
    const message: unknown = JSON.parse(text);
    if (!isRecord(message)) return;
    const subscription = this.current;
    if (subscription === null || message.id !== subscription.id) return; // a finished subscription's last words
    switch (message.type) {
      case 'next':
        return this.push(subscription, message.payload);
      case 'error':
      case 'complete':
        subscription.failed?.(new Error(`gameUpdated ended: ${text.slice(0, 300)}`));
        return;
    }
  }

  private push(subscription: Subscription, payload: unknown): void {
    const data = isRecord(payload) && isRecord(payload.data) ? payload.data.gameUpdated : null;
    const version = isRecord(data) && typeof data.version === 'number' ? data.version : null;
    if (version === null) {
      subscription.failed?.(new Error(`gameUpdated push without a version: ${JSON.stringify(payload)}`));
      return;
    }
    subscription.pushes++;
    if (subscription.first !== null) {
      subscription.version = version;
      subscription.first(version);
      subscription.first = null;
      subscription.failed = null;
      return;
    }
    subscription.version = Math.max(subscription.version, version);
    const at = nowMs();
    if (this.recorder !== null) this.recorder.pushes++;
    while (this.pending.length > 0 && (this.pending[0] as PendingMove).expectedVersion < version) {
      const move = this.pending.shift() as PendingMove;
      this.recorder?.pushMs.push(at - move.sentAtMs);
    }
    if (this.waiter !== null && this.settled(subscription, this.waiter.version)) this.waiter.resolve();
  }
}
