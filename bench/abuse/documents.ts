/**
 * The documents of bench:abuse: a harmless one (`{ __typename }` amid whitespace) and hostile ones, each padded to
 * the same size with whitespace, and each copy made unique by a trailing comment, so that no cache on the way (our
 * bounded parser's, Apollo's document store, graphql-ws's validation verdicts) spares the server any work: every
 * request is read as if it were the first.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface DocumentKind {
  readonly name: string;
  /** What it is, for the report. */
  readonly what: string;
  /** The document before padding. */
  readonly core: string;
}

/** Five thousand selection sets nested in one another: the recursive parser's stack overflowed on it. */
function nestedSelections(levels: number): string {
  return `{ ${'me { '.repeat(levels)}id${' }'.repeat(levels)} }`;
}

/** A list literal nested ten thousand deep, as an argument. */
function nestedList(levels: number): string {
  return `{ player(username: ${'['.repeat(levels)}"x"${']'.repeat(levels)}) { id } }`;
}

/**
 * The most work validation can be given within the bounds, as far as we know: distinct fragments spread eight to a
 * place (every pair of them compared by OverlappingFieldsCanBeMergedRule) in as many places as the pair bound
 * allows (9 × 28 = 252 pairs of 256), each selecting a field the schema does not have (so that validation refuses
 * it, with a "did you mean" for each, and nothing executes).
 */
function pairedFragments(places: number): string {
  const spreads: string[] = [];
  const fragments: string[] = [];
  for (let place = 0; place < places; place++) {
    const names = Array.from({ length: 8 }, (_, index) => `F${place}_${index}`);
    spreads.push(`p${place}: me { ${names.map((name) => `...${name}`).join(' ')} }`);
    names.forEach((name, index) => fragments.push(`fragment ${name} on Player { user${index} }`));
  }
  return `{ ${spreads.join(' ')} }\n${fragments.join('\n')}`;
}

/**
 * Fields the schema does not have, each a mutation's name and a number, one to a line after `blankLines` empty
 * ones: validation reports each (up to its error bound) with a "did you mean", which compares the name with every
 * field of the type, and finds each one's line by counting the line breaks before it.
 */
function misspelledFields(count: number, blankLines: number): string {
  const names = ['register', 'login', 'logout', 'makeMove', 'createGame', 'joinGame', 'resign', 'rematch'];
  const fields = Array.from({ length: count }, (_, index) => `${names[index % names.length]}${index}`);
  return `${'\n'.repeat(blankLines)}mutation {\n${fields.join('\n')}\n}`;
}

/** Fragments each spread four times by the one before: 4^5 selections once spread, from a few lines. */
function fragmentBomb(): string {
  const lines = ['{ me { ...L0 } }'];
  for (let level = 0; level < 4; level++) {
    const inner = `...L${level + 1}`;
    lines.push(
      `fragment L${level} on Player { id a: ratings { ${inner} } b: ratings { ${inner} } c: ratings { ${inner} } d: ratings { ${inner} } }`,
    );
  }
  lines.push('fragment L4 on Player { id }');
  return lines.join('\n');
}

/** The web client's largest document (all its operations, sent without an operation name: refused after validation). */
function largestClientDocument(root: string): string {
  return fs.readFileSync(path.join(root, 'web', 'src', 'table', 'table.graphql'), 'utf8');
}

export const HARMLESS: DocumentKind = {
  name: 'harmless',
  what: '{ __typename } amid whitespace',
  core: '{ __typename }',
};

/** Every hostile kind, each refused (or, for the last two, validated and refused) without executing. */
export function hostileKinds(root: string): readonly DocumentKind[] {
  return [
    { name: 'tokens', what: '9,000 × me{id}', core: `{ ${'me{id} '.repeat(9000)}}` },
    { name: 'nested', what: '5,000 nested selections', core: nestedSelections(5000) },
    { name: 'list', what: 'a list literal 10,000 deep', core: nestedList(10_000) },
    { name: 'repeated', what: 'me { id } 9 times in one place', core: `{ ${'me { id } '.repeat(9)}}` },
    { name: 'bomb', what: 'a fragment bomb (4^5)', core: fragmentBomb() },
    { name: 'directives', what: '51 directives', core: `{ ${'__typename @include(if: true) '.repeat(51)}}` },
    { name: 'paired', what: 'within the bounds: 252 pairs of fragments', core: pairedFragments(9) },
    {
      name: 'lines',
      what: '30,000 line breaks, then 101 unknown fields',
      core: misspelledFields(101, 30_000),
    },
    {
      name: 'misspelled',
      what: 'within the bounds: 101 unknown fields, on lines 897–997',
      core: misspelledFields(101, 896),
    },
    {
      name: 'client',
      what: "within the bounds: the web client's largest",
      core: largestClientDocument(root),
    },
  ];
}

/**
 * Makes `core` a document of exactly `bytes` bytes as a JSON string (as it travels, in a body or a message, where a
 * line break takes two): spaces, then a comment with `nonce`. Refuses a core that does not fit.
 */
export function padded(core: string, bytes: number, nonce: number): string {
  const tail = `\n#${nonce.toString(36).padStart(10, '0')}`;
  const encoded = (text: string): number => Buffer.byteLength(JSON.stringify(text)) - 2;
  const room = bytes - encoded(core) - encoded(tail);
  if (room < 0) throw new RangeError(`a document of ${encoded(core)} bytes does not fit in ${bytes}`);
  return `${core}${' '.repeat(room)}${tail}`;
}

/** The 2 MB graphql-ws message of the finding: 300,000 × me{id}, which stalled the server for 16 s. */
export function oversizedMessage(id: string): string {
  return JSON.stringify({ id, type: 'subscribe', payload: { query: `{ ${'me{id} '.repeat(300_000)}}` } });
}
