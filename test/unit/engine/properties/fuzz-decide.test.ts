/**
 * Property 8: `decide` is total. Whatever it is given as a command, on any state a game can reach, it never
 * throws, never changes the state, and either accepts a well-formed legal command or refuses with a known
 * violation code and a reason.
 */
import fc from 'fast-check';
import { Command, GameState, VIOLATION_CODES, decide, legalMoves, stateHash } from '../../../../src/engine';
import { gameSpecArb, playout, playoutSettingsArb, startGame } from '../../../support/playout';

const oddNumberArb = fc.oneof(
  fc.integer(),
  fc.integer({ min: -3, max: 8 }),
  fc.double(),
  fc.constantFrom(NaN, -0, -1, 0.5, 1e300, -1e300, Infinity, -Infinity, Number.MAX_SAFE_INTEGER, 2 ** 32),
);

const oddStringArb = fc.oneof(
  // The notation's own alphabet reaches deep into the move checks.
  fc.string({ unit: fc.constantFrom(...'AKQJT98765432SHDC*cdp-=0 '.split('')), maxLength: 9 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    'pass',
    'p-c',
    'd1-c1',
    '7H-c1',
    '*-d1=8',
    'KH-c1',
    'pass ',
    'PASS',
    '7h-c1',
    'p-c0',
    'd0-c1',
  ),
  fc.constantFrom('a'.repeat(100000), '7H-c1'.repeat(10000), '\u0000', '\uD800', '7H\u2011c1', '７H-c1'),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
);

const fieldArb: fc.Arbitrary<unknown> = fc.oneof(oddNumberArb, oddStringArb, fc.anything());

/** Objects shaped like commands, with every field possibly of the wrong type, missing or absurd. */
const commandLikeArb = fc.record(
  {
    type: fc.oneof(fc.constantFrom('move', 'move', 'resign', 'timeout', 'Move', 'play', ''), fieldArb),
    seat: fc.oneof(oddNumberArb, fieldArb),
    move: fc.oneof(oddStringArb, fieldArb),
  },
  { requiredKeys: [] },
);

const CARD_TEXTS = [
  '*',
  ...'A23456789TJQK'.split('').flatMap((rank) => 'SHDC'.split('').map((suit) => rank + suit)),
];

/** Moves put together from notation parts, mostly well formed but rarely legal. */
const nearMoveArb = fc
  .tuple(
    fc.oneof(fc.constantFrom(...CARD_TEXTS), fc.constantFrom('p', 'd0', 'd1', 'd2', 'd4', 'd5', 'd9', 'd10')),
    fc.constantFrom('c', 'c0', 'c1', 'c2', 'c3', 'c4', 'c8', 'c9', 'c25', 'd0', 'd1', 'd3', 'd4', 'd5', 'd9'),
    fc.constantFrom('', '', '=A', '=2', '=7', '=K', '=X', '=', '=*'),
  )
  .map(([from, to, declared]) => `${from}-${to}${declared}`);

/**
 * Well-shaped commands with odd moves, so that the checks after the shape check are fuzzed too (the property
 * also sends each of them as the seat to move).
 */
const shapedCommandArb = fc.record({
  type: fc.constantFrom('move', 'move', 'move', 'resign', 'timeout'),
  seat: fc.integer({ min: -1, max: 6 }),
  move: fc.oneof(nearMoveArb, nearMoveArb, oddStringArb),
});

const arbitraryCommandArb: fc.Arbitrary<unknown> = fc.oneof(
  shapedCommandArb,
  shapedCommandArb,
  fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }),
  commandLikeArb,
  fc.constantFrom(null, undefined, 0, '', [], {}, () => 0, Symbol('command')),
);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `command` is a well-formed command that the rules allow now (so `decide` must accept it). */
function allowed(state: GameState, command: unknown): boolean {
  if (state.result !== null || typeof command !== 'object' || command === null) return false;
  const { type, seat, move } = command as { type?: unknown; seat?: unknown; move?: unknown };
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= state.seats.length)
    return false;
  if (state.seats[seat]!.out) return false;
  if (type === 'resign') return true;
  if (type === 'timeout') return seat === state.current;
  return (
    type === 'move' && seat === state.current && typeof move === 'string' && legalMoves(state).includes(move)
  );
}

describe('decide is total', () => {
  it('never throws, never changes the state, and refuses anything not allowed with a known code and a reason', () => {
    fc.assert(
      fc.property(
        gameSpecArb,
        playoutSettingsArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
        fc.array(arbitraryCommandArb, { minLength: 1, maxLength: 25 }),
        (spec, settings, positions, commands) => {
          const states: GameState[] = [];
          const { initial, final } = playout(startGame(spec), {
            ...settings,
            onStep: ({ after }) => states.push(after),
          });
          const picked = [
            initial,
            final,
            ...positions.map((at) => states[Math.floor(at * (states.length - 1))]!),
          ];
          for (const state of picked) {
            const hash = stateHash(state);
            const asMover = commands.flatMap((command) =>
              isRecord(command) && typeof command.seat === 'number'
                ? [{ ...command, seat: state.current }]
                : [],
            );
            for (const command of [...commands, ...asMover]) {
              const decision = decide(state, command as Command);
              if (decision.ok) {
                expect(allowed(state, command)).toBe(true);
                expect(decision.events).toHaveLength(1);
              } else {
                expect(VIOLATION_CODES).toContain(decision.violation.code);
                expect(typeof decision.violation.reason).toBe('string');
                expect(decision.violation.reason.length).toBeGreaterThan(0);
                expect(allowed(state, command)).toBe(false);
              }
            }
            expect(stateHash(state)).toBe(hash);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
