/**
 * Properties 2 and 3: `legalMoves` is exactly what `decide` accepts, `decide` never changes the state, and a
 * bot that sees only its own view computes the same legal moves (docs/rules.md §2.8).
 */
import fc from 'fast-check';
import {
  Command,
  Decision,
  GameState,
  ViolationCode,
  formatCard,
  formatRank,
  legalMoves,
  legalMovesInView,
  standardDeck,
  stateHash,
  viewFor,
  decide,
} from '../../../../src/engine';
import { gameSpecArb, playout, playoutSettingsArb, startGame } from '../../../support/playout';

const RANK_SUFFIXES = ['', ...Array.from({ length: 13 }, (_, i) => `=${formatRank(i + 1)}`)];
const ALL_CARD_NAMES = [...new Set(standardDeck(1).map(formatCard))];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * Every syntactically valid move over the mover's places, and some beyond them: each hand card, `p` and
 * every side pile (one more than exist) to every centre slot (one more than exist), `c` and every side pile,
 * with and without a declared rank; `extraCards` are names that may not be in the hand.
 */
function candidateMoves(state: GameState, extraCards: readonly string[]): string[] {
  const own = state.seats[state.current]!;
  const sidePileNumbers = range(1, state.options.sidePiles + 1);
  const sources = [
    ...new Set([...own.hand.map(formatCard), ...extraCards]),
    'p',
    ...sidePileNumbers.map((n) => `d${n}`),
  ];
  const targets = [
    ...range(2, state.maxCenterPiles + 1).map((n) => `c${n}`),
    ...['c', 'c1', ...sidePileNumbers.map((n) => `d${n}`)].flatMap((target) =>
      RANK_SUFFIXES.map((suffix) => target + suffix),
    ),
  ];
  return ['pass', ...sources.flatMap((source) => targets.map((target) => `${source}-${target}`))];
}

/** A plain check instead of `expect` in hot loops (jest's matchers cost more than `decide` itself). */
function assertOutcome(command: Command, decision: Decision, expected: ViolationCode | 'accepted'): void {
  const actual = decision.ok ? 'accepted' : decision.violation.code;
  if (actual !== expected) throw new Error(`${JSON.stringify(command)}: expected ${expected}, got ${actual}`);
}

function assertSameMoves(who: string, inView: readonly string[], expected: readonly string[]): void {
  if (inView.join() !== expected.join())
    throw new Error(`${who}: view gives [${inView}], state [${expected}]`);
}

function moveBy(seat: number, move: string): Command {
  return { type: 'move', seat, move };
}

/** Strings that look like moves (same alphabet), to reach the parser's corners. */
const notationLikeArb = fc.string({
  unit: fc.constantFrom(...'AKQJT98765432SHDC*cdp-=0 '.split('')),
  maxLength: 9,
});
const garbageArb = fc.array(fc.oneof(notationLikeArb, fc.string({ maxLength: 20 })), { maxLength: 30 });
const extraCardsArb = fc.array(fc.constantFrom(...ALL_CARD_NAMES), { maxLength: 3 });

describe('legal moves and decide agree', () => {
  it('decide accepts exactly the moves in legalMoves, for every candidate and random garbage, without changing the state', () => {
    fc.assert(
      fc.property(
        gameSpecArb,
        playoutSettingsArb,
        fc.integer({ min: 3, max: 12 }),
        extraCardsArb,
        garbageArb,
        (spec, settings, every, extraCards, garbage) => {
          const check = (state: GameState): void => {
            const legal = legalMoves(state);
            expect(new Set(legal).size).toBe(legal.length);
            const candidates = candidateMoves(state, extraCards);
            for (const move of legal) expect(candidates).toContain(move);
            const hash = stateHash(state);
            for (const move of [...candidates, ...garbage]) {
              const decision = decide(state, moveBy(state.current, move));
              if (decision.ok !== legal.includes(move)) {
                throw new Error(`${move}: decide says ${JSON.stringify(decision)}, legalMoves ${legal}`);
              }
            }
            expect(stateHash(state)).toBe(hash);
          };
          const initial = startGame(spec);
          check(initial);
          playout(initial, {
            ...settings,
            onStep: ({ index, after }) => {
              if (index % every === 0 && after.result === null) check(after);
            },
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('only the seat to move may move or time out; a seat that left may do nothing; after the end everything is GAME_OVER', () => {
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        const final = playout(startGame(spec), {
          ...settings,
          onStep: ({ after: state }) => {
            if (state.result !== null) return;
            const hash = stateHash(state);
            const legal = legalMoves(state);
            state.seats.forEach((seat, index) => {
              if (index === state.current) return;
              const expected = seat.out ? 'SEAT_OUT' : 'NOT_YOUR_TURN';
              const commands: Command[] = [
                ...legal.map((move) => moveBy(index, move)),
                { type: 'timeout', seat: index },
              ];
              for (const command of commands) {
                assertOutcome(command, decide(state, command), expected);
              }
              const resign: Command = { type: 'resign', seat: index };
              assertOutcome(resign, decide(state, resign), seat.out ? 'SEAT_OUT' : 'accepted');
            });
            expect(stateHash(state)).toBe(hash);
          },
        }).final;

        expect(final.result).not.toBeNull();
        expect(legalMoves(final)).toEqual([]);
        const hash = stateHash(final);
        final.seats.forEach((_, seat) => {
          const commands: Command[] = [
            ...candidateMoves({ ...final, current: seat }, []).map((move) => moveBy(seat, move)),
            { type: 'resign', seat },
            { type: 'timeout', seat },
          ];
          for (const command of commands) {
            assertOutcome(command, decide(final, command), 'GAME_OVER');
          }
        });
        expect(stateHash(final)).toBe(hash);
      }),
      { numRuns: 60 },
    );
  });

  it('legalMoves(state) equals legalMovesInView(viewFor(state, current)), also after the view is sent as JSON', () => {
    fc.assert(
      fc.property(gameSpecArb, playoutSettingsArb, (spec, settings) => {
        const check = (state: GameState): void => {
          const legal = legalMoves(state);
          const view = viewFor(state, state.current);
          assertSameMoves('current seat', legalMovesInView(view), legal);
          assertSameMoves('current seat via JSON', legalMovesInView(JSON.parse(JSON.stringify(view))), legal);
          // Nobody else may move, and a spectator has no moves.
          state.seats.forEach((_, seat) => {
            if (seat !== state.current || state.result !== null) {
              assertSameMoves(`seat ${seat}`, legalMovesInView(viewFor(state, seat)), []);
            }
          });
          assertSameMoves('spectator', legalMovesInView(viewFor(state, null)), []);
        };
        const initial = startGame(spec);
        check(initial);
        playout(initial, { ...settings, onStep: ({ after }) => check(after) });
      }),
      { numRuns: 100 },
    );
  });
});
