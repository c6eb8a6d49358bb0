/**
 * docs/rules.md §2.6 under malice-rules-2: a forced play is due at once (S15, R7, S6, R5). Whenever one exists,
 * every legal move is a forced play — told apart here from the move text and the state alone, not by the engine's
 * own predicate — and there is at least one; when none exists the legal moves are exactly those of
 * malice-rules-1, so the new version changes nothing else. `forcedPlays` lists exactly those moves, each with the
 * rule that forces it, read the same way.
 */
import fc from 'fast-check';
import {
  ACE,
  Card,
  GameState,
  JOKER,
  type ForcedPlayReason,
  TWO,
  forcedPlays,
  isWild,
  legalMoves,
  parseCard,
  pendingForcedPlay,
  perspectiveOf,
  rankOf,
} from '../../../../src/engine';
import { gameSpecArb, playout, playoutSettingsArb, startGame } from '../../../support/playout';

/** The card a move's source offers now (`p`, `d<n>`, or a hand card), or null. */
function sourceCardOf(state: GameState, source: string): Card | null {
  const own = state.seats[state.current]!;
  if (source === 'p') return own.payoff.length === 0 ? null : own.payoff[own.payoff.length - 1]!;
  if (/^d\d$/.test(source)) {
    const pile = own.sidePiles[Number(source.slice(1)) - 1];
    return pile === undefined || pile.length === 0 ? null : pile[pile.length - 1]!.card;
  }
  return parseCard(source);
}

/** The rule that forces `move` on `state`, by the definitions of docs/rules.md §2.6 read directly, or null. */
function forcedBy(state: GameState, move: string): ForcedPlayReason | null {
  const match = /^(.+)-c(\d*)$/.exec(move);
  if (match === null) return null;
  const [, source, slotText] = match as unknown as [string, string, string];
  const card = sourceCardOf(state, source);
  if (card === null || card === JOKER || isWild(state.options, card)) return null;
  const options = state.options;
  if (source === 'p' && options.forcedPayoffPlay) return 'FORCED_PAYOFF_PLAY';
  if (slotText === '') return rankOf(card) === ACE && options.forcedAces ? 'FORCED_ACE' : null;
  const pile = state.center[Number(slotText) - 1];
  return options.forcedTwoOnAce && rankOf(card) === TWO && pile?.length === ACE ? 'FORCED_TWO_ON_ACE' : null;
}

function underRules1(state: GameState): GameState {
  return { ...state, rules: 'malice-rules-1' };
}

describe('forced plays are due at once (since malice-rules-2)', () => {
  it('while a forced play exists every legal move is forced (and there is one); otherwise the moves are rules 1’s', () => {
    let forcedStates = 0;
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        const check = (state: GameState): void => {
          if (state.result !== null) return;
          expect(state.rules).not.toBe('malice-rules-1');
          const legal = legalMoves(state);
          const old = legalMoves(underRules1(state));
          const listed = forcedPlays(state);
          if (pendingForcedPlay(perspectiveOf(state, state.current)) === null) {
            if (legal.join() !== old.join())
              throw new Error(`no forced play, yet [${legal}] vs rules 1 [${old}]`);
            if (listed.length > 0)
              throw new Error(`no forced play, yet forcedPlays lists ${listed[0]!.move}`);
            return;
          }
          expect(listed).toEqual(legal.map((move) => ({ move, reason: forcedBy(state, move) })));
          forcedStates++;
          if (legal.length === 0) throw new Error('a forced play exists but no legal move');
          for (const move of legal) {
            if (forcedBy(state, move) === null) throw new Error(`${move} is legal but not forced`);
            if (!old.includes(move)) throw new Error(`${move} is legal under rules 2 but not under rules 1`);
          }
        };
        const run = playout(startGame(spec), {
          ...settings,
          maxEvents: 300,
          onStep: (step) => check(step.after),
        });
        check(run.initial);
      }),
      { numRuns: 150 },
    );
    // The property must have met forced plays, or it tested nothing.
    expect(forcedStates).toBeGreaterThan(0);
  });
});
