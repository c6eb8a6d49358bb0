/**
 * What a request's variables may hold, checked by the access gate (src/auth/access-gate.ts) before anything runs,
 * on every way in. Here, below both the gate and the GraphQL plumbing that shares the limits (src/graphql/nul.ts,
 * document-bounds.ts): docs/architecture.md, "Layout of a module".
 *
 * - No NUL (U+0000): Postgres text cannot hold it, so a string with it would fail deep inside a query as an
 *   INTERNAL error. The document itself is checked by a validation rule (`noNulRule`, src/graphql/nul.ts), the
 *   variables here.
 * - No nesting beyond `MAX_VARIABLES_DEPTH`: no input of our schema goes deeper than a few levels, and JSON nested
 *   thousands deep would otherwise be walked (by us, then by graphql-js's coercion) for nothing. The walk is
 *   iterative, so no depth can overflow the stack.
 */
export const NUL_MESSAGE = 'strings may not contain the NUL character (U+0000)';

/** Levels of arrays and objects the variables may nest (the variables object itself is level 1). */
export const MAX_VARIABLES_DEPTH = 16;

export const DEPTH_MESSAGE = `the variables nest more than ${MAX_VARIABLES_DEPTH} levels deep`;

export type VariablesProblem = 'nul' | 'depth';

/** The first problem of `value` (variables, or a query string's parameters), or null when it has none. */
export function variablesProblem(value: unknown): VariablesProblem | null {
  const pending: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, depth } = next;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'nul';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_VARIABLES_DEPTH) return 'depth';
    for (const [key, inner] of Object.entries(current)) {
      if (key.includes('\u0000')) return 'nul';
      pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return null;
}
