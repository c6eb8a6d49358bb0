import { PRESET_NAMES, simulate } from '../../../../src/engine';

/**
 * Two greedy bots must not block each other's games: a blocked game is a round of passes (docs/rules.md
 * §2.9), and the greedy bot passes only when nothing else is legal (docs/bots.md, "When greedy passes").
 * Few games per preset keep this fast; the bounds are loose (the 2,000-game figures are in docs/bots.md:
 * about 11 % in classic, 23 % in zloba, none in modern; the greedy bot before this measure blocked about
 * 60 % of classic and zloba games).
 */
const MAX_BLOCKED = { classic: 0.25, zloba: 0.4, modern: 0.15 } as const;

describe('greedy against greedy', () => {
  it.each(PRESET_NAMES.map((preset) => [preset]))(
    '%s: few games end blocked, and nearly none because a bot declined to move',
    (preset) => {
      const summary = simulate({ preset, games: 100, bots: ['greedy', 'greedy'], seed: `gvg-${preset}` });
      expect(summary.endShares.blocked).toBeLessThanOrEqual(MAX_BLOCKED[preset]);
      expect(summary.blockedEnds.someoneDeclined).toBeLessThanOrEqual(5);
    },
  );
});
