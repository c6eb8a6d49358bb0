import type { FastifyReply } from 'fastify';
import { ApiErrorCode, ErrorDetails } from '../errors/api-error';

/** What a refused body that is not JSON is told, on either way in (Fastify's parser, the fast path). */
export const NOT_JSON_MESSAGE = 'the request body is not valid JSON';

/** The GraphQL-shaped body of a refusal made before GraphQL runs (body size, bad JSON, NUL). */
export function graphQLErrorBody(code: ApiErrorCode, message: string, details: ErrorDetails = {}): string {
  return JSON.stringify({ errors: [{ message, extensions: { ...details, code } }] });
}

/** Sends a GraphQL-shaped error body for a refusal made before GraphQL runs, through Fastify. */
export function sendGraphQLError(
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  message: string,
  details: ErrorDetails = {},
): void {
  void reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(graphQLErrorBody(code, message, details));
}
