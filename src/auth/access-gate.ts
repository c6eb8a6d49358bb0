/**
 * The one gate every operation passes before anything runs, on every way in: a GraphQL request over HTTP (Apollo's
 * context function), a graphql-ws connection and each operation it sends, and the REST downloads. Each guard is
 * written here once:
 *
 * - **availability**: while the database is known to be down (src/db/availability.ts), every operation is refused
 *   at once with UNAVAILABLE (503) instead of waiting for a timeout; a database failure while a token is looked up
 *   is UNAVAILABLE too, never a refused token;
 * - **who**: the client's address (src/http/client-address.ts: the TCP peer, or past trusted proxies), and the
 *   bearer token or an anonymous spectator; a bad token is refused (401) and the attempt counts against the
 *   address, so made-up tokens buy no fresh allowance;
 * - **rate limit**: one allowance per player, however many sessions and tokens they hold, or, anonymous, per
 *   address (429 with Retry-After). Where the allowance stands goes back with every counted HTTP answer, refusals
 *   included (`RateLimit` and `RateLimit-Policy`, src/http/rate-limiter.ts), and to the `rateLimit` query on any
 *   transport (`rateLimitOf`). A lone `login` is let through an exhausted address allowance — people sharing
 *   an address with someone noisy can still sign in — and failed sign-ins are throttled on their own instead
 *   (src/auth/login-throttle.ts);
 * - **variables**: no NUL and no deep nesting (src/http/request-variables.ts);
 * - **sockets**: graphql-ws connections per address and per player, operations at once per socket, and anonymous
 *   watchers per game.
 *
 * Refusals are ApiErrors carrying the HTTP status Apollo should send in `extensions.http`, which the error shaper
 * (src/errors/api-error.ts) keeps out of the body; over graphql-ws the same errors go out as the socket's errors.
 * The request and socket counts live in this app copy: N copies behind a balancer allow N times those limits; the
 * failed sign-ins are counted in the database, shared by every copy (docs/api/limits.md#limits).
 */
import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { Kind, parse } from 'graphql';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError, asUnavailable, unavailableError } from '../errors/api-error';
import { DEPTH_MESSAGE, NUL_MESSAGE, variablesProblem } from '../http/request-variables';
import { DatabaseAvailability } from '../db/availability';
import { ClientAddresses } from '../http/client-address';
import { RateLimitState, RateLimiter, rateLimitHeaders } from '../http/rate-limiter';
import { AuthService } from './auth.service';
import { LoginFailuresRepository } from './login-failures.repository';
import { loginWaitMs, throttleCounts } from './login-throttle';
import { Viewer } from './viewer';

/** The client's network address (undefined when the connection is already gone). */
export type ClientAddress = string | undefined;

/** What the gate looks at of one operation: its document's text (when at hand) and its variables. */
export interface OperationRequest {
  readonly query?: unknown;
  readonly variables?: unknown;
}

/** Gives back what was taken (a socket slot, a watcher slot); calling it twice gives back once. */
export type Release = () => void;

@Injectable()
export class AccessGate {
  private readonly limiter: RateLimiter;
  private readonly rateLimit: RuntimeConfig['rateLimit'];
  private readonly addresses: ClientAddresses;
  private readonly open = new OpenCounts();
  private readonly sockets: RuntimeConfig['sockets'];

  constructor(
    private readonly auth: AuthService,
    private readonly clock: Clock,
    private readonly availability: DatabaseAvailability,
    private readonly loginFailures: LoginFailuresRepository,
    @Inject(RUNTIME_CONFIG) config: RuntimeConfig,
  ) {
    this.limiter = new RateLimiter(config.rateLimit);
    this.rateLimit = config.rateLimit;
    this.addresses = new ClientAddresses(config.trustedProxies);
    this.sockets = config.sockets;
  }

  /** The client's address of an HTTP request or a WebSocket upgrade. */
  addressOf(request: IncomingMessage): ClientAddress {
    return this.addresses.of(request);
  }

  /** Who presents `authorization` (an `Authorization` header value, or graphql-ws's connection_init field). */
  async authenticate(authorization: unknown, address: ClientAddress): Promise<Viewer> {
    this.admitWhileAvailable();
    try {
      return await this.auth.authenticate(authorization);
    } catch (error) {
      const unavailable = asUnavailable(error);
      if (unavailable !== null) throw unavailable;
      if (!(error instanceof ApiError)) throw error;
      const counted = this.count(addressKey(address), null);
      throw withStatus(error, 401, { 'WWW-Authenticate': 'Bearer', ...this.headersOf(counted) });
    }
  }

  /**
   * Lets one operation of `viewer` through, or throws the refusal (with the rate-limit headers for HTTP). Answers
   * where the allowance stands once this operation is counted.
   */
  admit(viewer: Viewer, address: ClientAddress, request: OperationRequest): RateLimitState {
    this.admitWhileAvailable();
    const counted = this.count(bucketOf(viewer, address), viewer.player === null ? request.query : null);
    switch (variablesProblem(request.variables)) {
      case null:
        return counted;
      case 'nul':
        throw withStatus(new ApiError('BAD_USER_INPUT', NUL_MESSAGE), 400, this.headersOf(counted));
      case 'depth':
        throw withStatus(
          new ApiError('BAD_USER_INPUT', DEPTH_MESSAGE, { field: 'variables' }),
          400,
          this.headersOf(counted),
        );
    }
  }

  /** Where the allowance `viewer` counts on stands, without counting (the `rateLimit` query). */
  rateLimitOf(viewer: Viewer, address: ClientAddress): RateLimitState {
    return this.limiter.peek(bucketOf(viewer, address));
  }

