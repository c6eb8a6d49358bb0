/**
 * The NDJSON streams' documents (src/streams/stream-documents.ts) against the committed schema: "the full game"
 * is every argument-less field of Game and of the objects in it, a Player with its own fields only, and each
 * document validates.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { GraphQLObjectType, buildSchema, print } from 'graphql';
import { fullSelection, streamDocuments } from '../../../src/streams/stream-documents';

const schema = buildSchema(
  readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'schema.graphql'), 'utf8'),
);

test('the full game has every argument-less field of Game, nested, and of a Player its own fields only', () => {
  const game = schema.getType('Game') as GraphQLObjectType;
  const selection = fullSelection(game);
  const topLevel = Object.values(game.getFields())
    .filter((field) => field.args.length === 0)
    .map((field) => field.name);
  for (const name of topLevel) expect(selection).toMatch(new RegExp(`(^| )${name}( |$)`));
  expect(selection).not.toContain('positionAfter');
  // A connection (the move log) has arguments: the latest move comes instead.
  expect(selection).not.toMatch(/(^| )moves /);
  expect(selection).toContain('lastMove { ');
  expect(selection).toContain('view { centerPiles { cards id slot topRank }');
  expect(selection).toContain('player { createdAt deleted id isBot isGuest username }');
  expect(selection).not.toContain('ratings');
});

test('the stream documents validate against the schema', () => {
  const documents = streamDocuments(schema);
  expect(print(documents.events)).toContain('myEvents');
  expect(print(documents.game)).toContain('gameUpdated(gameId: $gameId)');
  expect(print(documents.gameNow)).toContain('game(id: $id)');
  expect(print(documents.chat)).toContain('chatMessages(gameId: $gameId)');
});
