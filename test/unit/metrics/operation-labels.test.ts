/**
 * The labels a GraphQL operation is counted under (src/metrics/operation-labels.ts): the schema's own root fields
 * by name, whatever the aliases, fragments and operation names; anything else `other`.
 */
import { buildSchema, parse } from 'graphql';
import { operationLabels, operationLabelsOfText, resultCode } from '../../../src/metrics/operation-labels';

const schema = buildSchema(`
  type Query { game(id: ID!): Int  me: Int }
  type Mutation { makeMove(move: String!): Int }
  type Subscription { gameUpdated: Int }
`);

describe('operation labels', () => {
  it('are the root fields selected, by field name, through aliases and fragments', () => {
    const document = parse(`
      query Anything { a: game(id: "1") b: game(id: "2") ...Rest ... on Query { me } }
      fragment Rest on Query { me c: game(id: "3") }
    `);
    expect(operationLabels(schema, document, 'Anything')).toEqual({ fields: ['game', 'me'], type: 'query' });
    expect(operationLabelsOfText(schema, 'mutation { x: makeMove(move: "p") }')).toEqual({
      fields: ['makeMove'],
      type: 'mutation',
    });
    expect(operationLabelsOfText(schema, 'subscription S { gameUpdated }', 'S')).toEqual({
      fields: ['gameUpdated'],
      type: 'subscription',
    });
  });

  it('are worked out once per document and operation name, each name its own', () => {
    const document = parse('query A { game(id: "1") } mutation B { makeMove(move: "p") }');
    const a = operationLabels(schema, document, 'A');
    expect(operationLabels(schema, document, 'A')).toBe(a);
    expect(a).toEqual({ fields: ['game'], type: 'query' });
    expect(operationLabels(schema, document, 'B')).toEqual({ fields: ['makeMove'], type: 'mutation' });
    // A name the document does not define picks nothing, however often it is sent.
    expect(operationLabels(schema, document, 'Made-up')).toEqual({ fields: ['other'], type: 'other' });
    expect(operationLabels(schema, document, 'A')).toBe(a);
    // Another schema labels the same document by its own fields.
    const other = buildSchema('type Query { me: Int } type Mutation { makeMove(move: String!): Int }');
    expect(operationLabels(other, document, 'A')).toEqual({ fields: ['other'], type: 'query' });
  });

  it('are other for what the schema does not have, introspection, a missing fragment, or no operation', () => {
    expect(operationLabelsOfText(schema, '{ nope game(id: "1") }')).toEqual({
      fields: ['game', 'other'],
      type: 'query',
    });
    expect(operationLabelsOfText(schema, '{ __schema { types { name } } __typename }')).toEqual({
      fields: ['other'],
      type: 'query',
    });
    expect(operationLabelsOfText(schema, '{ ...Missing }').fields).toEqual(['other']);
    const unknown = { fields: ['other'], type: 'other' };
    expect(operationLabelsOfText(schema, '{ game(')).toEqual(unknown);
    expect(operationLabelsOfText(schema, 42)).toEqual(unknown);
    expect(operationLabelsOfText(schema, 'query A { me } query B { me }')).toEqual(unknown); // which one?
    expect(operationLabelsOfText(schema, 'query A { me }', 'C')).toEqual(unknown);
    expect(operationLabels(schema, undefined)).toEqual(unknown);
  });

  it('take the code of the first error from the closed list, OK without one, other for anything else', () => {
    expect(resultCode(undefined)).toBe('OK');
    expect(resultCode([])).toBe('OK');
    expect(
      resultCode([{ extensions: { code: 'NOT_YOUR_TURN' } }, { extensions: { code: 'INTERNAL' } }]),
    ).toBe('NOT_YOUR_TURN');
    expect(resultCode([{ extensions: { code: 'player 1234 is cross' } }])).toBe('other');
    expect(resultCode([{}])).toBe('other');
  });
});
