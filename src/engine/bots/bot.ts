/**
 * Bots: players that choose a move from what their seat may see. A bot gets the seat's view (never the full
 * state) and the legal moves computed from that view, and draws any randomness from the RNG state it is
 * handed, so a game between bots is reproducible from its seeds.
 */
import { RngState } from '../rng';
import { GameView } from '../view';
import { greedyBot } from './greedy';
import { BOT_NAMES, BotName, BotVersion } from './names';
import { randomBot } from './random';

export { BOT_NAMES, BOT_VERSIONS, type BotName, type BotVersion } from './names';

export interface Bot {
  readonly name: BotName;
  /** `BOT_VERSIONS[name]` for the built-in bots. */
  readonly version: BotVersion;
  /**
   * One move in notation, chosen from `legalMoves` (which must be `legalMovesInView(view)` and not empty).
   * May advance `rng`; reads nothing but its arguments.
   */
  choose(view: GameView, legalMoves: readonly string[], rng: RngState): string;
}

export function isBotName(name: string): name is BotName {
  return (BOT_NAMES as readonly string[]).includes(name);
}

export function createBot(name: BotName): Bot {
  switch (name) {
    case 'random':
      return randomBot;
    case 'greedy':
      return greedyBot;
  }
}
