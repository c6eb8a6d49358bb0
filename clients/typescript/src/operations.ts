/**
 * The client's operations (operations.graphql), each with its kind, its answer and its variables as `npm run codegen`
 * types them (generated/graphql.ts). A request sends one operation and only the fragments it spreads, so the server
 * measures (docs/api/limits.md) and parses what runs, not the whole file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print, visit, type DefinitionNode, type OperationTypeNode } from 'graphql';
import type * as G from '../generated/graphql';

/** Every operation of operations.graphql, by name, with its kind (a unit test holds the file to this list). */
export const OPERATION_KINDS = {
  Me: 'query',
  MyGames: 'query',
  MyTurns: 'query',
  Game: 'query',
  PlayerEvents: 'query',
  LatestEvent: 'query',
  MakeMove: 'mutation',
  CreateBotGame: 'mutation',
  JoinGame: 'mutation',
  Resign: 'mutation',
  GameUpdated: 'subscription',
  MyEvents: 'subscription',
} as const satisfies Record<string, `${OperationTypeNode}`>;

export type OperationName = keyof typeof OPERATION_KINDS;

/** Each operation's answer (`data`) and variables. */
export interface Operations {
  Me: [G.MeQuery, G.MeQueryVariables];
  MyGames: [G.MyGamesQuery, G.MyGamesQueryVariables];
  MyTurns: [G.MyTurnsQuery, G.MyTurnsQueryVariables];
  Game: [G.GameQuery, G.GameQueryVariables];
  PlayerEvents: [G.PlayerEventsQuery, G.PlayerEventsQueryVariables];
  LatestEvent: [G.LatestEventQuery, G.LatestEventQueryVariables];
  MakeMove: [G.MakeMoveMutation, G.MakeMoveMutationVariables];
  CreateBotGame: [G.CreateBotGameMutation, G.CreateBotGameMutationVariables];
  JoinGame: [G.JoinGameMutation, G.JoinGameMutationVariables];
  Resign: [G.ResignMutation, G.ResignMutationVariables];
  GameUpdated: [G.GameUpdatedSubscription, G.GameUpdatedSubscriptionVariables];
  MyEvents: [G.MyEventsSubscription, G.MyEventsSubscriptionVariables];
}

/** The queries and mutations (sent with `request`). */
export type RequestName = {
  [K in OperationName]: (typeof OPERATION_KINDS)[K] extends 'subscription' ? never : K;
}[OperationName];
/** The subscriptions (over graphql-ws). */
export type SubscriptionName = Exclude<OperationName, RequestName>;

export type DataOf<K extends OperationName> = Operations[K][0];
export type VariablesOf<K extends OperationName> = Operations[K][1];
/** The variables argument: optional where the operation has none to give. */
export type VariablesArgs<K extends OperationName> =
  Record<string, never> extends VariablesOf<K> ? [variables?: VariablesOf<K>] : [variables: VariablesOf<K>];

/** A game as the operations read it (the PlayableGame fragment). */
export type PlayableGame = G.PlayableGameFragment;
/** A player event as the operations read it (the EventFields fragment). */
export type PlayerEvent = G.EventFieldsFragment;
export type { BotKind, GameStatus, PlayerEventKind, Preset, RuleOptionsInput } from '../generated/graphql';

/**
 * Each operation of a document as a document of its own: the operation, then every fragment it spreads (directly
 * or through another fragment), in the source's order.
 */
export function splitOperations(source: string): Map<string, string> {
  const document = parse(source);
  const fragments = new Map<string, DefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const spreadsOf = (node: DefinitionNode): string[] => {
    const names: string[] = [];
    visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
    return names;
  };
  const split = new Map<string, string>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION || definition.name === undefined) continue;
    const needed = new Set<string>();
    const pending = spreadsOf(definition);
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      const fragment = fragments.get(name);
      if (fragment === undefined) throw new Error(`operations.graphql: no fragment ${name}`);
      if (!needed.has(name)) pending.push(...spreadsOf(fragment));
      needed.add(name);
    }
    const parts = [definition, ...[...fragments].filter(([name]) => needed.has(name)).map(([, f]) => f)];
    split.set(definition.name.value, parts.map((part) => print(part)).join('\n\n'));
  }
  return split;
}

let documents: Map<string, string> | null = null;

/** The document to send for one operation (operations.graphql is read once, on first use). */
export function documentOf(name: OperationName): string {
  documents ??= splitOperations(readFileSync(join(__dirname, '..', 'operations.graphql'), 'utf8'));
  const document = documents.get(name);
  if (document === undefined) throw new Error(`operations.graphql has no operation ${name}`);
  return document;
}
