/**
 * Bounds a GraphQL document keeps before anything costs more than reading it (docs/api/limits.md#limits).
 * graphql-js's parser is recursive, and its specified validation rules are not linear in the document's size
 * (OverlappingFieldsCanBeMergedRule compares every pair of fields that share a response name in one place,
 * and every pair of fragments spread in one place), so every document is judged in two cheap passes first, on
 * every way in (src/graphql/transports.ts), each stopping at its limit:
 *
 * 1. its text, token by token with graphql-js's own lexer (a loop, no recursion): at most `maxTokens` tokens (the
 *    parser's `maxTokens` too), brackets nested at most `nestingLimit(maxDepth)` deep, at most MAX_DIRECTIVES
 *    directives and MAX_LINES lines — before the recursive parser runs, so no text reaches a stack overflow;
 * 2. its parsed form, walked once with its fragments spread (a loop over an explicit stack): at most `maxSelections`
 *    selections in all, at most MAX_IN_ONE_PLACE fields sharing a response name in one place and as many fragments
 *    spread in one place, at most MAX_PAIRS such pairs in the document (the pairs the overlap rule compares), and at
 *    most `maxAliases` aliases per operation.
 *
 * Only a document within these is parsed for good and validated by graphql-js's rules and ours
 * (src/graphql/limits.ts), so a refused document costs work in proportion to its bytes, whatever its shape.
 */
import {
  DocumentNode,
  FragmentDefinitionNode,
  GraphQLError,
  Kind,
  Lexer,
  SelectionSetNode,
  Source,
  TokenKind,
  parse,
} from 'graphql';
import { LimitProblem, MAX_KEPT_TEXT_LENGTH, limitError } from './limits';
import { MAX_VARIABLES_DEPTH } from '../http/request-variables';

export interface DocumentBounds {
  /** Tokens of the text: names, values and punctuation (comments and whitespace are free). */
  readonly maxTokens: number;
  /** Fields, fragment spreads and inline fragments, each fragment counted wherever it is spread. */
  readonly maxSelections: number;
  /** The depth limit of fields (GRAPHQL_MAX_DEPTH): the bound on nested brackets follows from it. */
  readonly maxDepth: number;
  readonly maxAliases: number;
}

/**
 * Directives in one document. No operation of the web client, the example bots or docs/api/ uses one; `@include`
 * and `@skip` on every field of a large query stay well within.
 */
export const MAX_DIRECTIVES = 50;

/**
 * Lines of one document. graphql-js places each error it reports by counting the line breaks before it, so a text of
 * many lines makes every validation error cost as much as reading it (64 KiB of line breaks and a hundred unknown
 * fields: a quarter of a second). The largest committed document has 154 lines.
 */
export const MAX_LINES = 1000;

/**
 * Fields with one response name in one place (one selection set, with its inline fragments and the fragments it
 * spreads), and fragments spread in one place. The committed documents never repeat a field in a place; a client
 * that spreads a few fragments which each select `id` and `__typename` (as Apollo Client's cache asks) repeats them
 * once per fragment.
 */
export const MAX_IN_ONE_PLACE = 8;

/**
 * Pairs of selections in one place that validation compares with each other (two fields sharing a response name, two
 * fragments spread side by side), counted over the whole document: what OverlappingFieldsCanBeMergedRule's work
 * grows with, beyond the document's size. The committed documents make none; a client whose fragments each repeat
 * `id` and `__typename` makes a few per place.
 */
export const MAX_PAIRS = 256;

/**
 * Brackets (`{`, `[`, `(`) open at once in a document's text: a selection set per level of fields, then the
 * arguments' parentheses and values nested as deep as the variables may be (src/graphql/nul.ts).
 */
export function nestingLimit(maxDepth: number): number {
  return maxDepth + 1 + MAX_VARIABLES_DEPTH;
}

/** Documents accepted so far are kept by their text, up to this many characters in all (the oldest go first). */
const KEPT_CHARACTERS = 1 << 20;

/**
 * Parses documents within the bounds. An accepted document is kept by its text, so a client that sends the same
 * few documents again and again (every bot does) has each read once.
 */
export class BoundedParser {
  private readonly accepted = new Map<string, DocumentNode>();
  private keptCharacters = 0;

  constructor(private readonly bounds: DocumentBounds) {}

