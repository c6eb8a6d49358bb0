/**
 * The offline explorer (public/explorer.html, served at GET /explorer): it must load nothing from anywhere
 * else (our users often have no internet), the queries it sends on its own (the schema browser's introspection,
 * the example operations) must keep working against the real schema and its query limits, and production can
 * switch it off. It shares the web client's origin (whose token is in localStorage), so it is served under a
 * Content-Security-Policy of its own that allows its own inline script and stylesheet and nothing else, and may
 * not be framed (test/browser/explorer.e2e.test.ts runs it in Chromium under that policy).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IntrospectionQuery, buildClientSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { OperationDefinitionNode } from 'graphql/language';
import { TestApp, dataOf, register } from '../../support/service/app';
import { startAppInProcess } from '../../support/service/in-process';

const PAGE = path.resolve(__dirname, '..', '..', '..', 'public', 'explorer.html');

interface ScriptBlock {
  readonly attributes: Readonly<Record<string, string>>;
  readonly text: string;
}

/** The page's `<script>` elements with their attributes and text (the page is ours: a regex parse is enough). */
function scripts(html: string): ScriptBlock[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attributes[attribute[1] as string] = (attribute[2] ?? attribute[3] ?? '').replace(/&quot;/g, '"');
    }
    return { attributes, text: match[2] ?? '' };
  });
}

