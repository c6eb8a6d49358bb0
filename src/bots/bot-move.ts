/**
 * How a built-in bot picks a move (pure: no Nest, no database). It sees the bot seat's view only — never the
 * full state — and draws its randomness from a stream of its own per decision, keyed under the game's rules version
 * (docs/fairness.md#the-built-in-bots-choices). Games under `bot-key-v1` key it by the game's secret server seed,
 * so that nobody can replay the bot's choices before the end: were the stream computable, an opponent could run
 * the bot for every hand it might hold and keep the hands that give the move it made. Once the game is over the
 * seed is revealed, and every decision can be replayed.
 *
 * Why deterministic: every app copy runs a bot worker, and several may act on the same turn. They all pick the
 * same move for the same decision and send it under the same clientMoveId (`bot:<version>`), so the copies that
 * lose the race send exactly the move the winner applied, and the command path answers them as a retry of an
 * applied move instead of a clash. Across releases too: a game keeps the bot stream of the version it was dealt
 * under, so copies of an older and a newer release pick the same move in it; and a copy whose engine does not know
 * a game's version cannot fold that game (UNSUPPORTED_RULES_VERSION), so it never moves in it at all.
 */
// The choice itself is the engine's (src/engine/bots/choice.ts), so that the export's checks, which import only the
// engine, replay a finished game's bot moves with the same code (docs/fairness.md#the-built-in-bots-choices).
export { botDecisionRng as botRng, chooseBotMove } from '../engine';

/** The clientMoveId of the bot's move at `version`: one decision, one id, whichever app copy sends it. */
export function botClientMoveId(version: number): string {
  return `bot:${version}`;
}
