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
import { corsOptions, originAllowed } from './http/cors';
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
  const adapter = new FastifyAdapter({
    bodyLimit: config.graphql.maxBodyBytes,
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers['x-request-id']),
  });
  adapter.getInstance().addHook('onSend', graphQLShapedErrors);
  const requestLog = new RequestLog(logger);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, requestLog, extraModules),
    adapter,
    { logger: new NestLogger(logger) },
  );
  observeRequests(adapter, app.get(AppMetrics), requestLog);
  app.enableCors(corsOptions(config.allowedOrigins));
  serveWebClient(app);
  await app.init();
  limitSocketsPerAddress(app, app.get(AccessGate));
  refuseOtherOrigins(app, config.allowedOrigins);
  return app;
}

/**
 * Every HTTP answer, counted and logged by the route's pattern (`/api/games/:id/export`; `other` when no route
 * matched), so neither a label nor a line holds an id or a query string: docs/operations.md#metrics, #logs. The
 * request id goes back to the client (`X-Request-Id`), so a report can name the line.
 */
function observeRequests(adapter: FastifyAdapter, metrics: AppMetrics, log: RequestLog): void {
  const fastify = adapter.getInstance();
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('x-request-id', request.id);
  });
  fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    log.answered({
      requestId: request.id,
      method: request.method,
      route,
      status: reply.statusCode,
      ms: reply.elapsedTime,
    });
  });
}

/**
 * A graphql-ws upgrade from a page whose origin is not allowed (docs/api.md#browsers) is answered 403 before the
 * WebSocket server sees it. Runs before the socket bound (prepended last), so a refused upgrade takes no slot.
 */
function refuseOtherOrigins(app: INestApplication, allowed: 'any' | readonly string[]): void {
  if (allowed === 'any') return;
  const server = app.getHttpServer() as Server;
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    if (originAllowed(allowed, request.headers.origin, request.headers.host)) return;
    const body = graphQLErrorBody('FORBIDDEN', 'this origin may not open a WebSocket here (CORS_ORIGINS)');
    refuseUpgrade(socket, '403 Forbidden', body);
  });
}

/** Answers a WebSocket upgrade with an HTTP error and a GraphQL-shaped body, and closes the socket. */
function refuseUpgrade(socket: Duplex, status: string, body: string, extraHeaders = ''): void {
  socket.end(
    `HTTP/1.1 ${status}\r\n${extraHeaders}Content-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroy();
}

/**
 * WebSocket upgrades beyond the per-address bound are answered 429 before the WebSocket server (Nest's graphql-ws)
 * sees them: this listener runs first, and `ws` drops an upgrade whose socket is already closed. The slot is given
 * back when the socket closes.
 */
function limitSocketsPerAddress(app: INestApplication, gate: AccessGate): void {
  const server = app.getHttpServer() as Server;
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    try {
      socket.once('close', gate.openSocket(gate.addressOf(request)));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refuseUpgrade(
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
async function graphQLShapedErrors(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
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
