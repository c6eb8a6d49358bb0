/** The bots' names and versions, apart from the bots themselves so that each bot can name its own version. */

export type BotName = 'random' | 'greedy';
export const BOT_NAMES: readonly BotName[] = ['random', 'greedy'];

/**
 * The version of a bot's play, `<name>-<n>`: n goes up whenever the bot may choose differently in some
 * position (docs/bots.md, "Versions"), so a recorded game can say which play it was played against. Two bots
 * with the same version choose the same move from the same view, legal moves and RNG state.
 */
export type BotVersion = `${BotName}-${number}`;

/** The current version of each bot. */
export const BOT_VERSIONS: Readonly<Record<BotName, BotVersion>> = {
  random: 'random-1',
  greedy: 'greedy-2',
};
