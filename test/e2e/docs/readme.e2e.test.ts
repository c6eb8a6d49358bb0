/**
 * Keeps the README, the tour, the quickstart and the API docs honest. The tour's walkthrough (docs/tour.md) is
 * run, command by command, against a real server: every `curl` in a `<!-- readme-test:begin -->` …
 * `<!-- readme-test:end -->` region is parsed the way a shell would (quotes, `$VARIABLES`, line continuations)
 * and sent as the same HTTP request, and its answer must be the JSON shown right after it (tokens, ids and times
 * may differ; nothing else may, since the deal comes from a fixed seed, and the game dealt from a drawn seed shows
 * nothing of it but its client seeds). Lines like `ALICE=mls_…   # .data.register.token` set a variable from the
 * previous answer, as a reader pasting from it would. The subscription snippet is run as written, with Node; the
 * tour's other commands are valid GraphQL requests. Also: the README opens with the two commands, the
 * configuration table (docs/operations.md) names every variable config.ts reads, docs/schema.graphql is the
 * running server's schema (regenerate with UPDATE_SCHEMA=1), every type (the root types included), field,
 * argument and enum value has a description, the API reference (docs/api.md and the topic pages of docs/api/)
 * covers every operation, type, error code and rule code with valid examples, the quickstart's examples are
 * valid too, and the local links of every page of docs/ and of the README resolve, anchors included.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  GraphQLSchema,
  IntrospectionQuery,
  Kind,
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
  printSchema,
  validate,
} from 'graphql';
import { API_ERROR_CODES } from '../../../src/errors/api-error';
import { VIOLATION_CODES } from '../../../src/engine/violations';
import { TestApp, dataOf, startTestApp } from '../../support/service/app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DOCS = path.join(ROOT, 'docs');
const README_PATH = path.join(ROOT, 'README.md');
const TOUR_PATH = path.join(DOCS, 'tour.md');
const QUICKSTART_PATH = path.join(DOCS, 'quickstart.md');
const OPERATIONS_PATH = path.join(DOCS, 'operations.md');
const SCHEMA_PATH = path.join(DOCS, 'schema.graphql');
const CONFIG_PATH = path.join(ROOT, 'src', 'config', 'config.ts');
/** The API reference: the index, docs/api.md, then its topic pages. */
const API_PAGES = [
  path.join(DOCS, 'api.md'),
  ...fs
    .readdirSync(path.join(DOCS, 'api'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(DOCS, 'api', name)),
];

const README = fs.readFileSync(README_PATH, 'utf8');
const TOUR = fs.readFileSync(TOUR_PATH, 'utf8');
const QUICKSTART = fs.readFileSync(QUICKSTART_PATH, 'utf8');
/** The reference read as one text, the way it was one page: what it covers does not depend on the split. */
const API_DOC = API_PAGES.map((page) => fs.readFileSync(page, 'utf8')).join('\n');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// -----------------------------------------------------------------------------------------------------------
// Markdown: fenced blocks and the tested regions
// -----------------------------------------------------------------------------------------------------------

interface Fence {
  readonly lang: string;
  readonly body: string;
  /** Offset of the opening fence in the file, to order fences against region markers. */
  readonly at: number;
}

/** Fenced blocks, also those indented under a list item (their body without the indent). */
function fences(markdown: string): Fence[] {
  return [...markdown.matchAll(/^( {0,3})```(\w*)\n([\s\S]*?)^\1```$/gm)].map((match) => {
    const indent = match[1] ?? '';
    return {
      lang: match[2] ?? '',
      body: (match[3] ?? '').replace(new RegExp(`^${indent}`, 'gm'), ''),
      at: match.index ?? 0,
    };
  });
}

/** The text without its fenced blocks: a `# comment` or a `](…)` in a block is not markdown. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^( {0,3})```\w*\n[\s\S]*?^\1```$/gm, '');
}

/**
 * The anchors a page offers, as GitHub makes them: each heading's text without its markup, lowercased, with
 * punctuation removed and spaces made `-` (a heading met again gets `-1`, `-2`, …), and every `<a id="…">`.
 */
const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached !== undefined) return cached;
  const markdown = fs.readFileSync(file, 'utf8');
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6} (.+?)\s*$/gm)) {
    const slug = (match[1] as string)
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}_ -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  for (const match of markdown.matchAll(/<a id="([^"]+)"><\/a>/g)) anchors.add(match[1] as string);
  anchorCache.set(file, anchors);
  return anchors;
}

