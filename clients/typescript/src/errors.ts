/**
 * What a failed request tells: the API's own error (its `extensions.code` from a closed list, docs/api/errors.md), or a
 * fault the client found itself (no answer, an answer that is not GraphQL's). One class, so that a bot has one
 * `catch` and one `switch` over `code`.
 */

/** The API's error codes (docs/api/errors.md), as the server lists them (src/errors/api-error.ts). */
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

/**
 * The client's own codes: `NETWORK` (no answer: the server could not be reached, or the connection dropped),
 * `BAD_RESPONSE` (an answer that is neither data nor GraphQL errors), `UNKNOWN` (a code this client does not know:
 * a newer server's; the raw one is in `extensions.code`).
 */
export const CLIENT_ERROR_CODES = ['NETWORK', 'BAD_RESPONSE', 'UNKNOWN'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export type MaliceErrorCode = ApiErrorCode | ClientErrorCode;

/** The refusals that only mean a game moved on meanwhile: read it again (or wait for the next push) and go on. */
export const MOVED_ON_CODES: readonly ApiErrorCode[] = [
  'VERSION_CONFLICT',
  'NOT_YOUR_TURN',
  'GAME_NOT_ACTIVE',
];

export class MaliceError extends Error {
  override readonly name = 'MaliceError';

  constructor(
    message: string,
    readonly code: MaliceErrorCode,
    /** The error's whole `extensions` (`currentVersion`, `rule`, `field`, `limit`, …); empty for a client fault. */
    readonly extensions: Readonly<Record<string, unknown>> = {},
    /** When to try again, in seconds (`extensions.retryAfter`, else the `Retry-After` header); null: not said. */
    readonly retryAfter: number | null = null,
    /** The HTTP status of the answer; null over graphql-ws and for a request that got no answer. */
    readonly status: number | null = null,
  ) {
    super(message);
  }

  /** Whether the refusal only means that the game moved on (VERSION_CONFLICT, NOT_YOUR_TURN, GAME_NOT_ACTIVE). */
  get movedOn(): boolean {
    return MOVED_ON_CODES.includes(this.code as ApiErrorCode);
  }
}

/** A GraphQL error as the server formats it. */
export interface GraphQLErrorLike {
  readonly message?: unknown;
  readonly extensions?: Readonly<Record<string, unknown>>;
}

function isApiErrorCode(code: unknown): code is ApiErrorCode {
  return typeof code === 'string' && (API_ERROR_CODES as readonly string[]).includes(code);
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The MaliceError of a GraphQL error: its code, extensions and `retryAfter` (the extension, else the answer's
 * `Retry-After` header).
 */
export function errorOf(
  error: GraphQLErrorLike,
  answer: { readonly status: number | null; readonly retryAfterHeader: string | null } = {
    status: null,
    retryAfterHeader: null,
  },
): MaliceError {
  const extensions = error.extensions ?? {};
  const raw = extensions['code'];
  const retryAfter =
    typeof extensions['retryAfter'] === 'number'
      ? extensions['retryAfter']
      : retryAfterSeconds(answer.retryAfterHeader);
  return new MaliceError(
    typeof error.message === 'string' ? error.message : 'the server refused the request',
    isApiErrorCode(raw) ? raw : 'UNKNOWN',
    extensions,
    retryAfter,
    answer.status,
  );
}
