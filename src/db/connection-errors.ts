/**
 * Which failures mean "the database is unavailable" rather than "this request is wrong" or "a bug": the
 * connection could not be made or broke, Postgres is shutting down or starting up, an answer did not come
 * within the client-side timeouts (src/db/connections.ts), or no pooled connection could be had
 * (src/db/connection-queue.ts). They reach us in several wrappings — node-postgres's own errors, Node's socket
 * errors, Postgres's SQLSTATEs, Prisma's errors around its driver adapter's — so this looks through all of them.
 * Pure: no database, no framework.
 */

/**
 * `unreachable`: no connection, or it broke; `timeout`: connected, but no answer in time; `down`: refused at
 * once, the database being known down; `busy`: the pool's queue was full, or no connection came free within
 * DATABASE_QUEUE_MS (the database is up; this copy has more work than connections).
 */
export type DatabaseFailure = 'unreachable' | 'timeout' | 'down' | 'busy';

/** The failures seen on a connection to the database; `down` and `busy` are this app's own refusals. */
export type ConnectionFailure = Extract<DatabaseFailure, 'unreachable' | 'timeout'>;

/** Why the queue for a pooled connection refused a caller (src/db/connection-queue.ts). */
export const QUEUE_REFUSAL_REASONS = ['full', 'timeout', 'down'] as const;
export type QueueRefusalReason = (typeof QUEUE_REFUSAL_REASONS)[number];

/** The `code` of the queue's refusals (Prisma hands such an error back as it was thrown). */
export const QUEUE_REFUSAL_CODES = {
  full: 'MALICE_POOL_QUEUE_FULL',
  timeout: 'MALICE_POOL_QUEUE_TIMEOUT',
  down: 'MALICE_DATABASE_DOWN',
} as const satisfies Record<QueueRefusalReason, string>;

const QUEUE_FAILURES: Record<string, DatabaseFailure> = {
  [QUEUE_REFUSAL_CODES.full]: 'busy',
  [QUEUE_REFUSAL_CODES.timeout]: 'busy',
  [QUEUE_REFUSAL_CODES.down]: 'down',
};

/** Node's errors for a connection that cannot be made or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Postgres's SQLSTATEs of the kind: class 08 (connection exception) and these. 57P01–57P03: the server is
 * shutting down (an administrator, or a crash of another backend) or starting up (crash recovery);
 * 53300: too many connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Prisma's codes: can't reach the server, timed out, the server closed the connection, no pooled connection. */
const PRISMA_UNREACHABLE = new Set(['P1001', 'P1017']);
const PRISMA_TIMEOUT = new Set(['P1002', 'P1008', 'P2024']);

/** What Prisma's pg adapter makes of a socket error (DriverAdapterError's `cause.kind`). */
const ADAPTER_KINDS: Record<string, DatabaseFailure> = {
  DatabaseNotReachable: 'unreachable',
  ConnectionClosed: 'unreachable',
  TooManyConnections: 'unreachable',
  SocketTimeout: 'timeout',
};

/** node-postgres's (pg, pg-pool) messages, which come without a code. */
const PG_MESSAGES: Record<string, DatabaseFailure> = {
  'Query read timeout': 'timeout',
  'timeout exceeded when trying to connect': 'timeout',
  'Connection terminated due to connection timeout': 'timeout',
  // A single Client's own connectionTimeoutMillis (pg-pool words it as the line above).
  'timeout expired': 'timeout',
  'Connection terminated unexpectedly': 'unreachable',
  'Connection terminated': 'unreachable',
  'Client has encountered a connection error and is not queryable': 'unreachable',
  'Client was closed and is not queryable': 'unreachable',
};

/** Where the original failure sits inside a wrapper (GraphQL's located error, `cause`, Prisma's `meta`). */
const INNER = ['originalError', 'cause', 'meta', 'driverAdapterError'] as const;
const MAX_DEPTH = 6;

/** The kind of database failure `error` is (or wraps), or null when it is something else. */
export function databaseFailureOf(error: unknown, depth = 0): DatabaseFailure | null {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return null;
  const { code, kind, message } = error as { code?: unknown; kind?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code)) return code === 'ETIMEDOUT' ? 'timeout' : 'unreachable';
    if (SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unreachable';
    if (PRISMA_UNREACHABLE.has(code)) return 'unreachable';
    if (PRISMA_TIMEOUT.has(code)) return 'timeout';
    if (Object.hasOwn(QUEUE_FAILURES, code)) return QUEUE_FAILURES[code]!;
  }
  if (typeof kind === 'string' && Object.hasOwn(ADAPTER_KINDS, kind)) return ADAPTER_KINDS[kind]!;
  if (typeof message === 'string' && Object.hasOwn(PG_MESSAGES, message)) return PG_MESSAGES[message]!;
  for (const key of INNER) {
    const inner: unknown = (error as Record<string, unknown>)[key];
    if (inner !== error) {
      const found = databaseFailureOf(inner, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Whether `failure` was seen on a connection (so the database may be down), not refused by this app itself. */
export function isConnectionFailure(failure: DatabaseFailure | null): failure is ConnectionFailure {
  return failure === 'unreachable' || failure === 'timeout';
}

/** What a client is told (extensions.code UNAVAILABLE). */
export const UNAVAILABLE_MESSAGES: Record<DatabaseFailure, string> = {
  down: 'the database is unavailable; try again in a few seconds',
  unreachable: 'the database could not be reached; try again in a few seconds',
  timeout: 'the database did not answer in time; try again in a few seconds',
  busy: 'the server is busy (too many requests are waiting for the database); try again in a second',
};

/**
 * Seconds a client should wait before it tries again, when there is a better answer than "a few seconds": a busy
 * copy's queue moves at hundreds of connections a second, so a second later it has room
 * (docs/api/errors.md#unavailable). Sent as `extensions.retryAfter` and, over HTTP, `Retry-After`.
 */
export const UNAVAILABLE_RETRY_AFTER: Partial<Record<DatabaseFailure, number>> = { busy: 1 };

/** A one-line description for the server log (a failure's message, without Prisma's source excerpt). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const lines = error.message.split('\n').filter((line) => line.trim() !== '');
  return lines[lines.length - 1]?.trim() ?? error.name;
}
