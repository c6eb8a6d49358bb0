/**
 * Where a seat's client seed came from (game_players.client_seed_source, docs/fairness.md), written once here for
 * the service, the GraphQL enum (game.types.ts checks it against this list) and the export:
 * - GIVEN_BEFORE_COMMITMENT: given with createGame, before the commitment was published, so the server saw it
 *   before drawing its seed;
 * - GIVEN_AFTER_COMMITMENT: given with joinGame or setClientSeed, after it;
 * - SERVER_STAND_IN: none given (or a built-in bot's seat): the stand-in the deal derives from the server seed.
 */
export const CLIENT_SEED_SOURCES = [
  'GIVEN_BEFORE_COMMITMENT',
  'GIVEN_AFTER_COMMITMENT',
  'SERVER_STAND_IN',
] as const;
export type ClientSeedSourceName = (typeof CLIENT_SEED_SOURCES)[number];

export function isClientSeedSource(text: string): text is ClientSeedSourceName {
  return (CLIENT_SEED_SOURCES as readonly string[]).includes(text);
}
