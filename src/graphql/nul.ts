/**
 * Postgres text cannot hold U+0000 (NUL): a string with it would fail deep inside a query as an INTERNAL error.
 * So no string may carry it — in the document (any transport: a validation rule) or in the variables (checked
 * where each transport reads them).
 */
import { ASTVisitor, GraphQLError, ValidationContext, ValidationRule } from 'graphql';

export const NUL_MESSAGE = 'strings may not contain the NUL character (U+0000)';

export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(hasNul);
}

export const noNulRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  StringValue(node) {
    if (node.value.includes('\u0000')) {
      context.reportError(
        new GraphQLError(NUL_MESSAGE, { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } }),
      );
    }
  },
});
