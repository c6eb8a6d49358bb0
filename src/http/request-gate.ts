/**
 * Who may make this request: authenticates the bearer token and applies the rate limit, before any resolver
 * runs. The limit counts per token for a valid token and per client address otherwise — so made-up tokens
 * cannot buy fresh allowances, they count against their address. Refusals carry the HTTP status Apollo should
 * send (401, 429 with Retry-After) in `extensions.http`, which formatApiError keeps out of the response body.
 */
import { AuthService } from '../auth/auth.service';
import { ANONYMOUS, Viewer } from '../auth/viewer';
import { ApiError } from '../errors/api-error';
import { RateLimit, RateLimiter } from './rate-limiter';

export interface GateRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly socket?: { readonly remoteAddress?: string | undefined };
}

export class RequestGate {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly auth: AuthService,
    limit: RateLimit,
  ) {
    this.limiter = new RateLimiter(limit);
  }

  /** The viewer of an HTTP request, or the refusal (401, 429) Apollo sends instead. */
  async admit(request: GateRequest): Promise<Viewer> {
    const address = addressKey(request.socket?.remoteAddress);
    const header = request.headers.authorization;
    if (header === undefined || header === '') {
      this.count(address);
      return ANONYMOUS;
    }
    let viewer: Viewer;
    try {
      viewer = await this.auth.authenticate(header);
    } catch (error) {
      this.count(address);
      if (error instanceof ApiError) throw withStatus(error, 401, { 'WWW-Authenticate': 'Bearer' });
      throw error;
    }
    this.count(viewer.tokenId === null ? address : `token:${viewer.tokenId}`);
    return viewer;
  }

  /** Operations over a graphql-ws socket count against the same limit: the refusal, or null to go ahead. */
  refusalOnSocket(viewer: Viewer, remoteAddress: string | undefined): ApiError | null {
    try {
      this.count(viewer.tokenId === null ? addressKey(remoteAddress) : `token:${viewer.tokenId}`);
      return null;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
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

function addressKey(remoteAddress: string | undefined): string {
  return `address:${remoteAddress ?? 'unknown'}`;
}

function withStatus(error: ApiError, status: number, headers: Record<string, string> = {}): ApiError {
  (error.extensions as Record<string, unknown>).http = { status, headers: new Map(Object.entries(headers)) };
  return error;
}
