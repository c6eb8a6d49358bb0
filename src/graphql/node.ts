/**
 * The `Node` interface: objects with a stable, global id that `node(id:)` finds again (a game or a player, by
 * its UUID), so a caching client such as Apollo Client can normalise and refetch them
 * (docs/api/types.md#node).
 */
import { Field, ID, InterfaceType } from '@nestjs/graphql';

@InterfaceType('Node', {
  description: 'An object with a stable id that node(id:) finds again: a Game or a Player (their UUIDs).',
  // A game reaches GraphQL with its stored record beside it (GameParent); a player never has one.
  resolveType: (value: object) => ('row' in value ? 'Game' : 'Player'),
})
export abstract class NodeType {
  @Field(() => ID, { description: 'Stable id (a UUID).' })
  id!: string;
}
