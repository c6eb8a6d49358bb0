/**
 * MaliceClient: the operations of operations.graphql, typed, over fetch (queries and mutations) and one graphql-ws
 * connection (subscriptions), with the token from a TokenSource (a fixed token, or an app's TokenHolder that
 * refreshes). docs/quickstart.md is the API in short; docs/api/subscriptions-and-streams.md the socket's rules.
 *
 * - A refusal is a MaliceError: `code` is the error's `extensions.code`, `retryAfter` the seconds to wait.
 * - A token refused over HTTP (401) or on the socket (closed with 4403) is renewed once through the source, then
 *   the request is sent again or the socket reconnects: an app's access token lives an hour, and an open socket
 *   is closed when its token expires.
 * - The socket reconnects with backoff (`retryAttempts`); the token is asked for again at every connection.
 * - `events()` follows the player's events without losing or repeating one across reconnections: catch-up with
 *   `playerEvents(after:)`, then `myEvents` (src/events.ts orders them).
 */
import { createClient, type Client as WsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { MaliceError, errorOf, type GraphQLErrorLike } from './errors';
import { EventFeed } from './events';
import {
  documentOf,
  type DataOf,
  type PlayerEvent,
  type RequestName,
  type SubscriptionName,
  type VariablesArgs,
  type VariablesOf,
} from './operations';
import { fixedToken, type TokenSource } from './tokens';

export interface MaliceClientOptions {
  /** The server's address, e.g. `https://play.example.com` (its `/graphql` is the API). */
  readonly url: string;
  /** A token (personal API token, session token) or a source of tokens (an app's TokenHolder); none: anonymous. */
  readonly token?: string | TokenSource | null;
  /**
   * How many times in a row the socket reconnects before its subscriptions fail (default 20; a connection that is
   * acknowledged starts the count again). `Infinity` for a bot that should wait out any outage.
   */
  readonly retryAttempts?: number;
  /** Waits before reconnection attempt `retries` (0, 1, …); default `backoff`. */
  readonly retryWait?: (retries: number) => Promise<void>;
  /** The fetch to use (default the global one). */
  readonly fetch?: typeof fetch;
}

/** Exponential backoff with jitter: about 1 s, 2 s, 4 s … at most 30 s, each between half and all of it. */
export function backoffMs(retries: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** retries);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const backoff = (retries: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, backoffMs(retries)));

/** graphql-ws's close code for a refused token (the server's 4403: unknown, expired or revoked). */
const FORBIDDEN_CLOSE_CODE = 4403;
/** The server's close code for a socket over a connection bound. */
const TOO_MANY_CLOSE_CODE = 4429;

interface GraphQLAnswer<T> {
  readonly data?: T | null;
  readonly errors?: readonly GraphQLErrorLike[];
}

interface CloseEventLike {
  readonly code: number;
  readonly reason: string;
}

function isCloseEvent(value: unknown): value is CloseEventLike {
  return typeof value === 'object' && value !== null && 'code' in value && 'reason' in value;
}

/** A socket's failure as a MaliceError: GraphQL errors, a close, or whatever else ended it. */
export function socketError(failure: unknown): MaliceError {
  if (failure instanceof MaliceError) return failure;
  if (Array.isArray(failure) && failure.length > 0) return errorOf(failure[0] as GraphQLErrorLike);
  if (isCloseEvent(failure)) {
    const code =
      failure.code === FORBIDDEN_CLOSE_CODE
        ? 'UNAUTHENTICATED'
        : failure.code === TOO_MANY_CLOSE_CODE
          ? 'RATE_LIMITED'
          : 'NETWORK';
    return new MaliceError(`the socket closed (${failure.code} ${failure.reason})`, code, {
      closeCode: failure.code,
    });
  }
  return new MaliceError(failure instanceof Error ? failure.message : String(failure), 'NETWORK');
}

/** `events()`: the player's events, each once, oldest first; `cursor` is the last id handed on. */
export interface EventStream extends AsyncIterableIterator<PlayerEvent> {
  /** The id of the last event handed on (or the starting point): keep it to start from next time. */
  readonly cursor: string | null;
  /** Stops following (the `for await` ends). */
  close(): void;
}

