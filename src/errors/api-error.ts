/**
 * The one place where failures become API errors. Every error a client sees carries `extensions.code` from
 * this closed list and a human message; nothing else (no stack, no SQL, no hidden card) leaves the server.
 */
import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { UnsupportedRulesVersionError, Violation } from '../engine';
import {
  type DatabaseFailure,
  UNAVAILABLE_MESSAGES,
  UNAVAILABLE_RETRY_AFTER,
  databaseFailureOf,
} from '../db/connection-errors';

export const API_ERROR_CODES = [
  'UNAUTHENTICATED',
  'ACCOUNT_DISABLED',
  'TWO_FACTOR_REQUIRED',
  'FORBIDDEN',
  'GUEST_NOT_ALLOWED',
  'BLOCKED',
  'CHAT_RESTRICTED',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'ILLEGAL_MOVE',
  'NOT_YOUR_TURN',
  'VERSION_CONFLICT',
  'GAME_NOT_ACTIVE',
  'RATE_LIMITED',
  'UNSUPPORTED_RULES_VERSION',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

type Scalar = string | number | boolean | null;

/**
 * Extra machine-readable facts, e.g. `currentVersion` on a conflict, or `rule`, `params` and `sentences` on an
 * illegal move.
 */
export type ErrorDetails = Readonly<
  Record<string, Scalar | readonly string[] | Readonly<Record<string, Scalar>>>
>;

export class ApiError extends GraphQLError {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    details: ErrorDetails = {},
  ) {
    super(message, { extensions: { ...details, code } });
  }
}

/**
 * The refusal a client gets: UNAVAILABLE, with HTTP 503 (Apollo reads `extensions.http`, as for the gate's 401);
 * a busy copy adds when to try again (`extensions.retryAfter` and `Retry-After`, in seconds).
 */
export function unavailableError(reason: DatabaseFailure): ApiError {
  const retryAfter = UNAVAILABLE_RETRY_AFTER[reason];
  const error = new ApiError(
    'UNAVAILABLE',
    UNAVAILABLE_MESSAGES[reason],
    retryAfter === undefined ? {} : { retryAfter },
  );
  const headers = new Map(retryAfter === undefined ? [] : [['Retry-After', String(retryAfter)]]);
  (error.extensions as Record<string, unknown>).http = { status: 503, headers };
  return error;
}

/** `error` as the UNAVAILABLE error it amounts to (a database failure, or already one), or null. */
export function asUnavailable(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error.code === 'UNAVAILABLE' ? error : null;
  const failure = databaseFailureOf(error);
  return failure === null ? null : unavailableError(failure);
}

/** The refusal of an argument or query parameter `name` that is not a time (src/common/iso-time.ts reads them). */
export function invalidTime(name: string): ApiError {
  return new ApiError('BAD_USER_INPUT', `${name} must be an ISO 8601 time such as 2026-11-29T00:00:00Z`, {
    field: name,
  });
}

/**
 * The errors the code below the API raises as its own (it names no API class: docs/architecture.md, "Layout of a
 * module") → the ApiError a client gets; null for any other error. Every way out asks here: the GraphQL filter
 * (api-error.filter.ts) and shaper (`errorShaper`), the REST answers (src/http/http-error.ts), the admin command.
 * - A game recorded under rules this engine does not know (dealt by a newer engine: src/games/domain/initial-state.ts
 *   `versionOf`) is UNSUPPORTED_RULES_VERSION, with the version (`rulesVersion`).
 */
export function domainApiError(error: unknown): ApiError | null {
  if (error instanceof UnsupportedRulesVersionError) {
    return new ApiError('UNSUPPORTED_RULES_VERSION', error.message, { rulesVersion: error.version });
  }
  return null;
}

/** `error` as an ApiError: itself, or the one a lower layer's own error maps to (`domainApiError`); else null. */
export function asApiError(error: unknown): ApiError | null {
  return error instanceof ApiError ? error : domainApiError(error);
}

/**
 * Engine violations → API errors: a move out of turn is NOT_YOUR_TURN, an ended game GAME_NOT_ACTIVE, the rest
 * ILLEGAL_MOVE. Each carries the violation's code (`rule`), its parameters (`params`) and the sentence ids of the
 * rule texts (`sentences`), so that a client can say it in its own language (docs/api/errors.md#rule-codes).
 */
export function violationError(violation: Violation): ApiError {
  const details = { rule: violation.code, params: violation.params, sentences: violation.sentences };
  switch (violation.code) {
    case 'NOT_YOUR_TURN':
      return new ApiError('NOT_YOUR_TURN', violation.reason, details);
    case 'GAME_OVER':
      return new ApiError('GAME_NOT_ACTIVE', violation.reason, details);
    case 'MALFORMED_MOVE':
      return new ApiError('BAD_USER_INPUT', violation.reason, details);
    default:
      return new ApiError('ILLEGAL_MOVE', violation.reason, details);
  }
}

/** How errors are shaped on this server: suggestions follow the introspection setting. */
export interface ErrorShapeOptions {
  /**
   * Whether a client may learn the schema: with introspection off, "Did you mean …" suggestions (which name
   * fields and arguments) are cut from validation messages too.
   */
  readonly revealSchema: boolean;
  /** Where an internal error's details go (never to the client). */
  readonly log: (error: unknown) => void;
}

