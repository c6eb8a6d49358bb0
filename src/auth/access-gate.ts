/**
 * The one gate every operation passes before anything runs, on every way in: a GraphQL request over HTTP (Apollo's
 * context function), a graphql-ws connection and each operation it sends, and the REST downloads. Each guard is
 * written here once:
 *
 * - **authentication**: the bearer token, or an anonymous spectator; a bad token is refused (401) and the attempt
 *   counts against the client's address, so made-up tokens buy no fresh allowance;
 * - **rate limit**: one allowance per player (however many sessions and tokens they hold) or, anonymous, per
 *   client address (429 with Retry-After);
 * - **variables**: no NUL and no deep nesting (src/graphql/nul.ts).
 *
 * Refusals are ApiErrors carrying the HTTP status Apollo should send in `extensions.http`, which the error shaper
 * (src/errors/api-error.ts) keeps out of the body; over graphql-ws the same errors go out as the socket's errors.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError } from '../errors/api-error';
import { DEPTH_MESSAGE, NUL_MESSAGE, variablesProblem } from '../graphql/nul';
import { RateLimiter } from '../http/rate-limiter';
import { AuthService } from './auth.service';
import { Viewer } from './viewer';

/** The client's network address as the transport saw it (undefined when the socket is already gone). */
export type ClientAddress = string | undefined;

@Injectable()
export class AccessGate {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly auth: AuthService,
    @Inject(RUNTIME_CONFIG) config: RuntimeConfig,
  ) {
    this.limiter = new RateLimiter(config.rateLimit);
  }

  /** Who presents `authorization` (an `Authorization` header value, or graphql-ws's connection_init field). */
  async authenticate(authorization: unknown, address: ClientAddress): Promise<Viewer> {
    try {
      return await this.auth.authenticate(authorization);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.count(addressKey(address));
      throw withStatus(error, 401, { 'WWW-Authenticate': 'Bearer' });
    }
  }

  /** Lets one operation of `viewer` through, or throws the refusal. */
  admit(viewer: Viewer, address: ClientAddress, variables: unknown): void {
    this.count(viewer.player === null ? addressKey(address) : `player:${viewer.player.id}`);
    switch (variablesProblem(variables)) {
      case null:
        return;
      case 'nul':
        throw withStatus(new ApiError('BAD_USER_INPUT', NUL_MESSAGE), 400);
      case 'depth':
        throw withStatus(new ApiError('BAD_USER_INPUT', DEPTH_MESSAGE, { field: 'variables' }), 400);
    }
  }

  private count(key: string): void {
    const retryAfter = this.limiter.take(key);
    if (retryAfter === 0) return;
    const error = new ApiError('RATE_LIMITED', `too many requests; try again in ${retryAfter} s`, {
      retryAfter,
    });
    throw withStatus(error, 429, { 'Retry-After': String(retryAfter) });
  }
}

function addressKey(address: ClientAddress): string {
  return `address:${address ?? 'unknown'}`;
}

/** The status (and headers) Apollo answers an HTTP request with when this error refuses it. */
export function withStatus(error: ApiError, status: number, headers: Record<string, string> = {}): ApiError {
  (error.extensions as Record<string, unknown>).http = { status, headers: new Map(Object.entries(headers)) };
  return error;
}
