import type { FastifyReply } from 'fastify';
import { ApiErrorCode, ErrorDetails } from '../errors/api-error';

/** A GraphQL-shaped error body for refusals made before GraphQL runs (body size, bad JSON, NUL). */
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
    .send({ errors: [{ message, extensions: { ...details, code } }] });
}
