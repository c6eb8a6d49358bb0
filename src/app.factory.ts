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
import { RateLimiter } from './http/rate-limiter';
import { sendGraphQLError } from './http/graphql-error-response';

export async function createApp(config: RuntimeConfig): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: config.nodeEnv === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  app.disable('x-powered-by');
  app.use('/graphql', new RateLimiter(config.rateLimit).middleware());
  app.use(express.json({ limit: config.graphql.maxBodyBytes }));
  app.use(bodyErrors);
  return app;
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
