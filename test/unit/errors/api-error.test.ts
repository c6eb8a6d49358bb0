/**
 * One function shapes every error a client sees (src/errors/api-error.ts errorShaper), whichever way it leaves:
 * Apollo's formatError over HTTP, graphql-ws's results and errors, refusals made before GraphQL runs. An ApiError
 * keeps its code; an error about the request itself is the client's input (BAD_USER_INPUT); anything else is
 * INTERNAL, with its details only in the log. The end-to-end counterpart, the same answers over HTTP and
 * graphql-ws, is test/e2e/graphql/transports.e2e.test.ts.
 */
import { GraphQLError, Source, buildSchema, execute, parse, validate } from 'graphql';
import { decide } from '../../../src/engine';
import { ApiError, errorShaper, violationError } from '../../../src/errors/api-error';
import { pos } from '../engine/scenarios/support';

/** An error as graphql-js reports one raised at a field (located, the thrown error as its original). */
function raisedAt(path: string, thrown: Error): GraphQLError {
  return new GraphQLError(thrown.message, { path: [path], originalError: thrown });
}

function shaperLogging(revealSchema = true): { shape: (error: unknown) => unknown; logged: unknown[] } {
  const logged: unknown[] = [];
  return { shape: errorShaper({ revealSchema, log: (error) => logged.push(error) }), logged };
}

const schema = buildSchema('type Query { player(username: String!): String, games: [String] }');

describe('errorShaper', () => {
  it('an error without a code (a thrown Error, a non-null violation) is INTERNAL, with no detail, and logged', () => {
    const { shape, logged } = shaperLogging();
    const errors = [
      raisedAt('a', new Error('db password in here')),
      new GraphQLError('Cannot return null for non-nullable field Query.b.', { path: ['b'] }),
    ];
    expect(errors.map(shape)).toEqual([
      { message: 'Internal server error', path: ['a'], extensions: { code: 'INTERNAL' } },
      { message: 'Internal server error', path: ['b'], extensions: { code: 'INTERNAL' } },
    ]);
    expect(logged).toEqual(errors);
  });

  it('a failure before execution that wraps a thrown exception (a broken context) is INTERNAL too', () => {
    const { shape, logged } = shaperLogging();
    const error = new GraphQLError('Context creation failed: connection refused', {
      originalError: new Error('connect ECONNREFUSED 127.0.0.1:5432'),
    });
    expect(shape(error)).toEqual({ message: 'Internal server error', extensions: { code: 'INTERNAL' } });
    expect(logged).toEqual([error]);
  });

  it('an API error keeps its code, message and details, wherever it was raised, without the HTTP status', () => {
    const { shape, logged } = shaperLogging();
    const refusal = new ApiError('RATE_LIMITED', 'too many requests; try again in 5 s', { retryAfter: 5 });
    (refusal.extensions as Record<string, unknown>).http = { status: 429 };
    expect(shape(raisedAt('makeMove', new ApiError('NOT_YOUR_TURN', 'it is seat 1’s turn')))).toEqual({
      message: 'it is seat 1’s turn',
      path: ['makeMove'],
      extensions: { code: 'NOT_YOUR_TURN' },
    });
    expect(shape(refusal)).toEqual({
      message: 'too many requests; try again in 5 s',
      extensions: { code: 'RATE_LIMITED', retryAfter: 5 },
    });
    expect(logged).toEqual([]);
  });

  it('an engine refusal keeps its rule, parameters and sentence ids, the message naming the rule in words', () => {
    const { shape } = shaperLogging();
    const state = pos('classic', 'c1=AS - - 9H7C:QC5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const decision = decide(state, { type: 'move', seat: 0, move: 'QC-c1' });
    if (decision.ok) throw new Error('QC-c1 was accepted');
    expect(shape(raisedAt('makeMove', violationError(decision.violation)))).toEqual({
      message: 'QC does not fit centre pile c1, which needs a 2 or a wild card',
      path: ['makeMove'],
      extensions: {
        code: 'ILLEGAL_MOVE',
        rule: 'DOES_NOT_FIT',
        params: { card: 'QC', pile: 'c1', needs: '2' },
        sentences: ['S7', 'R7', 'E6'],
      },
    });
  });

  it('errors about the request (syntax, validation, variables) are BAD_USER_INPUT, with their locations', () => {
    const { shape, logged } = shaperLogging();
    let syntax: GraphQLError | null = null;
    try {
      parse(new Source('{ me {'));
    } catch (error) {
      syntax = error as GraphQLError;
    }
    expect(shape(syntax)).toEqual({
      message: syntax!.message,
      locations: [{ line: 1, column: 7 }],
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const variables = new GraphQLError('Variable "$n" got invalid value "x"; Int cannot represent it.');
    expect(shape(variables)).toEqual({ message: variables.message, extensions: { code: 'BAD_USER_INPUT' } });
    // Apollo wraps graphql-js's errors in classes of its own (a subclass, named after itself).
    class UserInputError extends GraphQLError {
      constructor(inner: GraphQLError) {
        super(inner.message, { originalError: inner, extensions: { code: 'BAD_USER_INPUT' } });
        this.name = 'UserInputError';
      }
    }
    expect(shape(new UserInputError(variables))).toEqual({
      message: variables.message,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const limited = new GraphQLError('the query is 20 levels deep', { extensions: { limit: 'depth' } });
    expect(shape(limited)).toEqual({
      message: 'the query is 20 levels deep',
      extensions: { code: 'BAD_USER_INPUT', limit: 'depth' },
    });
    expect(logged).toEqual([]);
  });

  it('a variable sent as null for a non-null argument with a default is BAD_USER_INPUT at its field, not logged', async () => {
    const withDefault = buildSchema('type Query { board(includeProvisional: Boolean! = false): String }');
    const result = await execute({
      schema: withDefault,
      document: parse('query ($flag: Boolean) { board(includeProvisional: $flag) }'),
      variableValues: { flag: null },
    });
    const { shape, logged } = shaperLogging();
    expect(result.errors?.map(shape)).toEqual([
      {
        message: 'Argument "includeProvisional" of non-null type "Boolean!" must not be null.',
        path: ['board'],
        locations: [{ line: 1, column: 52 }],
        extensions: { code: 'BAD_USER_INPUT' },
      },
    ]);
    expect(logged).toEqual([]);
  });

  it('suggestions ("Did you mean …") follow the introspection setting', () => {
    const [error] = validate(schema, parse('{ playr(username: "a") }'));
    expect(error!.message).toMatch(/Did you mean "player"\?$/);
    const open = shaperLogging(true).shape(error) as { message: string };
    const closed = shaperLogging(false).shape(error) as { message: string };
    expect(open.message).toBe(error!.message);
    expect(closed.message).toBe('Cannot query field "playr" on type "Query".');
  });

  it('the introspection refusal says which setting switched it off', () => {
    const closed = shaperLogging(false).shape(
      new GraphQLError(
        'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
      ),
    );
    expect(closed).toEqual({
      message: 'introspection is switched off on this server (GRAPHQL_INTROSPECTION)',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
