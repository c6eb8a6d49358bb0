import {
  Bot,
  BOT_VERSIONS,
  BotName,
  PRESET_NAMES,
  PresetName,
  createBot,
  optionsFor,
  playGame,
  sha256Hex,
} from '../../../../src/engine';

/**
 * A bot's version is a promise (docs/bots.md, "Versions"): the same version chooses the same move from the same
 * view, legal moves and RNG state, so that a recorded game replays move for move. These whole games of the
 * expert against greedy (game 0 of `npm run simulate -- --bots expert,greedy --seed malice`) pin both bots'
 * moves by a digest: a change meant only to make a bot faster must leave them alone. A change that moves a
 * digest changes some choice: raise the version of the bot that plays differently and record the new digest.
 */
const PINNED: Readonly<Record<PresetName, { readonly versions: string; readonly digest: string }>> = {
  classic: { versions: 'expert-6 greedy-2', digest: 'aef65798607e86a2' },
  zloba: { versions: 'expert-6 greedy-2', digest: '17d4fac310b8d561' },
  modern: { versions: 'expert-6 greedy-2', digest: 'f10609ae19fbbfa4' },
};

/** Every move of game 0, both seats, in order: the first 16 hex digits of the SHA-256 of the moves joined by spaces. */
function gameDigest(preset: PresetName): string {
  const moves: string[] = [];
  const recording = (name: BotName): Bot => {
    const bot = createBot(name);
    return {
      ...bot,
      choose(view, legal, rng) {
        const move = bot.choose(view, legal, rng);
        moves.push(move);
        return move;
      },
    };
  };
  const config = {
    preset,
    games: 1,
    bots: ['expert', 'greedy'] as const,
    seed: 'malice',
    botFactory: recording,
  };
  playGame(config, optionsFor(preset), 0);
  return sha256Hex(moves.join(' ')).slice(0, 16);
}

describe('bot versions pin their moves: a whole game of expert against greedy per preset', () => {
  it.each(PRESET_NAMES.map((preset) => [preset]))('%s game 0 is the game these versions played', (preset) => {
    const pinned = PINNED[preset];
    expect(`${BOT_VERSIONS.expert} ${BOT_VERSIONS.greedy}`).toBe(pinned.versions);
    expect(gameDigest(preset)).toBe(pinned.digest);
  });
});
