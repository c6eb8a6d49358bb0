import { Catch } from '@nestjs/common';
import { GqlExceptionFilter } from '@nestjs/graphql';
import { ApiError } from './api-error';

/**
 * Refusals (ApiError) are answers, not server faults: handing them back here keeps Nest's default handler from
 * logging each one at ERROR level with a stack trace. Apollo's formatError still shapes what the client sees.
 */
@Catch(ApiError)
export class ApiErrorFilter implements GqlExceptionFilter {
  catch(error: ApiError): ApiError {
    return error;
  }
}