export class MaliceClient {
  readonly url: string;
  private readonly tokens: TokenSource | null;
  private readonly fetch: typeof fetch;
  private readonly retryAttempts: number;
  private readonly retryWait: (retries: number) => Promise<void>;
  private ws: WsClient | null = null;
  /** The token the socket connected with, and one the server refused (to renew before the next connection). */
  private socketToken: string | null = null;
  private refusedToken: string | null = null;

  constructor(options: MaliceClientOptions) {
    this.url = options.url.replace(/\/+$/, '');
    const token = options.token ?? null;
    this.tokens = typeof token === 'string' ? fixedToken(token) : token;
    this.fetch = options.fetch ?? fetch;
    this.retryAttempts = options.retryAttempts ?? 20;
    this.retryWait = options.retryWait ?? backoff;
  }

  /** A query or mutation over HTTP: its data, or a MaliceError (the first error of the answer). */
  async request<K extends RequestName>(name: K, ...args: VariablesArgs<K>): Promise<DataOf<K>> {
    const variables: VariablesOf<K> | Record<string, never> = args[0] ?? {};
    const token = this.tokens === null ? null : await this.tokens.accessToken();
    try {
      return await this.post<DataOf<K>>(name, variables, token);
    } catch (error) {
      // A token refused by the gate (HTTP 401): once more with a renewed one, if the source has one.
      if (!(error instanceof MaliceError && error.status === 401 && token !== null && this.tokens !== null))
        throw error;
      const renewed = await this.tokens.renew(token);
      if (renewed === null || renewed === token) throw error;
      return this.post<DataOf<K>>(name, variables, renewed);
    }
  }

