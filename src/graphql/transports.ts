/**
 * The two ways into GraphQL, each a thin adapter onto the same pipeline: the access gate (src/auth/access-gate.ts)
 * admits every operation, one parser bounds every document before it is validated (src/graphql/document-bounds.ts),
 * one list of validation rules judges every document (src/graphql/limits.ts), and one function shapes every error
 * (src/errors/api-error.ts errorShaper).
 *
 * - HTTP: Apollo on Fastify. Its context function asks the gate for the viewer, admits the request and holds its
 *   document to the bounds, before Apollo parses and validates it.
 * - graphql-ws (our server on graphql-ws's protocol: src/graphql/ws-server.ts): `onConnect` authenticates the token
 *   of `connection_init` (a refused token counts, as over HTTP); `onSubscribe` admits each operation; graphql-ws
 *   then parses and validates it with our `parse` (the bounded one) and `validate`. A document that does not parse
 *   or breaks a bound becomes an error message on its operation (as it is a 400 over HTTP), where graphql-ws's own
 *   parse would throw and close the whole socket.
 */
import type { IncomingMessage } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Socket } from 'node:net';
import { DocumentNode, GraphQLError, GraphQLFormattedError, GraphQLSchema, Kind, Source } from 'graphql';
import type { ExecutionResult } from 'graphql';
import { CloseCode, OperationResult } from 'graphql-ws';
import { AccessGate, ClientAddress, OperationRequest, withStatus } from '../auth/access-gate';
import { OpenSocket, OpenSockets } from '../auth/open-sockets';
import { ANONYMOUS, RequestContext } from '../auth/viewer';
import { ApiError } from '../errors/api-error';
import { SendingSocket, coalesceSends } from '../http/coalesced-sends';
import { BoundedParser } from './document-bounds';
import { GraphqlWsProtocol, INVALID_MESSAGE_REASON } from './ws-server';
import { QueryLimits, validateWithLimits } from './limits';
import { WorkMeter } from './work-meter';
import { requestIdOf } from '../logging/request-log';

/** What the HTTP context function is handed: Apollo's Fastify integration passes the Fastify request itself. */
interface HttpRequestLike {
  /** Fastify's request id (src/app.factory.ts: the client's X-Request-Id, or one made). */
  readonly id: string;
  readonly raw: IncomingMessage;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly method?: string;
  readonly body?: unknown;
  readonly query?: unknown;
}

/** What of Fastify's reply the context function uses: Apollo's integration passes it after the request. */
interface HttpReplyLike {
  header(name: string, value: string): unknown;
}

/**
 * Apollo's HTTP answers, as far as the shaper cannot decide them alone. One plugin (Apollo awaits every plugin at
 * every step of every request, so each one costs on the move path):
 *
 * - **Subscriptions are served over graphql-ws only** (docs/api/subscriptions-and-streams.md#subscriptions). Over
 *   HTTP one is refused once its operation is known and before it runs, as a request error from our closed list
 *   through the one error shaper: Nest's own refusal, answered later in Apollo's pipeline, would skip the shaper and
 *   say `BAD_REQUEST`.
 * - **An answer that carries UNAVAILABLE is a 503** (docs/operations.md#outages), however the error reached the
 *   shaper. A refusal raised as such already asks for it (`extensions.http`, src/db/availability.ts); a database
 *   failure that reached the shaper without passing Nest's exception filter was shaped to UNAVAILABLE but left the
 *   executed operation at 200 (seen under overload and, now and then, in the SIGSTOP test of
 *   test/e2e/db/postgres-outage.e2e.test.ts). Read from the shaped errors, so the one error shaper stays the only
 *   place that decides the code.
 */
export function httpAnswers(): ApolloServerPlugin {
  return {
    requestDidStart: async () => ({
      didResolveOperation: async ({ operation }) => {
        if (operation?.operation !== 'subscription') return;
        throw withStatus(
          new ApiError(
            'BAD_USER_INPUT',
            'subscriptions are served over graphql-ws on /graphql, not over HTTP',
          ),
          400,
        );
      },
      willSendResponse: async ({ response }) => {
        if (response.body.kind !== 'single') return;
        const unavailable = response.body.singleResult.errors?.find(
          (error) => error.extensions?.code === 'UNAVAILABLE',
        );
        if (unavailable === undefined || (response.http.status ?? 200) !== 200) return;
        response.http.status = 503;
        const retryAfter = unavailable.extensions?.retryAfter;
        if (typeof retryAfter === 'number' && !response.http.headers.has('retry-after'))
          response.http.headers.set('retry-after', String(retryAfter));
      },
    }),
  };
}

/**
 * Apollo's context function for HTTP requests: the gate's viewer, once the request is admitted and its document is
 * within the bounds (Apollo's plugins cannot refuse a document between its parse and its validation, so it is held to
 * them here, before either; a refusal is a 400 with `extensions.limit`). The answer gets the rate-limit headers here
 * (a refusal carries them in its `extensions.http` instead).
 */
