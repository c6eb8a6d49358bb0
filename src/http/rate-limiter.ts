/**
 * A fixed-window request limit per caller: per bearer token when there is one, else per client address.
 * Over the limit the request is refused before any work with HTTP 429, a Retry-After header and a GraphQL error
 * whose code is RATE_LIMITED.
 */
import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { sendGraphQLError } from './graphql-error-response';

interface Window {
  startedAt: number;
  count: number;
}

export interface RateLimit {
  readonly requests: number;
  readonly windowSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the caller may try again, or 0 when this request is within the limit. */
  take(key: string): number {
    const now = this.now();
    const windowMs = this.limit.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (window === undefined || now - window.startedAt >= windowMs) {
      if (this.windows.size > 50_000) this.prune(now, windowMs);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count <= this.limit.requests) return 0;
    return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
  }

  middleware() {
    return (request: Request, response: Response, next: NextFunction): void => {
      const retryAfter = this.take(callerKey(request));
      if (retryAfter === 0) {
        next();
        return;
      }
      response.setHeader('Retry-After', String(retryAfter));
      sendGraphQLError(response, 429, 'RATE_LIMITED', `too many requests; try again in ${retryAfter} s`, {
        retryAfter,
      });
    };
  }

  private prune(now: number, windowMs: number): void {
    for (const [key, window] of this.windows)
      if (now - window.startedAt >= windowMs) this.windows.delete(key);
  }
}

function callerKey(request: Request): string {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.length > 0) {
    return `token:${createHash('sha256').update(header).digest('hex')}`;
  }
  return `address:${request.socket.remoteAddress ?? 'unknown'}`;
}
