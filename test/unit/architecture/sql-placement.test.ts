/**
 * docs/architecture.md, "Who writes what": SQL lives in repositories, and every table has one writing module.
 *
 * 1. **Placement.** Every SQL statement and every database call of src/ (but src/generated/) sits in a
 *    `*.repository.ts` file, or in a file under a `sql/` folder that only repositories and other `sql/` files
 *    import, or in one of the few tools and plumbing files of ALLOWED below.
 * 2. **One writer per table.** The tables each module writes (INSERT INTO, UPDATE … SET, DELETE FROM, COPY … FROM,
 *    TRUNCATE, MERGE INTO, Prisma's write calls, and the database functions that write: archive_game, watch_game, …)
 *    are the ones OWNERS gives it, every table of prisma/schema.prisma has an owner, and every owner is found
 *    writing its tables. A module is the top folder under src/. The ALLOWED tools are exempt: they write every
 *    table by design (restore), or are the bulk path of a table's own module (seed:demo).
 *
 * The files are read with the TypeScript compiler's parser: string literals, template literals and calls, never
 * comments. The service spells SQL keywords in capitals, so a statement is recognised by capitalised keywords in a
 * statement's shape (`SELECT … FROM`, `UPDATE t SET`, …): prose and GraphQL documents do not look like that, and a
 * statement spelled in lowercase is still caught where it runs (`.query(`, `$queryRaw`, …).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { PRISMA_READS, PRISMA_WRITES, sourceFiles } from './source-scan';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * Files (exact, or a folder ending in `/`) allowed SQL outside repositories, each for its reason: infrastructure
 * and tools, not the running service's domain writes. Exempt from the one-writer rule.
 */
const ALLOWED: readonly { readonly path: string; readonly why: string }[] = [
  { path: 'src/db/migrator.ts', why: 'applies prisma/migrations and records them in `_migrations`' },
  {
    path: 'src/db/transaction.ts',
    why: 'transaction plumbing: BEGIN, COMMIT and ROLLBACK around the work a repository hands it',
  },
  {
    path: 'src/db/availability.ts',
    why: 'connection plumbing: the `SELECT 1` probe that tells whether the database answers (no table)',
  },
  {
    path: 'src/db/copy.ts',
    why: 'bulk plumbing: sends `COPY <table> FROM STDIN` for the table its caller names (the bulk paths below)',
  },
  { path: 'src/db/embedded-postgres.ts', why: "sets up the embedded Postgres and its role's password" },
  { path: 'src/backup/', why: 'backup and restore copy every table out and back in, as taken' },
  {
    path: 'src/cli/seed-demo/',
    why: "seed:demo's bulk path: COPY of demo players, its advisory lock, its own transactions, VACUUM",
  },
  {
    path: 'src/games/persistence/bulk-games.ts',
    why: "seed:demo's COPY of finished games, in the games module's own columns",
  },
];

/** The one module that writes each table (docs/architecture.md, "Who writes what"). */
const OWNERS: Readonly<Record<string, string>> = {
  players: 'players',
  tokens: 'auth',
  login_failures: 'auth',
  games: 'games',
  game_players: 'games',
  game_events: 'games',
  ratings: 'ratings',
  player_events: 'notifications',
  game_watches: 'notifications',
  player_watches: 'notifications',
  webhooks: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_delivery_attempts: 'webhooks',
  notification_settings: 'notifications',
  push_subscriptions: 'push',
  push_deliveries: 'push',
  vapid_keys: 'push',
  vacations: 'vacations',
  mail_addresses: 'mail',
  mail_outbox: 'mail',
  server_keys: 'mail',
  two_factor: 'players',
  guest_starts: 'players',
  follows: 'social',
  blocks: 'social',
  presence_settings: 'social',
  chat_messages: 'chat',
  chat_mutes: 'chat',
  chat_restrictions: 'chat',
  chat_reports: 'chat',
  game_notes: 'chat',
  tournaments: 'tournaments',
  tournament_entries: 'tournaments',
  tournament_pairings: 'tournaments',
  oauth_apps: 'oauth',
  oauth_grants: 'oauth',
  oauth_codes: 'oauth',
  oauth_refresh_tokens: 'oauth',
  bot_turn_claims: 'bots',
  admin_audit: 'moderation',
  game_archives: 'archive',
  game_archive_audit: 'archive',
};