export function httpContext(gate: AccessGate, limits: QueryLimits, documents: BoundedParser) {
  return async (
    source: HttpRequestLike | { readonly req: HttpRequestLike },
    reply?: HttpReplyLike,
  ): Promise<RequestContext> => {
    const request = 'req' in source ? source.req : source;
    const address = gate.addressOf(request.raw);
    const viewer = await gate.authenticate(request.headers.authorization, address);
    const operation = httpOperation(request);
    const counted = gate.admit(viewer, address, operation);
    // A text that is not a string is Apollo's to refuse; a syntax error is reported by Apollo's own parse.
    const problem = typeof operation.query === 'string' ? documents.problem(operation.query) : null;
    if (problem !== null) {
      const refusal = new ApiError('BAD_USER_INPUT', problem.message, { limit: problem.limit });
      throw withStatus(refusal, 400, gate.headersOf(counted));
    }
    for (const [name, value] of Object.entries(gate.headersOf(counted))) reply?.header(name, value);
    return { viewer, address, work: new WorkMeter(limits.maxWork), requestId: request.id };
  };
}

/**
 * The document text and variables of a GraphQL HTTP request: the JSON body's, or a GET request's parameters
 * (`variables` is JSON text there).
 */
function httpOperation(request: HttpRequestLike): OperationRequest {
  if (request.method !== 'GET') {
    const body = request.body as { query?: unknown; variables?: unknown } | undefined;
    return { query: body?.query, variables: body?.variables };
  }
  const parameters = request.query as { query?: unknown; variables?: unknown } | undefined;
  const text = parameters?.variables;
  if (typeof text !== 'string') return { query: parameters?.query, variables: parameters };
  try {
    return { query: parameters?.query, variables: JSON.parse(text) as unknown };
  } catch {
    return { query: parameters?.query, variables: null }; // Apollo answers that the variables are not JSON.
  }
}

/** graphql-ws's per-socket context: the socket, its upgrade request, and what `onConnect` learnt. */
export interface SocketExtra {
  readonly socket: SendingSocket & {
    once(event: 'close', listener: () => void): unknown;
    close(code: number, reason: string): void;
  };
  readonly request: IncomingMessage;
  /** Set once connection_init is accepted: the connection, with its viewer as it is now. */
  open?: OpenSocket;
  /** The connection's id in the log: the upgrade request's X-Request-Id, or one made. */
  connectionId?: string;
}

interface SocketContext {
  readonly extra: SocketExtra;
  readonly connectionParams?: Readonly<Record<string, unknown>>;
  /** The operations running on this socket, the one being subscribed included. */
  readonly subscriptions: Readonly<Record<string, unknown>>;
}

interface SubscribePayload {
  readonly query?: string;
  readonly variables?: Record<string, unknown> | null;
}

/** The close code for a socket refused by a limit (graphql-ws's codes are 44xx; this follows HTTP's 429). */
export const TOO_MANY_CLOSE_CODE = 4429;

/**
 * The WebSocket close code "Try Again Later" (a registered code): a connection begun while the database is down.
 * graphql-ws clients retry it, where 4403 would read as a refused token.
 */
export const TRY_AGAIN_LATER_CLOSE_CODE = 1013;

/**
 * The operation ids a client may choose for graphql-ws's `subscribe`: they become part of the log's request ids
 * (`<connection>/<operation id>`), so they are plain and short. graphql-ws's own clients send UUIDs.
 */
export const OPERATION_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * What the graphql-ws hooks report of each operation, to be counted and logged (src/metrics/graphql-metrics.ts
 * `wsOperations`, which the app module hands in: the metrics module sits above this one, docs/architecture.md,
 * "Layout of a module"). `started` from onSubscribe, `executed` from onOperation, `refused` from onError,
 * `completed` from onComplete; `socket` is the connection's own object.
 */
export interface WsOperations {
  started(socket: object, id: string): void;
  executed(
    socket: object,
    id: string,
    args: {
      readonly schema: GraphQLSchema;
      readonly document: DocumentNode;
      readonly operationName?: string | null;
      readonly contextValue?: unknown;
    },
    result: ExecutionResult | AsyncIterable<unknown>,
  ): void;
  refused(
    socket: object,
    id: string,
    payload: { readonly query?: unknown; readonly operationName?: unknown },
    errors: readonly GraphQLError[],
    who: { readonly requestId: string; readonly viewerId: string | null },
  ): void;
  completed(socket: object, id: string): void;
}

