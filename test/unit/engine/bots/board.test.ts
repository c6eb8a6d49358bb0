import fc from 'fast-check';
import {
  PresetName,
  RuleOptions,
  greedyBotWith,
  DEFAULT_TUNING,
  EXPERT_TUNING,
  legalMovesInView,
  optionsFor,
  publicStream,
  validateOptions,
  viewFor,
} from '../../../../src/engine';
import { boardFromState, boardFromView } from '../../../../src/engine/bots/board';
import { greedyMoveOnBoard } from '../../../../src/engine/bots/greedy';
import { botPosition } from '../../../support/bot-positions';

const presetWithSeats = fc.oneof(
  fc.record({ preset: fc.constantFrom<PresetName>('classic', 'zloba'), seats: fc.constant(2) }),
  fc.record({ preset: fc.constant<PresetName>('modern'), seats: fc.integer({ min: 2, max: 6 }) }),
);
const overrides = fc.record(
  {
    sideBuild: fc.constantFrom<RuleOptions['sideBuild']>('any', 'sameOrOneLower'),
    wildRanks: fc.constantFrom<RuleOptions['wildRanks']>(['JOKER'], ['K'], ['K', 'JOKER']),
    payoffCountVisible: fc.boolean(),
    maxCenterPiles: fc.constantFrom<RuleOptions['maxCenterPiles']>(3, 4, 8, 'playersPlusOne'),
  },
  { requiredKeys: [] },
);

describe("the expert's playouts see each seat's board as its view would show it", () => {
  it('boardFromState(state, seat) is boardFromView(viewFor(state, seat)) for every seat, and greedy chooses the same move on it', () => {
    fc.assert(
      fc.property(
        presetWithSeats,
        overrides,
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 0, max: 400 }),
        ({ preset, seats }, extra, seed, moves) => {
          const options = optionsFor(preset, extra);
          fc.pre(validateOptions(options, seats).length === 0);
          const state = botPosition(options, seats, seed, moves, `board-${seed}`);
          for (let seat = 0; seat < seats; seat++) {
            expect(boardFromState(state, seat)).toEqual(boardFromView(viewFor(state, seat)));
          }
          if (state.result !== null) return;
          const view = viewFor(state, state.current);
          const legal = legalMovesInView(view);
          for (const tuning of [DEFAULT_TUNING, EXPERT_TUNING]) {
            const fromView = greedyBotWith(tuning).choose(view, legal, publicStream('test', 'unused'));
            expect(greedyMoveOnBoard(boardFromState(state, state.current), legal, tuning)).toBe(fromView);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