  /** The document of `text`; throws the refusal: a limit (`extensions.limit`) or graphql-js's syntax error. */
  parse(text: string): DocumentNode {
    const known = this.accepted.get(text);
    if (known !== undefined) return known;
    const textual = textProblem(text, this.bounds);
    if (textual !== null) throw limitError(textual);
    const document = parse(text, { maxTokens: this.bounds.maxTokens });
    const shaped = shapeProblem(document, this.bounds);
    if (shaped !== null) throw limitError(shaped);
    this.keep(text, document);
    return document;
  }

  /**
   * The limit `text` exceeds, or null when it is within them. A syntax error is not one: the parser that reads the
   * document next reports it as it always does.
   */
  problem(text: string): LimitProblem | null {
    try {
      this.parse(text);
      return null;
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      return limitProblemOf(error);
    }
  }

  private keep(text: string, document: DocumentNode): void {
    if (text.length > MAX_KEPT_TEXT_LENGTH) return;
    this.accepted.set(text, document);
    this.keptCharacters += text.length;
    for (const oldest of this.accepted.keys()) {
      if (this.keptCharacters <= KEPT_CHARACTERS) break;
      this.accepted.delete(oldest);
      this.keptCharacters -= oldest.length;
    }
  }
}

/** The limit a refusal of `BoundedParser.parse` names, or null for a syntax error. */
function limitProblemOf(error: GraphQLError): LimitProblem | null {
  const { limit } = error.extensions as { limit?: LimitProblem['limit'] };
  return limit === undefined ? null : { limit, message: error.message };
}

const OPENING: ReadonlySet<TokenKind> = new Set([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING: ReadonlySet<TokenKind> = new Set([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/**
 * The first bound the text breaks, read token by token and no further than the bound: tokens, nesting,
 * directives, lines. A text that does not lex is left to the parser, which stops at the same place with its syntax
 * error.
 */
export function textProblem(text: string, bounds: DocumentBounds): LimitProblem | null {
  const maxNesting = nestingLimit(bounds.maxDepth);
  const lexer = new Lexer(new Source(text));
  let tokens = 0;
  let nesting = 0;
  let directives = 0;
  try {
    // `advance` skips comments, so the tokens counted are the ones the parser's `maxTokens` counts.
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      tokens += 1;
      if (tokens > bounds.maxTokens) {
        return {
          limit: 'tokens',
          message: `the document has more than ${bounds.maxTokens} tokens; at most ${bounds.maxTokens} are allowed`,
        };
      }
      if (OPENING.has(token.kind)) nesting += 1;
      else if (CLOSING.has(token.kind)) nesting -= 1;
      else if (token.kind === TokenKind.AT) directives += 1;
      if (nesting > maxNesting) {
        return {
          limit: 'depth',
          message: `the document nests brackets more than ${maxNesting} deep; at most ${maxNesting} are allowed`,
        };
      }
      if (directives > MAX_DIRECTIVES) {
        return {
          limit: 'directives',
          message: `the document uses more than ${MAX_DIRECTIVES} directives; at most ${MAX_DIRECTIVES} are allowed`,
        };
      }
      // The line of the token just read: line breaks after the last token place no error.
      if (lexer.line > MAX_LINES) {
        return {
          limit: 'lines',
          message: `the document has more than ${MAX_LINES} lines; at most ${MAX_LINES} are allowed`,
        };
      }
    }
  } catch (error) {
    if (error instanceof GraphQLError) return null;
    throw error;
  }
  return null;
}

/** One step of the walk: a selection set in its place, or the end of a fragment's expansion. */
type Step =
  | { readonly kind: 'selections'; readonly selections: SelectionSetNode; readonly place: number }
  | { readonly kind: 'spread'; readonly fragment: FragmentDefinitionNode; readonly place: number }
  | { readonly kind: 'spreadDone'; readonly name: string };

/**
 * The first bound the parsed document breaks: its selections in all, selections crowding one place (fields sharing a
 * response name, fragments spread side by side: each alone, and their pairs over the document), aliases per
 * operation. Each operation is walked with its fragments spread in place, as validation and execution see it; a
 * fragment spread again in the same place, a cycle or an unknown fragment is not followed (graphql-js's rules judge
 * those). A place is a response path: the fields of `{ a { b } a { b } }` named `b` share one.
 */
export function shapeProblem(document: DocumentNode, bounds: DocumentBounds): LimitProblem | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value))
      fragments.set(definition.name.value, definition);
  }
  const count = { selections: 0, pairs: 0 };
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const problem = operationProblem(definition.selectionSet, fragments, count, bounds);
    if (problem !== null) return problem;
  }
  return null;
}