interface Example {
  readonly name: string;
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

function examples(html: string): Example[] {
  return scripts(html)
    .filter((block) => block.attributes['data-example'] !== undefined)
    .map((block) => ({
      name: block.attributes['data-example'] as string,
      query: block.text,
      variables: JSON.parse(block.attributes['data-variables'] ?? '{}') as Record<string, unknown>,
    }));
}

function schemaQuery(html: string): string {
  const block = scripts(html).find((candidate) => candidate.attributes.id === 'schema-query');
  if (block === undefined) throw new Error('the page has no <script id="schema-query">');
  return block.text;
}

interface SchemaData {
  __schema: {
    queryType: { name: string };
    mutationType: { name: string } | null;
    subscriptionType: { name: string } | null;
    types: { name: string; kind: string; description: string | null; fields: { name: string }[] | null }[];
  };
}

describe('the explorer page', () => {
  let app: TestApp;
  let response: Response;
  let html: string;
  beforeAll(async () => {
    app = await startAppInProcess();
    response = await fetch(`${app.url}/explorer`);
    html = await response.text();
  });
  afterAll(async () => {
    await app.close();
  });

  it('is served as HTML', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>Malice');
    // The actual explorer, not the placeholder it replaced: an editor, a Run button and the schema browser.
    for (const id of ['query', 'variables', 'run', 'token', 'result', 'type-list', 'history-list']) {
      expect(html).toContain(`id="${id}"`);
    }
  });

  it('the attack: it comes with its own Content-Security-Policy (the page’s own inline code only) and no framing', () => {
    const directives = Object.fromEntries(
      (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .filter((words) => words[0] !== '')
        .map(([name, ...sources]) => [name, sources]),
    );
    // What the page runs and styles itself with, by the SHA-256 of its text: its one script (the GraphQL blocks are
    // data, never run) and its one stylesheet.
    const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const running = scripts(html).filter((block) => block.attributes.type === undefined);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] as string);
    expect(running).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(directives).toEqual({
      'default-src': ["'none'"],
      'script-src': running.map((block) => sha256(block.text)),
      'style-src': styles.map(sha256),
      'img-src': ['data:'],
      'connect-src': ["'self'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Nothing the page does is something the policy blocks: no inline handler or style attribute (in its markup or
    // the markup its script writes), no javascript: URL, no code made from text.
    expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/<[^>]*\sstyle\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/\beval\(|new Function\(|setTimeout\(\s*['"`]/);
  });

  it('loads nothing from another origin', () => {
    // No absolute URL at all, not even in a comment, and no protocol-relative one.
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/["'`(=]\s*\/\/[\w.-]/);
    // Everything is inline: no external script, stylesheet, import or frame.
    expect(html).not.toMatch(/<script\b[^>]*\bsrc\s*=/i);
    expect(html).not.toMatch(/@import/i);
    expect(html).not.toMatch(/<(iframe|object|embed)\b/i);
    // Whatever URL an attribute or a CSS url() holds is a data: URI or a fragment (the favicon is `data:,`).
    const urls = [
      ...[...html.matchAll(/\b(?:src|href|action|formaction|poster|srcset)\s*=\s*["']?([^"'\s>]*)/gi)],
      ...[...html.matchAll(/url\(\s*["']?([^"')]*)/gi)],
    ].map((match) => match[1] as string);
    expect(urls).toContain('data:,'); // the scan does find attributes
    for (const url of urls) expect(url).toMatch(/^(data:|#)/);
    // The script talks to this origin's /graphql only: over fetch, and over a WebSocket built from location.
    const fetched = [...html.matchAll(/\bfetch\(\s*([^,)]+)/g)].map((match) => match[1]);
    expect(fetched).toEqual(["'/graphql'"]);
    const sockets = [...html.matchAll(/new WebSocket\(([^,)]+)/g)].map((match) => match[1]);
    expect(sockets).toEqual(['`${scheme}//${location.host}/graphql`']);
    expect(html).not.toMatch(/XMLHttpRequest|sendBeacon|EventSource|importScripts|\bimport\(/);
  });

  it("answers the schema browser's introspection query within the query limits", async () => {
    const body = await app.gql<SchemaData>(null, schemaQuery(html));
    const schema = dataOf(body).__schema;
    expect(schema.queryType.name).toBe('Query');
    expect(schema.mutationType?.name).toBe('Mutation');
    expect(schema.subscriptionType?.name).toBe('Subscription');
    const game = schema.types.find((type) => type.name === 'Game');
    expect(game?.description).toBeTruthy();
    expect(game?.fields?.map((field) => field.name)).toEqual(expect.arrayContaining(['legalMoves', 'view']));
  });

  it('offers example operations that are valid against the schema', async () => {
    const introspection = dataOf(await app.gql<IntrospectionQuery>(null, getIntrospectionQuery()));
    const schema = buildClientSchema(introspection);
    const list = examples(html);
    expect(list.map((example) => example.name)).toEqual(
      expect.arrayContaining([
        'Register',
        'Create a game',
        'Join a game',
        'Game view',
        'Make a move',
        'Resign',
      ]),
    );
    for (const example of list) {
      const document = parse(example.query);
      expect({
        example: example.name,
        errors: validate(schema, document).map((error) => error.message),
      }).toEqual({
        example: example.name,
        errors: [],
      });
      // The variables the dropdown fills in are exactly the ones the operation declares.
      const operation = document.definitions[0] as OperationDefinitionNode;
      const declared = (operation.variableDefinitions ?? []).map(
        (definition) => definition.variable.name.value,
      );
      expect({ example: example.name, variables: Object.keys(example.variables).sort() }).toEqual({
        example: example.name,
        variables: declared.sort(),
      });
    }
  });

  it('prefills an operation that runs for a signed-in player', async () => {
    const token = await register(app, 'explorer_user');
    const first = examples(html)[0] as Example;
    expect(first.query).toMatch(/me\s*\{\s*username/);
    const data = dataOf(await app.gql<{ me: { username: string } }>(token, first.query, first.variables));
    expect(data.me.username).toBe('explorer_user');
  });

  it('is no longer where GET / leads: / is the web client (docs/web.md)', async () => {
    const root = await fetch(`${app.url}/`, { redirect: 'manual' });
    expect(root.status).not.toBe(302);
    expect(root.headers.get('location')).toBeNull();
  });
});

describe('the explorer switched off (GRAPHQL_EXPLORER=false, GRAPHQL_INTROSPECTION=false)', () => {
  let app: TestApp;
  let html: string;
  beforeAll(async () => {
    app = await startAppInProcess({ env: { GRAPHQL_EXPLORER: 'false', GRAPHQL_INTROSPECTION: 'false' } });
    // This server does not serve the page, so its schema query comes from the file the other server serves.
    html = fs.readFileSync(PAGE, 'utf8');
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves no explorer, and GET / does not point at one', async () => {
    // The server is up (so the 404 is the explorer's absence, not a dead server).
    expect((await fetch(`${app.url}/health`)).status).toBe(200);
    expect((await fetch(`${app.url}/explorer`)).status).toBe(404);
    const root = await fetch(`${app.url}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).not.toBe('/explorer');
  });

  it("refuses the schema browser's introspection with a message the page recognises", async () => {
    const body = await app.gql(null, schemaQuery(html));
    expect(body.data ?? null).toBeNull();
    // explorer.html shows its "introspection is disabled" note when the first error mentions introspection.
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
  });
});
