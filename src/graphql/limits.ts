/**
 * Validation rules that bound what one GraphQL document may ask for: depth, aliases, an estimated cost, and the
 * database work it may cause (reads and replays, `DATABASE_FIELDS`).
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
  NoSchemaIntrospectionCustomRule,
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
import { noNulRule } from './nul';

export interface QueryLimits {
  readonly maxDepth: number;
  readonly maxAliases: number;
  readonly maxCost: number;
  /** Database reads or game replays one operation may cause (src/graphql/work-meter.ts checks it as it runs). */
  readonly maxWork: number;
}

/**
 * The fields, beyond every root field, that read the database or replay a game each time they resolve: a game's
 * view, legal moves and forced plays (its state, folded from the log unless this copy has it), its move log, a position after
 * a ply (a replay), a player's ratings and statistics, the game of a player event, a game's tournament (read only for
 * a tournament's game), and a tournament's players, standings, boards and rounds. Each counts 1 unit of work.
 */
export const DATABASE_FIELDS = [
  'Game.view',
  'Game.legalMoves',
  'Game.forcedPlays',
  'Game.moves',
  'Game.positionAfter',
  'Player.ratings',
  'Player.stats',
  'PlayerEvent.game',
  'Game.tournament',
  'Tournament.players',
  'Tournament.joined',
  'Tournament.standings',
  'Tournament.boards',
  'Tournament.rounds',
] as const;

/** Whether resolving `field` of `parent` (a type name) reads the database or replays a game. */
export function doesDatabaseWork(schema: GraphQLSchema, parent: string, field: string): boolean {
  if (field.startsWith('__')) return false;
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return (
    roots.some((root) => root?.name === parent) ||
    (DATABASE_FIELDS as readonly string[]).includes(`${parent}.${field}`)
  );
}

/** A list field's cost multiplier when it has no `first` argument (a game's players, piles, cards …). */
const DEFAULT_LIST_SIZE = 10;
/** Lists known to run longer than that: a game's move log is often hundreds of events. */
const LIST_SIZE_HINTS: Readonly<Record<string, number>> = {
  'Game.moves': 300,
  // A tournament of up to 256 players: a round's boards are half as many, every round's many more.
  'Tournament.players': 64,
  'Tournament.standings': 64,
  'Tournament.boards': 128,
};
/** A page field (one taking `first`) without `first` serves this many: the resolvers' default. */
export const DEFAULT_PAGE_SIZE = 20;
/** `first` given as a variable is unknown when validating: assume the largest page the API serves. */
export const MAX_PAGE_SIZE = 100;

/** What a selection set asks for: its cost, how deep it goes below itself, its aliases and its database work. */
interface Measure {
  readonly cost: number;
  readonly depth: number;
  readonly aliases: number;
  readonly work: number;
}

const NOTHING: Measure = { cost: 0, depth: 0, aliases: 0, work: 0 };

/**
 * What `extensions.limit` names: the measures below, and the bounds checked before validation
 * (src/graphql/document-bounds.ts: `tokens`, `selections`, `directives`, `lines`, and `depth` for nested brackets).
 */
export const LIMIT_KINDS = [
  'depth',
  'aliases',
  'cost',
  'work',
  'tokens',
  'selections',
  'directives',
  'lines',
] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

export interface LimitProblem {
  readonly limit: LimitKind;
  readonly message: string;
}

