import { ArgumentsHost, Catch } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';
import { asApiError, asUnavailable } from './api-error';

/**
 * Errors thrown by GraphQL resolvers, before they are shaped (Apollo over HTTP, graphql-ws):
 * - refusals (ApiError, or a lower layer's own error that maps to one: `asApiError`) are answers, not server
 *   faults: handing them back here keeps Nest's default handler from logging each one at ERROR level with a stack
 *   trace;
 * - a database failure (no connection, or no answer within the client-side timeouts) becomes UNAVAILABLE with
 *   HTTP 503 here, because Apollo reads the status from the error it is given (`extensions.http`), before
 *   formatError runs (docs/operations.md#outages);
 * - anything else goes on to Nest's default handling (logged, then INTERNAL by the error shaper).
 * HTTP controllers' exceptions get Nest's own answer, as without this filter.
 */
@Catch()
export class ApiErrorFilter extends BaseExceptionFilter implements GqlExceptionFilter {
  override catch(error: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() !== 'graphql') return super.catch(error, host);
    return asApiError(error) ?? asUnavailable(error) ?? undefined;
  }
}
