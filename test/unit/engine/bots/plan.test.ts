import fc from 'fast-check';
import {
  DEFAULT_TUNING,
  EXPERT_TUNING,
  GreedyTuning,
  PresetName,
  optionsFor,
  validateOptions,
} from '../../../../src/engine';
import { boardFromState } from '../../../../src/engine/bots/board';
import {
  findHandEmptying,
  leastEmptyingExtraCost,
  searchHandEmptying,
} from '../../../../src/engine/bots/plan';
import { threatsOf } from '../../../../src/engine/bots/threat';
import { botPosition } from '../../../support/bot-positions';

/** Weights for the hand-emptying plan other than greedy's, so that the checks are tested for any tuning. */
const emptyingTuning = fc
  .record({
    hand: fc.double({ min: 0.5, max: 2, noNaN: true }),
    side: fc.double({ min: 0, max: 3, noNaN: true }),
    wild: fc.double({ min: 0, max: 8, noNaN: true }),
    chainFeedWeight: fc.double({ min: 0, max: 4, noNaN: true }),
    emptyingExtraCost: fc.double({ min: 0, max: 6, noNaN: true }),
  })
  .map(({ hand, side, wild, chainFeedWeight, emptyingExtraCost }): GreedyTuning => ({
    ...DEFAULT_TUNING,
    chainCost: { hand, side, wild },
    chainFeedWeight,
    emptyingExtraCost,
  }));

describe('the hand-emptying plan (E12, refillWhenHandEmpty): the check that skips its search', () => {
  it('leastEmptyingExtraCost is a lower bound: every plan the search finds costs at least that much beyond its hand cards, so above emptyingExtraCost the search finds none', () => {
    let plans = 0;
    let skipped = 0;
    fc.assert(
      fc.property(
        fc.constantFrom<PresetName>('classic', 'zloba', 'modern'),
        fc.integer({ min: 2, max: 4 }),
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 0, max: 300 }),
        emptyingTuning,
        (preset, seats, seed, moves, anyTuning) => {
          const options = optionsFor(preset, { refillWhenHandEmpty: true });
          fc.pre(validateOptions(options, seats).length === 0);
          const state = botPosition(options, seats, seed, moves, `plan-${seed}`);
          for (let seat = 0; seat < seats; seat++) {
            for (const tuning of [DEFAULT_TUNING, EXPERT_TUNING, anyTuning]) {
              const board = boardFromState(state, seat);
              if (board.hand.length === 0) continue;
              const context = { board, threats: threatsOf(board), tuning };
              const least = leastEmptyingExtraCost(context);
              const plan = searchHandEmptying(context);
              // The board is played on and undone in place: it must come back as it was.
              expect(board).toEqual(boardFromState(state, seat));
              if (plan !== null) {
                plans++;
                const extra = plan.cost - board.hand.length * tuning.chainCost.hand;
                expect(extra).toBeGreaterThanOrEqual(least - 1e-9);
              }
              if (least > tuning.emptyingExtraCost) {
                skipped++;
                expect(plan).toBeNull();
                expect(findHandEmptying(context)).toBeNull();
              }
            }
          }
        },
      ),
      { numRuns: 200 },
    );
    // Not vacuous: some positions have a plan, and in some the check skips the search.
    expect(plans).toBeGreaterThan(0);
    expect(skipped).toBeGreaterThan(0);
  });
});
