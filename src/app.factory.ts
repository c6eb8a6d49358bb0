/**
 * Builds the Nest application around a validated configuration and a ready (migrated) database. Shared by
 * `serve.ts` (the server of `npm start` and of a test build) and the benchmarks, so what is measured is what production runs. HTTP is served by Fastify (about 40 %
 * less server CPU per move than Express here: docs/performance.md); every request goes through Fastify, Nest and
 * Apollo, so whatever is added to them (CORS, logs, metrics) sees all traffic.
 */
import 'reflect-metadata';
import { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppModule } from './app.module';
import { RuntimeConfig } from './common/app-config.token';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { AccessGate } from './auth/access-gate';
import { ApiError, ApiErrorCode } from './errors/api-error';
import { NOT_JSON_MESSAGE, graphQLErrorBody } from './http/graphql-error-response';
import { ClientErrorAnswers } from './http/client-errors';
import { ClientAddresses } from './http/client-address';
import { CONNECTION_RETRY_AFTER_SECONDS, ConnectionLimit } from './http/connection-limit';
import { corsOptions, originAllowed } from './http/cors';
import { OAuthService } from './oauth/oauth.service';
import { httpErrorAnswer } from './http/http-error';
import { serveWebClient } from './http/web-client';
import { AppMetrics } from './metrics/app-metrics';
import { createLogger, type Logger } from './logging/logger';
import { NestLogger } from './logging/nest-logger';
import { RequestLog, requestIdOf } from './logging/request-log';

/**
 * `extraModules`: what only a test build mounts (src/testing/test-controls.module.ts); never `npm start`.
 * `logger`: the process's logger (src/serve.ts makes it first, for the lines before the app exists).
 */
export async function createApp(
  config: RuntimeConfig,
  extraModules: readonly Type[] = [],
  logger: Logger = createLogger(config.logging),
): Promise<INestApplication> {
  const clientErrors = new ClientErrorAnswers();
  const adapter = new FastifyAdapter({
    bodyLimit: config.graphql.maxBodyBytes,
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers['x-request-id']),
    ...slowClientOptions(config.http, clientErrors),
  });
  adapter.getInstance().addHook('onSend', graphQLShapedErrors);
  const requestLog = new RequestLog(logger);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, requestLog, extraModules),
    adapter,
    // JSON bodies are read by Fastify's own parser (the adapter's `bodyLimit`), made once: Nest's default wraps it
    // and builds it again for every request. Forms (the OAuth endpoints) get Nest's parser: `useBodyParser` below.
    { logger: new NestLogger(logger), bodyParser: false },
  );
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: config.graphql.maxBodyBytes });
  observeRequests(adapter, app.get(AppMetrics), requestLog);
  clientErrors.watch(app.getHttpServer() as Server);
  limitConnectionsPerAddress(app, adapter, config);
  app.enableCors(corsOptions(config.allowedOrigins, app.get(OAuthService)));
  serveWebClient(app);
  await app.init();
  limitSocketsPerAddress(app, app.get(AccessGate));
  refuseOtherOrigins(app, config.allowedOrigins);
  return app;
}

/**
 * How long a client may take to send a request, through the options Fastify passes to Node's HTTP server
 * (docs/operations.md#http-connections): a request whose headers, or whose whole body, have not arrived in time is
 * answered 408 and its connection closed, so a client sending a byte a second holds nothing for long. Node checks
 * its connections for these timeouts every `connectionsCheckingInterval` (30 s unless told), so it is told to look
 * a few times per headers timeout (at most every second). A request that could not be read is answered by
 * `clientErrors` (src/http/client-errors.ts): a status line, no body, so that a HEAD's answer is one.
 */
function slowClientOptions(http: RuntimeConfig['http'], clientErrors: ClientErrorAnswers) {
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(http.headersTimeoutMs / 4)),
    },
    clientErrorHandler: clientErrors.answer,
  } as const;
}

/**
 * Open HTTP connections per client address (src/http/connection-limit.ts). A connection past the bound gets one
 * answer, to its first request: 429 `RATE_LIMITED` with `Retry-After` — GraphQL-shaped on /graphql, as the downloads
 * answer elsewhere — and `Connection: close`. The hook comes first of all (before CORS and Nest), right after the
 * request id: the refusal is logged and counted like any answer.
 */
