/**
 * Builds the Nest application around a validated configuration and a ready (migrated) database. Shared by
 * `main.ts` and the benchmarks, so what is measured is what production runs. HTTP is served by Fastify (about 40 %
 * less server CPU per move than Express here: docs/performance.md).
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type {
  FastifyReply,
  FastifyRequest,
  FastifyServerFactoryHandler,
  FastifyServerOptions,
} from 'fastify';
import * as http from 'node:http';
import { ApolloDriver } from '@nestjs/apollo';
import { GraphQLModule, GraphQLSchemaHost } from '@nestjs/graphql';
import { AppModule } from './app.module';
import { GraphQLFastPath, HttpGraphQLExecutor } from './http/graphql-fast-path';
import { RuntimeConfig } from './common/app-config.token';
import { ApiErrorCode } from './errors/api-error';
import { NUL_MESSAGE, hasNul } from './graphql/nul';
import { NOT_JSON_MESSAGE, graphQLErrorBody, sendGraphQLError } from './http/graphql-error-response';

const GRAPHQL_PATH = '/graphql';
/** Fastify's default keep-alive timeout. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export async function createApp(config: RuntimeConfig): Promise<INestApplication> {
  const fastPath = new GraphQLFastPath(GRAPHQL_PATH, config.graphql.maxBodyBytes);
  const adapter = new FastifyAdapter({
    bodyLimit: config.graphql.maxBodyBytes,
    // The plain JSON POSTs to /graphql skip Fastify (src/http/graphql-fast-path.ts); the server is set up as
    // Fastify would set up its own (fastify/lib/server.js).
    serverFactory: (handler: FastifyServerFactoryHandler, options: FastifyServerOptions) => {
      const server = http.createServer((request, response) => {
        if (!fastPath.handle(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      return server;
    },
  });
  const fastify = adapter.getInstance();
  fastify.addHook('preHandler', refuseNul);
  fastify.addHook('onSend', graphQLShapedErrors);
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, fastPath), adapter, {
    logger: config.nodeEnv === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  await app.init();
  // Apollo runs as ESM here and our code is CommonJS: the two builds declare HeaderMap separately (a Map with
  // lower-case keys either way), so the types need a nudge the values do not.
  const apollo = (app.get(GraphQLModule).graphQlAdapter as ApolloDriver).instance;
  fastPath.attach(apollo as unknown as HttpGraphQLExecutor, app.get(GraphQLSchemaHost).schema);
  return app;
}

/** NUL in the variables of a request (body or query string): see src/graphql/nul.ts. */
async function refuseNul(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.url.startsWith('/graphql')) return;
  const body = request.body as { variables?: unknown } | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (hasNul(body?.variables) || hasNul(query) || hasNul(jsonOrNull(query?.variables))) {
    sendGraphQLError(reply, 400, 'BAD_USER_INPUT', NUL_MESSAGE);
  }
}

/** A GET request's `variables` parameter is JSON text (where a NUL hides as the escape `\u0000`). */
function jsonOrNull(text: unknown): unknown {
  if (typeof text !== 'string') return null;
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