/** One operation's walk (`count` runs on over the document's operations). */
function operationProblem(
  root: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  count: { selections: number; pairs: number },
  bounds: DocumentBounds,
): LimitProblem | null {
  /** Places by their parent place and response name (`2:id`), numbered; 0 is the operation's root. */
  const places = new Map<string, number>();
  /** How many selections share each place (fields by the place's number, spreads by `…` and their parent's). */
  const crowds = new Map<string, number>();
  const spreadHere = new Set<string>();
  const expanding = new Set<string>();
  let aliases = 0;
  /** Counts one more selection in `crowd`: the bound it breaks, if any. */
  const crowd = (key: string, what: 'fields' | 'fragments'): LimitProblem | null => {
    const before = crowds.get(key) ?? 0;
    crowds.set(key, before + 1);
    count.pairs += before;
    if (before + 1 > MAX_IN_ONE_PLACE) {
      const message =
        what === 'fields'
          ? `the document selects one response name more than ${MAX_IN_ONE_PLACE} times in one place`
          : `the document spreads more than ${MAX_IN_ONE_PLACE} fragments in one place`;
      return { limit: 'selections', message: `${message}; at most ${MAX_IN_ONE_PLACE} are allowed` };
    }
    if (count.pairs > MAX_PAIRS) {
      return {
        limit: 'selections',
        message:
          `the document makes more than ${MAX_PAIRS} pairs of selections in one place (a response name selected ` +
          `again, or fragments spread side by side); at most ${MAX_PAIRS} are allowed`,
      };
    }
    return null;
  };
  const steps: Step[] = [{ kind: 'selections', selections: root, place: 0 }];
  for (let step = steps.pop(); step !== undefined; step = steps.pop()) {
    if (step.kind === 'spreadDone') {
      expanding.delete(step.name);
      continue;
    }
    if (step.kind === 'spread') {
      // Marked while its own selections are walked (they come off the stack before `spreadDone`).
      expanding.add(step.fragment.name.value);
      steps.push({ kind: 'spreadDone', name: step.fragment.name.value });
      steps.push({ kind: 'selections', selections: step.fragment.selectionSet, place: step.place });
      continue;
    }
    for (const selection of step.selections.selections) {
      count.selections += 1;
      if (count.selections > bounds.maxSelections) {
        return {
          limit: 'selections',
          message:
            `the document has more than ${bounds.maxSelections} selections (fields and fragments, each fragment ` +
            `counted wherever it is spread); at most ${bounds.maxSelections} are allowed`,
        };
      }
      switch (selection.kind) {
        case Kind.FIELD: {
          if (selection.alias !== undefined) aliases += 1;
          const key = `${step.place}:${(selection.alias ?? selection.name).value}`;
          let place = places.get(key);
          if (place === undefined) places.set(key, (place = places.size + 1));
          const problem = crowd(String(place), 'fields');
          if (problem !== null) return problem;
          if (selection.selectionSet !== undefined)
            steps.push({ kind: 'selections', selections: selection.selectionSet, place });
          break;
        }
        case Kind.INLINE_FRAGMENT:
          steps.push({ kind: 'selections', selections: selection.selectionSet, place: step.place });
          break;
        case Kind.FRAGMENT_SPREAD: {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          const key = `${step.place}:${name}`;
          if (fragment === undefined || expanding.has(name) || spreadHere.has(key)) break;
          spreadHere.add(key);
          const problem = crowd(`…${step.place}`, 'fragments');
          if (problem !== null) return problem;
          steps.push({ kind: 'spread', fragment, place: step.place });
          break;
        }
      }
    }
  }
  if (aliases > bounds.maxAliases) {
    // Worded as the validation rule words it (src/graphql/limits.ts), which counts the same aliases.
    return {
      limit: 'aliases',
      message: `the query uses ${aliases} aliases; at most ${bounds.maxAliases} are allowed`,
    };
  }
  return null;
}
