import type { Response } from 'express';
import { ApiErrorCode, ErrorDetails } from '../errors/api-error';

/** A GraphQL-shaped error body for refusals made before GraphQL runs (rate limit, body size, bad JSON). */
export function sendGraphQLError(
  response: Response,
  status: number,
  code: ApiErrorCode,
  message: string,
  details: ErrorDetails = {},
): void {
  response.status(status).json({ errors: [{ message, extensions: { ...details, code } }] });
}