export function limitError(problem: LimitProblem): GraphQLError {
  return new GraphQLError(problem.message, { extensions: { code: 'BAD_USER_INPUT', limit: problem.limit } });
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
    let work = 0;
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
          inner = this.fragment(selection.name.value, path, pageSize);
          break;
      }
      cost += inner.cost;
      depth = Math.max(depth, inner.depth);
      aliases += inner.aliases;
      work += inner.work;
    }
    return { cost, depth, aliases, work };
  }

  private field(
    parent: GraphQLNamedType | undefined,
    field: FieldNode,
    path: ReadonlySet<string>,
    pageSize: number | null,
  ): Measure {
    const alias = field.alias === undefined ? 0 : 1;
    const own = parent !== undefined && doesDatabaseWork(this.schema, parent.name, field.name.value) ? 1 : 0;
    if (field.selectionSet === undefined) return { cost: 1, depth: 1, aliases: alias, work: own };
    const definition = this.fieldDefinition(parent, field.name.value);
    const first = pageSizeOf(field, definition);
    const listed = definition !== undefined && isListed(definition.type);
    const hint = parent === undefined ? undefined : LIST_SIZE_HINTS[`${parent.name}.${field.name.value}`];
    const size = listed ? (first ?? pageSize ?? hint ?? DEFAULT_LIST_SIZE) : 1;
    const namedType = definition === undefined ? undefined : getNamedType(definition.type);
    const inner = this.selectionSet(namedType, field.selectionSet, path, listed ? null : first);
    return {
      cost: 1 + size * inner.cost,
      depth: 1 + inner.depth,
      aliases: alias + inner.aliases,
      work: own + size * inner.work,
    };
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

  /** A fragment spread inside a page (`games(first: 100) { ...Page }`) is measured with that page's size. */
  private fragment(name: string, path: ReadonlySet<string>, pageSize: number | null): Measure {
    const key = `${name}@${pageSize ?? ''}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    // An unknown fragment or a cycle is reported by graphql's own rules; measure it as nothing here.
    if (fragment === undefined || path.has(name)) return NOTHING;
    const type = this.schema.getType(fragment.typeCondition.name.value) ?? undefined;
    const measured = this.selectionSet(type, fragment.selectionSet, new Set([...path, name]), pageSize);
    this.memo.set(key, measured);
    return measured;
  }
}

/**
 * The page size a field asks for: its `first` literal; the largest page when `first` is a variable (unknown
 * while validating); the default page when the field takes `first` but it is left out; null when it takes none.
 */
function pageSizeOf(field: FieldNode, definition: GraphQLField<unknown, unknown> | undefined): number | null {
  const argument = field.arguments?.find((candidate) => candidate.name.value === 'first');
  if (argument === undefined) {
    return definition?.args.some((candidate) => candidate.name === 'first') ? DEFAULT_PAGE_SIZE : null;
  }
  return argument.value.kind === Kind.INT ? Math.max(1, Number(argument.value.value)) : MAX_PAGE_SIZE;
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
export function limitProblems(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: QueryLimits,
): LimitProblem[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const measurer = new Measurer(schema, fragments);
  const problems: LimitProblem[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const measured = measurer.selectionSet(rootType(schema, definition), definition.selectionSet, new Set());
    if (measured.depth > limits.maxDepth) {
      problems.push({
        limit: 'depth',
        message: `the query is ${measured.depth} levels deep; at most ${limits.maxDepth} are allowed`,
      });
    }
    if (measured.aliases > limits.maxAliases) {
      problems.push({
        limit: 'aliases',
        message: `the query uses ${measured.aliases} aliases; at most ${limits.maxAliases} are allowed`,
      });
    }
    if (measured.cost > limits.maxCost) {
      problems.push({
        limit: 'cost',
        message: `the query's estimated cost is ${measured.cost}; at most ${limits.maxCost} is allowed`,
      });
    }
    if (measured.work > limits.maxWork) {
      problems.push({
        limit: 'work',
        message: `the query may read the database or replay a game ${measured.work} times; at most ${limits.maxWork} are allowed`,
      });
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

/**
 * Our rules on top of graphql-js's: the limits, no NUL, and no introspection when it is switched off. Apollo is
 * given exactly these (`validationRules`, with its own `introspection` switch left open so that this list decides),
 * and graphql-ws validates with them too (`validateWithLimits`): one list for every way in.
 */
export function apiValidationRules(limits: QueryLimits, introspection: boolean): ValidationRule[] {
  return [queryLimitRule(limits), noNulRule, ...(introspection ? [] : [NoSchemaIntrospectionCustomRule])];
}

/**
 * How validation runs on every way in (Apollo's `validationOptions`, and graphql-ws below): it stops at 20 errors (graphql-js
 * stops at 100 unless told), since each error costs a search for its place, and a "did you mean" a comparison with
 * every field of its type; twenty say enough about any document.
 */
export const VALIDATION_OPTIONS = { maxErrors: 20 } as const;

/** Validation where Apollo does not validate (graphql-ws): graphql-js's rules and `apiValidationRules`. */
export function validateWithLimits(limits: QueryLimits, introspection: boolean) {
  const rules = [...specifiedRules, ...apiValidationRules(limits, introspection)];
  // graphql-ws parses and validates every operation a socket sends, and a bot sends the same few documents
  // thousands of times; validation is a function of the schema and the document's text, so its verdict is
  // kept per text (as Apollo keeps its document store for HTTP). Bounded in number and in characters (a text may be
  // as long as a message): the oldest verdicts go first.
  const verdicts = new WeakMap<GraphQLSchema, Verdicts>();
  return (schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] => {
    const text = document.loc?.source.body;
    if (text === undefined) return validate(schema, document, rules, VALIDATION_OPTIONS);
    let known = verdicts.get(schema);
    if (known === undefined) verdicts.set(schema, (known = { byText: new Map(), characters: 0 }));
    const cached = known.byText.get(text);
    if (cached !== undefined) return cached;
    const errors = validate(schema, document, rules, VALIDATION_OPTIONS);
    if (text.length > MAX_KEPT_TEXT_LENGTH) return errors;
    known.byText.set(text, errors);
    known.characters += text.length;
    for (const oldest of known.byText.keys()) {
      if (known.byText.size <= VALIDATED_DOCUMENTS_KEPT && known.characters <= VALIDATED_CHARACTERS_KEPT)
        break;
      known.byText.delete(oldest);
      known.characters -= oldest.length;
    }
    return errors;
  };
}

/** The verdicts kept for one schema, by document text, and the characters of those texts. */
interface Verdicts {
  readonly byText: Map<string, readonly GraphQLError[]>;
  characters: number;
}

/** How many validated document texts a socket server remembers (a few per client program in practice). */
export const VALIDATED_DOCUMENTS_KEPT = 1000;
/** And how many characters of them at most. */
export const VALIDATED_CHARACTERS_KEPT = 1 << 20;
/**
 * The longest document text kept by its text (here and in src/graphql/document-bounds.ts): far above any client's
 * (the web client's largest is under 3,000 characters). V8 hashes a longer string by its length alone, so long texts
 * of one length would all be compared in full on every look-up; they are read anew instead.
 */
export const MAX_KEPT_TEXT_LENGTH = 16_383;