/** A GraphQLError of graphql-js or Apollo, seen structurally (Apollo's ESM build has its own GraphQLError class). */
interface GraphQLErrorLike {
  readonly message: string;
  readonly path?: readonly (string | number)[] | undefined;
  readonly locations?: readonly { readonly line: number; readonly column: number }[] | undefined;
  readonly extensions?: Readonly<Record<string, unknown>> | undefined;
  readonly originalError?: unknown;
}

function isGraphQLErrorLike(error: unknown): error is GraphQLErrorLike {
  // graphql-js tags its error class (and so every subclass, Apollo's included) with Symbol.toStringTag.
  return error instanceof GraphQLError || Object.prototype.toString.call(error) === '[object GraphQLError]';
}

const SUGGESTION = / ?Did you mean(.+?)\?$/;

/**
 * The one function that turns a failure into what a client sees, on every way out (Apollo's `formatError` for
 * HTTP, graphql-ws results and errors, refusals made before GraphQL runs):
 * - an ApiError (raised anywhere: a resolver, the access gate, a refusal) keeps its code, message and details;
 * - an error graphql-js or Apollo raised about the request itself — parse, validation, variables that do not fit,
 *   a request Apollo cannot read — is the client's input: BAD_USER_INPUT (a limit keeps its `limit`);
 * - a database failure (no connection, no answer within the client-side timeouts, or no pooled connection to be
 *   had: src/db/connection-errors.ts) is UNAVAILABLE, a busy copy's with `retryAfter`;
 * - anything else (a thrown exception, a non-null violation: a bug) is INTERNAL, with the details only in the log.
 * A request error has no `path` and wraps no exception; an execution error has a path or wraps what was thrown.
 */
export function errorShaper(options: ErrorShapeOptions): (error: unknown) => GraphQLFormattedError {
  return (error) => {
    const apiError = apiErrorOf(error);
    if (apiError !== null) {
      // `http` (the status the gate asks for) is for Apollo's response head, not for the client.
      const { http: _http, ...extensions } = apiError.extensions as Record<string, unknown>;
      const path = isGraphQLErrorLike(error) ? error.path : undefined;
      return { message: apiError.message, ...(path === undefined ? {} : { path }), extensions };
    }
    const databaseFailure = databaseFailureOf(error);
    if (databaseFailure !== null) {
      const path = isGraphQLErrorLike(error) ? error.path : undefined;
      const retryAfter = UNAVAILABLE_RETRY_AFTER[databaseFailure];
      return {
        message: UNAVAILABLE_MESSAGES[databaseFailure],
        ...(path === undefined ? {} : { path }),
        extensions: { ...(retryAfter === undefined ? {} : { retryAfter }), code: 'UNAVAILABLE' },
      };
    }
    if (isGraphQLErrorLike(error) && error.path === undefined && !isException(error.originalError)) {
      const limit = error.extensions?.limit;
      return {
        message: requestErrorMessage(error.message, options.revealSchema),
        ...(error.locations === undefined ? {} : { locations: error.locations }),
        extensions:
          typeof limit === 'string' ? { code: 'BAD_USER_INPUT', limit } : { code: 'BAD_USER_INPUT' },
      };
    }
    if (isArgumentError(error)) {
      return {
        message: requestErrorMessage(error.message, options.revealSchema),
        ...(error.path === undefined ? {} : { path: error.path }),
        ...(error.locations === undefined ? {} : { locations: error.locations }),
        extensions: { code: 'BAD_USER_INPUT' },
      };
    }
    options.log(error);
    const path = isGraphQLErrorLike(error) ? error.path : undefined;
    return {
      message: 'Internal server error',
      ...(path === undefined ? {} : { path }),
      extensions: { code: 'INTERNAL' },
    };
  };
}

/**
 * The ApiError behind `error`: itself, or what a resolver threw (graphql-js keeps it as `originalError`), each as
 * `asApiError` reads it.
 */
function apiErrorOf(error: unknown): ApiError | null {
  const own = asApiError(error);
  if (own !== null) return own;
  if (isGraphQLErrorLike(error)) {
    const thrown = asApiError(error.originalError);
    if (thrown !== null) return thrown;
    // Apollo wraps a variables error (UserInputError) around graphql-js's: look one level further.
    if (isGraphQLErrorLike(error.originalError)) return asApiError(error.originalError.originalError);
  }
  return null;
}

/**
 * An argument the request's variables made invalid, found only as the field runs: a variable sent as `null` for an
 * argument of non-null type that has a default (`includeProvisional: $flag` with `$flag: Boolean`). graphql-js
 * reports it at the field's path, wrapping its own error, which points at the request's text (its locations) and
 * wraps no exception; a result that breaks the schema (a null for a non-null field) wraps a thrown Error instead.
 */
function isArgumentError(error: unknown): error is GraphQLErrorLike {
  if (!isGraphQLErrorLike(error) || error.path === undefined) return false;
  const inner = error.originalError;
  return isGraphQLErrorLike(inner) && inner.locations !== undefined && !isException(inner.originalError);
}

/** A thrown exception (not a GraphQL error describing the request) behind an error. */
function isException(original: unknown): boolean {
  if (original === undefined || original === null) return false;
  if (!isGraphQLErrorLike(original)) return true;
  return isException(original.originalError);
}

function requestErrorMessage(message: string, revealSchema: boolean): string {
  if (/introspection/i.test(message) && !revealSchema) {
    return 'introspection is switched off on this server (GRAPHQL_INTROSPECTION)';
  }
  return revealSchema ? message : message.replace(SUGGESTION, '');
}
