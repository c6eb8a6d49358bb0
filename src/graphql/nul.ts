/**
 * No NUL (U+0000) in a GraphQL document's strings: Postgres text cannot hold it, so a string with it would fail deep
 * inside a query as an INTERNAL error. The variables are checked by the access gate (src/http/request-variables.ts),
 * the document here.
 */
import { ASTVisitor, GraphQLError, ValidationContext, ValidationRule } from 'graphql';
import { NUL_MESSAGE } from '../http/request-variables';

export const noNulRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  StringValue(node) {
    if (node.value.includes('\u0000')) {
      context.reportError(
        new GraphQLError(NUL_MESSAGE, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }),
      );
    }
  },
});
