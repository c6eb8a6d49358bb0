/**
 * Errors of an execution result get the same codes whichever way they leave: over HTTP (Apollo, or the fast path
 * with executionErrorShape) and over graphql-ws (formatSocketResultErrors). A result with data carries execution
 * errors, where an error without a code is internal; a result without data was refused before anything ran.
 */
import { GraphQLError } from 'graphql';
import {
  ApiError,
  executionErrorShape,
  formatApiError,
  formatSocketResultErrors,
} from '../../src/errors/api-error';

/** An error as graphql-js reports one raised at a field (located, the thrown error as its original). */
function raisedAt(path: string, thrown: Error): GraphQLError {
  return new GraphQLError(thrown.message, { path: [path], originalError: thrown });
}

describe('execution errors', () => {
  it('an error without a code (a thrown Error, a non-null violation) is INTERNAL, with no detail, and logged', () => {
    const logged: unknown[] = [];
    const errors = [
      raisedAt('a', new Error('db password in here')),
      new GraphQLError('Cannot return null for non-nullable field Query.b.', { path: ['b'] }),
    ];
    const shaped = formatSocketResultErrors({ data: { a: null, b: null }, errors }, (error) =>
      logged.push(error),
    );
    expect(shaped).toEqual([
      { message: 'Internal server error', path: ['a'], extensions: { code: 'INTERNAL' } },
      { message: 'Internal server error', path: ['b'], extensions: { code: 'INTERNAL' } },
    ]);
    expect(logged).toEqual(errors);
    // The HTTP fast path shapes them the same way before Apollo's formatError (formatApiError) sees them.
    expect(errors.map((error) => formatApiError(executionErrorShape(error), error, () => undefined))).toEqual(
      shaped,
    );
  });

  it('an API error keeps its code and message', () => {
    const error = raisedAt('makeMove', new ApiError('NOT_YOUR_TURN', 'it is seat 1’s turn'));
    expect(formatSocketResultErrors({ data: null, errors: [error] }, () => undefined)).toEqual([
      { message: 'it is seat 1’s turn', path: ['makeMove'], extensions: { code: 'NOT_YOUR_TURN' } },
    ]);
  });

  it('a result without data was refused before anything ran: the client’s input, BAD_USER_INPUT', () => {
    const error = new GraphQLError(
      'Variable "$n" got invalid value "x"; Int cannot represent a non-integer value.',
    );
    expect(formatSocketResultErrors({ errors: [error] }, () => undefined)).toEqual([
      { message: error.message, extensions: { code: 'BAD_USER_INPUT' } },
    ]);
  });

  it('no errors, nothing to shape', () => {
    expect(formatSocketResultErrors({ data: { ok: true } }, () => undefined)).toBeUndefined();
  });
});
