/**
 * The GraphQL documents behind the NDJSON streams (docs/api/subscriptions-and-streams.md#streams), built from
 * the schema itself so that a stream line carries what the GraphQL type does, under its field names, and a
 * field added to `Game` reaches the streams without anyone remembering them. Pure.
 *
 * "The full game" is every field of `Game` without arguments, and of the objects in it, except that a `Player`
 * brings only its own plain fields (id, username, …): its ratings, stats and vacation are the player's, not the
 * game's, and would cost a read per push.
 */
import {
  DocumentNode,
  GraphQLObjectType,
  GraphQLSchema,
  getNamedType,
  isLeafType,
  isObjectType,
  parse,
  validate,
} from 'graphql';

/** Object types whose nested objects a stream leaves out (only their leaf fields come along). */
const LEAVES_ONLY = new Set(['Player']);
/**
 * Leaf fields another module resolves with a read of its own (a vacation's end, presence, the timeout rate): a
 * stream would pay that read per player and push, for something the player's page shows anyway. (A game's
 * `tournament` comes along: it reads only for a tournament's game.)
 */
const READ_ELSEWHERE = new Set(['Player.awayUntil', 'Player.online', 'Player.timeoutRate']);

export interface StreamDocuments {
  /** `myEvents` with the full game of each event. */
  readonly events: DocumentNode;
  /** `gameUpdated(gameId: $gameId)` with the full game. */
  readonly game: DocumentNode;
  /** `game(id: $id)` with the full game: the opening lines of the events stream. */
  readonly gameNow: DocumentNode;
  /** `chatMessages(gameId: $gameId)` with every field of a message. */
  readonly chat: DocumentNode;
}

/** The selection set (without braces' outer pair) of every argument-less field of `type`, nested. */
export function fullSelection(type: GraphQLObjectType, path: readonly string[] = []): string {
  const fields = Object.values(type.getFields()).filter(
    (field) => field.args.length === 0 && !READ_ELSEWHERE.has(`${type.name}.${field.name}`),
  );
  return fields
    .map((field) => {
      const named = getNamedType(field.type);
      if (isLeafType(named)) return field.name;
      if (!isObjectType(named) || path.includes(named.name) || LEAVES_ONLY.has(type.name)) return null;
      return `${field.name} { ${fullSelection(named, [...path, type.name])} }`;
    })
    .filter((selection): selection is string => selection !== null)
    .join(' ');
}

export function streamDocuments(schema: GraphQLSchema): StreamDocuments {
  const game = schema.getType('Game');
  if (!isObjectType(game)) throw new Error('the schema has no Game type');
  const fields = fullSelection(game);
  const message = schema.getType('ChatMessage');
  if (!isObjectType(message)) throw new Error('the schema has no ChatMessage type');
  const documents: StreamDocuments = {
    events: parse(
      `subscription StreamEvents($after: ID) { myEvents(after: $after) { id kind gameId createdAt game { ${fields} } } }`,
    ),
    game: parse(`subscription StreamGame($gameId: ID!) { gameUpdated(gameId: $gameId) { ${fields} } }`),
    gameNow: parse(`query StreamGameNow($id: ID!) { game(id: $id) { ${fields} } }`),
    chat: parse(
      `subscription StreamChat($gameId: ID!) { chatMessages(gameId: $gameId) { ${fullSelection(message)} } }`,
    ),
  };
  for (const document of Object.values(documents)) {
    const errors = validate(schema, document);
    if (errors.length > 0) throw new Error(`a stream document does not validate: ${errors[0]!.message}`);
  }
  return documents;
}
