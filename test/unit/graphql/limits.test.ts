/**
 * The query limits (src/graphql/limits.ts) on a small schema shaped like the service's: depth, aliases and cost,
 * through named and inline fragments, fragment cycles, and a fragment bomb that must be measured in linear time.
 */
import {
  GraphQLError,
  GraphQLSchema,
  buildSchema,
  getIntrospectionQuery,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { QueryLimits, limitProblems, queryLimitRule, validateWithLimits } from '../../../src/graphql/limits';

/** The shape that matters for the limits: a connection of games, lists inside a game, nested objects. */
const schema: GraphQLSchema = buildSchema(`
  type Query {
    games(first: Int, after: String): GameConnection!
    game(id: ID!): Game!
    me: Player
  }
  type Mutation { makeMove(gameId: ID!, move: String!): Game! }
  type Subscription { gameUpdated(gameId: ID!): Game! }
  type GameConnection { edges: [GameEdge!]! pageInfo: PageInfo! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type GameEdge { cursor: String! node: Game! }
  type Game {
    id: ID!
    players: [GamePlayer!]!
    moves: [MoveRecord!]!
    view: GameView!
    legalMoves: [String!]!
    positionAfter(ply: Int!): String
  }
  type GamePlayer { seat: Int! player: Player! }
  type Player { id: ID! username: String! games(first: Int): GameConnection! }
  type MoveRecord { seq: Int! move: String }
  type GameView { hand: [String!] seats: [SeatView!]! }
  type SeatView { seat: Int! sidePiles: [[String!]!]! }
`);

const GENEROUS: QueryLimits = {
  maxDepth: 1000,
  maxAliases: 1000,
  maxCost: 1_000_000_000_000,
  maxWork: 1_000_000_000_000,
};

/** The measured numbers, read back from the messages of limits set to zero. */
function measure(query: string): { depth: number; aliases: number; cost: number; work: number } {
  const problems = limitProblems(schema, parse(query), {
    maxDepth: 0,
    maxAliases: -1,
    maxCost: -1,
    maxWork: -1,
  });
  const number = (pattern: RegExp): number => {
    const found = problems.map((problem) => pattern.exec(problem.message)).find((match) => match !== null);
    if (found === undefined || found === null)
      throw new Error(`no ${pattern} in ${JSON.stringify(problems)}`);
    return Number(found[1]);
  };
  return {
    depth: number(/is (\d+) levels deep/),
    aliases: number(/uses (\d+) aliases/),
    cost: number(/estimated cost is (\d+)/),
    work: number(/replay a game (\d+) times/),
  };
}

describe('depth', () => {
  it('counts the levels of the deepest field', () => {
    expect(measure('{ me { id } }').depth).toBe(2);
    expect(measure('{ game(id: 1) { players { player { games { edges { node { id } } } } } } }').depth).toBe(
      7,
    );
  });

  it('is refused above maxDepth and allowed at it', () => {
    const query = parse('{ game(id: 1) { players { player { id } } } }');
    expect(limitProblems(schema, query, { ...GENEROUS, maxDepth: 4 })).toEqual([]);
    expect(
      limitProblems(schema, query, { ...GENEROUS, maxDepth: 3 }).map((problem) => problem.message),
    ).toEqual(['the query is 4 levels deep; at most 3 are allowed']);
  });

  it('follows named fragments, nested fragments and inline fragments', () => {
    const direct = measure('{ game(id: 1) { players { player { games { edges { node { id } } } } } } }');
    const named = measure(`{ game(id: 1) { ...P } }
      fragment P on Game { players { ...Q } }
      fragment Q on GamePlayer { player { games { edges { node { id } } } } }`);
    const inline = measure(
      '{ game(id: 1) { ... on Game { players { ... { player { games { edges { node { id } } } } } } } } }',
    );
    expect(named.depth).toBe(direct.depth);
    expect(inline.depth).toBe(direct.depth);
  });

  it('counts introspection like anything else, also in an operation named __schema or IntrospectionQuery', () => {
    let nested = 'name';
    for (let level = 0; level < 10; level++) nested = `fields { type { ${nested} } }`;
    for (const name of ['', 'query __schema', 'query IntrospectionQuery']) {
      expect(measure(`${name} { __type(name: "Game") { ${nested} } }`).depth).toBe(22);
      expect(measure(`${name} { __schema { types { ${nested} } } }`).depth).toBe(23);
    }
  });
});

describe('aliases', () => {
  it('counts every alias, leaf fields included', () => {
    expect(measure('{ a: me { i: id } b: me { id } }').aliases).toBe(3);
  });

  it('counts the aliases of a fragment once per spread', () => {
    expect(
      measure('{ ...F x: game(id: 1) { id } } fragment F on Query { a: me { id } b: me { id } }').aliases,
    ).toBe(3);
    expect(measure('{ me { ...F } m: me { ...F } } fragment F on Player { a: id b: id }').aliases).toBe(5);
  });

  it('is refused above maxAliases', () => {
    const query = parse(`{ ${Array.from({ length: 31 }, (_, index) => `a${index}: __typename`).join(' ')} }`);
    expect(limitProblems(schema, query, { ...GENEROUS, maxAliases: 31 })).toEqual([]);
    expect(
      limitProblems(schema, query, { ...GENEROUS, maxAliases: 30 }).map((problem) => problem.message),
    ).toEqual(['the query uses 31 aliases; at most 30 are allowed']);
  });
});

describe('cost', () => {
  it('is 1 per field, and a list multiplies what is selected inside it (10 without `first`)', () => {
    expect(measure('{ __typename }').cost).toBe(1);
    expect(measure('{ game(id: 1) { id } }').cost).toBe(2);
    // moves: 1 + 300 × (seq + move) — a game's log is sized by its hint, not the default 10
    expect(measure('{ game(id: 1) { moves { seq move } } }').cost).toBe(1 + (1 + 300 * 2));
    // players: 1 + 10 × (seat)
    expect(measure('{ game(id: 1) { players { seat } } }').cost).toBe(1 + (1 + 10 * 1));
  });

  it('sizes a connection’s edges by its `first`', () => {
    const small = measure('{ games(first: 1) { edges { node { id } } } }').cost;
    const large = measure('{ games(first: 100) { edges { node { id } } } }').cost;
    expect(small).toBe(1 + (1 + 1 * (1 + 1)));
    expect(large).toBe(1 + (1 + 100 * (1 + 1)));
  });

  it('prices a page selected through a named fragment like the same page written out', () => {
    const direct = measure('{ games(first: 100) { edges { node { id moves { seq } } } } }').cost;
    const named = measure(
      '{ games(first: 100) { ...Page } } fragment Page on GameConnection { edges { node { id moves { seq } } } }',
    ).cost;
    const inline = measure(
      '{ games(first: 100) { ... on GameConnection { edges { node { id moves { seq } } } } } }',
    ).cost;
    expect(inline).toBe(direct);
    expect(named).toBe(direct);
  });

  it('prices `first` given as a variable at no less than the largest page the API serves (100)', () => {
    const literal = measure('{ games(first: 100) { edges { node { id moves { seq } } } } }').cost;
    // Validation runs before variables are known: the variable may be 100, so it must not be priced as 10.
    const variable = measure(
      'query($n: Int) { games(first: $n) { edges { node { id moves { seq } } } } }',
    ).cost;
    expect(variable).toBeGreaterThanOrEqual(literal);
  });

  it('prices games without `first` at no less than the page the API then serves (20)', () => {
    const twenty = measure('{ games(first: 20) { edges { node { id moves { seq } } } } }').cost;
    const omitted = measure('{ games { edges { node { id moves { seq } } } } }').cost;
    expect(omitted).toBeGreaterThanOrEqual(twenty);
  });

  it('is refused above maxCost with the estimate in the message', () => {
    const query = parse('{ games(first: 100) { edges { node { moves { seq move } } } } }');
    const cost = measure('{ games(first: 100) { edges { node { moves { seq move } } } } }').cost;
    expect(limitProblems(schema, query, { ...GENEROUS, maxCost: cost })).toEqual([]);
    expect(
      limitProblems(schema, query, { ...GENEROUS, maxCost: cost - 1 }).map((problem) => problem.message),
    ).toEqual([`the query's estimated cost is ${cost}; at most ${cost - 1} is allowed`]);
  });

  it('measures each operation of a document, mutations and subscriptions included', () => {
    const problems = limitProblems(
      schema,
      parse(`query A { __typename }
        mutation B { makeMove(gameId: 1, move: "pass") { moves { seq } } }
        subscription C { gameUpdated(gameId: 1) { players { player { games(first: 50) { edges { cursor } } } } } }`),
      { maxDepth: 1000, maxAliases: 1000, maxCost: 11, maxWork: 500 },
    );
    // A: 1. B: makeMove 1 + moves (1 + 300 × 1) = 302 (a game's log is sized by its hint). C: gameUpdated 1 +
    // players (1 + 10 × player (1 + games (1 + edges (1 + 50 × 1)))) = 532.
    expect(problems).toEqual([
      { limit: 'cost', message: "the query's estimated cost is 302; at most 11 is allowed" },
      { limit: 'cost', message: "the query's estimated cost is 532; at most 11 is allowed" },
    ]);
  });
});

describe('fragments that could hang or explode the measurement', () => {
  it('a fragment cycle is measured at once, and reported by graphql’s own rule', () => {
    const document = parse(
      '{ ...A } fragment A on Query { ...B me { id } } fragment B on Query { ...A __typename }',
    );
    const started = performance.now();
    expect(() => limitProblems(schema, document, GENEROUS)).not.toThrow();
    const errors = validate(schema, document, [...specifiedRules, queryLimitRule(GENEROUS)]);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(errors.map((error) => error.message).join('\n')).toMatch(
      /Cannot spread fragment "A" within itself/,
    );
  });

  /** 40 fragments, each spreading the one before it twice: 2^40 leaves if expanded naively. */
  function bomb(levels: number, aliased: boolean): string {
    const fragments = ['fragment F0 on Query { __typename }'];
    for (let level = 1; level <= levels; level++) {
      fragments.push(
        aliased
          ? `fragment F${level} on Query { a${level}: __typename ...F${level - 1} ...F${level - 1} }`
          : `fragment F${level} on Query { ...F${level - 1} ...F${level - 1} }`,
      );
    }
    return `{ ...F${levels} } ${fragments.join('\n')}`;
  }

  it('a fragment bomb is measured in linear time, and its exponential cost refused', () => {
    for (const aliased of [false, true]) {
      const document = parse(bomb(40, aliased));
      const started = performance.now();
      const problems = limitProblems(schema, document, {
        maxDepth: 15,
        maxAliases: 30,
        maxCost: 100_000,
        maxWork: 500,
      });
      // A generous bound: measuring without the memo would take 2^40 steps, never finishing at all.
      expect(performance.now() - started).toBeLessThan(5000);
      expect(problems.some((problem) => /cost is \d+/.test(problem.message))).toBe(true);
      if (aliased) expect(problems.some((problem) => /aliases/.test(problem.message))).toBe(true);
    }
  });

  it('a socket validator keeps its verdict per document text: same text, same verdict; another text, its own', () => {
    const validator = validateWithLimits(
      { maxDepth: 3, maxAliases: 30, maxCost: 100_000, maxWork: 500 },
      true,
    );
    const shallow = '{ me { id } }';
    const deep = '{ games { edges { node { players { player { id } } } } } }';
    const first = validator(schema, parse(shallow));
    expect(first).toEqual([]);
    expect(validator(schema, parse(shallow))).toBe(first);
    const refused = validator(schema, parse(deep));
    expect(refused.map((error) => error.extensions.limit)).toContain('depth');
    expect(validator(schema, parse(deep))).toBe(refused);
    // A document built without source locations is validated every time (nothing to key it on).
    const unlocated = parse(deep, { noLocation: true });
    expect(validator(schema, unlocated)).not.toBe(refused);
    expect(validator(schema, unlocated).map((error) => error.extensions.limit)).toContain('depth');
  });

  it('a fragment bomb passes the whole validation (graphql’s rules and the limits) quickly', () => {
    const document = parse(bomb(40, true));
    const started = performance.now();
    const errors = validateWithLimits({ maxDepth: 15, maxAliases: 30, maxCost: 100_000, maxWork: 500 }, true)(
      schema,
      document,
    );
    expect(performance.now() - started).toBeLessThan(5000);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('a wide document of distinct fragments is refused on cost, not measured exponentially', () => {
    // Every level spreads two distinct fragments of the level below: no memo hit within a level.
    const fragments: string[] = [];
    const levels = 10;
    for (let index = 0; index < 2 ** levels; index++)
      fragments.push(`fragment L${levels}_${index} on Query { __typename }`);
    for (let level = levels - 1; level >= 0; level--) {
      for (let index = 0; index < 2 ** level; index++) {
        fragments.push(
          `fragment L${level}_${index} on Query { ...L${level + 1}_${2 * index} ...L${level + 1}_${2 * index + 1} }`,
        );
      }
    }
    const document = parse(`{ ...L0_0 } ${fragments.join('\n')}`);
    const started = performance.now();
    const measured = limitProblems(schema, document, {
      maxDepth: 15,
      maxAliases: 30,
      maxCost: 1000,
      maxWork: 500,
    });
    // A generous bound: without the memo, measuring takes 2^levels steps per path and never finishes.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(measured).toEqual([
      { limit: 'cost', message: `the query's estimated cost is ${2 ** levels}; at most 1000 is allowed` },
    ]);
  });
});

describe('as validation rules', () => {
  const limits: QueryLimits = { maxDepth: 15, maxAliases: 30, maxCost: 100_000, maxWork: 500 };

  it('queryLimitRule reports each problem as a GraphQLError with code BAD_USER_INPUT', () => {
    const aliases = Array.from({ length: 31 }, (_, index) => `a${index}: __typename`).join(' ');
    const errors = validate(schema, parse(`{ ${aliases} }`), [queryLimitRule(limits)]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(GraphQLError);
    expect(errors[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('validateWithLimits (graphql-ws) runs graphql’s own rules as well as the limits', () => {
    const validateDocument = validateWithLimits(limits, true);
    expect(validateDocument(schema, parse('{ nope }')).map((error) => error.message)).toEqual([
      'Cannot query field "nope" on type "Query".',
    ]);
    let nested = 'name';
    for (let level = 0; level < 10; level++) nested = `fields { type { ${nested} } }`;
    const deep = validateDocument(
      schema,
      parse(
        `subscription __schema { gameUpdated(gameId: 1) { id } } query { __type(name: "Game") { ${nested} } }`,
      ),
    );
    expect(deep.some((error) => /levels deep/.test(error.message))).toBe(true);
    expect(
      validateDocument(schema, parse('subscription S { gameUpdated(gameId: 1) { id view { hand } } }')),
    ).toEqual([]);
  });

  it('lets the standard introspection query through the default limits', () => {
    expect(
      validate(schema, parse(getIntrospectionQuery()), [...specifiedRules, queryLimitRule(limits)]),
    ).toEqual([]);
    expect(
      validate(
        schema,
        parse(
          getIntrospectionQuery({
            descriptions: true,
            inputValueDeprecation: true,
            specifiedByUrl: true,
            directiveIsRepeatable: true,
            schemaDescription: true,
          }),
        ),
        [...specifiedRules, queryLimitRule(limits)],
      ),
    ).toEqual([]);
  });
});

describe('database work', () => {
  it('counts every root field and every field that reads the database or replays a game, times its page', () => {
    expect(measure('{ me { id } }').work).toBe(1);
    expect(measure('{ a: me { id } b: me { id } }').work).toBe(2);
    // A page of 100 games: the page itself, then each game's view and legal moves (a fold each) and its log.
    expect(
      measure('{ games(first: 100) { edges { node { id view { hand } legalMoves moves { seq } } } } }').work,
    ).toBe(1 + 100 * 3);
    expect(measure('{ __typename }').work).toBe(0);
  });

  it('prices positionAfter by its replay: a page of games with it 29 times over is refused, cheap as its cost is', () => {
    const aliases = Array.from(
      { length: 29 },
      (_, index) => `a${index}: positionAfter(ply: ${7 + 7 * index})`,
    );
    const query = `{ games(first: 100) { edges { node { ${aliases.join(' ')} } } } }`;
    const measured = measure(query);
    expect(measured.work).toBe(1 + 100 * 29);
    // The cost limit alone let it through: it asks for strings only.
    expect(measured.cost).toBeLessThan(100_000);
    expect(
      limitProblems(schema, parse(query), { maxDepth: 15, maxAliases: 30, maxCost: 100_000, maxWork: 500 }),
    ).toEqual([
      {
        limit: 'work',
        message: 'the query may read the database or replay a game 2901 times; at most 500 are allowed',
      },
    ]);
  });

  it('counts the work of a fragment spread inside a page with that page’s size', () => {
    const direct = measure('{ games(first: 50) { edges { node { view { hand } } } } }').work;
    const spread = measure(
      '{ games(first: 50) { ...P } } fragment P on GameConnection { edges { node { view { hand } } } }',
    ).work;
    expect(spread).toBe(direct);
  });
});