/** The markdown pages under a folder, its subfolders included. */
function markdownUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? markdownUnder(path.join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [path.join(dir, entry.name)]
          : [],
    )
    .sort();
}

/** The fenced blocks inside the `readme-test:begin` … `readme-test:end` regions, in file order. */
function testedFences(markdown: string): Fence[] {
  const all = fences(markdown);
  const regions = [
    ...markdown.matchAll(/<!-- readme-test:begin[\s\S]*?-->([\s\S]*?)<!-- readme-test:end -->/g),
  ];
  return regions.flatMap((region) => {
    const start = region.index ?? 0;
    const end = start + region[0].length;
    return all.filter((fence) => fence.at > start && fence.at < end);
  });
}

// -----------------------------------------------------------------------------------------------------------
// Shell: just enough of it to read the walkthrough's commands the way bash does
// -----------------------------------------------------------------------------------------------------------

/** A `$NAME` or `${NAME}` the tour uses but has not set is a mistake in the tour, not an empty string. */
function expand(name: string, variables: ReadonlyMap<string, string>): string {
  const value = variables.get(name);
  if (value === undefined) throw new Error(`the tour uses $${name} before setting it`);
  return value;
}

/**
 * Splits a command line into words as bash would for the forms the tour uses: '…' literal, "…" with `\"`,
 * `\\`, `\$` and `$VAR` expansion, bare words with `$VAR` expansion and backslash escapes, `|` as its own
 * word, and `#` starting a comment at the beginning of a word. Backslash-newline continuations are joined
 * first.
 */
function shellWords(line: string, variables: ReadonlyMap<string, string>): string[] {
  const text = line.replace(/\\\n/g, ' ');
  const words: string[] = [];
  let word: string | null = null;
  let index = 0;
  const readVariable = (): string => {
    const braced = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(text.slice(index));
    const bare = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(index));
    const match = braced ?? bare;
    if (match === null) {
      index++;
      return '$';
    }
    index += match[0].length;
    return expand(match[1] as string, variables);
  };
  while (index < text.length) {
    const char = text[index] as string;
    if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
      index++;
    } else if (char === '#' && word === null) {
      break;
    } else if (char === '|' && word === null) {
      words.push('|');
      index++;
    } else if (char === "'") {
      const close = text.indexOf("'", index + 1);
      if (close < 0) throw new Error(`unclosed ' in: ${line}`);
      word = (word ?? '') + text.slice(index + 1, close);
      index = close + 1;
    } else if (char === '"') {
      word = word ?? '';
      index++;
      for (;;) {
        if (index >= text.length) throw new Error(`unclosed " in: ${line}`);
        const inner = text[index] as string;
        if (inner === '"') {
          index++;
          break;
        }
        if (inner === '\\' && /["\\$`]/.test(text[index + 1] ?? '')) {
          word += text[index + 1];
          index += 2;
        } else if (inner === '$') {
          word += readVariable();
        } else {
          word += inner;
          index++;
        }
      }
    } else if (char === '$') {
      word = (word ?? '') + readVariable();
    } else if (char === '\\') {
      word = (word ?? '') + (text[index + 1] ?? '');
      index += 2;
    } else {
      word = (word ?? '') + char;
      index++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * The bytes `printf FORMAT` writes, for the forms the tour uses: literal characters and octal escapes `\\ddd`
 * (one to three digits, as POSIX printf reads them). Anything else is a mistake in the tour.
 */
function printfBytes(format: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < format.length;) {
    const char = format[index] as string;
    if (char === '%') throw new Error(`the test does not know printf conversions: ${format}`);
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      index++;
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(format.slice(index + 1));
    if (octal === null) throw new Error(`the test knows only octal escapes in printf: ${format}`);
    bytes.push(parseInt(octal[0], 8));
    index += 1 + octal[0].length;
  }
  return Buffer.from(bytes);
}

/** What a `curl` of the walkthrough sends. */
interface CurlRequest {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

function curlRequest(words: readonly string[]): CurlRequest {
  const headers: Record<string, string> = {};
  let body: string | null = null;
  let url: string | null = null;
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as string;
    if (word === '-s') continue;
    if (word === '-H' || word === '-d') {
      const value = words[++index];
      if (value === undefined) throw new Error(`${word} without a value`);
      if (word === '-d') {
        body = value;
      } else {
        const colon = value.indexOf(':');
        headers[value.slice(0, colon).trim().toLowerCase()] = value.slice(colon + 1).trim();
      }
    } else if (word.startsWith('-')) {
      throw new Error(`the test does not know the curl option ${word}: teach it, or keep the tour simple`);
    } else {
      url = word;
    }
  }
  if (url === null || body === null) throw new Error(`a curl without URL or -d body: ${words.join(' ')}`);
  return { url, headers, body };
}

// -----------------------------------------------------------------------------------------------------------
// The walkthrough as steps
// -----------------------------------------------------------------------------------------------------------

type Step =
  | { readonly kind: 'set'; readonly name: string; readonly value: string }
  | { readonly kind: 'capture'; readonly name: string; readonly shown: string; readonly path: string[] }
  | { readonly kind: 'run'; readonly command: string; readonly output: Fence };

/** `ALICE=mls_…   # .data.register.token`: the variable, the value the tour shows, the JSON path. */
const CAPTURE = /^([A-Z][A-Z0-9_]*)=(\S+)\s+#\s*(\.[A-Za-z0-9_.]+)\s*$/;
const SET = /^([A-Z][A-Z0-9_]*)=(\S+)\s*$/;

function walkthroughSteps(markdown: string): Step[] {
  const blocks = testedFences(markdown);
  const steps: Step[] = [];
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index] as Fence;
    if (block.lang !== 'sh') {
      throw new Error(`an output block with nothing to run before it:\n${block.body}`);
    }
    const lines = block.body
      .replace(/\\\n/g, ' ')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
    const commands = lines.filter((line) => !CAPTURE.test(line) && !SET.test(line));
    if (commands.length > 1)
      throw new Error(`one command per block, so that its output follows it:\n${block.body}`);
    for (const line of lines) {
      const capture = CAPTURE.exec(line);
      const set = SET.exec(line);
      if (capture !== null) {
        steps.push({
          kind: 'capture',
          name: capture[1] as string,
          shown: capture[2] as string,
          path: (capture[3] as string).split('.').slice(1),
        });
      } else if (set !== null) {
        steps.push({ kind: 'set', name: set[1] as string, value: set[2] as string });
      } else {
        const output = blocks[index + 1];
        if (output === undefined || output.lang === 'sh') {
          throw new Error(`the command has no output block after it:\n${line}`);
        }
        index++;
        steps.push({ kind: 'run', command: line, output });
      }
    }
  }
  return steps;
}

