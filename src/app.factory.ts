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

/**
 * Postgres text cannot hold U+0000: a string with it would fail deep inside a query as an INTERNAL error.
 * Refused up front, in variables and in string literals of the document (written `\u0000` there).
 */
function refuseNul(request: Request, response: Response, next: NextFunction): void {
  const hasNul = (value: unknown): boolean =>
    typeof value === 'string'
      ? value.includes('\u0000')
      : typeof value === 'object' && value !== null && Object.values(value).some(hasNul);
  const body = request.body as { query?: unknown; variables?: unknown } | undefined;
  const literal = typeof body?.query === 'string' && /\\u0000/i.test(body.query);
  if (literal || hasNul(body?.variables)) {
    sendGraphQLError(response, 400, 'BAD_USER_INPUT', 'strings may not contain the NUL character (U+0000)');
    return;
  }
  next();
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
