import { PRESET_NAMES, simulate } from '../../../../src/engine';

/**
 * The greedy bot must be a real player: over 1,000 seeded two-player games per preset against the random
 * bot (seats rotated), it wins at least 90 % of the games that have a winner.
 */
describe('greedy against random', () => {
  it.each(PRESET_NAMES.map((preset) => [preset]))(
    '%s: greedy wins at least 90 % of decided games',
    (preset) => {
      const summary = simulate({ preset, games: 1000, bots: ['greedy', 'random'], seed: `gvr-${preset}` });
      const greedy = summary.perBot.find((bot) => bot.bot === 'greedy');
      const random = summary.perBot.find((bot) => bot.bot === 'random');
      expect(greedy).toBeDefined();
      expect(random).toBeDefined();
      expect(summary.decided).toBeGreaterThan(900);
      expect(greedy!.wins + random!.wins).toBe(summary.decided);
      expect(greedy!.decidedWinRate).toBeGreaterThanOrEqual(0.9);
      // Rotation: each bot sat in seat 0 for half of the games, so neither seat's share comes from one bot.
      expect(summary.rotate).toBe(true);
      console.log(
        `${preset}: greedy ${(greedy!.decidedWinRate * 100).toFixed(1)} % of ${summary.decided} decided games, ` +
          `${summary.gamesPerSecond.toFixed(0)} games/s`,
      );
    },
  );
});
