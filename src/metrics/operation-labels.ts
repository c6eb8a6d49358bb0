/**
 * The labels a GraphQL operation is counted under (docs/operations.md#metrics). Every value comes from a closed
 * set — the schema's own root fields, the three operation types, the API's error codes — and anything else is
 * `other`, so no client can grow the number of series: aliases, operation names, variables and ids never reach a
 * label.
 */
import {
  DocumentNode,
  GraphQLError,
  GraphQLSchema,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { getOperationAST, parse } from 'graphql';
import { API_ERROR_CODES } from '../errors/api-error';
// The labels' vocabulary is the log line's too, so it is written in the lower of the two folders (logging).
import { OTHER, type OperationLabels } from '../logging/request-log';

export const OK = 'OK';

const UNKNOWN: OperationLabels = { fields: [OTHER], type: OTHER };

/**
 * Labels already worked out, by document and operation name. Both transports hand over the document their cache
 * kept (Apollo's document store, the bounded parser's), so a client that sends the same few operations (every bot
 * does) has each labelled once; a document no cache keeps is forgotten with it.
 */
const labelled = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string | null, OperationLabels>>>();

/** The root fields (by field name, not alias) of the operation `operationName` picks in `document`. */
export function operationLabels(
  schema: GraphQLSchema,
  document: DocumentNode | undefined,
  operationName?: string | null,
): OperationLabels {
  if (document === undefined) return UNKNOWN;
  let ofSchema = labelled.get(schema);
  if (ofSchema === undefined) labelled.set(schema, (ofSchema = new WeakMap()));
  let ofDocument = ofSchema.get(document);
  if (ofDocument === undefined) ofSchema.set(document, (ofDocument = new Map()));
  const name = operationName ?? null;
  const kept = ofDocument.get(name);
  if (kept !== undefined) return kept;
  const labels = labelsOf(schema, document, name);
  // Kept only for a name the document defines (or none): a client sending made-up names grows nothing.
  if (labels !== UNKNOWN) ofDocument.set(name, labels);
  return labels;
}

function labelsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null,
): OperationLabels {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (operation === null || operation === undefined) return UNKNOWN;
  const root = schema.getRootType(operation.operation);
  if (root === null || root === undefined) return UNKNOWN;
  const known = root.getFields();
  const names = new Set<string>();
  collect(document, operation, operation.selectionSet, new Set(), (name) =>
    // Introspection (`__schema`, `__typename`) and fields the schema does not have are `other`.
    names.add(!name.startsWith('__') && Object.hasOwn(known, name) ? name : OTHER),
  );
  return { fields: names.size === 0 ? [OTHER] : [...names].sort(), type: operation.operation };
}

/**
 * The same from a document's text, as graphql-ws hands it to a hook that runs before parsing succeeded. `parseText`
 * is the server's bounded parser (src/graphql/document-bounds.ts), so a hostile text costs no more here than where
 * it was refused.
 */
export function operationLabelsOfText(
  schema: GraphQLSchema,
  query: unknown,
  operationName?: unknown,
  parseText: (text: string) => DocumentNode = parse,
): OperationLabels {
  if (typeof query !== 'string') return UNKNOWN;
  let document: DocumentNode;
  try {
    document = parseText(query);
  } catch {
    return UNKNOWN;
  }
  return operationLabels(schema, document, typeof operationName === 'string' ? operationName : null);
}

function collect(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  selections: SelectionSetNode,
  seenFragments: Set<string>,
  add: (name: string) => void,
): void {
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) add(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      collect(document, operation, selection.selectionSet, seenFragments, add);
    else {
      const name = selection.name.value;
      if (seenFragments.has(name)) continue; // a cycle is the validator's to refuse
      seenFragments.add(name);
      const fragment = document.definitions.find(
        (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === name,
      );
      if (fragment?.kind === Kind.FRAGMENT_DEFINITION)
        collect(document, operation, fragment.selectionSet, seenFragments, add);
      else add(OTHER);
    }
  }
}

const CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

/** `OK`, or the API code of the first error (a code outside the closed list is `other`). */
export function resultCode(errors: readonly { readonly extensions?: unknown }[] | undefined): string {
  const first = errors?.[0];
  if (first === undefined) return OK;
  const extensions = first.extensions as { code?: unknown } | undefined;
  const code = extensions?.code;
  return typeof code === 'string' && CODES.has(code) ? code : OTHER;
}

/** The same for raw errors, through the error shaper that gives every error its code. */
export function shapedCode(
  errors: readonly GraphQLError[] | undefined,
  shape: (error: unknown) => { readonly extensions?: unknown },
): string {
  return errors === undefined || errors.length === 0 ? OK : resultCode([shape(errors[0])]);
}
