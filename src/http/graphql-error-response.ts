import { ApiError, ApiErrorCode, ErrorDetails, errorShaper } from '../errors/api-error';

/** What a refused body that is not JSON is told. */
export const NOT_JSON_MESSAGE = 'the request body is not valid JSON';

/** A refusal made before GraphQL runs is always an ApiError, so it is shaped without schema details or a log. */
const shape = errorShaper({ revealSchema: false, log: () => undefined });

/** The GraphQL-shaped body of a refusal made before GraphQL runs (body size, bad JSON), shaped as every error is. */
export function graphQLErrorBody(code: ApiErrorCode, message: string, details: ErrorDetails = {}): string {
  return JSON.stringify({ errors: [shape(new ApiError(code, message, details))] });
}
