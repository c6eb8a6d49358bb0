/**
 * docs/architecture.md, "Layout of a module": the top folders of src/ depend on each other in one direction only,
 * lowest first, so no import cycle runs between them. A folder is src/<name>/ (the files directly in src/ — the app
 * module, the factory, main — compose everything and are no folder; src/generated/ is Prisma's and is left out).
 *
 * Every src/**\/*.ts file is read with the TypeScript compiler's parser: import declarations (`import type` too: a
 * cycle of types is still a cycle), `export … from`, `import x = require(…)`, and calls of `import(…)` and
 * `require(…)` with a literal path. Each relative path that lands in another folder is an edge of the folder graph;
 * a cycle of that graph fails the test, named step by step with one file-level import per step, so the message says
 * which import closes it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SRC = path.join(ROOT, 'src');
/** Generated code (the Prisma client), not ours to lay out. */
const LEFT_OUT = ['generated'];

/** One import of a file: the path as written and its line (1-based). */
interface ImportSite {
  readonly specifier: string;
  readonly line: number;
}

/** An import from one top folder into another: `from` and `to` are folder names, `file` the importing file. */
interface FolderEdge {
  readonly from: string;
  readonly to: string;
  /** The importing file, relative to the repository (src/…). */
  readonly file: string;
  readonly specifier: string;
  readonly line: number;
}

