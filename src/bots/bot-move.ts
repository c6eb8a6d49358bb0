/**
 * How a built-in bot picks a move (pure: no Nest, no database). It sees the bot seat's view only — never the
 * full state — and draws its randomness from a public stream named by the game id, the version and the seat:
 * nothing secret goes in (not the game's seeds), so the bot's choices tell nobody anything about the deal.
 *
 * Why deterministic: every app copy runs a bot worker, and several may act on the same turn. They all pick the
 * same move for the same decision and send it under the same clientMoveId (`bot:<version>`), so the copies that
 * lose the race send exactly the move the winner applied, and the command path answers them as a retry of an
 * applied move instead of a clash. It also makes a bot game reproducible once its seed is revealed.
 */
import {
  BotName,
  GameView,
  RngState,
  RulesVersion,
  createBot,
  legalMovesInView,
  publicStream,
  seedXoshiro128ss,
  versionParts,
} from '../engine';

/**
 * The bot's random stream for one decision: the move it makes at `version` in seat `seat` of `gameId`, a game
 * under `rulesVersion`. Games under the old generator keep the stream their bots always had, so that app copies
 * of both versions pick the same move for the same decision (see above); new games' bots draw from ChaCha20.
 */
export function botRng(rulesVersion: RulesVersion, gameId: string, version: number, seat: number): RngState {
  switch (versionParts(rulesVersion).generator) {
    case 'chacha20-v2':
      return publicStream('bot', gameId, String(version), String(seat));
    case 'xoshiro128ss-sha256-v1':
      return seedXoshiro128ss(`malice-bot:${gameId}:${version}:${seat}`);
  }
}

/** The clientMoveId of the bot's move at `version`: one decision, one id, whichever app copy sends it. */
export function botClientMoveId(version: number): string {
  return `bot:${version}`;
}

/**
 * The move `engineBot` makes from `view` (the bot seat's own view) in `gameId` (under `rulesVersion`) at
 * `version`, or null when the view has no move for it (a spectator's view, or not the bot's turn).
 */
export function chooseBotMove(
  engineBot: BotName,
  view: GameView,
  rulesVersion: RulesVersion,
  gameId: string,
  version: number,
): string | null {
  if (view.seat === null) return null;
  const legal = legalMovesInView(view);
  if (legal.length === 0) return null;
  return createBot(engineBot).choose(view, legal, botRng(rulesVersion, gameId, version, view.seat));
}
