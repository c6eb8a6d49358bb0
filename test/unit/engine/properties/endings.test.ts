/**
 * Property 7: every game ends, and its result follows docs/rules.md §2.9–§2.10: the winner, the score, the ranking
 * and the pay-off cards left agree with the final state and the reason the game ended.
 */
import fc from 'fast-check';
import {
  EndReason,
  GameResult,
  GameState,
  Seat,
  hasCenterPlay,
  perspectiveOf,
  playersIn,
} from '../../../../src/engine';
import { gameSpecArb, playout, playoutSettingsArb, startGame } from '../../../support/playout';

function seatsIn(state: GameState): Seat[] {
  return state.seats.flatMap((seat, index) => (seat.out ? [] : [index]));
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * docs/rules.md §2.10: fewest pay-off cards among the players still in wins, by the sum of the differences; a tie
 * draws.
 */
function checkFewestWins(state: GameState, result: GameResult): void {
  const left = result.payoffLeft;
  const stillIn = seatsIn(state);
  const fewest = Math.min(...stillIn.map((seat) => left[seat]!));
  const best = stillIn.filter((seat) => left[seat] === fewest);
  if (best.length > 1) {
    expect(result.winner).toBeNull();
    expect(result.score).toBe(0);
    expect([...result.ranking[0]!].sort()).toEqual(best);
  } else {
    expect(result.winner).toBe(best[0]);
    expect(result.score).toBe(sum(stillIn.map((seat) => left[seat]! - fewest)));
  }
}

/** Why the game ended must be true of the final state. */
function checkReason(state: GameState, reason: EndReason, last: Seat): void {
  switch (reason) {
    case 'payoffEmptied':
      expect(state.seats[state.result!.winner!]!.payoff).toHaveLength(0);
      return;
    case 'blocked':
      // docs/rules.md §2.9: as many consecutive null turns as players still in.
      expect(state.nullTurns).toBeGreaterThanOrEqual(playersIn(state));
      // E18 (blockedWhen cannot): only null turns without a centre play count, and null turns change no card,
      // so a game blocked this way ends with no centre play for anyone still in.
      if (state.options.blockedWhen === 'cannot') {
        for (const seat of seatsIn(state)) expect(hasCenterPlay(perspectiveOf(state, seat))).toBe(false);
      }
      return;
    case 'stuck':
      // E18: stock and set-aside empty and no centre play for anyone still in.
      expect(state.options.blockWhenStuck).toBe(true);
      expect(state.stock.length + state.setAside.length).toBe(0);
      for (const seat of seatsIn(state)) expect(hasCenterPlay(perspectiveOf(state, seat))).toBe(false);
      return;
    case 'turnLimit':
      expect(state.turn).toBe(state.options.maxTurns);
      return;
    case 'resigned':
    case 'timedOut':
      expect(state.departed[state.departed.length - 1]).toBe(last);
      return;
  }
}

function checkResult(state: GameState, lastCommandSeat: Seat): void {
  const result = state.result;
  expect(result).not.toBeNull();
  if (result === null) return;
  expect(result.payoffLeft).toEqual(state.seats.map((seat) => seat.payoff.length));
  // Every seat is ranked exactly once; those who left come last, the first to leave lowest.
  const ranked = result.ranking.flat();
  expect([...ranked].sort((a, b) => a - b)).toEqual(state.seats.map((_, seat) => seat));
  const departedTail = ranked.slice(ranked.length - state.departed.length);
  expect(departedTail).toEqual([...state.departed].reverse());
  for (const group of result.ranking) expect(group.length).toBeGreaterThan(0);
  // The players still in are grouped by pay-off cards left: equal within a group, fewer in earlier groups.
  const groupsIn = result.ranking.slice(0, result.ranking.length - state.departed.length);
  const groupLeft = groupsIn.map((group) => {
    for (const seat of group) expect(result.payoffLeft[seat]).toBe(result.payoffLeft[group[0]!]);
    return result.payoffLeft[group[0]!]!;
  });
  for (let i = 1; i < groupLeft.length; i++) expect(groupLeft[i]).toBeGreaterThan(groupLeft[i - 1]!);
  if (result.winner !== null) expect(result.ranking[0]).toEqual([result.winner]);
  checkReason(state, result.reason, lastCommandSeat);

  const left = result.payoffLeft;
  switch (result.reason) {
    case 'payoffEmptied':
      // docs/rules.md §2.10: the cards left to the opponents still in.
      expect(result.score).toBe(sum(seatsIn(state).map((seat) => left[seat]!)));
      return;
    case 'blocked':
    case 'stuck':
    case 'turnLimit':
      checkFewestWins(state, result);
      return;
    case 'resigned':
    case 'timedOut': {
      // docs/rules.md §2.9: with two players in, the other one wins and scores as in §2.10, counting the leaver.
      const leaver = state.departed[state.departed.length - 1]!;
      const stillIn = seatsIn(state);
      expect(stillIn).toHaveLength(1);
      expect(result.winner).toBe(stillIn[0]);
      expect(result.score).toBe(left[leaver]);
      return;
    }
  }
}

describe('every game ends with a result that follows docs/rules.md §2.9–§2.10', () => {
  it('random playouts end, and winner, score and ranking agree with the final state', () => {
    const reasons = new Set<EndReason>();
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        let lastSeat: Seat = -1;
        const { final } = playout(startGame(spec), {
          ...settings,
          onStep: ({ command }) => {
            lastSeat = command.seat;
          },
        });
        checkResult(final, lastSeat);
        reasons.add(final.result!.reason);
      }),
      { numRuns: 400 },
    );
    // The runs must reach the different endings, or the checks above are not exercised.
    for (const reason of ['payoffEmptied', 'blocked', 'resigned', 'timedOut'] as const)
      expect(reasons).toContain(reason);
  });

  it('a low maxTurns ends the game by turnLimit at exactly that turn, unless it ended sooner', () => {
    let byTurnLimit = 0;
    fc.assert(
      fc.property(
        gameSpecArb,
        playoutSettingsArb,
        fc.integer({ min: 1, max: 40 }),
        (spec, settings, maxTurns) => {
          const limited = { ...spec, overrides: { ...spec.overrides, maxTurns } };
          let lastSeat: Seat = -1;
          const { final } = playout(startGame(limited), {
            ...settings,
            onStep: ({ command }) => {
              lastSeat = command.seat;
            },
          });
          checkResult(final, lastSeat);
          expect(final.turn).toBeLessThanOrEqual(maxTurns);
          if (final.result!.reason === 'turnLimit') byTurnLimit++;
        },
      ),
      { numRuns: 150 },
    );
    expect(byTurnLimit).toBeGreaterThan(50);
  });
});