/** What `text` (the file `fileName`) imports, by every form the compiler parses. */
function importsOf(fileName: string, text: string): ImportSite[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sites: ImportSite[] = [];
  const add = (literal: ts.Expression | undefined): void => {
    if (literal === undefined || !ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    sites.push({ specifier: literal.text, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(callee) && callee.text === 'require';
      if (dynamic || required) add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      // `import('…').Type` in a type position.
      add(node.argument.literal as ts.Expression);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

/**
 * The top folder `relative` (a path under src/, without `src/`) lies in, or null for a file directly in src/.
 * `isFolder` says whether src/<name> is a folder.
 */
function folderOf(relative: string, isFolder: (name: string) => boolean): string | null {
  const [first, ...rest] = relative.split('/');
  if (first === undefined || first === '' || first === '..') return null;
  if (rest.length === 0 && !isFolder(first)) return null;
  return first;
}

/**
 * The edges between folders of `files` (paths relative to the repository, each under src/): each relative import
 * from a file of one folder that lands in another folder, neither of them left out.
 */
function folderEdges(
  files: readonly { readonly file: string; readonly text: string }[],
  isFolder: (name: string) => boolean,
): FolderEdge[] {
  const edges: FolderEdge[] = [];
  for (const { file, text } of files) {
    const from = folderOf(path.posix.relative('src', file), isFolder);
    if (from === null || LEFT_OUT.includes(from)) continue;
    for (const site of importsOf(file, text)) {
      if (!site.specifier.startsWith('.')) continue; // a package, not one of our folders
      const target = path.posix.relative('src', path.posix.join(path.posix.dirname(file), site.specifier));
      const to = folderOf(target, isFolder);
      if (to === null || to === from || LEFT_OUT.includes(to)) continue;
      edges.push({ from, to, file, specifier: site.specifier, line: site.line });
    }
  }
  return edges;
}

/**
 * Every elementary cycle of the folder graph of `edges`, each once: as the folders in order, starting at its least
 * (by name), the cycle closing back to it. At most `limit` of them (a graph knotted everywhere has very many).
 */
function cyclesOf(edges: readonly FolderEdge[], limit = 100): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const nodes = [...new Set(edges.flatMap((edge) => [edge.from, edge.to]))].sort();
  const cycles: string[][] = [];
  for (const start of nodes) {
    // Only cycles whose least folder is `start`: each cycle is found once, from its least folder.
    const walk = (node: string, trail: string[]): void => {
      for (const to of [...(next.get(node) ?? [])].sort()) {
        if (cycles.length >= limit) return;
        if (to === start) cycles.push([...trail]);
        else if (to > start && !trail.includes(to)) walk(to, [...trail, to]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

/** A cycle as a message: each step with the first file-level import that makes it (by file, then line). */
function describeCycle(cycle: readonly string[], edges: readonly FolderEdge[]): string {
  const steps = cycle.map((from, index) => {
    const to = cycle[(index + 1) % cycle.length]!;
    const [edge] = edges
      .filter((candidate) => candidate.from === from && candidate.to === to)
      .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
    return `  ${from} → ${to}: ${edge!.file}:${edge!.line} imports '${edge!.specifier}'`;
  });
  return `${[...cycle, cycle[0]].join(' → ')}\n${steps.join('\n')}`;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(ROOT, full).split(path.sep).join('/')] : [];
  });
}

const isSrcFolder = (name: string): boolean =>
  fs.statSync(path.join(SRC, name), { throwIfNoEntry: false })?.isDirectory() ?? false;

describe('src/ folders import each other one way only (docs/architecture.md, "Layout of a module")', () => {
  const files = sourceFiles(SRC)
    .filter((file) => !LEFT_OUT.some((folder) => file.startsWith(`src/${folder}/`)))
    .map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
  const edges = folderEdges(files, isSrcFolder);

  it('reads the imports between folders', () => {
    expect(files.length).toBeGreaterThan(200);
    // The engine is imported from nearly everywhere; the games module imports the players module.
    expect(edges.some((edge) => edge.to === 'engine')).toBe(true);
    expect(edges.some((edge) => edge.from === 'games' && edge.to === 'players')).toBe(true);
  });

  it('has no cycle between folders', () => {
    const cycles = cyclesOf(edges).map((cycle) => describeCycle(cycle, edges));
    expect(cycles).toEqual([]);
  });
});

describe('the folder-cycle check itself', () => {
  const folders = new Set(['a', 'b', 'c', 'd', 'generated']);
  const isFolder = (name: string): boolean => folders.has(name);

  it('reads every form of import: type-only, re-exports, import(), require(), import-equals, import types', () => {
    const text = [
      "import { x } from '../a/x';",
      "import type { T } from '../b/t';",
      "export * from '../c/c';",
      "export { y } from './y';",
      "import e = require('../d/e');",
      "const lazy = () => import('../a/lazy');",
      "const old = require('../b/old');",
      "let t: import('../c/types').T;",
      "import 'pg';",
    ].join('\n');
    expect(importsOf('src/d/file.ts', text).map((site) => `${site.line}:${site.specifier}`)).toEqual([
      '1:../a/x',
      '2:../b/t',
      '3:../c/c',
      '4:./y',
      '5:../d/e',
      '6:../a/lazy',
      '7:../b/old',
      '8:../c/types',
      '9:pg',
    ]);
  });

  it('makes edges between folders only: not within a folder, not from the files of src/, not to generated code', () => {
    const edges = folderEdges(
      [
        { file: 'src/a/x.ts', text: "import { y } from './y';\nimport { b } from '../b/b';" },
        {
          file: 'src/a/deep/z.ts',
          text: "import { c } from '../../c';\nimport { g } from '../../generated/g';",
        },
        { file: 'src/app.module.ts', text: "import { a } from './a/x';" },
        { file: 'src/b/b.ts', text: "import { app } from '../app.module';\nimport 'pg';" },
      ],
      isFolder,
    );
    expect(edges.map((edge) => `${edge.from}→${edge.to} ${edge.file}:${edge.line}`)).toEqual([
      'a→b src/a/x.ts:2',
      'a→c src/a/deep/z.ts:1',
    ]);
  });

  it('finds each cycle once, and names the import behind every step', () => {
    const edges = folderEdges(
      [
        { file: 'src/a/one.ts', text: "import { b } from '../b/b';" },
        { file: 'src/b/b.ts', text: "import { c } from '../c/c';\nimport type { A } from '../a/one';" },
        { file: 'src/c/c.ts', text: "export { a } from '../a/one';" },
        { file: 'src/d/d.ts', text: "import { a } from '../a/one';" },
      ],
      isFolder,
    );
    const cycles = cyclesOf(edges);
    expect(cycles).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
    ]);
    expect(describeCycle(cycles[1]!, edges)).toBe(
      [
        'a → b → c → a',
        "  a → b: src/a/one.ts:1 imports '../b/b'",
        "  b → c: src/b/b.ts:1 imports '../c/c'",
        "  c → a: src/c/c.ts:1 imports '../a/one'",
      ].join('\n'),
    );
    expect(describeCycle(cycles[0]!, edges)).toContain("b → a: src/b/b.ts:2 imports '../a/one'");
  });

  it('finds none in a graph that goes one way', () => {
    const edges = folderEdges(
      [
        { file: 'src/d/d.ts', text: "import { c } from '../c/c';\nimport { a } from '../a/a';" },
        { file: 'src/c/c.ts', text: "import { b } from '../b/b';" },
        { file: 'src/b/b.ts', text: "import { a } from '../a/a';" },
      ],
      isFolder,
    );
    expect(edges).toHaveLength(4);
    expect(cyclesOf(edges)).toEqual([]);
  });
});
