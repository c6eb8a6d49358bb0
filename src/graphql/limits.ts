/**
 * Validation rules that bound what one GraphQL document may ask for: depth, aliases and an estimated cost.
 * They run on every document — introspection included, so a query named `__schema` gets no free pass — before
 * anything executes. Fragments are followed (and a fragment cycle is already a validation error of its own).
 */
import {
  ASTVisitor,
  DocumentNode,
  GraphQLField,
  GraphQLNamedType,
  GraphQLOutputType,
  GraphQLSchema,
  OperationDefinitionNode,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  getNamedType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  specifiedRules,
  validate,
  FieldNode,
  FragmentDefinitionNode,
  GraphQLError,
  Kind,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
} from 'graphql';

export interface QueryLimits {
  readonly maxDepth: number;
  readonly maxAliases: number;
  readonly maxCost: number;
}

/** A list field's cost multiplier when it has no `first` argument (a game's moves, players, piles …). */
const DEFAULT_LIST_SIZE = 10;

/** What a selection set asks for: its cost, how deep it goes below itself and how many aliases it uses. */
interface Measure {
  readonly cost: number;
  readonly depth: number;
  readonly aliases: number;
}

function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * Measures a selection set against the schema: a list of objects multiplies what is selected inside it by its
 * `first` argument (or DEFAULT_LIST_SIZE). Fragment measures are memoised, so a document that spreads fragments
 * into each other many times is measured in linear time (its cost still multiplies, and is then refused).
 */
class Measurer {
  private readonly memo = new Map<string, Measure>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  ) {}

  /** `pageSize`: a `first` given on an enclosing connection field, which sizes the list inside it (`edges`). */
  selectionSet(
    type: GraphQLNamedType | undefined,
    selections: SelectionSetNode,
    path: ReadonlySet<string>,
    pageSize: number | null = null,
  ): Measure {
    let cost = 0;
    let depth = 0;
    let aliases = 0;
    for (const selection of selections.selections) {
      let inner: Measure;
      switch (selection.kind) {
        case Kind.FIELD:
          inner = this.field(type, selection, path, pageSize);
          break;
        case Kind.INLINE_FRAGMENT: {
          const condition = selection.typeCondition?.name.value;
          const narrowed = condition === undefined ? type : this.schema.getType(condition);
          inner = this.selectionSet(narrowed, selection.selectionSet, path, pageSize);
          break;
        }
        case Kind.FRAGMENT_SPREAD:
          inner = this.fragment(selection.name.value, path);
          break;
      }
      cost += inner.cost;
      depth = Math.max(depth, inner.depth);
      aliases += inner.aliases;
    }
    return { cost, depth, aliases };
  }

  private field(
    parent: GraphQLNamedType | undefined,
    field: FieldNode,
    path: ReadonlySet<string>,
    pageSize: number | null,
  ): Measure {
    const alias = field.alias === undefined ? 0 : 1;
    if (field.selectionSet === undefined) return { cost: 1, depth: 1, aliases: alias };
    const definition = this.fieldDefinition(parent, field.name.value);
    const firstArgument = field.arguments?.find((argument) => argument.name.value === 'first');
    const first =
      firstArgument?.value.kind === Kind.INT ? Math.max(1, Number(firstArgument.value.value)) : null;
    const listed = definition !== undefined && isListed(definition.type);
    const size = listed ? (first ?? pageSize ?? DEFAULT_LIST_SIZE) : 1;
    const namedType = definition === undefined ? undefined : getNamedType(definition.type);
    const inner = this.selectionSet(namedType, field.selectionSet, path, listed ? null : first);
    return { cost: 1 + size * inner.cost, depth: 1 + inner.depth, aliases: alias + inner.aliases };
  }

  private fieldDefinition(
    parent: GraphQLNamedType | undefined,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    if (parent === undefined || !(isObjectType(parent) || isInterfaceType(parent))) return undefined;
    return parent.getFields()[name];
  }

  private fragment(name: string, path: ReadonlySet<string>): Measure {
    const known = this.memo.get(name);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    // An unknown fragment or a cycle is reported by graphql's own rules; measure it as nothing here.
    if (fragment === undefined || path.has(name)) return { cost: 0, depth: 0, aliases: 0 };
    const type = this.schema.getType(fragment.typeCondition.name.value) ?? undefined;
    const measured = this.selectionSet(type, fragment.selectionSet, new Set([...path, name]));
    this.memo.set(name, measured);
    return measured;
  }
}

function isListed(type: GraphQLOutputType): boolean {
  for (let current: GraphQLOutputType = type; ;) {
    if (isListType(current)) return true;
    if (!isNonNullType(current)) return false;
    current = current.ofType;
  }
}

function rootType(schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLNamedType | undefined {
  switch (operation.operation) {
    case 'query':
      return schema.getQueryType() ?? undefined;
    case 'mutation':
      return schema.getMutationType() ?? undefined;
    case 'subscription':
      return schema.getSubscriptionType() ?? undefined;
  }
}

/** Every way `document` exceeds the limits, as messages (empty when it is within them). */
export function limitProblems(schema: GraphQLSchema, document: DocumentNode, limits: QueryLimits): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measurer = new Measurer(schema, fragments);
  const problems: string[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const measured = measurer.selectionSet(rootType(schema, definition), definition.selectionSet, new Set());
    if (measured.depth > limits.maxDepth) {
      problems.push(`the query is ${measured.depth} levels deep; at most ${limits.maxDepth} are allowed`);
    }
    if (measured.aliases > limits.maxAliases) {
      problems.push(`the query uses ${measured.aliases} aliases; at most ${limits.maxAliases} are allowed`);
    }
    if (measured.cost > limits.maxCost) {
      problems.push(`the query's estimated cost is ${measured.cost}; at most ${limits.maxCost} is allowed`);
    }
  }
  return problems;
}

/** The limits as a graphql validation rule (HTTP requests). */
export function queryLimitRule(limits: QueryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    Document(document) {
      for (const problem of limitProblems(context.getSchema(), document, limits))
        context.reportError(limitError(problem));
    },
  });
}

/** graphql-ws validates documents itself: the same limits, for subscriptions over a WebSocket. */
export function validateWithLimits(limits: QueryLimits) {
  const rule = queryLimitRule(limits);
  return (schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] =>
    validate(schema, document, [...specifiedRules, rule]);
}
