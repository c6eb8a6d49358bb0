/**
 * Errors of the plain HTTP endpoints (not GraphQL): the same closed list of codes, sent as
 * `{ "error": { "code", "message", …details } }` with a status that says the same. Pure.
 */
import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiError, ApiErrorCode, asApiError, asUnavailable } from '../errors/api-error';

export interface HttpErrorBody {
  readonly error: {
    readonly code: ApiErrorCode;
    readonly message: string;
    readonly [detail: string]: unknown;
  };
}

export interface HttpErrorAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: HttpErrorBody;
}

export function httpStatusOf(code: ApiErrorCode): number {
  switch (code) {
    case 'UNAUTHENTICATED':
    case 'TWO_FACTOR_REQUIRED':
      return 401;
    case 'FORBIDDEN':
    case 'GUEST_NOT_ALLOWED':
    case 'BLOCKED':
    case 'CHAT_RESTRICTED':
    case 'ACCOUNT_DISABLED':
      return 403;
    case 'NOT_FOUND':
      return 404;
    case 'BAD_USER_INPUT':
      return 400;
    case 'ILLEGAL_MOVE':
    case 'NOT_YOUR_TURN':
    case 'VERSION_CONFLICT':
    case 'GAME_NOT_ACTIVE':
      return 409;
    case 'RATE_LIMITED':
      return 429;
    // This copy of the server cannot replay the game (a newer engine recorded it); one that can may.
    case 'UNSUPPORTED_RULES_VERSION':
      return 501;
    case 'UNAVAILABLE':
      return 503;
    case 'INTERNAL':
      return 500;
  }
}

/**
 * The answer to a refusal. The request gate's refusals carry the headers to send (`Retry-After`,
 * `WWW-Authenticate`) in `extensions.http`, which is for the transport, not for the body.
 */
export function httpErrorAnswer(error: ApiError): HttpErrorAnswer {
  const { code: _code, http, ...details } = error.extensions as Record<string, unknown>;
  const headers: Record<string, string> = {};
  const sent = (http as { headers?: unknown } | undefined)?.headers;
  if (sent instanceof Map) {
    for (const [name, value] of sent as Map<unknown, unknown>) {
      if (typeof name === 'string' && typeof value === 'string') headers[name] = value;
    }
  }
  return {
    status: httpStatusOf(error.code),
    headers,
    body: { error: { code: error.code, message: error.message, ...details } },
  };
}

/** Anything that is not a refusal: no details leave the server (they go to its log). */
export const INTERNAL_ANSWER: HttpErrorAnswer = {
  status: 500,
  headers: {},
  body: { error: { code: 'INTERNAL', message: 'Internal server error' } },
};

const internal = new Logger('HTTP');

/**
 * Answers a failure of a plain HTTP endpoint, unless the answer has begun (then the response is cut short): a
 * database failure is UNAVAILABLE (503), as on /graphql (docs/operations.md#outages); anything not an ApiError is
 * logged and answered INTERNAL. Answered here rather than by exception filters: the app's filter hands ApiErrors
 * back to GraphQL and would leave an HTTP request unanswered.
 */
export function answerHttpError(reply: FastifyReply, thrown: unknown): void {
  const error = asUnavailable(thrown) ?? asApiError(thrown) ?? thrown;
  const answer = error instanceof ApiError ? httpErrorAnswer(error) : INTERNAL_ANSWER;
  if (!(error instanceof ApiError)) internal.error(error, 'internal error');
  if (reply.sent) return;
  void reply.code(answer.status).headers(answer.headers).type(JSON_TYPE).send(answer.body);
}

const JSON_TYPE = 'application/json; charset=utf-8';
