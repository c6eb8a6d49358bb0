/**
 * Builds the Nest application around a validated configuration and a ready (migrated) database. Shared by
 * `main.ts` and the tests, so the tests run exactly what production runs.
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module';
import { RuntimeConfig } from './common/app-config.token';
import { NUL_MESSAGE, hasNul } from './graphql/nul';
import { sendGraphQLError } from './http/graphql-error-response';

export async function createApp(config: RuntimeConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: config.nodeEnv === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  app.disable('x-powered-by');
  app.use(express.json({ limit: config.graphql.maxBodyBytes }));
  app.use(bodyErrors);
  app.use('/graphql', refuseNul);
  return app;
}

/** NUL in the variables of a request (body or query string): see src/graphql/nul.ts. */
function refuseNul(request: Request, response: Response, next: NextFunction): void {
  const body = request.body as { variables?: unknown } | undefined;
  if (hasNul(body?.variables) || hasNul(request.query) || hasNul(jsonOrNull(request.query.variables))) {
    sendGraphQLError(response, 400, 'BAD_USER_INPUT', NUL_MESSAGE);
    return;
  }
  next();
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

/** Oversized or malformed JSON bodies get a GraphQL-shaped BAD_USER_INPUT, not an HTML error page. */
function bodyErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.too.large') {
    sendGraphQLError(response, 413, 'BAD_USER_INPUT', 'the request body is too large');
    return;
  }
  if (type === 'entity.parse.failed') {
    sendGraphQLError(response, 400, 'BAD_USER_INPUT', 'the request body is not valid JSON');
    return;
  }
  next(error);
}
