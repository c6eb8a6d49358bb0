/**
 * Bots: players that choose a move from what their seat may see. A bot gets the seat's view (never the full
 * state) and the legal moves computed from that view, and draws any randomness from the RNG state it is
 * handed, so a game between bots is reproducible from its seeds.
 */
import { RngState } from '../rng';
import { GameView } from '../view';
import { expertBot } from './expert';
import { greedyBot } from './greedy';
import { randomBot } from './random';

export const BOT_NAMES = ['random', 'greedy', 'expert'] as const;
export type BotName = (typeof BOT_NAMES)[number];

/**
 * The version of a bot's play, `<name>-<n>`: n goes up whenever the bot may choose differently in some
 * position (docs/bots.md, "Versions"), so a recorded game can say which play it was played against. Two bots
 * with the same version choose the same move from the same view, legal moves and RNG state.
 */
export type BotVersion = `${BotName}-${number}`;

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

/** The current version of each bot: what its `version` says. */
export const BOT_VERSIONS: Readonly<Record<BotName, BotVersion>> = {
  random: randomBot.version,
  greedy: greedyBot.version,
  expert: expertBot.version,
};

export function isBotName(name: string): name is BotName {
  return (BOT_NAMES as readonly string[]).includes(name);
}

export function createBot(name: BotName): Bot {
  switch (name) {
    case 'random':
      return randomBot;
    case 'greedy':
      return greedyBot;
    case 'expert':
      return expertBot;
  }
}
