/**
 * The work meter (src/graphql/work-meter.ts) on an executable schema: every field that reads the database or
 * replays a game charges the operation's meter as it resolves, the unit past the limit is refused with the field's
 * error (the rest of the answer stands), and subscriptions' pushes are not charged.
 */
import { graphql, GraphQLSchema, parse, subscribe } from 'graphql';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { WorkMeter, meterDatabaseWork } from '../../../src/graphql/work-meter';

function gameSchema(): GraphQLSchema {
  const games = Array.from({ length: 8 }, (_, index) => ({ id: String(index) }));
  return meterDatabaseWork(
    makeExecutableSchema({
      typeDefs: `
        type Query { games: [Game!]! }
        type Subscription { gameUpdated: Game! }
        type Game { id: ID! view: String legalMoves: [String!] }`,
      resolvers: {
        Query: { games: () => games },
        Subscription: {
          gameUpdated: {
            subscribe: async function* () {
              for (const game of games) yield { gameUpdated: game };
            },
          },
        },
        Game: { view: (game: { id: string }) => `view of ${game.id}`, legalMoves: () => ['pass'] },
      },
    }),
  );
}

describe('WorkMeter', () => {
  it('lets an operation do up to its limit and refuses each unit beyond, naming the limit', async () => {
    const schema = gameSchema();
    const within = await graphql({
      schema,
      source: '{ games { id view } }',
      contextValue: { work: new WorkMeter(9) },
    });
    expect(within.errors).toBeUndefined();
    const over = await graphql({
      schema,
      source: '{ games { id view legalMoves } }',
      contextValue: { work: new WorkMeter(9) },
    });
    // 1 (the list) + 8 views + 8 legal moves = 17: the 10th unit onwards is refused, field by field.
    expect(over.errors).toHaveLength(8);
    expect(over.errors![0]!.message).toBe(
      'this operation read the database or replayed a game more than 9 times; ask for less at once',
    );
    expect(over.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', limit: 'work' });
  });

  it('does not charge the pushes of a subscription (the document was priced once, when it was validated)', async () => {
    const work = new WorkMeter(1);
    const stream = await subscribe({
      schema: gameSchema(),
      document: parse('subscription { gameUpdated { id view legalMoves } }'),
      contextValue: { work },
    });
    const pushes: unknown[] = [];
    for await (const push of stream as AsyncIterable<{ errors?: unknown }>) pushes.push(push.errors);
    expect(pushes).toEqual(Array(8).fill(undefined));
  });
});
