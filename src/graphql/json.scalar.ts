/**
 * The schema's JSON scalar: any JSON value, answered as itself (an object stays an object in the response, not
 * JSON text inside a string). Output only today (exportGame); an argument of this type would be read as written.
 */
import { GraphQLScalarType, valueFromASTUntyped } from 'graphql';

export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description:
    'A JSON value (object, array, string, number, boolean or null), as it is: not encoded in a string.',
  serialize: (value: unknown) => value,
  parseValue: (value: unknown) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables ?? undefined),
});
