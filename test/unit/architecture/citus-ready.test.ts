/**
 * docs/scaling.md, "Citus: distributed by game_id": the plan holds only while every statement on a game's tables
 * names one game, so that Citus can send it to one shard. This test keeps the plan checkable before Citus is here:
 *
 * - **The game tables** are the rows of docs/scaling.md's table "Every table" distributed by **game**; every table
 *   of prisma/schema.prisma has a row there, so a new table is placed on purpose.
 * - **Every statement** of src/ (src/generated/ left out) that touches a game table names one game: a `game_id`
 *   (for `games`, its `id`) equal to one value, or a join to a relation that does, or, for an INSERT, one value
 *   in its `game_id` column; a Prisma call on a game's model has a `where` (for `create`, a `data`) with
 *   `gameId` (for `game`, `id`) equal to one value.
 * - **Or it is listed** in docs/scaling.md's "Cross-game statements", by file and by the name of the const,
 *   function or method it is in (`Class.method`, `CONST.property`): names survive edits, lines do not. The test
 *   fails for a cross-game statement not listed, and for a listed name where no cross-game statement is left.
 *
 * How a statement is read (by text, not by a SQL parser, so a statement is judged on what it spells out):
 * - A statement is a string or template literal with a capitalised `FROM`, `JOIN`, `INTO`, `UPDATE` or `USING`
 *   before a game table, or a `SELECT` of a database function that works on game tables (from the migrations).
 *   Each `${…}` is evaluated where the compiler can follow it: a const (in the file or imported), or a call of one
 *   of our functions that returns one template (its parameters bound to the arguments). Anything else stands as an
 *   opaque value. A literal taken into another this way is judged there, as part of the whole statement.
 * - One value is a parameter (`$1`, `$${…}`, an opaque `${…}`), with or without a cast. `= ANY($1::uuid[])` is a
 *   list of games: cross-game (a bounded page of ids is still several shards).
 * - A join passes the one game on: `x.game_id = y.col` where `y` names one game (a game table's reference that
 *   does, a CTE or subquery whose game tables all do or whose column is one value). Rows of a relation handed in
 *   as `${…}` (a fragment's source, `FROM ${events} e`) are its composer's, whose own statement is checked.
 * - An equality filters where it stands in a WHERE or an ON, with no OR or CASE beside it on the way up (not in a
 *   select list's FILTER, not in a SET); unqualified (`game_id = $1`), it counts for the tables of its own query,
 *   not across a subquery's parentheses.
 * - A database function that works on game tables is called with its game first (Citus distributes the function
 *   by that argument).
 * Not seen: Prisma calls through relations of other models (`include` of a player's games), and what names its
 * table only at run time (`COPY ${table}` of backup and restore, seed:demo's CopyBuffer).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { PRISMA_BY_DATA, PRISMA_READS, PRISMA_WRITES, sourceFiles } from './source-scan';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SCALING = 'docs/scaling.md';

// ---------------------------------------------------------------------------------------------------------------
// The plan, as docs/scaling.md writes it

/** What Citus does with a listed statement (docs/scaling.md, "Cross-game statements"). */
const CITUS_PLANS = ['fan-out', 'per-shard', 'router'] as const;
type CitusPlan = (typeof CITUS_PLANS)[number];

/** One row of "Cross-game statements": the statements of `names` in `file`. */
interface Listed {
  readonly file: string;
  readonly names: readonly string[];
  readonly citus: CitusPlan;
}

