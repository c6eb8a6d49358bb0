/** The baseline bot: every legal move equally likely. */
import { nextInt } from '../rng';
import type { Bot } from './bot';
import { BOT_VERSIONS } from './names';

export const randomBot: Bot = {
  name: 'random',
  version: BOT_VERSIONS.random,
  choose(_view, legalMoves, rng) {
    if (legalMoves.length === 0) throw new Error('random bot: no legal move to choose from');
    return legalMoves[nextInt(rng, legalMoves.length)] as string;
  },
};
