/**
 * The bounds a document keeps before it is parsed for good and validated (src/graphql/document-bounds.ts): tokens
 * as graphql-js's parser counts them, brackets outside strings and comments, directives, selections with their
 * fragments spread, selections crowding one place, aliases; each pass stopping at its bound. And the margins of the
 * defaults over every document this repository sends (docs/api/limits.md#limits).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { GraphQLError, getIntrospectionQuery, parse } from 'graphql';
import { loadConfig } from '../../../src/config/config';
import {
  BoundedParser,
  DocumentBounds,
  MAX_DIRECTIVES,
  MAX_IN_ONE_PLACE,
  MAX_PAIRS,
  nestingLimit,
  shapeProblem,
  textProblem,
} from '../../../src/graphql/document-bounds';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DEFAULTS: DocumentBounds = loadConfig({}).graphql;
const GENEROUS: DocumentBounds = { maxTokens: 1e6, maxSelections: 1e6, maxDepth: 1000, maxAliases: 1e6 };

describe('the text, before it is parsed', () => {
  it('counts tokens as the parser does (comments and whitespace free), and stops at the bound', () => {
    // 8 tokens: `{ a : me { id } }`; the comment and the commas are not tokens.
    const text = '# a comment {{{ \n{ a: me { id } },,,';
    expect(textProblem(text, { ...GENEROUS, maxTokens: 8 })).toBeNull();
    expect(() => parse(text, { maxTokens: 8 })).not.toThrow();
    expect(textProblem(text, { ...GENEROUS, maxTokens: 7 })).toEqual({
      limit: 'tokens',
      message: 'the document has more than 7 tokens; at most 7 are allowed',
    });
    expect(() => parse(text, { maxTokens: 7 })).toThrow(/Document contains more tha[nt] 7 tokens/);
  });

  it('measures nesting by brackets, not by what strings, block strings and comments hold', () => {
    const limit = nestingLimit(2);
    expect(limit).toBe(2 + 1 + 16);
    const deep = (levels: number): string => `{ f(a: ${'['.repeat(levels - 2)}1${']'.repeat(levels - 2)}) }`;
    expect(textProblem(deep(limit), { ...GENEROUS, maxDepth: 2 })).toBeNull();
    expect(textProblem(deep(limit + 1), { ...GENEROUS, maxDepth: 2 })).toEqual({
      limit: 'depth',
      message: `the document nests brackets more than ${limit} deep; at most ${limit} are allowed`,
    });
    const text = `{ f(a: "${'{'.repeat(100)}", b: """${'['.repeat(100)}""") } # ${'('.repeat(100)}`;
    expect(textProblem(text, { ...GENEROUS, maxDepth: 2 })).toBeNull();
  });

  it('counts directives by their @', () => {
    const text = (count: number): string => `{ ${'__typename @skip(if: false) '.repeat(count)}}`;
    expect(textProblem(text(MAX_DIRECTIVES), GENEROUS)).toBeNull();
    expect(textProblem(text(MAX_DIRECTIVES + 1), GENEROUS)?.limit).toBe('directives');
  });

  it('leaves a text that does not lex to the parser, which reports its syntax error', () => {
    expect(textProblem('{ f(a: "unterminated) }', GENEROUS)).toBeNull();
    expect(new BoundedParser(GENEROUS).problem('{ f(a: "unterminated) }')).toBeNull();
    expect(() => new BoundedParser(GENEROUS).parse('{ f(a: "unterminated) }')).toThrow(/Syntax Error/);
  });

  it('refuses 20,000 nested brackets before the recursive parser runs (it overflows the stack on them)', () => {
    const text = `{ f(a: ${'['.repeat(20_000)}1${']'.repeat(20_000)}) }`;
    expect(() => parse(text)).toThrow(RangeError);
    expect(() => new BoundedParser(DEFAULTS).parse(text)).toThrow(/nests brackets more than/);
  });
});

describe('the parsed document, its fragments spread', () => {
  const shape = (text: string, bounds: Partial<DocumentBounds> = {}) =>
    shapeProblem(parse(text), { ...GENEROUS, ...bounds });

  it('counts every selection wherever its fragment is spread, and stops at the bound', () => {
    // me, a, b and c, and in each of the 3 places the spread and F's 2 fields: 13 selections.
    const text =
      '{ me { a: ratings { ...F } b: ratings { ...F } c: ratings { ...F } } } fragment F on R { x y }';
    expect(shape(text, { maxSelections: 13 })).toBeNull();
    expect(shape(text, { maxSelections: 12 })?.limit).toBe('selections');
    // A bomb of 2^40 selections once spread is refused after reading no more than the bound.
    const levels = Array.from(
      { length: 40 },
      (_, level) => `fragment L${level} on Q { a: f { ...L${level + 1} } b: f { ...L${level + 1} } }`,
    );
    const bomb = `{ ...L0 } ${levels.join(' ')} fragment L40 on Q { x }`;
    expect(shape(bomb, { maxSelections: 1000 })).toEqual({
      limit: 'selections',
      message:
        'the document has more than 1000 selections (fields and fragments, each fragment counted wherever it is ' +
        'spread); at most 1000 are allowed',
    });
  });

  it('bounds the fields that share a response name in one place, through inline fragments and fragments', () => {
    const repeated = (count: number): string => `{ ${'me { id } '.repeat(count)}}`;
    expect(shape(repeated(MAX_IN_ONE_PLACE))).toBeNull();
    expect(shape(repeated(MAX_IN_ONE_PLACE + 1))).toEqual({
      limit: 'selections',
      message: `the document selects one response name more than ${MAX_IN_ONE_PLACE} times in one place; at most ${MAX_IN_ONE_PLACE} are allowed`,
    });
    // The nested `id`s share the place me.id: 3 here, 3 × 3 = 9 below.
    const nested = '{ me { id id id } me { id id id } me { id id id } }';
    expect(shape(nested)?.message).toMatch(/more than 8 times in one place/);
    // Aliases are response names of their own; an alias to another field's name is that name.
    expect(shape('{ a: me { id } b: me { id } me { id } me: player { id } }')).toBeNull();
    const viaFragments = `{ ... on Q { me { id } } ...A ...B } fragment A on Q { me { id } ... on Q { me { id } } } fragment B on Q { me { id id id id id id } }`;
    expect(shape(viaFragments)?.message).toMatch(/more than 8 times in one place/);
  });

  it('bounds the fragments spread in one place, counting a fragment spread twice there once', () => {
    const spreads = (count: number, again = ''): string =>
      `{ me { ${Array.from({ length: count }, (_, index) => `...F${index}`).join(' ')} ${again} } } ` +
      Array.from({ length: count }, (_, index) => `fragment F${index} on P { f${index} }`).join(' ');
    expect(shape(spreads(MAX_IN_ONE_PLACE, '...F0 ...F1 ...F0'))).toBeNull();
    expect(shape(spreads(MAX_IN_ONE_PLACE + 1))).toEqual({
      limit: 'selections',
      message: `the document spreads more than ${MAX_IN_ONE_PLACE} fragments in one place; at most ${MAX_IN_ONE_PLACE} are allowed`,
    });
  });

  it('bounds the pairs validation compares over the whole document', () => {
    // Each place holds 8 `id`s: 28 pairs; 9 places make 252, 10 make 280.
    const places = (count: number): string =>
      `{ ${Array.from({ length: count }, (_, index) => `p${index}: me { ${'id '.repeat(8)}}`).join(' ')} }`;
    expect(MAX_PAIRS).toBe(256);
    expect(shape(places(9))).toBeNull();
    expect(shape(places(10))).toEqual({
      limit: 'selections',
      message:
        'the document makes more than 256 pairs of selections in one place (a response name selected again, or ' +
        'fragments spread side by side); at most 256 are allowed',
    });
  });

  it('follows no cycle and no unknown fragment (graphql-js refuses those itself)', () => {
    expect(
      shape('{ ...A ...Missing } fragment A on Q { f { ...B } } fragment B on R { g { ...A } }'),
    ).toBeNull();
  });

  it('counts aliases per operation, fragments included, worded as the validation rule words it', () => {
    const aliased = (count: number): string =>
      Array.from({ length: count }, (_, index) => `a${index}: __typename`).join(' ');
    expect(shape(`query A { ${aliased(30)} } query B { ${aliased(30)} }`, { maxAliases: 30 })).toBeNull();
    expect(shape(`{ ${aliased(20)} ...F } fragment F on Q { ${aliased(11)} }`, { maxAliases: 30 })).toEqual({
      limit: 'aliases',
      message: 'the query uses 31 aliases; at most 30 are allowed',
    });
  });
});

describe('the bounded parser', () => {
  it('keeps an accepted document by its text, and refuses with the limit in `extensions`', () => {
    const parser = new BoundedParser(DEFAULTS);
    const document = parser.parse('{ me { id } }');
    expect(parser.parse('{ me { id } }')).toBe(document);
    const refusal = (() => {
      try {
        parser.parse(`{ ${'me { id } '.repeat(9)}}`);
        return null;
      } catch (error) {
        return error as GraphQLError;
      }
    })();
    expect(refusal).toBeInstanceOf(GraphQLError);
    expect(refusal?.extensions).toEqual({ code: 'BAD_USER_INPUT', limit: 'selections' });
  });
});

/**
 * Every document this repository sends: the web client's, the TypeScript client's (clients/typescript), the
 * Python bot's, the docs' (the API reference, its topic pages, the correspondence page and the quickstart),
 * introspection.
 */