/** The lines of the section headed `heading` (any level), up to the next heading of the same or a higher level. */
function sectionOf(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, '').trim() === heading);
  if (start < 0) throw new Error(`${SCALING} has no section "${heading}"`);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex(
    (line, index) => index > start && /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level,
  );
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The body rows of the section's first Markdown table, each as its cells. */
function tableRowsOf(section: readonly string[]): string[][] {
  const first = section.findIndex((line) => line.startsWith('|'));
  if (first < 0) return [];
  const rows: string[][] = [];
  for (const line of section.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** Each table of "Every table" (a backticked name in the first cell) and how it is distributed. */
function tablePlanOf(markdown: string): Map<string, string> {
  const plan = new Map<string, string>();
  for (const [table, distributed] of tableRowsOf(sectionOf(markdown, 'Every table'))) {
    const name = /^`(\w+)`$/.exec(table ?? '')?.[1];
    if (name !== undefined) plan.set(name, distributed ?? '');
  }
  return plan;
}

/** The tables distributed by game: "Every table" rows whose distribution starts with **game**. */
function gameTablesOf(markdown: string): Set<string> {
  return new Set(
    [...tablePlanOf(markdown)].filter(([, plan]) => plan.startsWith('**game**')).map(([table]) => table),
  );
}

/** The rows of "Cross-game statements"; a row that does not read as one is an error, not a silent pass. */
function crossGameListOf(markdown: string): Listed[] {
  return tableRowsOf(sectionOf(markdown, 'Cross-game statements')).map((cells) => {
    const [where = '', , , citus = ''] = cells;
    const [file, ...names] = [...where.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const plan = CITUS_PLANS.find((word) => citus.startsWith(word) || citus.startsWith(`**${word}**`));
    if (
      file === undefined ||
      !file.endsWith('.ts') ||
      names.length === 0 ||
      plan === undefined ||
      cells.length !== 4
    )
      throw new Error(
        `${SCALING}, "Cross-game statements": a row reads \`file.ts\` \`Name\` | what | why | ` +
          `${CITUS_PLANS.join(' / ')}; got: ${cells.join(' | ')}`,
      );
    return { file, names, citus: plan };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// SQL, read as tokens

/** What stands for a `${…}` the evaluation cannot follow: a value, or a relation handed in. */
const OPAQUE = '__opaque__';

type TokenKind = 'name' | 'param' | 'opaque' | 'string' | 'number' | 'punct';

interface Token {
  readonly kind: TokenKind;
  /** For a name, its dotted parts in lower case (`g.id` → ['g', 'id']); otherwise the text. */
  readonly parts: readonly string[];
  readonly text: string;
}

const OPERATORS = ['::', '->>', '->', '<=', '>=', '<>', '!=', '||', '=', '<', '>', '+', '-', '*', '/'];

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const push = (kind: TokenKind, text: string, parts: readonly string[] = [text]): void => {
    tokens.push({ kind, text, parts });
  };
  while (at < sql.length) {
    const rest = sql.slice(at);
    const space = /^(?:\s+|--[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
    if (space !== null) {
      at += space[0].length;
      continue;
    }
    const string = /^'(?:[^']|'')*'/.exec(rest);
    const param = /^\$(?:\d+|\w+)/.exec(rest);
    const name = /^(?:"[^"]+"|[A-Za-z_]\w*)(?:\.(?:"[^"]+"|[A-Za-z_]\w*|\*))*/.exec(rest);
    const number = /^\d+(?:\.\d+)?/.exec(rest);
    const operator = OPERATORS.find((op) => rest.startsWith(op));
    if (string !== null) {
      push('string', string[0]);
      at += string[0].length;
    } else if (param !== null) {
      push('param', param[0]);
      at += param[0].length;
    } else if (name !== null) {
      const parts = name[0].split('.').map((part) => part.replace(/"/g, '').toLowerCase());
      if (name[0] === OPAQUE) push('opaque', OPAQUE);
      else push('name', name[0], parts);
      at += name[0].length;
    } else if (number !== null) {
      push('number', number[0]);
      at += number[0].length;
    } else {
      const text = operator ?? sql[at]!;
      push('punct', text);
      at += text.length;
    }
  }
  return tokens;
}

const KEYWORDS = new Set(
  (
    'ALL AND ANY AS ASC BETWEEN BY CASE CONFLICT CROSS DEFAULT DELETE DESC DISTINCT DO ELSE END EXCEPT EXISTS ' +
    'FETCH FOR FROM FULL GROUP HAVING IN INNER INSERT INTERSECT INTO IS JOIN LATERAL LEFT LIMIT LOCKED ' +
    'MATERIALIZED NATURAL NOT NOTHING NOWAIT NULL OF OFFSET ON ONLY OR ORDER OUTER RETURNING RIGHT SELECT SET ' +
    'SKIP TABLESAMPLE THEN UNION UPDATE USING VALUES WHEN WHERE WINDOW WITH'
  ).split(' '),
);

/** The words that start a clause of a query: a filter counts in WHERE and ON only. */
const CLAUSES = new Set(
  'SELECT FROM WHERE ON JOIN GROUP HAVING ORDER LIMIT OFFSET RETURNING SET USING VALUES WINDOW FILTER UNION'.split(
    ' ',
  ),
);

const isWord = (token: Token | undefined, word: string): boolean =>
  token?.kind === 'name' && token.parts.length === 1 && token.text.toUpperCase() === word;
const isPunct = (token: Token | undefined, text: string): boolean =>
  token?.kind === 'punct' && token.text === text;
/** A name that can be a table, an alias or a column: not a keyword. */
const isIdentifier = (token: Token | undefined): token is Token =>
  token?.kind === 'name' && !(token.parts.length === 1 && KEYWORDS.has(token.text.toUpperCase()));

/** A parenthesised group of tokens: the statement itself is group 0. */
interface Group {
  readonly parent: number;
  /** Token indexes of `(` and `)` (for group 0: -1 and the length). */
  readonly open: number;
  readonly close: number;
  /** Whether it holds a query of its own (a subquery, a CTE's body): its tables are its own. */
  readonly query: boolean;
}

/** A relation a statement reads or writes, by the name its conditions use (the alias, or the table). */
interface Relation {
  readonly name: string;
  readonly kind: 'table' | 'query' | 'source' | 'function';
  /** For a table: its name. */
  readonly table: string;
  /** The group the reference stands in. */
  readonly group: number;
  /** For a query (a CTE, a subquery): the group of its body. */
  readonly body: number;
  /** The token where the reference starts. */
  readonly at: number;
  /** Whether it is an INSERT's target: judged by the rows it writes, not by conditions. */
  readonly insert: boolean;
}

/** An equality of the statement's conditions (never a SET assignment). */
interface Equality {
  readonly left: number;
  readonly right: number;
  readonly group: number;
}

/** What the analysis needs of the schema: the game tables and the database functions that work on them. */
interface GamePlan {
  readonly gameTables: ReadonlySet<string>;
  readonly gameFunctions: ReadonlySet<string>;
}

const keyOf = (table: string): string => (table === 'games' ? 'id' : 'game_id');

/** One statement's tokens and structure, and the verdicts on its game tables. */
class Statement {
  private readonly tokens: Token[];
  private readonly groups: Group[] = [];
  /** The group of each token (a parenthesis belongs to the group it opens or closes). */
  private readonly groupOf: number[] = [];
  private readonly relations: Relation[] = [];
  private readonly equalities: Equality[] = [];
  /** The game tables' references found to name one game. */
  private readonly oneGameTables = new Set<Relation>();

  constructor(
    sql: string,
    private readonly plan: GamePlan,
  ) {
    this.tokens = tokenize(sql);
    this.readGroups();
    this.readRelations();
    this.readEqualities();
    this.judge();
  }

  /** The game tables whose reference names no one game, and the game functions called without one. */
  crossGame(): string[] {
    const reasons = new Set<string>();
    for (const relation of this.relations) {
      if (relation.kind !== 'table' || !this.plan.gameTables.has(relation.table)) continue;
      if (!this.oneGameTables.has(relation))
        reasons.add(relation.name === relation.table ? relation.table : `${relation.table} ${relation.name}`);
    }
    this.tokens.forEach((token, index) => {
      if (token.kind !== 'name' || !this.plan.gameFunctions.has(token.parts.at(-1)!)) return;
      if (!isPunct(this.tokens[index + 1], '(')) return;
      const first = this.operandAt(index + 2);
      if (first === null || !this.oneGame(first, this.groupOf[index + 1]!, new Set()))
        reasons.add(`${token.text}(…) without its game first`);
    });
    return [...reasons];
  }

  /** Whether the statement names a game table, or calls a game function. */
  touchesGames(): boolean {
    return (
      this.relations.some(
        (relation) => relation.kind === 'table' && this.plan.gameTables.has(relation.table),
      ) ||
      this.tokens.some(
        (token, index) =>
          token.kind === 'name' &&
          this.plan.gameFunctions.has(token.parts.at(-1)!) &&
          isPunct(this.tokens[index + 1], '('),
      )
    );
  }

  private readGroups(): void {
    this.groups.push({ parent: -1, open: -1, close: this.tokens.length, query: true });
    const stack = [0];
    this.tokens.forEach((token, index) => {
      if (isPunct(token, '(')) {
        const next = this.tokens[index + 1];
        const query = ['SELECT', 'WITH', 'INSERT', 'UPDATE', 'DELETE', 'VALUES'].some((word) =>
          isWord(next, word),
        );
        this.groups.push({ parent: stack.at(-1)!, open: index, close: this.tokens.length, query });
        stack.push(this.groups.length - 1);
        this.groupOf[index] = this.groups.length - 1;
      } else if (isPunct(token, ')') && stack.length > 1) {
        const id = stack.pop()!;
        this.groups[id] = { ...this.groups[id]!, close: index };
        this.groupOf[index] = id;
      } else {
        this.groupOf[index] = stack.at(-1)!;
      }
    });
  }

  /** The group a `(` at `index` opens. */
  private groupOpenedAt(index: number): number {
    return this.groupOf[index]!;
  }

  /** The index after the `)` of the group `(` at `index` opens. */
  private after(index: number): number {
    return this.groups[this.groupOpenedAt(index)]!.close + 1;
  }

  /** `[AS] alias` at `index` (not a keyword): the alias and the index after it. */
  private aliasAt(index: number): { alias: string | null; next: number } {
    const start = isWord(this.tokens[index], 'AS') ? index + 1 : index;
    const token = this.tokens[start];
    if (isIdentifier(token) && token.parts.length === 1) {
      // A function's or a subquery's column list: `AS u(player_id, kind)`.
      const next = isPunct(this.tokens[start + 1], '(') ? this.after(start + 1) : start + 1;
      return { alias: token.parts[0]!, next };
    }
    return { alias: null, next: index };
  }

  /** The FROM item at `index`: a table, a subquery, a function, or a relation handed in. */
  private fromItemAt(index: number, insert: boolean): { relation: Relation | null; next: number } {
    let at = index;
    while (isWord(this.tokens[at], 'ONLY') || isWord(this.tokens[at], 'LATERAL')) at += 1;
    const token = this.tokens[at];
    const group = this.groupOf[at] ?? 0;
    if (isPunct(token, '(')) {
      const body = this.groupOpenedAt(at);
      if (!this.groups[body]!.query) return { relation: null, next: at };
      const { alias, next } = this.aliasAt(this.after(at));
      const name = alias ?? `(subquery ${body})`;
      return { relation: { name, kind: 'query', table: '', group, body, at, insert }, next };
    }
    if (token?.kind === 'opaque') {
      const { alias, next } = this.aliasAt(at + 1);
      return {
        relation: { name: alias ?? OPAQUE, kind: 'source', table: '', group, body: -1, at, insert },
        next,
      };
    }
    if (!isIdentifier(token)) return { relation: null, next: at };
    const table = token.parts.at(-1)!;
    if (isPunct(this.tokens[at + 1], '(') && !insert) {
      let end = this.after(at + 1);
      if (isWord(this.tokens[end], 'WITH') && isWord(this.tokens[end + 1], 'ORDINALITY')) end += 2;
      const { alias, next } = this.aliasAt(end);
      return {
        relation: { name: alias ?? table, kind: 'function', table, group, body: -1, at, insert },
        next,
      };
    }
    const cte = this.relations.find((relation) => relation.kind === 'query' && relation.name === table);
    const { alias, next } = this.aliasAt(at + 1);
    if (cte !== undefined && !insert)
      return { relation: { ...cte, name: alias ?? table, group, at, insert }, next };
    return { relation: { name: alias ?? table, kind: 'table', table, group, body: -1, at, insert }, next };
  }

  private readRelations(): void {
    // CTEs first, so that a FROM naming one reads it as the query it is: `name AS [NOT] [MATERIALIZED] (`.
    this.tokens.forEach((token, index) => {
      if (!isIdentifier(token) || token.parts.length !== 1 || !isWord(this.tokens[index + 1], 'AS')) return;
      let open = index + 2;
      while (isWord(this.tokens[open], 'NOT') || isWord(this.tokens[open], 'MATERIALIZED')) open += 1;
      if (!isPunct(this.tokens[open], '(') || !this.groups[this.groupOpenedAt(open)]!.query) return;
      const body = this.groupOpenedAt(open);
      this.relations.push({
        name: token.parts[0]!,
        kind: 'query',
        table: '',
        group: this.groupOf[index]!,
        body,
        at: index,
        insert: false,
      });
    });
    this.tokens.forEach((token, index) => {
      const previous = this.tokens[index - 1];
      const next = this.tokens[index + 1];
      const list = isWord(token, 'FROM') || isWord(token, 'USING');
      if (isWord(token, 'FROM') && isWord(previous, 'DISTINCT')) return;
      if (isWord(token, 'UPDATE') && !isIdentifier(next)) return;
      if (!(list || isWord(token, 'JOIN') || isWord(token, 'UPDATE') || isWord(token, 'INTO'))) return;
      let at = index + 1;
      for (;;) {
        const { relation, next: after } = this.fromItemAt(at, isWord(token, 'INTO'));
        if (relation === null) break;
        this.relations.push(relation);
        if (!list || !isPunct(this.tokens[after], ',')) break;
        at = after + 1;
      }
    });
  }

  /** The operand at `index`: a name, a parameter or an opaque value (its cast skipped); null for anything else. */
  private operandAt(index: number): number | null {
    const token = this.tokens[index];
    if (token === undefined || !['name', 'param', 'opaque'].includes(token.kind)) return null;
    if (token.kind === 'name' && (!isIdentifier(token) || isPunct(this.tokens[index + 1], '('))) return null;
    let end = index + 1;
    while (isPunct(this.tokens[end], '::')) {
      end += 2;
      while (isPunct(this.tokens[end], '[') && isPunct(this.tokens[end + 1], ']')) end += 2;
    }
    // An expression (`$1 + 1`, `a || b`) is not one value of a column.
    const following = this.tokens[end];
    if (following?.kind === 'punct' && ['+', '-', '*', '/', '||', '->', '->>'].includes(following.text))
      return null;
    return index;
  }

  /** The operand that ends just before `index` (a cast skipped). */
  private operandBefore(index: number): number | null {
    let at = index - 1;
    for (;;) {
      while (isPunct(this.tokens[at], ']') && isPunct(this.tokens[at - 1], '[')) at -= 2;
      if (this.tokens[at]?.kind === 'name' && isPunct(this.tokens[at - 1], '::')) at -= 2;
      else break;
    }
    const previous = this.tokens[at - 1];
    if (previous?.kind === 'punct' && ['+', '-', '*', '/', '||', '->', '->>', '::'].includes(previous.text))
      return null;
    return at >= 0 ? this.operandAt(at) : null;
  }

  /** SET lists, as `[from, to)` of the list's own group: their `=` assign, they do not filter. */
  private assignments(): [number, number, number][] {
    const ranges: [number, number, number][] = [];
    this.tokens.forEach((token, index) => {
      if (!isWord(token, 'SET')) return;
      const group = this.groupOf[index]!;
      let end = index + 1;
      while (end < this.tokens.length) {
        const at = this.tokens[end];
        if (this.groupOf[end] === group && ['WHERE', 'FROM', 'RETURNING'].some((word) => isWord(at, word)))
          break;
        if (isPunct(at, ')') && this.groupOf[end] === group && group !== 0) break;
        end += 1;
      }
      ranges.push([index, end, group]);
    });
    return ranges;
  }

  private readEqualities(): void {
    const assignments = this.assignments();
    this.tokens.forEach((token, index) => {
      if (!isPunct(token, '=')) return;
      const group = this.groupOf[index]!;
      if (assignments.some(([from, to, list]) => index > from && index < to && group === list)) return;
      if (!this.filters(index)) return;
      const left = this.operandBefore(index);
      const right = this.operandAt(index + 1);
      if (left !== null && right !== null) this.equalities.push({ left, right, group });
    });
  }

  /**
   * Whether the `=` at `index` filters its query's rows: it stands in a WHERE or an ON (not in a select list's
   * FILTER, a CASE, a SET), with no OR beside it on the way up to that clause.
   */
  private filters(index: number): boolean {
    let at = index;
    for (let group = this.groupOf[index]!; ; group = this.groups[group]!.parent) {
      const { open, close, query } = this.groups[group]!;
      const clause = this.clauseBefore(at, group);
      const clauseEnd = query ? this.clauseAfter(at, group) : close;
      const from = query ? clause.index : open;
      for (let other = from + 1; other < clauseEnd; other += 1)
        if (
          this.groupOf[other] === group &&
          (isWord(this.tokens[other], 'OR') || isWord(this.tokens[other], 'CASE'))
        )
          return false;
      if (query) return clause.word === 'WHERE' || clause.word === 'ON';
      at = open;
    }
  }

  /** The clause keyword (at `group`'s level) nearest before `index`, and where it stands. */
  private clauseBefore(index: number, group: number): { word: string; index: number } {
    for (let at = index - 1; at > this.groups[group]!.open; at -= 1) {
      const word = this.tokens[at]!.text.toUpperCase();
      if (this.groupOf[at] === group && this.tokens[at]!.kind === 'name' && CLAUSES.has(word))
        return { word, index: at };
    }
    return { word: '', index: this.groups[group]!.open };
  }

  /** Where the clause holding `index` (at `group`'s level) ends. */
  private clauseAfter(index: number, group: number): number {
    for (let at = index + 1; at < this.groups[group]!.close; at += 1) {
      const word = this.tokens[at]!.text.toUpperCase();
      if (this.groupOf[at] === group && this.tokens[at]!.kind === 'name' && CLAUSES.has(word)) return at;
    }
    return this.groups[group]!.close;
  }

  /** Whether a condition in group `from` sees the tables of group `to` (no subquery's parentheses between). */
  private sees(from: number, to: number): boolean {
    let at = from;
    while (at !== to) {
      if (at <= 0 || this.groups[at]!.query) return false;
      at = this.groups[at]!.parent;
    }
    return true;
  }

  /** The relation a qualifier names from group `group`: the nearest visible one of that name. */
  private relationNamed(name: string, group: number): Relation | undefined {
    const named = this.relations.filter((relation) => relation.name === name && !relation.insert);
    return named.find((relation) => this.within(group, relation.group)) ?? named[0];
  }

  /** Whether group `inner` lies inside group `outer` (or is it). */
  private within(inner: number, outer: number): boolean {
    for (let at = inner; at >= 0; at = this.groups[at]!.parent) if (at === outer) return true;
    return false;
  }

  /** Whether the operand at `index` (in group `group`) is one game: a value, or a column of a one-game relation. */
  private oneGame(index: number, group: number, seen: Set<number>): boolean {
    const token = this.tokens[index]!;
    if (token.kind === 'param' || token.kind === 'opaque') return true;
    if (token.parts.length < 2 || seen.has(index)) return false;
    seen.add(index);
    const [qualifier, column] = token.parts.slice(-2) as [string, string];
    const relation = this.relationNamed(qualifier, group);
    if (relation === undefined) return false;
    if (relation.kind === 'source') return true;
    if (relation.kind === 'table') return this.oneGameTables.has(relation);
    if (relation.kind !== 'query') return false;
    if (this.queryIsOneGame(relation.body)) return true;
    const output = this.outputColumn(relation.body, column);
    return output !== null && this.oneGame(output, relation.body, seen);
  }

  /** A query names one game when it reads game tables and every one of them names one. */
  private queryIsOneGame(body: number): boolean {
    const tables = this.relations.filter(
      (relation) =>
        relation.kind === 'table' &&
        this.plan.gameTables.has(relation.table) &&
        this.within(relation.group, body),
    );
    return tables.length > 0 && tables.every((relation) => this.oneGameTables.has(relation));
  }

  /** The operand a query's SELECT list (or RETURNING list) gives for `column`, or null. */
  private outputColumn(body: number, column: string): number | null {
    const group = this.groups[body]!;
    const start = this.tokens.findIndex(
      (token, index) =>
        index > group.open &&
        index < group.close &&
        this.groupOf[index] === body &&
        (isWord(token, 'SELECT') || isWord(token, 'RETURNING')),
    );
    if (start < 0) return null;
    for (const [from, to] of this.listItems(start + 1, body, ['FROM', 'WHERE', 'ORDER', 'LIMIT', 'GROUP'])) {
      const last = this.tokens[to - 1];
      const named = isWord(this.tokens[to - 2], 'AS') && last?.parts[0] === column;
      const bare = to - from === 1 && last?.kind === 'name' && last.parts.at(-1) === column;
      if (named || bare) return this.operandAt(from);
    }
    return null;
  }

  /** The comma-separated items `[from, to)` of a list starting at `start` in `group`, up to one of `stops`. */
  private listItems(start: number, group: number, stops: readonly string[]): [number, number][] {
    const items: [number, number][] = [];
    let from = start;
    let at = start;
    for (; at < this.groups[group]!.close; at += 1) {
      const token = this.tokens[at];
      if (this.groupOf[at] !== group || isPunct(token, '(')) continue;
      if (stops.some((word) => isWord(token, word))) break;
      if (isPunct(token, ',')) {
        items.push([from, at]);
        from = at + 1;
      }
    }
    items.push([from, at]);
    return items;
  }

  /** An INSERT names one game when the value of its game column is one game, in every row it writes. */
  private insertIsOneGame(relation: Relation): boolean {
    // `INSERT INTO table [AS alias] (columns)`
    let at = relation.at + 1;
    if (isWord(this.tokens[at], 'AS')) at += 2;
    else if (isIdentifier(this.tokens[at])) at += 1;
    if (!isPunct(this.tokens[at], '(')) return false;
    const columns = this.listItems(at + 1, this.groupOpenedAt(at), []).map(([from]) =>
      this.tokens[from]?.parts.at(-1),
    );
    const position = columns.indexOf(keyOf(relation.table));
    if (position < 0) return false;
    const source = this.after(at);
    const group = this.groupOf[source]!;
    if (isWord(this.tokens[source], 'VALUES')) {
      const rows: [number, number][] = [];
      for (let row = source + 1; isPunct(this.tokens[row], '('); row = this.after(row) + 1) {
        rows.push([row, this.groupOpenedAt(row)]);
        if (!isPunct(this.tokens[this.after(row)], ',')) break;
      }
      return (
        rows.length > 0 &&
        rows.every(([row, rowGroup]) => {
          const item = this.listItems(row + 1, rowGroup, [])[position];
          const operand = item === undefined ? null : this.operandAt(item[0]);
          return operand !== null && this.oneGame(operand, rowGroup, new Set());
        })
      );
    }
    if (isWord(this.tokens[source], 'SELECT')) {
      const item = this.listItems(source + 1, group, ['FROM'])[position];
      const operand = item === undefined ? null : this.operandAt(item[0]);
      return operand !== null && this.oneGame(operand, group, new Set());
    }
    return false;
  }

  /** Whether a condition filters `relation` to one game. */
  private filteredToOneGame(relation: Relation): boolean {
    const key = keyOf(relation.table);
    const names = (index: number, group: number): boolean => {
      const parts = this.tokens[index]!.parts;
      if (this.tokens[index]!.kind !== 'name' || parts.at(-1) !== key) return false;
      if (parts.length === 1) return this.sees(group, relation.group);
      return parts.at(-2) === relation.name && this.relationNamed(relation.name, group) === relation;
    };
    return this.equalities.some(
      ({ left, right, group }) =>
        (names(left, group) && this.oneGame(right, group, new Set())) ||
        (names(right, group) && this.oneGame(left, group, new Set())),
    );
  }

  /** Decides every game table's reference, until nothing changes (a join passes one game on). */
  private judge(): void {
    const tables = this.relations.filter(
      (relation) => relation.kind === 'table' && this.plan.gameTables.has(relation.table),
    );
    for (let changed = true; changed;) {
      changed = false;
      for (const relation of tables) {
        if (this.oneGameTables.has(relation)) continue;
        if (relation.insert ? this.insertIsOneGame(relation) : this.filteredToOneGame(relation)) {
          this.oneGameTables.add(relation);
          changed = true;
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Statements in the source

/** A statement or Prisma call on a game table, where it is and what keeps it from naming one game. */
interface Finding {
  readonly file: string;
  readonly line: number;
  /** The const, function or method it is in: `Class.method`, `function`, `CONST` or `CONST.property`. */
  readonly name: string;
  readonly what: string;
  /** Empty: it names one game. */
  readonly crossGame: readonly string[];
}

/** Prisma's delegate methods, and how each names its rows: by `where`, or by `data` (PRISMA_BY_DATA). */
const PRISMA_BY_WHERE = [...PRISMA_READS, ...PRISMA_WRITES].filter(
  (method) => !(PRISMA_BY_DATA as readonly string[]).includes(method),
);
const PRISMA_OPS = new Set<string>([...PRISMA_BY_WHERE, ...PRISMA_BY_DATA]);

/** What the source scan needs: the plan, and each game table's Prisma delegate (`gameEvent` → game_events). */
interface SourcePlan extends GamePlan {
  readonly gameModels: ReadonlyMap<string, string>;
}

const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 100 ? `${flat.slice(0, 97)}…` : flat;
};

/** The name a finding is listed by: the enclosing method or function, or the top-level const (and property path). */
function enclosingName(node: ts.Node): string {
  for (let at: ts.Node = node; at.parent !== undefined; at = at.parent) {
    const owner = (member: ts.Node): string =>
      ts.isClassLike(member.parent) && member.parent.name !== undefined ? `${member.parent.name.text}.` : '';
    if (
      (ts.isMethodDeclaration(at) ||
        ts.isPropertyDeclaration(at) ||
        ts.isGetAccessorDeclaration(at) ||
        ts.isSetAccessorDeclaration(at)) &&
      at.name !== undefined
    )
      return `${owner(at)}${propertyName(at.name)}`;
    if (ts.isConstructorDeclaration(at)) return `${owner(at)}constructor`;
    if (ts.isFunctionDeclaration(at) && at.name !== undefined) return at.name.text;
    if (
      ts.isVariableDeclaration(at) &&
      ts.isIdentifier(at.name) &&
      ts.isVariableStatement(at.parent.parent) &&
      ts.isSourceFile(at.parent.parent.parent)
    )
      return [at.name.text, ...propertyPath(node, at)].join('.');
  }
  return '(top level)';
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
    ? name.text
    : name.getText();
}

/** The keys from a const's object literal down to `node` (`STATEMENTS.game.renew`); none past anything else. */
function propertyPath(node: ts.Node, declaration: ts.VariableDeclaration): string[] {
  const keys: string[] = [];
  for (let at = node; at !== declaration; at = at.parent) {
    if (ts.isPropertyAssignment(at)) keys.unshift(propertyName(at.name));
    else if (
      at !== node &&
      !ts.isObjectLiteralExpression(at) &&
      !ts.isAsExpression(at) &&
      !ts.isSatisfiesExpression(at) &&
      !ts.isParenthesizedExpression(at)
    )
      return [];
  }
  return keys;
}

/** Follows `${…}`: consts and calls of our own functions, with each parameter bound to its argument's text. */
class Evaluator {
  /** Literals taken into another literal's text (directly, as a const, or as a function's template): judged there. */
  readonly consumed = new Set<ts.Node>();

  constructor(private readonly checker: ts.TypeChecker) {}

  text(node: ts.Expression, bindings: ReadonlyMap<ts.Node, string> = new Map(), depth = 0): string {
    if (depth > 12) return OPAQUE;
    if (depth > 0 && isText(node)) this.consumed.add(node);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) {
      return (
        node.head.text +
        node.templateSpans
          .map((span) => this.text(span.expression, bindings, depth + 1) + span.literal.text)
          .join('')
      );
    }
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return this.text(node.expression, bindings, depth + 1);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
      return this.text(node.left, bindings, depth + 1) + this.text(node.right, bindings, depth + 1);
    if (ts.isIdentifier(node)) return this.identifier(node, bindings, depth);
    if (ts.isCallExpression(node)) return this.call(node, bindings, depth);
    return OPAQUE;
  }

  private declarationOf(node: ts.Node): ts.Declaration | undefined {
    let symbol = this.checker.getSymbolAtLocation(node);
    if (symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0)
      symbol = this.checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  }

  /** A parameter bound by the call being followed, or a const's value. */
  private identifier(node: ts.Identifier, bindings: ReadonlyMap<ts.Node, string>, depth: number): string {
    const declaration = this.declarationOf(node);
    if (declaration === undefined) return OPAQUE;
    const bound = bindings.get(declaration);
    if (bound !== undefined) return bound;
    const isConst =
      ts.isVariableDeclaration(declaration) &&
      (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0;
    return isConst && declaration.initializer !== undefined
      ? this.text(declaration.initializer, bindings, depth + 1)
      : OPAQUE;
  }

  /** A call of a function of ours that returns one template: the template, its parameters bound. */
  private call(node: ts.CallExpression, bindings: ReadonlyMap<ts.Node, string>, depth: number): string {
    const declaration = this.declarationOf(node.expression);
    const fn =
      declaration !== undefined && ts.isVariableDeclaration(declaration)
        ? declaration.initializer
        : declaration;
    if (
      fn === undefined ||
      !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) ||
      fn.body === undefined
    )
      return OPAQUE;
    const returned = ts.isBlock(fn.body) ? onlyReturn(fn.body) : fn.body;
    if (returned === undefined || !isText(returned)) return OPAQUE;
    const bound = new Map(bindings);
    fn.parameters.forEach((parameter, index) => {
      const argument = node.arguments[index];
      bound.set(parameter, argument === undefined ? OPAQUE : this.text(argument, bindings, depth + 1));
    });
    return this.text(returned, bound, depth + 1);
  }
}

function isText(node: ts.Node): boolean {
  return (
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)
  );
}

/** The expression of a function body's one `return` (none in nested functions counted), or undefined. */
function onlyReturn(body: ts.Block): ts.Expression | undefined {
  const returns: ts.ReturnStatement[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) returns.push(node);
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return returns.length === 1 ? returns[0]!.expression : undefined;
}

/** A literal worth reading: a capitalised FROM/JOIN/INTO/UPDATE/USING before a game table, or a game function. */
function mentionsGames(text: string, plan: GamePlan): boolean {
  for (const match of text.matchAll(
    /\b(?:FROM|JOIN|INTO|UPDATE|USING)\s+(?:ONLY\s+)?(?:"?\w+"?\.)?"?(\w+)"?/g,
  ))
    if (plan.gameTables.has(match[1]!)) return true;
  return (
    /\bSELECT\b/.test(text) && [...plan.gameFunctions].some((fn) => new RegExp(`\\b${fn}\\s*\\(`).test(text))
  );
}

/** Whether a Prisma call's argument names one game: `where` (or `data`) with the key equal to one value. */
function prismaCrossGame(call: ts.CallExpression, op: string, key: string): string[] {
  const [argument] = call.arguments;
  const property = (object: ts.Expression | undefined, name: string): ts.Expression | undefined => {
    if (object === undefined || !ts.isObjectLiteralExpression(object)) return undefined;
    for (const element of object.properties) {
      if (ts.isShorthandPropertyAssignment(element) && element.name.text === name) return element.name;
      if (ts.isPropertyAssignment(element) && element.name.getText() === name) return element.initializer;
    }
    return undefined;
  };
  const byData = (PRISMA_BY_DATA as readonly string[]).includes(op);
  const holder = property(argument, byData ? 'data' : 'where');
  if (holder === undefined) return [`${byData ? 'data' : 'where'} given by an expression, or none`];
  if (byData && op !== 'create') return ['several rows'];
  const value =
    property(holder, key) ??
    (ts.isObjectLiteralExpression(holder)
      ? holder.properties
          .filter(
            (element) => ts.isPropertyAssignment(element) && element.name.getText().startsWith(`${key}_`),
          )
          .map((element) => (element as ts.PropertyAssignment).initializer)[0]
      : undefined);
  if (value === undefined) return [`no ${key} in ${byData ? 'data' : 'where'}`];
  // `gameId: { in: ids }` is several games; a compound key (`gameId_seq: { gameId, seq }`) is one row.
  const several = ts.isObjectLiteralExpression(value) && property(holder, key) === value && !byData;
  return several ? [`${key} is not one value`] : [];
}

/** Every statement and Prisma call on a game table in `files` (path → text), with its verdict. */
function findGameStatements(files: ReadonlyMap<string, string>, plan: SourcePlan): Finding[] {
  const options: ts.CompilerOptions = {
    noLib: true,
    noResolve: false,
    types: [],
    target: ts.ScriptTarget.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  };
  const absolute = (file: string): string => `/${file}`;
  const sources = new Map(
    [...files].map(([file, text]) => [
      absolute(file),
      ts.createSourceFile(absolute(file), text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS),
    ]),
  );
  const host: ts.CompilerHost = {
    getSourceFile: (fileName) => sources.get(fileName),
    getDefaultLibFileName: () => '/lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (fileName) => fileName,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (fileName) => sources.has(fileName),
    readFile: (fileName) => sources.get(fileName)?.text,
  };
  const program = ts.createProgram([...sources.keys()], options, host);
  const evaluator = new Evaluator(program.getTypeChecker());

  // First every literal, so that a fragment is known as taken in before it would be judged alone.
  const candidates: { node: ts.Node; file: string; text: string }[] = [];
  const findings: Finding[] = [];
  const lineOf = (node: ts.Node): number =>
    node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
  for (const file of files.keys()) {
    const visit = (node: ts.Node): void => {
      if (isText(node)) {
        const text = evaluator.text(node as ts.Expression);
        if (mentionsGames(text, plan)) candidates.push({ node, file, text });
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        // `<receiver>.<model>.<op>(…)`: a Prisma delegate, on the client or a transaction's (`tx.game.update`).
        const op = node.expression.name.text;
        const delegate = node.expression.expression;
        const model = ts.isPropertyAccessExpression(delegate) ? delegate.name.text : '';
        const table = plan.gameModels.get(model);
        if (PRISMA_OPS.has(op) && table !== undefined) {
          findings.push({
            file,
            line: lineOf(node),
            name: enclosingName(node),
            what: `Prisma ${model}.${op}(…)`,
            crossGame: prismaCrossGame(node, op, keyOf(table) === 'id' ? 'id' : 'gameId'),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sources.get(absolute(file))!);
  }
  for (const { node, file, text } of candidates) {
    if (evaluator.consumed.has(node)) continue;
    const statement = new Statement(text, plan);
    if (!statement.touchesGames()) continue;
    findings.push({
      file,
      line: lineOf(node),
      name: enclosingName(node),
      what: oneLine(text.replaceAll(OPAQUE, '${…}')),
      crossGame: statement.crossGame(),
    });
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

// ---------------------------------------------------------------------------------------------------------------
// The verdict

/** The failures: cross-game statements not listed, and listed names with no cross-game statement left. */
function judgeList(
  findings: readonly Finding[],
  listed: readonly Listed[],
): { unlisted: string[]; stale: string[] } {
  const isListed = (finding: Finding): boolean =>
    listed.some((entry) => entry.file === finding.file && entry.names.includes(finding.name));
  const cross = findings.filter((finding) => finding.crossGame.length > 0);
  const unlisted = cross
    .filter((finding) => !isListed(finding))
    .map(
      (finding) =>
        `${finding.file}:${finding.line} \`${finding.name}\`: ${finding.crossGame.join(', ')} — ${finding.what}`,
    );
  const stale = listed.flatMap((entry) =>
    entry.names
      .filter((name) => !cross.some((finding) => finding.file === entry.file && finding.name === name))
      .map((name) => `${entry.file} \`${name}\``),
  );
  return { unlisted, stale };
}

// ---------------------------------------------------------------------------------------------------------------
// The repository's own files

function readText(relative: string): string {
  return fs.readFileSync(path.join(ROOT, relative), 'utf8');
}

/** Each model of prisma/schema.prisma: its delegate name (`gameEvent`) → its table (`game_events`). */
function prismaModels(): Map<string, string> {
  const models = new Map<string, string>();
  for (const [, model, body] of readText('prisma/schema.prisma').matchAll(
    /^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm,
  )) {
    const table = /@@map\("(\w+)"\)/.exec(body!)?.[1] ?? model!;
    models.set(model![0]!.toLowerCase() + model!.slice(1), table);
  }
  return models;
}

/**
 * The database functions an app statement may call that work on game tables, as the migrations (in the order they
 * run) leave them: the last definition's body decides; a drop removes one; trigger functions are left out (no
 * statement calls them).
 */
function gameFunctions(gameTables: ReadonlySet<string>): Set<string> {
  const dir = path.join(ROOT, 'prisma', 'migrations');
  const functions = new Set<string>();
  const statements =
    /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?\s*\(([\s\S]*?)\bAS\s+\$(\w*)\$([\s\S]*?)\$\3\$|DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?"?(\w+)"?/gi;
  for (const migration of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, migration, 'migration.sql');
    if (!fs.existsSync(file)) continue;
    for (const [, name, header, , body, dropped] of fs.readFileSync(file, 'utf8').matchAll(statements)) {
      const works = [...(body ?? '').matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+"?(\w+)"?/gi)].some((match) =>
        gameTables.has(match[1]!),
      );
      if (dropped === undefined && works && !/RETURNS\s+trigger/i.test(header ?? '')) functions.add(name!);
      else functions.delete(dropped ?? name!);
    }
  }
  return functions;
}

describe('Citus-ready: every statement on a game table names one game, or is listed (docs/scaling.md)', () => {
  const markdown = readText(SCALING);
  const gameTables = gameTablesOf(markdown);
  const models = prismaModels();
  const plan: SourcePlan = {
    gameTables,
    gameFunctions: gameFunctions(gameTables),
    gameModels: new Map([...models].filter(([, table]) => gameTables.has(table))),
  };
  const findings = findGameStatements(sourceFiles(), plan);
  const listed = crossGameListOf(markdown);
  const verdict = judgeList(findings, listed);

  it('places every table of prisma/schema.prisma in "Every table", and names no other', () => {
    const planned = [...tablePlanOf(markdown).keys()].sort();
    expect(planned).toEqual([...new Set(models.values())].sort());
    expect([...gameTables]).toEqual(expect.arrayContaining(['games', 'game_events', 'game_players']));
  });

  it("finds the statements it judges: the game store's single-game ones, the list pages' cross-game ones", () => {
    const filesOf = (crossGame: boolean): Set<string> =>
      new Set(findings.filter((finding) => finding.crossGame.length > 0 === crossGame).map((f) => f.file));
    expect(filesOf(false)).toContain('src/games/persistence/games.repository.ts');
    expect(filesOf(true)).toContain('src/games/persistence/sql/games-list-sql.ts');
    expect(findings.filter((finding) => finding.crossGame.length === 0).length).toBeGreaterThan(20);
  });

  it('lists every cross-game statement in "Cross-game statements"', () => {
    expect(verdict.unlisted).toEqual([]);
  });

  it('lists nothing that is gone or names one game now', () => {
    expect(verdict.stale).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The detector on fixtures: it catches what it must, so the checks above can fail

describe('the detector (so that the checks above can fail)', () => {
  const plan: SourcePlan = {
    gameTables: new Set(['games', 'game_events', 'game_players', 'player_events', 'webhook_deliveries']),
    gameFunctions: new Set(['archive_game']),
    gameModels: new Map([
      ['game', 'games'],
      ['gameEvent', 'game_events'],
    ]),
  };
  const judged = (source: string, extra: Record<string, string> = {}): Finding[] =>
    findGameStatements(new Map([['src/x/x.repository.ts', source], ...Object.entries(extra)]), plan);
  const cross = (source: string): string[][] =>
    judged(source)
      .filter((finding) => finding.crossGame.length > 0)
      .map((finding) => [...finding.crossGame]);

  it.each([
    ['a list by status', "const Q = `SELECT id FROM games WHERE status = 'ACTIVE' LIMIT 10`;", ['games']],
    ['a list of ids', 'const Q = `SELECT * FROM games WHERE id = ANY($1::uuid[])`;', ['games']],
    [
      "a player's history",
      'const Q = `SELECT g.id FROM game_players gp JOIN games g ON g.id = gp.game_id WHERE gp.player_id = $1`;',
      ['game_players gp', 'games g'],
    ],
    ['a delete by copy', "const Q = 'DELETE FROM game_events WHERE actor_id = $1';", ['game_events']],
    [
      'a claim over games',
      'const Q = `WITH due AS (SELECT id FROM games WHERE deadline < $1 LIMIT 5 FOR UPDATE SKIP LOCKED)\n' +
        '  UPDATE games g SET version = 1 FROM due WHERE g.id = due.id`;',
      ['games', 'games g'],
    ],
    [
      'an assignment, not a filter',
      "const Q = 'UPDATE game_players SET game_id = $1 WHERE seat = 0';",
      ['game_players'],
    ],
    [
      'a filter in a subquery only',
      'const Q = `SELECT * FROM game_events WHERE seq > (SELECT max(seq) FROM game_events WHERE game_id = $1)`;',
      ['game_events'],
    ],
    [
      'inserts from a list',
      'const Q = `INSERT INTO player_events (player_id, game_id) SELECT u.p, u.g FROM unnest($1::uuid[], $2::uuid[]) AS u(p, g)`;',
      ['player_events'],
    ],
    [
      'a function without its game',
      'const Q = `SELECT archive_game(g.id) FROM games g WHERE g.rated`;',
      ['games g', 'archive_game(…) without its game first'],
    ],
    [
      'a game in a select list only',
      'const Q = `SELECT count(*) FILTER (WHERE game_id = $2) FROM game_events WHERE actor_id = $1`;',
      ['game_events'],
    ],
    [
      'a game beside an OR',
      "const Q = 'SELECT * FROM game_players WHERE game_id = $1 OR player_id = $2';",
      ['game_players'],
    ],
    ['a Prisma list', 'this.prisma.game.findMany({ where: { status: "ACTIVE" } });', ['no id in where']],
    [
      'Prisma over several games',
      'tx.gameEvent.deleteMany({ where: { gameId: { in: ids } } });',
      ['gameId is not one value'],
    ],
  ])('catches %s', (_, source, reasons) => {
    expect(cross(source)).toEqual([reasons]);
  });

  it.each([
    ['a game by id', "const Q = 'SELECT * FROM games WHERE id = $1::uuid FOR UPDATE';"],
    ['a log by game', 'const Q = `SELECT * FROM game_events e WHERE e.game_id = $1 AND e.seq > $2`;'],
    ['an opaque value', 'const Q = `SELECT * FROM game_events WHERE game_id = ${gameId}`;'],
    [
      'a join from a filtered table',
      'const Q = `SELECT p.username FROM game_players gp JOIN games g ON g.id = gp.game_id JOIN players p ON p.id = gp.player_id WHERE gp.game_id = $1`;',
    ],
    [
      'a row inserted',
      "const Q = 'INSERT INTO game_players (game_id, seat) VALUES ($1, $2) ON CONFLICT DO NOTHING';",
    ],
    [
      "the move's one statement, from fragments",
      'const MOVED = `moved AS (UPDATE games SET version = $2 WHERE id = $1::uuid RETURNING id)`;\n' +
        'const EVENTS = `INSERT INTO game_events (game_id, seq) SELECT moved.id, e.seq FROM moved, jsonb_to_recordset($3) AS e(seq int)`;\n' +
        'const APPEND = `WITH ${MOVED} ${EVENTS}`;',
    ],
    [
      'rows passed through a subquery',
      'const Q = `WITH moved AS (UPDATE games SET version = 1 WHERE id = $1 RETURNING id)\n' +
        '  INSERT INTO player_events (player_id, game_id) SELECT n.p, n.game_id\n' +
        '    FROM moved, LATERAL (SELECT $2::uuid AS p, moved.id AS game_id) AS n`;',
    ],
    [
      "an outbox fragment over its composer's rows",
      'function queued(events: string): string {\n' +
        '  return `INSERT INTO webhook_deliveries (game_id, kind) SELECT e.game_id, e.kind FROM ${events} e`;\n}',
    ],
    ['a function given its game', "const Q = 'SELECT archive_game($1::uuid, $2) AS archived';"],
    [
      'a Prisma read by id',
      'this.prisma.game.findUnique({ where: { id: gameId }, include: { players: true } });',
    ],
    ['a Prisma write by game', 'tx.gameEvent.create({ data: { gameId, seq: 1 } });'],
    ['a Prisma compound key', 'tx.gameEvent.findUnique({ where: { gameId_seq: { gameId, seq } } });'],
  ])('lets through %s', (_, source) => {
    const findings = judged(source);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.filter((finding) => finding.crossGame.length > 0)).toEqual([]);
  });

  it('follows a const and a function of another file, and judges a fragment where it is taken in', () => {
    const findings = judged(
      "import { byGame, COLUMNS } from './sql/log';\nconst Q = `SELECT ${COLUMNS} FROM game_events e WHERE ${byGame('e')}`;",
      {
        'src/x/sql/log.ts':
          "export const COLUMNS = 'e.seq, e.type';\n" +
          'export function byGame(alias: string): string {\n  return `${alias}.game_id = $1::uuid`;\n}\n' +
          'export const ALONE = `SELECT seq FROM game_events WHERE type = $1`;',
      },
    );
    expect(findings.map((finding) => [finding.file, finding.name, finding.crossGame])).toEqual([
      ['src/x/sql/log.ts', 'ALONE', ['game_events']],
      ['src/x/x.repository.ts', 'Q', []],
    ]);
  });

  it('names a statement by its method, function, const and property, with its line', () => {
    const findings = judged(
      'export class GamesRepository {\n  async due(): Promise<void> {\n' +
        "    await this.pool.query('SELECT id FROM games WHERE deadline < now()');\n  }\n}\n" +
        "const STATEMENTS = { game: { renew: 'UPDATE games SET x = 1 WHERE x = 0' } };\n" +
        "function scan(): string {\n  return 'SELECT * FROM game_events';\n}",
    );
    expect(findings.map((finding) => [finding.name, finding.line])).toEqual([
      ['GamesRepository.due', 3],
      ['STATEMENTS.game.renew', 6],
      ['scan', 8],
    ]);
  });

  it('fails for a statement not listed and for a listed one that is gone, by file and name', () => {
    const findings = judged(
      "const LISTED = 'SELECT * FROM games LIMIT 5';\nconst NEW = 'DELETE FROM game_players WHERE seat = 3';\n" +
        "const FINE = 'SELECT * FROM games WHERE id = $1';",
    );
    const verdict = judgeList(findings, [
      { file: 'src/x/x.repository.ts', names: ['LISTED', 'FINE', 'GONE'], citus: 'fan-out' },
    ]);
    expect(verdict.unlisted).toEqual([
      'src/x/x.repository.ts:2 `NEW`: game_players — DELETE FROM game_players WHERE seat = 3',
    ]);
    expect(verdict.stale).toEqual(['src/x/x.repository.ts `FINE`', 'src/x/x.repository.ts `GONE`']);
  });

  it('reads the game tables and the list from the Markdown, and refuses a row it cannot read', () => {
    const markdown = [
      '### Every table',
      '',
      '| table | distributed by | why |',
      '| --- | --- | --- |',
      '| `games` | **game** (`id`) | … |',
      '| `players` | **reference** | … |',
      "| the migrator's table | coordinator only | … |",
      '',
      '### Cross-game statements',
      '',
      '| where | what | why | Citus |',
      '| --- | --- | --- | --- |',
      '| `src/a.ts` `A.b`, `C` | lists | by player | **fan-out** |',
      '',
      '### Next',
      '| x |',
    ].join('\n');
    expect([...gameTablesOf(markdown)]).toEqual(['games']);
    expect([...tablePlanOf(markdown).keys()]).toEqual(['games', 'players']);
    expect(crossGameListOf(markdown)).toEqual([{ file: 'src/a.ts', names: ['A.b', 'C'], citus: 'fan-out' }]);
    expect(() => crossGameListOf(markdown.replace('**fan-out**', 'somewhere'))).toThrow(
      /Cross-game statements/,
    );
  });
});
