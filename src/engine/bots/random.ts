/** The baseline bot: every legal move equally likely. */
import { nextInt } from '../rng';
import type { Bot, BotVersion } from './bot';

/** The random bot's version (docs/bots.md, "Versions"). */
export const RANDOM_VERSION: BotVersion = 'random-1';

export const randomBot: Bot = {
  name: 'random',
  version: RANDOM_VERSION,
  choose(_view, legalMoves, rng) {
    if (legalMoves.length === 0) throw new Error('random bot: no legal move to choose from');
    return legalMoves[nextInt(rng, legalMoves.length)] as string;
  },
};