function committedDocuments(): [string, string][] {
  const documents: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) {
        if (entry !== 'generated' && entry !== 'node_modules') walk(file);
      } else if (file.endsWith('.graphql'))
        documents.push([path.relative(ROOT, file), readFileSync(file, 'utf8')]);
    }
  };
  walk(path.join(ROOT, 'web', 'src'));
  walk(path.join(ROOT, 'clients'));
  walk(path.join(ROOT, 'examples'));
  const bot = readFileSync(path.join(ROOT, 'examples', 'python-bot', 'bot.py'), 'utf8');
  for (const [index, match] of [
    ...bot.matchAll(/"""((?:query|mutation|subscription)[\s\S]*?)"""/g),
  ].entries())
    documents.push([`examples/python-bot/bot.py #${index + 1}`, match[1] as string]);
  const topics = readdirSync(path.join(ROOT, 'docs', 'api'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `api/${name}`);
  expect(topics.length).toBeGreaterThanOrEqual(10);
  for (const page of ['api.md', ...topics, 'correspondence.md', 'quickstart.md']) {
    const text = readFileSync(path.join(ROOT, 'docs', page), 'utf8');
    for (const [index, match] of [...text.matchAll(/```graphql\n([\s\S]*?)```/g)].entries())
      documents.push([`docs/${page} #${index + 1}`, match[1] as string]);
  }
  const everything = getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
    oneOf: true,
  });
  documents.push(
    ['the introspection query', getIntrospectionQuery()],
    ['the full introspection query', everything],
  );
  return documents;
}

describe('the defaults leave room over every document this repository sends', () => {
  it('a quarter of the tokens, half the selections, the same nesting, pairs and aliases', () => {
    // The largest: web/src/home.graphql, 373 tokens; web/src/table/table.graphql, 416 selections spread.
    const tight = new BoundedParser({
      maxTokens: DEFAULTS.maxTokens / 4,
      maxSelections: DEFAULTS.maxSelections / 2,
      maxDepth: DEFAULTS.maxDepth,
      maxAliases: DEFAULTS.maxAliases,
    });
    const documents = committedDocuments();
    expect(documents.length).toBeGreaterThan(80);
    for (const [name, text] of documents)
      expect({ name, problem: tight.problem(text) }).toEqual({ name, problem: null });
  });
});