  /** The length of a rate-limit window. */
  get windowSeconds(): number {
    return this.rateLimit.windowSeconds;
  }

  /** The `RateLimit` and `RateLimit-Policy` headers of an HTTP answer, for `state`. */
  headersOf(state: RateLimitState): Record<string, string> {
    return rateLimitHeaders(this.rateLimit, state);
  }

  /** Refuses at once (UNAVAILABLE, 503) while the database is known to be down. */
  private admitWhileAvailable(): void {
    if (!this.availability.databaseUp) throw unavailableError('down');
  }

  /** Before a password is checked: refuses while `username` is throttled for this address (on any app copy). */
  async admitLogin(username: string, address: ClientAddress): Promise<void> {
    const now = this.clock.now();
    const counts = throttleCounts(username, address);
    const stored = await this.loginFailures.read(
      counts.map((count) => count.key),
      now,
    );
    const waitMs = loginWaitMs(counts, stored, now.getTime());
    if (waitMs === 0) return;
    const retryAfter = Math.ceil(waitMs / 1000);
    throw withStatus(
      new ApiError('RATE_LIMITED', `too many failed sign-ins; try again in ${retryAfter} s`, { retryAfter }),
      429,
      { 'Retry-After': String(retryAfter) },
    );
  }

  /** After the password was checked: a success clears the pair's count, a failure adds to all three. */
  async loginChecked(username: string, address: ClientAddress, succeeded: boolean): Promise<void> {
    const counts = throttleCounts(username, address);
    if (succeeded) await this.loginFailures.cleared(counts[0]!.key);
    else
      await this.loginFailures.failed(
        counts.map((count) => count.key),
        this.clock.now(),
      );
  }

  /** A WebSocket upgrade or an NDJSON stream from `address`: its slot (given back when it closes), or the refusal. */
  openSocket(address: ClientAddress): Release {
    return this.take(
      addressKey(address),
      this.sockets.perAddress,
      'open connections (WebSockets and streams) from your address',
    );
  }

  /** An authenticated graphql-ws connection or NDJSON stream of a player: its slot, or the refusal. */
  openPlayerSocket(viewer: Viewer): Release {
    if (viewer.player === null) return () => undefined;
    return this.take(
      `player:${viewer.player.id}`,
      this.sockets.perPlayer,
      'open connections (WebSockets and streams) of yours',
    );
  }

  /** Refuses an operation on a socket that already has as many running as it may. */
  admitSocketOperation(running: number): void {
    if (running <= this.sockets.operationsPerSocket) return;
    throw new ApiError(
      'RATE_LIMITED',
      `at most ${this.sockets.operationsPerSocket} operations may run at once on one connection`,
      { retryAfter: 1 },
    );
  }

  /** A `gameUpdated` subscription: anonymous watchers of one game take a slot each (given back when it ends). */
  watchGame(viewer: Viewer, gameId: string): Release {
    if (viewer.player !== null) return () => undefined;
    return this.take(
      `watchers:${gameId}`,
      this.sockets.anonymousWatchersPerGame,
      'anonymous watchers of this game (sign in to watch)',
    );
  }

  private take(key: string, max: number, what: string): Release {
    const release = this.open.take(key, max);
    if (release !== null) return release;
    throw new ApiError('RATE_LIMITED', `too many ${what}: at most ${max}`, { retryAfter: 60 });
  }

  /** Counts an operation on `key`; over the allowance it is refused, unless it is a lone sign-in (`query`). */
  private count(key: string, query: unknown): RateLimitState {
    const counted = this.limiter.take(key);
    const { retryAfter } = counted;
    if (retryAfter === 0 || isLoneLogin(query)) return counted;
    const error = new ApiError('RATE_LIMITED', `too many requests; try again in ${retryAfter} s`, {
      retryAfter,
    });
    throw withStatus(error, 429, { 'Retry-After': String(retryAfter), ...this.headersOf(counted) });
  }
}

/** Open things (sockets, subscriptions) per key, each key with its own bound. */
class OpenCounts {
  private readonly counts = new Map<string, number>();

  /** A slot under `key`, or null when `max` are taken. */
  take(key: string, max: number): Release | null {
    const count = this.counts.get(key) ?? 0;
    if (count >= max) return null;
    this.counts.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left === 0) this.counts.delete(key);
      else this.counts.set(key, left);
    };
  }
}

/** Whether `query` is a document of one mutation asking for `login` alone (parsed only over the allowance). */
function isLoneLogin(query: unknown): boolean {
  if (typeof query !== 'string' || query.length > 2000) return false;
  try {
    const [operation, ...rest] = parse(query).definitions;
    if (operation?.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'mutation') return false;
    const [field, ...others] = operation.selectionSet.selections;
    return (
      rest.length === 0 && others.length === 0 && field?.kind === Kind.FIELD && field.name.value === 'login'
    );
  } catch {
    return false;
  }
}

/** Whose allowance an operation counts on: its player's, or, anonymous, its address's. */
function bucketOf(viewer: Viewer, address: ClientAddress): string {
  return viewer.player === null ? addressKey(address) : `player:${viewer.player.id}`;
}

function addressKey(address: ClientAddress): string {
  return `address:${address ?? 'unknown'}`;
}

/** The status (and headers) Apollo answers an HTTP request with when this error refuses it. */
export function withStatus(error: ApiError, status: number, headers: Record<string, string> = {}): ApiError {
  (error.extensions as Record<string, unknown>).http = { status, headers: new Map(Object.entries(headers)) };
  return error;
}
