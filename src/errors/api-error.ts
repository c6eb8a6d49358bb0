/**
 * The one place where failures become API errors. Every error a client sees carries `extensions.code` from
 * this closed list and a human message; nothing else (no stack, no SQL, no hidden card) leaves the server.
 */
import { ExecutionResult, GraphQLError, GraphQLFormattedError } from 'graphql';
import { Violation } from '../engine';
import { UNAVAILABLE_MESSAGES, databaseFailureOf } from '../db/connection-errors';

export type ApiErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'ILLEGAL_MOVE'
  | 'NOT_YOUR_TURN'
  | 'VERSION_CONFLICT'
  | 'GAME_NOT_ACTIVE'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export const API_ERROR_CODES: readonly ApiErrorCode[] = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'ILLEGAL_MOVE',
  'NOT_YOUR_TURN',
  'VERSION_CONFLICT',
  'GAME_NOT_ACTIVE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'INTERNAL',
];

/** Extra machine-readable facts, e.g. `currentVersion` on a conflict or `rule` on an illegal move. */
export type ErrorDetails = Readonly<Record<string, string | number | boolean | null>>;

export class ApiError extends GraphQLError {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    details: ErrorDetails = {},
  ) {
    super(message, { extensions: { ...details, code } });
  }
}

/** Engine violations → API errors: a move out of turn is NOT_YOUR_TURN, an ended game GAME_NOT_ACTIVE, the rest ILLEGAL_MOVE. */
export function violationError(violation: Violation): ApiError {
  switch (violation.code) {
    case 'NOT_YOUR_TURN':
      return new ApiError('NOT_YOUR_TURN', violation.reason);
    case 'GAME_OVER':
      return new ApiError('GAME_NOT_ACTIVE', violation.reason);
    case 'MALFORMED_MOVE':
      return new ApiError('BAD_USER_INPUT', violation.reason, { rule: violation.code });
    default:
      return new ApiError('ILLEGAL_MOVE', violation.reason, { rule: violation.code });
  }
}

const APOLLO_INPUT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * Apollo's `formatError`: our own errors pass unchanged; Apollo's request errors (parse, validation, bad
 * variables) become BAD_USER_INPUT; a database failure (no connection, or no answer within the client-side
 * timeouts: src/db/connection-errors.ts) is UNAVAILABLE; anything else is an INTERNAL error whose details stay in
 * the server log.
 */
export function formatApiError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log: (error: unknown) => void,
): GraphQLFormattedError {
  const original =
    error instanceof GraphQLError && error.originalError instanceof ApiError ? error.originalError : error;
  if (original instanceof ApiError) {
    // `http` (the status the gate asks for) is for Apollo, not for the client.
    const { http: _http, ...extensions } = original.extensions as Record<string, unknown>;
    return { message: original.message, path: formatted.path, extensions };
  }
  const databaseFailure = databaseFailureOf(error);
  if (databaseFailure !== null) {
    return {
      message: UNAVAILABLE_MESSAGES[databaseFailure],
      path: formatted.path,
      extensions: { code: 'UNAVAILABLE' },
    };
  }
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && APOLLO_INPUT_CODES.has(code)) {
    const limit = formatted.extensions?.limit;
    return {
      message: /introspection/i.test(formatted.message)
        ? 'introspection is switched off on this server (GRAPHQL_INTROSPECTION)'
        : formatted.message,
      locations: formatted.locations,
      extensions: typeof limit === 'string' ? { code: 'BAD_USER_INPUT', limit } : { code: 'BAD_USER_INPUT' },
    };
  }
  log(error);
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL' } };
}

/** The same shaping for errors sent over graphql-ws, which does not go through Apollo. */
export function formatSocketErrors(
  errors: readonly GraphQLError[],
  log: (error: unknown) => void,
): GraphQLFormattedError[] {
  return errors.map((error) => {
    const formatted = error.toJSON();
    const code =
      error instanceof ApiError
        ? error.code
        : (formatted.extensions?.code ?? (error.originalError ? undefined : 'GRAPHQL_VALIDATION_FAILED'));
    return formatApiError({ ...formatted, extensions: { ...formatted.extensions, code } }, error, log);
  });
}

/**
 * An error raised while resolvers ran, as Apollo hands it to formatError (its errorNormalize.js): an error without
 * a code is an internal one.
 */
export function executionErrorShape(error: GraphQLError): GraphQLFormattedError {
  return {
    ...error.toJSON(),
    extensions: { ...error.extensions, code: error.extensions.code ?? 'INTERNAL_SERVER_ERROR' },
  };
}

/**
 * The errors of a result sent over graphql-ws, shaped as over HTTP: a result without data was refused before
 * anything ran (variables that do not fit: the client's input); a result with data carries execution errors.
 */
export function formatSocketResultErrors(
  result: ExecutionResult,
  log: (error: unknown) => void,
): GraphQLFormattedError[] | undefined {
  if (result.errors === undefined) return undefined;
  if (result.data === undefined) return formatSocketErrors(result.errors, log);
  return result.errors.map((error) => formatApiError(executionErrorShape(error), error, log));
}