/** graphql-ws's hooks and our parse and validate (src/graphql/ws-server.ts serves them with the schema). */
export function graphqlWsOptions(
  gate: AccessGate,
  sockets: OpenSockets,
  limits: QueryLimits & { readonly introspection: boolean },
  documents: BoundedParser,
  shape: (error: unknown) => GraphQLFormattedError,
  metered: WsOperations & {
    socketOpened(connectionId: string, viewerId: string | null): (code?: number) => void;
  },
): GraphqlWsProtocol {
  const validateDocument = validateWithLimits(limits, limits.introspection);
  /** Documents that did not parse or broke a bound, with the error `validate` reports for them. */
  const refusedDocuments = new WeakMap<DocumentNode, GraphQLError>();
  const addressOf = (ctx: SocketContext): ClientAddress => gate.addressOf(ctx.extra.request);
  return {
    // The token travels in the connection_init payload: { "authorization": "Bearer …" }.
    onConnect: async (ctx: SocketContext): Promise<boolean> => {
      coalesceSends(ctx.extra.socket, ctx.extra.request.socket as Socket);
      try {
        // A token that fails counts against the address, as over HTTP; the operations the socket sends count later.
        const authorization = ctx.connectionParams?.authorization;
        const viewer = await gate.authenticate(authorization, addressOf(ctx));
        ctx.extra.socket.once('close', gate.openPlayerSocket(viewer));
        const open: OpenSocket = { socket: ctx.extra.socket, authorization, viewer };
        ctx.extra.socket.once('close', sockets.add(open));
        const connectionId = requestIdOf(ctx.extra.request.headers['x-request-id']);
        ctx.extra.socket.once('close', metered.socketOpened(connectionId, viewer.player?.id ?? null));
        ctx.extra.open = open;
        ctx.extra.connectionId = connectionId;
        return true;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === 'RATE_LIMITED') ctx.extra.socket.close(TOO_MANY_CLOSE_CODE, error.message);
        if (error.code === 'UNAVAILABLE') ctx.extra.socket.close(TRY_AGAIN_LATER_CLOSE_CODE, error.message);
        return false;
      }
    },
    onSubscribe: async (
      ctx: SocketContext,
      id: string,
      payload: SubscribePayload,
    ): Promise<readonly GraphQLError[] | undefined> => {
      // Like any message graphql-ws cannot accept: the socket is closed (4400), and the operation never runs.
      if (!OPERATION_ID.test(id)) {
        ctx.extra.socket.close(CloseCode.BadRequest, INVALID_MESSAGE_REASON);
        return [new ApiError('BAD_USER_INPUT', 'an operation id is 1–64 characters of A–Z a–z 0–9 . _ : -')];
      }
      metered.started(ctx.extra, id);
      // The token as it holds now: revoked or expired since the connection began, the socket is closed (4403).
      const viewer = ctx.extra.open === undefined ? ANONYMOUS : await sockets.current(ctx.extra.open);
      if (viewer === null)
        return [new ApiError('UNAUTHENTICATED', 'the token is unknown, expired or revoked')];
      try {
        gate.admitSocketOperation(Object.keys(ctx.subscriptions).length);
        gate.admit(viewer, addressOf(ctx), payload);
        return undefined;
      } catch (error) {
        if (error instanceof ApiError) return [error];
        throw error;
      }
    },
    parse: (query: string | Source): DocumentNode => {
      try {
        return documents.parse(typeof query === 'string' ? query : query.body);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        const empty: DocumentNode = { kind: Kind.DOCUMENT, definitions: [] };
        refusedDocuments.set(empty, error);
        return empty;
      }
    },
    validate: (schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] => {
      const refusal = refusedDocuments.get(document);
      return refusal === undefined ? validateDocument(schema, document) : [refusal];
    },
    context: (ctx: SocketContext, id: string): RequestContext => ({
      viewer: ctx.extra.open?.viewer ?? ANONYMOUS,
      address: addressOf(ctx),
      work: new WorkMeter(limits.maxWork),
      requestId: socketRequestId(ctx.extra, id),
    }),
    // Errors over the socket get the same shape (codes, no internals) as over HTTP.
    onOperation: (
      ctx: SocketContext,
      id: string,
      _payload: unknown,
      args: {
        readonly schema: GraphQLSchema;
        readonly document: DocumentNode;
        readonly operationName?: string | null;
        readonly contextValue?: unknown;
      },
      result: OperationResult,
    ): undefined => {
      // graphql-ws hands over the result it awaited: a result, or a subscription's stream (its type allows a promise).
      metered.executed(ctx.extra, id, args, result as ExecutionResult | AsyncIterable<unknown>);
      return undefined;
    },
    onError: (ctx: SocketContext, id: string, payload: SubscribePayload, errors: readonly GraphQLError[]) => {
      metered.refused(ctx.extra, id, payload, errors, {
        requestId: socketRequestId(ctx.extra, id),
        viewerId: ctx.extra.open?.viewer.player?.id ?? null,
      });
      return errors.map(shape);
    },
    onComplete: (ctx: SocketContext, id: string): void => metered.completed(ctx.extra, id),
    onNext: (_ctx: unknown, _id: unknown, _payload: unknown, _args: unknown, result: ExecutionResult) =>
      result.errors === undefined ? result : { ...result, errors: result.errors.map(shape) },
  };
}

/**
 * An operation's id in the log: its connection's id and graphql-ws's operation id; `#refused` for an id outside
 * OPERATION_ID (its operation was refused; `#` is never part of an id, so no client id reads the same).
 */
function socketRequestId(extra: SocketExtra, operationId: string): string {
  return `${extra.connectionId ?? 'unaccepted'}/${OPERATION_ID.test(operationId) ? operationId : '#refused'}`;
}
