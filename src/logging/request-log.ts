/**
 * One log line per HTTP request and per graphql-ws operation (docs/operations.md#logs): its request id, what it
 * was (route; GraphQL operation type, root fields and name), who asked (the viewer's player id, never a token),
 * how long it took and how it ended (HTTP status; the GraphQL result code, as the metrics count it). A GraphQL
 * operation over HTTP is one line with its request: the Apollo plugin hands its part over here (by request id)
 * and the line is written when Fastify has sent the answer, so a request refused before GraphQL ran (a body too
 * large, not JSON) has its line too.
 *
 * Nothing of the request's content is logged: no variables, headers, query text or answer.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger';

/**
 * The labels a GraphQL operation is logged and counted under (src/metrics/operation-labels.ts computes them;
 * docs/operations.md#metrics): every value from a closed set, anything else `other`.
 */
export const OTHER = 'other';
export const OPERATION_TYPES = ['query', 'mutation', 'subscription'] as const;
export const TRANSPORTS = ['http', 'ws'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export interface OperationLabels {
  /** The root fields the operation selects (each counted), or [`other`]. */
  readonly fields: readonly string[];
  readonly type: (typeof OPERATION_TYPES)[number] | typeof OTHER;
}

/** The GraphQL part of a line. */
export interface OperationFields {
  readonly labels: OperationLabels;
  /** The client's operation name, when it is a GraphQL name of sane length. */
  readonly operationName: string | null | undefined;
  readonly code: string;
  readonly viewerId: string | null;
}

/** A client's `X-Request-Id` is kept when it is short and plain; anything else gets one made here. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
/** GraphQL parts of HTTP requests held for their line at most (far above the requests one copy has in flight). */
const MAX_PENDING = 10_000;

export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && CLIENT_REQUEST_ID.test(header) ? header : randomUUID();
}

export class RequestLog {
  /** The GraphQL part of HTTP requests still being answered, by request id. */
  private readonly pending = new Map<string, OperationFields>();
  /**
   * The request and socket lines: without the logger's redaction, which is a fence for fields of any name (its
   * `*.token` paths visit every field of a line, about 13 µs of a 16 µs line: docs/performance.md "The move path's
   * CPU"), while these lines are built here, field by field, from closed sets, ids and numbers; what a client sent
   * (its request id, its operation's name) only when it matches a plain pattern below.
   */
  private readonly lines: Logger;

  constructor(readonly logger: Logger) {
    this.lines = logger.child({}, { redact: [] });
  }

  /** A GraphQL operation answered over HTTP; its line is written with the request's (`answered`). */
  graphqlOverHttp(requestId: string, operation: OperationFields): void {
    this.pending.set(requestId, operation);
    // An answer whose line never came (its connection gone before Fastify finished it) is not kept for ever: the
    // oldest entries go first (a Map keeps insertion order). Entries live microseconds otherwise.
    if (this.pending.size > MAX_PENDING) {
      const oldest = this.pending.keys().next();
      if (oldest.done !== true) this.pending.delete(oldest.value);
    }
  }

  /** An HTTP request answered: its one line. `route` is the route's pattern, never the raw URL. */
  answered(request: {
    readonly requestId: string;
    readonly method: string;
    readonly route: string | undefined;
    readonly status: number;
    readonly ms: number;
  }): void {
    const operation = this.pending.get(request.requestId);
    this.pending.delete(request.requestId);
    const route = request.route ?? 'other';
    this.lines.info(
      {
        requestId: request.requestId,
        method: request.method,
        route,
        status: request.status,
        ms: round(request.ms),
        ...(operation === undefined ? {} : operationFields(operation)),
      },
      `${request.method} ${route} ${request.status}`,
    );
  }

  /** A graphql-ws operation: answered (a query or mutation), started (a subscription) or refused. */
  overSocket(requestId: string, operation: OperationFields, ms: number): void {
    const fields = operationFields(operation);
    this.lines.info(
      { requestId, transport: 'ws' satisfies Transport, ms: round(ms), ...fields },
      `ws ${fields.op} ${fields.fields} ${operation.code}`,
    );
  }

  /** A graphql-ws connection accepted or closed. */
  socket(event: 'opened' | 'closed', connectionId: string, viewerId: string | null, code?: number): void {
    this.lines.info(
      { connectionId, viewer: viewerId, ...(code === undefined ? {} : { closeCode: code }) },
      `ws connection ${event}`,
    );
  }
}

function operationFields(operation: OperationFields) {
  const name = operation.operationName;
  return {
    op: operation.labels.type,
    fields: operation.labels.fields.join(','),
    ...(typeof name === 'string' && GRAPHQL_NAME.test(name) ? { operation: name } : {}),
    code: operation.code,
    viewer: operation.viewerId,
  };
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