function at(value: Json, pathParts: readonly string[]): Json {
  let current: Json = value;
  for (const part of pathParts) {
    if (current === null || typeof current !== 'object')
      throw new Error(`no ${pathParts.join('.')} in the answer`);
    current = Array.isArray(current) ? (current[Number(part)] as Json) : (current[part] as Json);
    if (current === undefined) throw new Error(`no ${pathParts.join('.')} in the answer`);
  }
  return current;
}

/**
 * What may differ between the tour's run and this one: ids, tokens and times. Each becomes a placeholder of
 * its kind, so a session token where an API token was shown still fails.
 */
function normalize(value: Json): Json {
  if (typeof value === 'string') {
    return value
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/^mls_[A-Za-z0-9_-]{43}$/, '<session token>')
      .replace(/^mla_[A-Za-z0-9_-]{43}$/, '<api token>')
      .replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/, '<time>');
  }
  if (Array.isArray(value)) return value.map(normalize);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalize(inner)]));
  }
  return value;
}

// -----------------------------------------------------------------------------------------------------------
// The tests
// -----------------------------------------------------------------------------------------------------------

describe('README.md, docs/tour.md, docs/quickstart.md and the API reference', () => {
  let app: TestApp;
  let liveSchema: GraphQLSchema;
  /** The variables as the walkthrough leaves them (tokens, the game id), for the later sections. */
  const variables = new Map<string, string>();
  /** Every step that ran, with the command text, for the subscription test to reuse. */
  const ran: { command: string; words: string[] }[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    const body = await app.gql<IntrospectionQuery>(null, getIntrospectionQuery({ descriptions: true }));
    liveSchema = buildClientSchema(dataOf(body));
  });
  afterAll(async () => {
    await app.close();
  });

  /** Each example that is not valid against the running schema, with why. */
  const invalid = (examples: readonly Fence[]): string[] =>
    examples.flatMap((example) =>
      validate(liveSchema, parse(example.body)).map((error) => `${error.message} in:\n${example.body}`),
    );

  it('opens with the two commands: npm ci && npm start, then npm test', () => {
    const blocks = fences(README);
    expect(blocks[0]?.body.trim()).toBe('npm ci && npm start');
    expect(blocks[1]?.body.trim()).toBe('npm test');
    // Nothing but the title comes before them.
    expect(README.slice(0, blocks[0]?.at).trim()).toMatch(/^# [^\n]+$/);
  });

  it('runs the walkthrough as written, and every answer is the one shown', async () => {
    const steps = walkthroughSteps(TOUR);
    // The walkthrough covers what the tour promises (so a gutted tour cannot pass).
    const commands = steps.flatMap((step) => (step.kind === 'run' ? [step.command] : []));
    for (const operation of [
      'register(',
      'createGame(',
      'joinGame(',
      'game(id',
      'makeMove(',
      'moves {',
      'resign(',
      'setClientSeed(',
      'clientSeed: ',
    ]) {
      expect(commands.some((command) => command.includes(operation))).toBe(true);
    }
    expect(commands.some((command) => command.includes('verifyGame('))).toBe(true);
    expect(commands.some((command) => command.includes('createApiToken('))).toBe(true);
    expect(commands.some((command) => command.includes('sendChatMessage('))).toBe(true);

    let last: Json = null;
    for (const step of steps) {
      if (step.kind === 'set') {
        // `API=http://localhost:3000/graphql` points at this test's server instead.
        variables.set(step.name, step.name === 'API' ? `${app.url}/graphql` : step.value);
        continue;
      }
      if (step.kind === 'capture') {
        const value = at(last, step.path);
        expect(typeof value).toBe('string');
        variables.set(step.name, value as string);
        continue;
      }
      const words = shellWords(step.command, variables);
      ran.push({ command: step.command, words });
      if (words[0] === 'printf') {
        // `printf 'FORMAT' | sha256sum`: the reader's check of the seed commitment, with the bytes spelt out.
        expect(words.slice(2)).toEqual(['|', 'sha256sum']);
        const digest = createHash('sha256')
          .update(printfBytes(words[1] as string))
          .digest('hex');
        expect(step.output.body.trim()).toBe(`${digest}  -`);
        continue;
      }
      expect(words[0]).toBe('curl');
      const request = curlRequest(words);
      expect(request.url).toBe(`${app.url}/graphql`);
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
      });
      const answer = (await response.json()) as Json;
      const shown = JSON.parse(step.output.body) as Json;
      // An answer with errors is right only where the tour shows those errors (the VERSION_CONFLICT demo).
      const context = `docs/tour.md command:\n${step.command}\nanswer:\n${JSON.stringify(answer)}`;
      expect({ context, answer: normalize(answer) }).toEqual({ context, answer: normalize(shown) });
      last = answer;
    }
  });

  it('pastes into each variable the value its own output shows', () => {
    // A reader copies ALICE=… from the answer above it: the tour must show the same token in both places.
    let shown: Json = null;
    for (const step of walkthroughSteps(TOUR)) {
      if (step.kind === 'run' && step.output.lang === 'json') shown = JSON.parse(step.output.body) as Json;
      if (step.kind === 'capture') expect(at(shown, step.path)).toBe(step.shown);
    }
  });

  it('shows the deal of the fixed seed: the dealt hand and legal moves of the player to move', () => {
    // The walkthrough's key facts, spelt out so that a reader's copy of the tour can be checked by eye too.
    const game = walkthroughSteps(TOUR).find(
      (step) =>
        step.kind === 'run' &&
        step.command.includes('legalMoves } }') &&
        step.command.includes('mySeat view { hand centerPiles'),
    );
    expect(game?.kind).toBe('run');
    const shown = JSON.parse((game as Extract<Step, { kind: 'run' }>).output.body) as Json;
    expect(at(shown, ['data', 'game', 'view', 'hand'])).toEqual(['3S', 'AH', 'QD', 'QC', '9H']);
    expect(at(shown, ['data', 'game', 'legalMoves'])).toEqual(['AH-c']);
    expect(at(shown, ['data', 'game', 'currentSeat'])).toBe(0);
  });

  it('runs the subscription snippet as written, and it prints what the tour shows', async () => {
    const snippet = /<!-- readme-test:watcher -->\s*```js\n([\s\S]*?)```/.exec(TOUR)?.[1];
    expect(snippet).toBeDefined();
    const printed = /The watcher prints[^:]*:\s*```text\n([\s\S]*?)```/.exec(TOUR)?.[1];
    expect(printed).toBeDefined();
    const expected = (printed as string).trim().split('\n');

    // The snippet imports graphql-ws and ws: run it from a folder that sees the project's node_modules.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-readme-'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(dir, 'watch.mjs'), snippet as string);

    // "Have Alice create a new game as in step 2": the tour's own commands, GAME bound to the new game.
    const send = async (needle: string): Promise<Json> => {
      const step = ran.find((entry) => entry.command.includes(needle));
      expect(step).toBeDefined();
      const request = curlRequest(shellWords((step as { command: string }).command, variables));
      const response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
      });
      const answer = (await response.json()) as { data?: Json; errors?: Json };
      expect(answer.errors).toBeUndefined();
      return answer as Json;
    };
    const created = await send('createGame(');
    variables.set('GAME', at(created, ['data', 'createGame', 'id']) as string);

    let child: ChildProcess | null = null;
    try {
      child = spawn(process.execPath, ['watch.mjs'], {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? '',
          WS_URL: `${app.url.replace('http', 'ws')}/graphql`,
          TOKEN: variables.get('ALICE') ?? '',
          GAME: variables.get('GAME') ?? '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const lines = (): string[] => stdout.trim().split('\n').filter(Boolean);
      const waitFor = async (count: number): Promise<void> => {
        const deadline = Date.now() + 20_000;
        while (lines().length < count) {
          if (Date.now() > deadline)
            throw new Error(`the watcher printed ${JSON.stringify(stdout)} ${stderr}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      // "connected", then the game as it is on subscribing (still waiting): the subscription is in place.
      await waitFor(2);
      // One change at a time, each push awaited before the next change: a push shows the game as it is when
      // it is built, so two quick changes could both show the later version (the tour says to go by
      // `version`); the tour's output is that of a reader who runs the commands one by one.
      await send('joinGame(');
      await waitFor(3);
      await send('move: \\"AH-c\\"');
      await waitFor(expected.length);
      // Nothing more comes for those changes: one push per change. A further change (a move the tour does not
      // show) is the marker: its push is the very next line, as pushes of one subscription arrive in order.
      const seen = await app.gql<{ game: { version: number; legalMoves: string[] } }>(
        variables.get('ALICE') ?? '',
        'query($g: ID!) { game(id: $g) { version legalMoves } }',
        { g: variables.get('GAME') },
      );
      const before = seen.data!.game;
      const marker = await app.gql<{ makeMove: { game: { version: number } } }>(
        variables.get('ALICE') ?? '',
        'mutation($g: ID!, $m: String!, $v: Int) { makeMove(gameId: $g, move: $m, expectedVersion: $v) { game { version } } }',
        { g: variables.get('GAME'), m: before.legalMoves[0], v: before.version },
      );
      const markerVersion = marker.data!.makeMove.game.version;
      await waitFor(expected.length + 1);
      const all = lines();
      expect(all).toHaveLength(expected.length + 1);
      expect((JSON.parse(all[expected.length]!) as { version: number }).version).toBe(markerVersion);
      const actual = all.slice(0, expected.length);
      expect(actual[0]).toBe(expected[0]);
      expect(actual.slice(1).map((line) => normalize(JSON.parse(line) as Json))).toEqual(
        expected.slice(1).map((line) => normalize(JSON.parse(line) as Json)),
      );
    } finally {
      child?.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists every environment variable that config.ts reads, in the configuration table of docs/operations.md', () => {
    const source = fs.readFileSync(CONFIG_PATH, 'utf8');
    const names = [...source.matchAll(/read\.\w+(?:<[^>]*>)?\(\s*'([A-Z][A-Z0-9_]*)'/g)].map(
      (match) => match[1],
    );
    expect(names.length).toBeGreaterThanOrEqual(15);
    const operations = fs.readFileSync(OPERATIONS_PATH, 'utf8');
    const table = /^## Configuration\n[\s\S]*?(\|[\s\S]*?)\n\n/m.exec(operations)?.[1] ?? '';
    const rows = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]);
    expect([...rows].sort()).toEqual([...new Set(names)].sort());
  });

  it('docs/schema.graphql is the running server’s schema', () => {
    const live = printSchema(liveSchema);
    if (process.env.UPDATE_SCHEMA === '1') {
      fs.writeFileSync(
        SCHEMA_PATH,
        [
          '# The GraphQL schema of Malice, printed from a running server (printSchema of its introspection).',
          '# Generated: do not edit. Regenerate with',
          '#   UPDATE_SCHEMA=1 npm run test:e2e -- --testPathPatterns readme && npx prettier --write docs/schema.graphql',
          '# The reference is docs/api.md.',
          '',
          '',
        ].join('\n') +
          live +
          '\n',
      );
    }
    // Compared as schemas, not as text, so that formatting (prettier) does not matter.
    const documented = printSchema(buildSchema(fs.readFileSync(SCHEMA_PATH, 'utf8')));
    expect(documented).toBe(live);
  });

  it('every enum value of the schema is spelled in UPPER_SNAKE_CASE (one convention)', () => {
    const values = Object.values(liveSchema.getTypeMap())
      .filter(isEnumType)
      .filter((type) => !type.name.startsWith('__'))
      .flatMap((type) => type.getValues().map((value) => `${type.name}.${value.name}`));
    expect(values.length).toBeGreaterThan(40);
    expect(values.filter((name) => !/^\w+\.[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(name))).toEqual([]);
  });

  it('every type, field, argument and enum value of the schema carries a description', () => {
    const missing: string[] = [];
    let described = 0;
    const check = (what: string, description: string | null | undefined): void => {
      if (description) described++;
      else missing.push(what);
    };
    for (const type of Object.values(liveSchema.getTypeMap())) {
      if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
      // The root types too: they are what a schema browser shows first.
      check(`type ${type.name}`, type.description);
      if (isObjectType(type) || isInterfaceType(type)) {
        for (const field of Object.values(type.getFields())) {
          check(`${type.name}.${field.name}`, field.description);
          for (const argument of field.args) {
            check(`${type.name}.${field.name}(${argument.name})`, argument.description);
          }
        }
      }
      if (isInputObjectType(type)) {
        for (const field of Object.values(type.getFields()))
          check(`${type.name}.${field.name}`, field.description);
      }
      if (isEnumType(type)) {
        for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
      }
    }
    expect(missing).toEqual([]);
    // The walk reached arguments and enum values (a schema without them would pass vacuously).
    expect(described).toBeGreaterThan(200);
    expect(liveSchema.getQueryType()?.getFields().game?.args[0]?.description).toBeTruthy();
  });

  it('the API reference describes every operation, every type, every error code and every rule code', () => {
    const headings = new Set([...API_DOC.matchAll(/^#{2,4} `([A-Za-z_]+)`/gm)].map((match) => match[1]));
    const operations = [
      liveSchema.getQueryType(),
      liveSchema.getMutationType(),
      liveSchema.getSubscriptionType(),
    ]
      .flatMap((root) => (root === null || root === undefined ? [] : Object.keys(root.getFields())))
      .sort();
    expect(operations.length).toBeGreaterThanOrEqual(16);
    expect(operations.filter((name) => !headings.has(name))).toEqual([]);

    const types = Object.values(liveSchema.getTypeMap())
      .filter((type) => !type.name.startsWith('__') && !isSpecifiedScalarType(type))
      .filter((type) => !['Query', 'Mutation', 'Subscription'].includes(type.name))
      .map((type) => type.name);
    expect(types.filter((name) => !API_DOC.includes(`\`${name}\``))).toEqual([]);
    // Enum values are listed with their types.
    const enumValues = Object.values(liveSchema.getTypeMap())
      .filter(isEnumType)
      .filter((type) => !type.name.startsWith('__'))
      .flatMap((type) => type.getValues().map((value) => value.name));
    expect(enumValues.filter((name) => !API_DOC.includes(name))).toEqual([]);

    const errorHeadings = [...API_DOC.matchAll(/^### `([A-Z_]+)`/gm)].map((match) => match[1]);
    expect(API_ERROR_CODES.filter((code) => !errorHeadings.includes(code))).toEqual([]);
    expect(VIOLATION_CODES.filter((code) => !API_DOC.includes(`\`${code}\``))).toEqual([]);
  });

  it('the index, docs/api.md, links every page of docs/api/', () => {
    const index = fs.readFileSync(API_PAGES[0] as string, 'utf8');
    const topics = API_PAGES.slice(1).map((page) => `api/${path.basename(page)}`);
    expect(topics.length).toBeGreaterThanOrEqual(10);
    expect(topics.filter((topic) => !index.includes(`](${topic})`))).toEqual([]);
  });

  it('every GraphQL example of the API reference is valid against the running schema', () => {
    const examples = fences(API_DOC).filter((fence) => fence.lang === 'graphql');
    expect(examples.length).toBeGreaterThanOrEqual(16);
    expect(invalid(examples)).toEqual([]);
  });

  it('every GraphQL example of docs/quickstart.md is valid, and together they make the loop it describes', () => {
    const examples = fences(QUICKSTART).filter((fence) => fence.lang === 'graphql');
    expect(invalid(examples)).toEqual([]);
    // The root fields the examples use: a token, the play loop, catching up, a bot account, the allowance.
    const used = new Set(
      examples.flatMap((example) =>
        parse(example.body).definitions.flatMap((definition) =>
          definition.kind === Kind.OPERATION_DEFINITION
            ? definition.selectionSet.selections.flatMap((selection) =>
                selection.kind === Kind.FIELD ? [selection.name.value] : [],
              )
            : [],
        ),
      ),
    );
    for (const field of [
      'login',
      'createApiToken',
      'games',
      'game',
      'makeMove',
      'myEvents',
      'playerEvents',
      'upgradeToBotAccount',
      'rateLimit',
    ]) {
      expect({ field, used: used.has(field) }).toEqual({ field, used: true });
    }
  });

  it('every other command of the tour is a valid GraphQL request', () => {
    // The commands outside the tested regions (a tournament, whose start must lie ahead of the server's clock)
    // are not run; their requests are held to the schema instead, with the variables the walkthrough set.
    const shown = new Map<string, string>();
    for (const step of walkthroughSteps(TOUR)) {
      if (step.kind === 'set') shown.set(step.name, step.value);
      if (step.kind === 'capture') shown.set(step.name, step.shown);
    }
    const tested = new Set(testedFences(TOUR).map((fence) => fence.at));
    const commands = fences(TOUR)
      .filter((fence) => fence.lang === 'sh' && !tested.has(fence.at))
      .flatMap((fence) => fence.body.replace(/\\\n/g, ' ').split('\n'))
      .filter((line) => line.trim().startsWith('curl'));
    expect(commands.length).toBeGreaterThanOrEqual(1);
    const problems = commands.flatMap((command) => {
      const request = curlRequest(shellWords(command, shown));
      const body = JSON.parse(request.body) as { query: string };
      return validate(liveSchema, parse(body.query)).map((error) => `${error.message} in:\n${command}`);
    });
    expect(problems).toEqual([]);
  });

  it('links only to files and anchors that exist, on every page of docs/ and in the README', () => {
    const pages = [README_PATH, ...markdownUnder(DOCS)];
    expect(pages).toEqual(expect.arrayContaining([TOUR_PATH, QUICKSTART_PATH, ...API_PAGES]));
    for (const file of pages) {
      const text = fs.readFileSync(file, 'utf8');
      const targets = [...withoutFences(text).matchAll(/\]\(([^()\s]+)\)/g)]
        .map((match) => match[1] as string)
        .filter((target) => !/^[a-z]+:/.test(target));
      expect({ file, links: targets.length > 0 }).toEqual({ file, links: true });
      const broken = targets.filter((target) => {
        const [relative, anchor] = target.split('#') as [string, string | undefined];
        const resolved = relative === '' ? file : path.resolve(path.dirname(file), relative);
        if (!fs.existsSync(resolved)) return true;
        return anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor);
      });
      expect({ file, broken }).toEqual({ file, broken: [] });
    }
  });

  it('names no package registry host in the README, the tour, the quickstart or the API reference', () => {
    const named = [README_PATH, TOUR_PATH, QUICKSTART_PATH, ...API_PAGES].filter((file) =>
      /registry\.|npmjs\.(org|com)|yarnpkg\.com/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(named).toEqual([]);
  });
});