function limitConnectionsPerAddress(
  app: INestApplication,
  adapter: FastifyAdapter,
  config: RuntimeConfig,
): void {
  const limit = new ConnectionLimit(
    config.http.maxConnectionsPerAddress,
    new ClientAddresses(config.trustedProxies),
  );
  limit.watch(app.getHttpServer() as Server);
  adapter.getInstance().addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    if (!limit.isRefused(request.raw.socket)) return done();
    const error = new ApiError(
      'RATE_LIMITED',
      `too many open connections from your address: at most ${limit.max}; try again in ` +
        `${CONNECTION_RETRY_AFTER_SECONDS} s`,
      { retryAfter: CONNECTION_RETRY_AFTER_SECONDS },
    );
    const body = request.url.startsWith('/graphql')
      ? graphQLErrorBody(error.code, error.message, { retryAfter: CONNECTION_RETRY_AFTER_SECONDS })
      : JSON.stringify(httpErrorAnswer(error).body);
    // Sent from the hook: Fastify runs nothing after it for this request (`done` is not called).
    void reply
      .code(429)
      .header('Retry-After', String(CONNECTION_RETRY_AFTER_SECONDS))
      .header('Connection', 'close')
      .type('application/json; charset=utf-8')
      .send(body);
  });
}

/**
 * Every HTTP answer, counted and logged by the route's pattern (`/api/games/:id/export`; `other` when no route
 * matched), so neither a label nor a line holds an id or a query string: docs/operations.md#metrics, #logs. The
 * request id goes back to the client (`X-Request-Id`), so a report can name the line.
 */
function observeRequests(adapter: FastifyAdapter, metrics: AppMetrics, log: RequestLog): void {
  const fastify = adapter.getInstance();
  // Callback hooks rather than async ones: an async hook costs Fastify a promise and a microtask per request.
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url;
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    log.answered({
      requestId: request.id,
      method: request.method,
      route,
      status: reply.statusCode,
      ms: reply.elapsedTime,
    });
    done();
  });
}

/**
 * A graphql-ws upgrade from a page whose origin is not allowed (docs/api/endpoints-and-auth.md#browsers) is
 * answered 403 before the WebSocket server sees it. Runs before the socket bound (prepended last), so a
 * refused upgrade takes no slot.
 */
function refuseOtherOrigins(app: INestApplication, allowed: 'any' | readonly string[]): void {
  if (allowed === 'any') return;
  const server = app.getHttpServer() as Server;
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    if (originAllowed(allowed, request.headers.origin, request.headers.host)) return;
    const body = graphQLErrorBody('FORBIDDEN', 'this origin may not open a WebSocket here (CORS_ORIGINS)');
    refuseUpgrade(request, socket, '403 Forbidden', body);
  });
}

/**
 * Answers a WebSocket upgrade with an HTTP error and a GraphQL-shaped body, and closes the socket. An upgrade may come
 * as a HEAD too (Node hands on any request asking to upgrade): its answer carries no body.
 */
function refuseUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  status: string,
  body: string,
  extraHeaders = '',
): void {
  socket.end(
    `HTTP/1.1 ${status}\r\n${extraHeaders}Content-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
      (request.method === 'HEAD' ? '' : body),
  );
  socket.destroy();
}

/**
 * WebSocket upgrades beyond the per-address bound are answered 429 before the WebSocket server
 * (src/graphql/ws-server.ts) sees them: this listener runs first, and `ws` drops an upgrade whose socket is already
 * closed. The slot is given back when the socket closes.
 */
function limitSocketsPerAddress(app: INestApplication, gate: AccessGate): void {
  const server = app.getHttpServer() as Server;
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    try {
      socket.once('close', gate.openSocket(gate.addressOf(request)));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refuseUpgrade(
        request,
        socket,
        '429 Too Many Requests',
        graphQLErrorBody(error.code, error.message),
        'Retry-After: 60\r\n',
      );
    }
  });
}

/** A JSON text, or null when it is not one. */
function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Requests refused before GraphQL runs (a body too large or not JSON, refused by Fastify and answered by Nest as
 * `{ statusCode, message }`) still get a GraphQL-shaped body with a code from our closed list on /graphql.
 */
function graphQLShapedErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  done(null, graphQLShapedPayload(request, reply, payload));
}

function graphQLShapedPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!request.url.startsWith('/graphql') || reply.statusCode < 400 || typeof payload !== 'string')
    return payload;
  const body = jsonOrNull(payload) as { statusCode?: unknown; errors?: unknown } | null;
  if (body === null || body.errors !== undefined || typeof body.statusCode !== 'number') return payload;
  const status = reply.statusCode;
  const [code, message]: [ApiErrorCode, string] =
    status === 413
      ? ['BAD_USER_INPUT', 'the request body is too large']
      : status < 500
        ? ['BAD_USER_INPUT', NOT_JSON_MESSAGE]
        : ['INTERNAL', 'Internal server error'];
  void reply.type('application/json; charset=utf-8');
  return graphQLErrorBody(code, message);
}