/**
 * What a database function writes beyond its caller's own tables, by design: `archive_game` (called only by the
 * archive module) sets the game's `archived_at` and deletes its log rows in the statement that writes the archive,
 * the one delete the log's trigger allows (docs/architecture.md, "Archived move logs"); `settle_empty_log` sets
 * `archived_at` of a game over before its first move, which has no log to archive.
 */
const SANCTIONED: readonly { readonly fn: string; readonly table: string }[] = [
  { fn: 'archive_game', table: 'games' },
  { fn: 'archive_game', table: 'game_events' },
  { fn: 'settle_empty_log', table: 'games' },
];

// ---------------------------------------------------------------------------------------------------------------
// What counts as SQL

/** The statement shapes: each a capitalised keyword pattern that prose, logs and GraphQL documents do not match. */
const SQL_SHAPES: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'SELECT … FROM', pattern: /\bSELECT\s[\s\S]*?\bFROM\s+["(\w$]/ },
  { name: 'SELECT', pattern: /^\s*\(?\s*SELECT\s/ },
  { name: 'INSERT INTO', pattern: /\bINSERT\s+INTO\s/ },
  { name: 'UPDATE … SET', pattern: /\bUPDATE\s+(?!SET\b)[\w."$]+(?:\s+(?:AS\s+)?(?!SET\b)\w+)?\s+SET\s/ },
  { name: 'DELETE FROM', pattern: /\bDELETE\s+FROM\s/ },
  { name: 'COPY', pattern: /\bCOPY\s+(?:\(|[\w."$]+\s*(?:\([^)]*\)\s*)?(?:FROM|TO)\s)/ },
  { name: 'TRUNCATE', pattern: /(?:^|;)\s*TRUNCATE\s/m },
  { name: 'MERGE INTO', pattern: /\bMERGE\s+INTO\s/ },
  {
    name: 'WITH … AS (',
    pattern: /\bWITH\s+(?:RECURSIVE\s+)?\w+(?:\s*\([^)]*\))?\s+AS\s+(?:(?:NOT\s+)?MATERIALIZED\s+)?\(/,
  },
  { name: 'LISTEN / NOTIFY', pattern: /(?:^|;)\s*(?:UNLISTEN|LISTEN|NOTIFY)\s+[\w"*$]+\s*(?:[;,]|$)/m },
  { name: 'pg_notify', pattern: /\bpg_notify\s*\(/ },
  { name: 'SET', pattern: /(?:^|;)\s*SET\s+(?:LOCAL\s+|SESSION\s+)?[\w."]+\s*(?:=|TO\s)/m },
  { name: 'set_config', pattern: /\bset_config\s*\(/ },
  {
    name: 'transaction control',
    pattern: /^\s*(?:BEGIN|COMMIT|ROLLBACK|START\s+TRANSACTION|SAVEPOINT|RELEASE\s+SAVEPOINT)\b/,
  },
  { name: 'DDL or maintenance', pattern: /^\s*(?:CREATE|ALTER|DROP|VACUUM|ANALYZE|REINDEX|CALL)\s/ },
];

/** What stands for each `${…}` of a template literal: the checks cannot tell its value. */
const SUBSTITUTION = '__substitution__';

/** A table name as SQL spells it (quoted or not, with a schema or not): the name is group 1. */
const TABLE = String.raw`(?:"?\w+"?\.)?"?(\w+)"?`;

/** The statements that write a table, the table in group 1. */
const WRITE_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\bINSERT\s+INTO\s+${TABLE}`, 'g'),
  new RegExp(String.raw`\bUPDATE\s+(?:ONLY\s+)?(?!SET\b)${TABLE}(?:\s+(?:AS\s+)?(?!SET\b)\w+)?\s+SET\s`, 'g'),
  new RegExp(String.raw`\bDELETE\s+FROM\s+(?:ONLY\s+)?${TABLE}`, 'g'),
  new RegExp(String.raw`\bCOPY\s+${TABLE}\s*(?:\([^)]*\)\s*)?FROM\s`, 'g'),
  new RegExp(String.raw`\bTRUNCATE\s+(?:TABLE\s+)?(?:ONLY\s+)?${TABLE}`, 'g'),
  new RegExp(String.raw`\bMERGE\s+INTO\s+${TABLE}`, 'g'),
];

/** Calls that run SQL whatever their text: node-postgres's and Prisma's raw queries and transactions. */
const RAW_MEMBERS = new Set([
  '$queryRaw',
  '$executeRaw',
  '$queryRawUnsafe',
  '$executeRawUnsafe',
  '$transaction',
]);

const PRISMA_OPS = new Set<string>([...PRISMA_READS, ...PRISMA_WRITES]);
const PRISMA_WRITE_OPS = new Set<string>(PRISMA_WRITES);

/** What the checks know of the schema: each Prisma model's delegate name → its table; writing SQL functions. */
interface Schema {
  readonly delegates: ReadonlyMap<string, string>;
  readonly tables: readonly string[];
  /** Database functions an app statement may call, and the tables each writes. */
  readonly functions: ReadonlyMap<string, readonly string[]>;
}

/** One use of SQL in a file: a statement, or a call that runs one. */
interface SqlUse {
  readonly line: number;
  readonly what: string;
}

/** One table written by a file. */
interface TableWrite {
  readonly line: number;
  readonly table: string;
  readonly via: string;
}

interface FileReport {
  readonly uses: readonly SqlUse[];
  readonly writes: readonly TableWrite[];
  /** Relative module specifiers imported for their values (`import type` runs nothing). */
  readonly imports: readonly string[];
}

/** A literal's text with `${…}` in place of each substitution, or null for other nodes. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `${SUBSTITUTION}${span.literal.text}`).join('');
  }
  return null;
}

/** The statement shapes `text` has (none: not SQL). */
function sqlShapes(text: string): string[] {
  return SQL_SHAPES.filter((shape) => shape.pattern.test(text)).map((shape) => shape.name);
}

/** The tables `text` writes (SUBSTITUTION: one named by a `${…}`, which the checks cannot tell). */
function writtenTables(text: string, functions: Schema['functions']): string[] {
  const tables: string[] = [];
  for (const pattern of WRITE_PATTERNS) {
    for (const match of text.matchAll(pattern)) tables.push(match[1]!);
  }
  for (const [fn, written] of functions) {
    if (new RegExp(String.raw`\b${fn}\s*\(`).test(text)) tables.push(...written);
  }
  return tables;
}

function memberName(node: ts.Expression): string | null {
  return ts.isPropertyAccessExpression(node) ? node.name.text : null;
}

/** Whether `node` is `prisma` or `<anything>.prisma`. */
function isPrisma(node: ts.Expression): boolean {
  return (ts.isIdentifier(node) && node.text === 'prisma') || memberName(node) === 'prisma';
}

/** Reads one file: its SQL, the tables it writes, what it imports. */
function readFile(fileName: string, text: string, schema: Schema): FileReport {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const uses: SqlUse[] = [];
  const writes: TableWrite[] = [];
  const imports: string[] = [];
  const lineOf = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly !== true) ||
      (ts.isExportDeclaration(node) && !node.isTypeOnly)
    ) {
      if (node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier))
        imports.push(node.moduleSpecifier.text);
      return;
    }
    if (ts.isImportDeclaration(node)) return;
    const text = literalText(node);
    if (text !== null) {
      const shapes = sqlShapes(text);
      if (shapes.length > 0) {
        uses.push({ line: lineOf(node), what: `${shapes.join(', ')}: ${oneLine(text)}` });
        for (const table of writtenTables(text, schema.functions))
          writes.push({ line: lineOf(node), table, via: oneLine(text) });
      }
    }
    if (ts.isPropertyAccessExpression(node) && RAW_MEMBERS.has(node.name.text)) {
      uses.push({ line: lineOf(node), what: `.${node.name.text}` });
    }
    // The repository's COPY helper (src/db/copy.ts): `new CopyBuffer('<table>', …)` is sent as `COPY <table> FROM`.
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'CopyBuffer'
    ) {
      const [table] = node.arguments ?? [];
      const name = table === undefined ? null : literalText(table);
      uses.push({
        line: lineOf(node),
        what: `COPY through CopyBuffer: ${name ?? 'a table named by an expression'}`,
      });
      writes.push({ line: lineOf(node), table: name ?? SUBSTITUTION, via: 'new CopyBuffer' });
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const method = memberName(callee);
      if (method === 'query') uses.push({ line: lineOf(node), what: '.query(…)' });
      // require('…') and import('…') import too.
      const [first] = node.arguments;
      const loads =
        (ts.isIdentifier(callee) && callee.text === 'require') || callee.kind === ts.SyntaxKind.ImportKeyword;
      if (loads && first !== undefined && ts.isStringLiteral(first)) imports.push(first.text);
      // `<receiver>.<model>.<op>(…)`: a Prisma delegate, on the client (`prisma.`) or a transaction's (`tx.`).
      if (method !== null && PRISMA_OPS.has(method) && ts.isPropertyAccessExpression(callee)) {
        const delegate = callee.expression;
        const model = memberName(delegate);
        if (
          model !== null &&
          ts.isPropertyAccessExpression(delegate) &&
          (schema.delegates.has(model) || isPrisma(delegate.expression))
        ) {
          uses.push({ line: lineOf(node), what: `Prisma ${model}.${method}(…)` });
          if (PRISMA_WRITE_OPS.has(method)) {
            writes.push({
              line: lineOf(node),
              table: schema.delegates.get(model) ?? `the Prisma model ${model}`,
              via: `${model}.${method}`,
            });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { uses, writes, imports };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}…` : flat;
}

// ---------------------------------------------------------------------------------------------------------------
// The rules

function moduleOf(file: string): string {
  const [, top, next] = file.split('/');
  return next === undefined ? '(src)' : top!;
}

function allowedEntry(file: string): string | null {
  const entry = ALLOWED.find((allowed) =>
    allowed.path.endsWith('/') ? file.startsWith(allowed.path) : file === allowed.path,
  );
  return entry?.path ?? null;
}

const isRepository = (file: string): boolean => file.endsWith('.repository.ts');
const isSqlFile = (file: string): boolean => file.split('/').slice(0, -1).includes('sql');

/** The file a relative specifier names among `files` (`x` → `x.ts` or `x/index.ts`), or null. */
function resolveImport(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`])
    if (files.has(candidate)) return candidate;
  return null;
}

interface Verdict {
  /** SQL where it may not be: `file:line what`. */
  readonly misplaced: string[];
  /** `sql/` files imported by a file that is neither a repository nor another `sql/` file. */
  readonly badImporters: string[];
  /** The modules found writing each table (ALLOWED tools left out), with where. */
  readonly writers: ReadonlyMap<string, ReadonlyMap<string, string[]>>;
}

/** Applies the placement rules to `sources` (path from the repository root → text) and collects the writers. */
function judge(sources: ReadonlyMap<string, string>, schema: Schema): Verdict {
  const files = new Set(sources.keys());
  const reports = new Map([...sources].map(([file, text]) => [file, readFile(file, text, schema)]));
  const misplaced: string[] = [];
  const badImporters: string[] = [];
  const writers = new Map<string, Map<string, string[]>>();
  for (const [file, report] of reports) {
    const allowed = isRepository(file) || isSqlFile(file) || allowedEntry(file) !== null;
    if (!allowed) for (const use of report.uses) misplaced.push(`${file}:${use.line} ${use.what}`);
    for (const specifier of report.imports) {
      const target = resolveImport(file, specifier, files);
      if (target !== null && isSqlFile(target) && !isRepository(file) && !isSqlFile(file)) {
        badImporters.push(`${file} imports ${target}`);
      }
    }
    if (allowedEntry(file) !== null) continue;
    for (const write of report.writes) {
      const byModule = writers.get(write.table) ?? new Map<string, string[]>();
      writers.set(write.table, byModule);
      const module = moduleOf(file);
      byModule.set(module, [...(byModule.get(module) ?? []), `${file}:${write.line} ${write.via}`]);
    }
  }
  return { misplaced, badImporters, writers };
}

/** Where the one-writer rule is broken: a table written by a module that does not own it, or with no owner. */
function ownershipProblems(
  writers: Verdict['writers'],
  owners: Readonly<Record<string, string>>,
  schema: Schema,
): string[] {
  const problems: string[] = [];
  for (const [table, byModule] of writers) {
    const owner = owners[table];
    for (const [module, places] of byModule) {
      if (table === SUBSTITUTION)
        problems.push(
          `${module} writes a table named by a \${…}: spell it out, so that its writer shows (${places[0]})`,
        );
      else if (owner === undefined)
        problems.push(`${table} has no owner in OWNERS, yet ${module} writes it: ${places[0]}`);
      else if (module !== owner)
        problems.push(`${table} is ${owner}'s, yet ${module} writes it: ${places.join('; ')}`);
    }
  }
  for (const [table, owner] of Object.entries(owners)) {
    if (!schema.tables.includes(table))
      problems.push(`OWNERS names ${table}, which prisma/schema.prisma lacks`);
    else if (writers.get(table)?.has(owner) !== true) problems.push(`${owner} is not found writing ${table}`);
  }
  for (const table of schema.tables) {
    if (owners[table] === undefined) problems.push(`${table} (prisma/schema.prisma) has no owner in OWNERS`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The repository's own files

function readSchema(): Schema {
  const prisma = fs.readFileSync(path.join(ROOT, 'prisma', 'schema.prisma'), 'utf8');
  const delegates = new Map<string, string>();
  for (const [, model, body] of prisma.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const table = /@@map\("(\w+)"\)/.exec(body!)?.[1] ?? model!;
    delegates.set(model![0]!.toLowerCase() + model!.slice(1), table);
  }
  return { delegates, tables: [...delegates.values()], functions: migrationFunctions() };
}

/**
 * The functions the migrations (each one's SQL, in the order they run) leave defined, with the tables each writes,
 * as its last definition says: those that write something, trigger functions left out (no statement calls them).
 */
function functionsOf(migrations: readonly string[]): Map<string, string[]> {
  const functions = new Map<string, string[]>();
  // A definition (name, header, body), or a drop (name only), in the order the migration runs them.
  const statements =
    /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?\s*\(([\s\S]*?)\bAS\s+\$(\w*)\$([\s\S]*?)\$\3\$|DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?/gi;
  for (const sql of migrations) {
    for (const [, name, header, , body, dropped] of sql.matchAll(statements)) {
      const defined = dropped === undefined && !/RETURNS\s+trigger/i.test(header!);
      const written = defined ? [...new Set(writtenTables(body!, new Map()))] : [];
      if (written.length > 0) functions.set(name!, written);
      else functions.delete(dropped ?? name!);
    }
  }
  return functions;
}

function migrationFunctions(): Map<string, string[]> {
  const dir = path.join(ROOT, 'prisma', 'migrations');
  const files = fs
    .readdirSync(dir)
    .sort()
    .map((migration) => path.join(dir, migration, 'migration.sql'))
    .filter((file) => fs.existsSync(file));
  return functionsOf(files.map((file) => fs.readFileSync(file, 'utf8')));
}

describe('SQL lives in repositories, one writing module per table (docs/architecture.md)', () => {
  const schema = readSchema();
  // What a function writes for the one-writer rule: its sanctioned effects on other modules' tables left out.
  const functions = new Map(
    [...schema.functions].map(([fn, tables]) => [
      fn,
      tables.filter((table) => !SANCTIONED.some((entry) => entry.fn === fn && entry.table === table)),
    ]),
  );
  const verdict = judge(sourceFiles(), { ...schema, functions });

  it('finds no SQL outside repositories, sql/ folders and the allowed tools', () => {
    expect(verdict.misplaced).toEqual([]);
  });

  it('lets only repositories and other sql/ files import a sql/ folder', () => {
    expect(verdict.badImporters).toEqual([]);
  });

  it('has one writing module per table: the owner OWNERS names', () => {
    expect(ownershipProblems(verdict.writers, OWNERS, schema)).toEqual([]);
  });

  it('knows what the database functions write, and the sanctioned effects are still there', () => {
    expect(schema.functions.get('archive_game')).toEqual(
      expect.arrayContaining(['game_archives', 'game_archive_audit']),
    );
    for (const { fn, table } of SANCTIONED) expect(schema.functions.get(fn)).toContain(table);
    expect(schema.functions.get('watch_game')).toEqual(['game_watches']);
  });

  it('allows only files that exist, and every one of them for SQL it has', () => {
    const files = sourceFiles();
    for (const entry of ALLOWED) {
      const matching = [...files.keys()].filter((file) => allowedEntry(file) === entry.path);
      expect({ entry: entry.path, found: matching.length > 0 }).toEqual({ entry: entry.path, found: true });
      const withSql = matching.filter((file) => readFile(file, files.get(file)!, schema).uses.length > 0);
      expect({ entry: entry.path, withSql: withSql.length > 0 }).toEqual({
        entry: entry.path,
        withSql: true,
      });
    }
  });
});

describe('the detectors catch what they must, and only that (so the checks above can fail)', () => {
  const schema: Schema = {
    delegates: new Map([
      ['player', 'players'],
      ['token', 'tokens'],
      ['webhook', 'webhooks'],
    ]),
    tables: ['players', 'tokens', 'webhooks'],
    functions: new Map([['archive_game', ['game_archives', 'game_archive_audit']]]),
  };
  const uses = (text: string): string[] => readFile('src/x/y.ts', text, schema).uses.map((use) => use.what);
  const writes = (text: string): string[] =>
    readFile('src/x/y.ts', text, schema).writes.map((write) => write.table);

  it.each([
    "pool.query('SELECT 1');",
    "const s = 'SELECT id, username FROM players WHERE id = $1';",
    'const s = `UPDATE ${table} SET expires_at = now()`;',
    "const s = 'INSERT INTO ratings (player_id) VALUES ($1)';",
    "const s = 'DELETE FROM bot_turn_claims WHERE game_id = $1';",
    'const s = `COPY "${table}" (${columns}) FROM STDIN`;',
    "const s = 'TRUNCATE games';",
    "const s = 'WITH due AS (SELECT 1) SELECT * FROM due';",
    'const s = `LISTEN ${A}; LISTEN ${B}`;',
    "const s = 'SELECT pg_notify($1, $2)';",
    "const s = 'SET LOCAL statement_timeout = 0';",
    "const s = 'SET synchronous_commit = off';",
    "const s = 'BEGIN';",
    "const s = 'COMMIT';",
    "const s = 'VACUUM (ANALYZE) players';",
    'tx.$queryRaw`SELECT 1`;',
    'await this.prisma.$transaction(async () => undefined);',
    'this.prisma.player.update({ where: { id } });',
    'prisma.someModel.findMany();',
    'tx.token.deleteMany({ where: { playerId } });',
    "const players = new CopyBuffer('players', ['id']);",
  ])('flags %s', (text) => {
    expect(uses(text).length).toBeGreaterThan(0);
  });

  it.each([
    '// SELECT id FROM players; INSERT INTO tokens',
    '/** UPDATE games SET version = 1 */ const x = 1;',
    "const doc = 'query($f: Int, $a: String) { adminAuditLog(first: $f, after: $a) { edges { node { id } } } }';",
    "const doc = 'subscription { myEvents { id kind } }';",
    'logger.warn(`the LISTEN connection was lost (${reason}): reconnecting`);',
    "throw new Error('select a preset from the list, then update the settings');",
    'throw new RangeError(`COPY ${table}: ${n} values for ${m} columns`);',
    "const methods = ['GET', 'POST', 'DELETE'];",
    'const q = request.query;',
    'game.players.find((seat) => seat.playerId === id);',
    'this.players.update(id);',
    "const s = 'Triggers refuse UPDATE, DELETE and TRUNCATE of the log';",
  ])('does not flag %s', (text) => {
    expect(uses(text)).toEqual([]);
  });

  it('names the tables a statement writes, not those it reads or locks', () => {
    expect(writes("const s = 'SELECT id FROM players WHERE id = $1 FOR UPDATE';")).toEqual([]);
    expect(
      writes("const s = 'UPDATE ratings AS r SET games = r.games + 1 FROM x WHERE r.id = x.id';"),
    ).toEqual(['ratings']);
    expect(
      writes(
        'const s = `INSERT INTO login_failures AS f (key_hash) SELECT 1 ON CONFLICT (key_hash) DO UPDATE SET count = 2`;',
      ),
    ).toEqual(['login_failures']);
    expect(writes('const s = \'DELETE FROM "public"."tokens" WHERE id = $1\';')).toEqual(['tokens']);
    expect(writes('const s = `UPDATE ${table} SET x = 1`;')).toEqual([SUBSTITUTION]);
    expect(writes("const s = 'SELECT archive_game($1::uuid) AS archived';")).toEqual([
      'game_archives',
      'game_archive_audit',
    ]);
    expect(writes('tx.player.update({ where: { id } }); tx.token.findMany();')).toEqual(['players']);
    expect(writes("new CopyBuffer('game_events', columns);")).toEqual(['game_events']);
  });

  it('tells repositories, sql/ files and their importers apart', () => {
    const verdict = judge(
      new Map([
        ['src/a/a.service.ts', "import { X } from './sql/x';\nconst s = 'SELECT id FROM t';"],
        ['src/a/a.repository.ts', "import { X } from './sql/x';\nconst s = 'DELETE FROM t';"],
        ['src/a/sql/x.ts', "import { Y } from './y';\nexport const X = 'INSERT INTO t (id) VALUES (1)';"],
        ['src/a/sql/y.ts', "export const Y = 'UPDATE u SET id = 1';"],
        ['src/b/b.service.ts', "import type { X } from '../a/sql/x';\nexport const ok = 1;"],
        ['src/db/transaction.ts', "client.query('BEGIN');"],
      ]),
      schema,
    );
    expect(verdict.misplaced).toEqual(['src/a/a.service.ts:2 SELECT … FROM, SELECT: SELECT id FROM t']);
    expect(verdict.badImporters).toEqual(['src/a/a.service.ts imports src/a/sql/x.ts']);
    expect([...verdict.writers.keys()].sort()).toEqual(['t', 'u']);
  });

  it('finds a second writer, a table without an owner and an owner that writes nothing', () => {
    const writers = new Map([
      [
        'tokens',
        new Map([
          ['auth', ['src/auth/tokens.repository.ts:1 INSERT INTO tokens']],
          ['players', ['src/players/players.repository.ts:9 token.updateMany']],
        ]),
      ],
      ['stray', new Map([['bots', ['src/bots/x.repository.ts:3 INSERT INTO stray']]])],
    ]);
    expect(
      ownershipProblems(writers, { tokens: 'auth', players: 'players', webhooks: 'webhooks' }, schema),
    ).toEqual([
      "tokens is auth's, yet players writes it: src/players/players.repository.ts:9 token.updateMany",
      'stray has no owner in OWNERS, yet bots writes it: src/bots/x.repository.ts:3 INSERT INTO stray',
      'players is not found writing players',
      'webhooks is not found writing webhooks',
    ]);
    expect(ownershipProblems(new Map(), { tokens: 'auth' }, schema)).toContain(
      'players (prisma/schema.prisma) has no owner in OWNERS',
    );
  });

  it("reads what the migrations' functions write, as the last definition or drop leaves them", () => {
    const create = (name: string, body: string, returns = 'VOID'): string =>
      `CREATE OR REPLACE FUNCTION "${name}"("x" UUID) RETURNS ${returns} LANGUAGE plpgsql AS $$\nBEGIN\n${body}\nEND $$;`;
    const functions = functionsOf([
      create('take', 'INSERT INTO "watches" ("id") VALUES ("x");') +
        create('announce', 'PERFORM pg_notify(\'c\', "x"::text);') +
        create('guard', 'DELETE FROM "log";', 'trigger'),
      create(
        'archive',
        'INSERT INTO "archives" ("id") VALUES ("x"); UPDATE "games" SET "archived_at" = now();',
      ),
      `${create('take', 'INSERT INTO "watches2" ("id") VALUES ("x");')} DROP FUNCTION "archive"(UUID);`,
    ]);
    expect([...functions]).toEqual([['take', ['watches2']]]);
  });

  it('reads a module from a path', () => {
    expect(moduleOf('src/players/players.repository.ts')).toBe('players');
    expect(moduleOf('src/notifications/sql/notification-writes.ts')).toBe('notifications');
    expect(moduleOf('src/main.ts')).toBe('(src)');
  });
});
