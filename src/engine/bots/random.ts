/** The baseline bot: every legal move equally likely. */
import { nextInt } from '../rng';
import type { Bot } from './bot';

export const randomBot: Bot = {
  name: 'random',
  choose(_view, legalMoves, rng) {
    if (legalMoves.length === 0) throw new Error('random bot: no legal move to choose from');
    return legalMoves[nextInt(rng, legalMoves.length)] as string;
  },
};