  private async post<T>(name: RequestName, variables: object, token: string | null): Promise<T> {
    let response: Response;
    try {
      response = await this.fetch(`${this.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify({ query: documentOf(name), operationName: name, variables }),
      });
    } catch (error) {
      throw new MaliceError(`${name}: the server cannot be reached (${String(error)})`, 'NETWORK');
    }
    let answer: GraphQLAnswer<T>;
    try {
      answer = (await response.json()) as GraphQLAnswer<T>;
    } catch {
      throw new MaliceError(
        `${name}: the server answered ${response.status}`,
        'BAD_RESPONSE',
        {},
        null,
        response.status,
      );
    }
    const error = answer.errors?.[0];
    if (error !== undefined) {
      throw errorOf(error, {
        status: response.status,
        retryAfterHeader: response.headers.get('retry-after'),
      });
    }
    if (answer.data === undefined || answer.data === null) {
      throw new MaliceError(`${name}: an answer without data`, 'BAD_RESPONSE', {}, null, response.status);
    }
    return answer.data;
  }

  /** The one graphql-ws connection, made on first use; it connects while a subscription needs it. */
  get socket(): WsClient {
    this.ws ??= this.connect();
    return this.ws;
  }

  private connect(): WsClient {
    const client = createClient({
      url: `${this.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: this.retryAttempts,
      retryWait: this.retryWait,
      // Asked at every connection, so a reconnection carries the token as it is then (refreshed, or renewed
      // after the server refused the last one).
      connectionParams: async () => {
        if (this.tokens === null) return {};
        const refused = this.refusedToken;
        this.refusedToken = null;
        const token = refused === null ? await this.tokens.accessToken() : await this.tokens.renew(refused);
        if (token === null) {
          throw new MaliceError('the token was refused and there is no other', 'UNAUTHENTICATED');
        }
        this.socketToken = token;
        return { authorization: `Bearer ${token}` };
      },
    });
    client.on('closed', (event) => {
      if (isCloseEvent(event) && event.code === FORBIDDEN_CLOSE_CODE) this.refusedToken = this.socketToken;
    });
    return client;
  }

  /** A subscription's data, push by push; an error (GraphQL's, or the socket's for good) ends it as a MaliceError. */
  async *subscribe<K extends SubscriptionName>(
    name: K,
    ...args: VariablesArgs<K>
  ): AsyncGenerator<DataOf<K>> {
    const pushes = this.socket.iterate<DataOf<K>>({
      query: documentOf(name),
      operationName: name,
      variables: args[0] ?? {},
    });
    try {
      for await (const push of pushes) {
        const error = push.errors?.[0];
        if (error !== undefined) throw errorOf(error);
        if (push.data === undefined || push.data === null)
          throw new MaliceError(`${name}: a push without data`, 'BAD_RESPONSE');
        yield push.data;
      }
    } catch (error) {
      throw socketError(error);
    } finally {
      await pushes.return?.();
    }
  }

  /** The id of the player's latest event (null: none yet): where to start `events()` to follow from now on. */
  async latestEventId(): Promise<string | null> {
    const { notificationCentre } = await this.request('LatestEvent');
    return notificationCentre.events[0]?.id ?? null;
  }

  /** Every event after `after`, oldest first, page by page. */
  async eventsAfter(after: string | null): Promise<PlayerEvent[]> {
    const events: PlayerEvent[] = [];
    let cursor = after;
    for (;;) {
      const { playerEvents } = await this.request('PlayerEvents', { after: cursor, first: 100 });
      events.push(...playerEvents.edges.map((edge) => edge.node));
      if (!playerEvents.pageInfo.hasNextPage || playerEvents.pageInfo.endCursor === null) return events;
      cursor = playerEvents.pageInfo.endCursor;
    }
  }

  /**
   * The player's events after `after` (the id of the last one handled; null: every event kept), then as they
   * happen, each once and in order, across reconnections (docs/quickstart.md, "Catch up after being away"): at
   * every connection the stream subscribes to `myEvents`, holds its pushes back, lists what it missed with
   * `playerEvents(after:)`, then hands on the missed events and the held pushes without the ids already handed on.
   *
   * `myEvents` says nothing when it has started on the server, so an event committed while the subscription was
   * being set up could be missed by both the listing and the subscription: the first push of each connection is
   * therefore held until the missed events are listed once more.
   */
  events(options: { readonly after: string | null }): EventStream {
    const cleanups: (() => void)[] = [];
    const feed = new EventFeed<PlayerEvent>(options.after, () => cleanups.forEach((cleanup) => cleanup()));
    let listing: Promise<void> | null = null;
    let again = false;
    let firstPush = true;
    const catchUp = (): void => {
      feed.hold();
      if (listing !== null) {
        again = true;
        return;
      }
      listing = (async () => {
        try {
          let missed: PlayerEvent[] = [];
          // The feed holds while listing, so its cursor stands still: a second listing covers the first.
          do {
            again = false;
            missed = await this.retried(() => this.eventsAfter(feed.cursor));
          } while (again && !feed.done);
          listing = null;
          feed.release(missed);
        } catch (error) {
          listing = null;
          feed.fail(error);
        }
      })();
    };
    cleanups.push(
      this.socket.on('connected', () => {
        firstPush = true;
        catchUp();
      }),
    );
    cleanups.push(
      this.socket.subscribe<DataOf<'MyEvents'>>(
        { query: documentOf('MyEvents'), operationName: 'MyEvents', variables: {} },
        {
          next: (push) => {
            const error = push.errors?.[0];
            if (error !== undefined) return feed.fail(errorOf(error));
            if (push.data === undefined || push.data === null) return;
            // The first push of a connection waits (held) for one more listing of what was missed.
            if (firstPush) {
              firstPush = false;
              catchUp();
            }
            feed.offer(push.data.myEvents);
          },
          error: (error) => feed.fail(socketError(error)),
          complete: () => feed.end(),
        },
      ),
    );
    // The socket may be connected already (another subscription): then no 'connected' comes for this one.
    catchUp();
    return Object.assign(feed, { close: () => void feed.return() });
  }

  /** `attempt`, again after a wait while the server is unreachable, busy or over the rate limit. */
  private async retried<T>(attempt: () => Promise<T>): Promise<T> {
    for (let retries = 0; ; retries++) {
      try {
        return await attempt();
      } catch (error) {
        const transient =
          error instanceof MaliceError &&
          (error.code === 'NETWORK' || error.code === 'UNAVAILABLE' || error.code === 'RATE_LIMITED');
        if (!transient || retries >= this.retryAttempts) throw error;
        const seconds = error.retryAfter;
        if (seconds === null) await this.retryWait(retries);
        else await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      }
    }
  }

  /** Closes the socket (its subscriptions end). */
  async close(): Promise<void> {
    const ws = this.ws;
    this.ws = null;
    await ws?.dispose();
  }
}
