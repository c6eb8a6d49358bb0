/**
 * The table lights targets and asks for a declared rank from `legalMoves` alone (web/src/table/moves.ts), so it
 * must read every move form of docs/notation.md "Moves". The list is that section's example (classic, seat 0 to
 * move: side piles 9S, 9H, 2D and an empty one; hand 7H 8S * 7H; centre c1 built to 6, c2 and c4 aces).
 */
import fc from 'fast-check';
import {
  GameState,
  PRESET_NAMES,
  PresetName,
  applyEvent,
  cloneState,
  decide,
  legalMoves,
  legalMovesInView,
  newDeal,
  nextInt,
  optionsFor,
  publicStream,
  setup,
  viewFor,
} from '../../../src/engine';
import {
  legalTargets,
  movesBetween,
  newClientMoveId,
  passEndsGame,
  splitMove,
} from '../../../web/src/table/moves';
import { pos } from '../engine/scenarios/support';

const LEGAL = [
  ...['d3-c2', 'd3-c4', '7H-c1', '*-c1', '*-c2', '*-c4'],
  ...['7H-d4', '8S-d1', '8S-d2', '8S-d4'],
  ...['*-d1=9', '*-d1=8', '*-d2=9', '*-d2=8', '*-d3=2'],
  ...['*-d4=2', '*-d4=3', '*-d4=4', '*-d4=5', '*-d4=6', '*-d4=7', '*-d4=8', '*-d4=9', '*-d4=T'],
  ...['*-d4=J', '*-d4=Q', '*-d4=K', 'pass'],
];

it('splits every form of move into source, target and declared rank', () => {
  expect(splitMove('7H-c2')).toEqual({ source: '7H', target: 'c2', declared: null });
  expect(splitMove('p-c')).toEqual({ source: 'p', target: 'c', declared: null });
  expect(splitMove('d3-c1')).toEqual({ source: 'd3', target: 'c1', declared: null });
  expect(splitMove('*-d2=8')).toEqual({ source: '*', target: 'd2', declared: '8' });
  expect(splitMove('pass')).toBeNull();
});

it('lights exactly the targets a source has among the legal moves', () => {
  expect([...legalTargets(LEGAL, '*')].sort()).toEqual(['c1', 'c2', 'c4', 'd1', 'd2', 'd3', 'd4']);
  expect([...legalTargets(LEGAL, '7H')].sort()).toEqual(['c1', 'd4']);
  expect([...legalTargets(LEGAL, 'd3')].sort()).toEqual(['c2', 'c4']);
  expect(legalTargets(LEGAL, 'p').size).toBe(0);
  expect(legalTargets(LEGAL, null).size).toBe(0);
});

it('offers one move per declarable rank for a wild card onto a side pile, one otherwise', () => {
  expect(movesBetween(LEGAL, '*', 'd1')).toEqual(['*-d1=9', '*-d1=8']);
  expect(movesBetween(LEGAL, '*', 'd4')).toHaveLength(12);
  expect(movesBetween(LEGAL, '*', 'c2')).toEqual(['*-c2']);
  expect(movesBetween(LEGAL, '8S', 'd3')).toEqual([]);
});

it('puts every legal move back together from its parts', () => {
  fc.assert(
    fc.property(fc.constantFrom(...LEGAL.filter((move) => move !== 'pass')), (move) => {
      const parts = splitMove(move)!;
      const rebuilt = `${parts.source}-${parts.target}${parts.declared === null ? '' : `=${parts.declared}`}`;
      expect(rebuilt).toBe(move);
      expect(movesBetween(LEGAL, parts.source, parts.target)).toContain(move);
    }),
  );
});

it('names each attempt with a new clientMoveId: this page’s prefix and a count, within the API’s 64 characters', () => {
  const ids = Array.from({ length: 1000 }, () => newClientMoveId());
  expect(new Set(ids).size).toBe(ids.length);
  const prefixes = new Set(ids.map((id) => id.split('.')[0]));
  expect(prefixes.size).toBe(1);
  for (const id of ids) {
    expect(id).toMatch(/^[0-9a-z]{10}\.[1-9]\d*$/);
    expect(id.length).toBeLessThanOrEqual(64);
  }
  // One after another: the count goes up by one.
  const [a, b] = [newClientMoveId(), newClientMoveId()].map((id) => Number(id.split('.')[1]));
  expect(b).toBe((a ?? 0) + 1);
});

describe('passEndsGame: the table warns before a pass exactly when the engine then ends the game as blocked', () => {
  const GRAPHQL_BLOCKED_WHEN = { cannot: 'CANNOT', cannotOrWillNot: 'CANNOT_OR_WILL_NOT' } as const;

  /** What the table would say before a pass in `state`, and whether the engine then ends the game blocked. */
  function judged(state: GameState): { warns: boolean; blocks: boolean } {
    const view = viewFor(state, state.current);
    const warns = passEndsGame({
      view,
      legalMoves: legalMovesInView(view),
      blockedWhen: GRAPHQL_BLOCKED_WHEN[state.options.blockedWhen],
    });
    const after = cloneState(state);
    const decision = decide(after, { type: 'move', seat: after.current, move: 'pass' });
    if (!decision.ok) throw new Error(decision.violation.reason);
    for (const event of decision.events) applyEvent(after, event);
    return { warns, blocks: after.result?.reason === 'blocked' };
  }

  it('S17: warns after one null turn with nothing drawn, not after an active turn (classic)', () => {
    // Empty stock: nobody draws. The previous turn was null (nullTurns 1), this one has not drawn or played (n).
    expect(judged(pos('classic', 'c1=AS - - 9H:KD:-,-,-,-/TD:QH:-,-,-,- 0 5 1 n'))).toEqual({
      warns: true,
      blocks: true,
    });
    expect(judged(pos('classic', 'c1=AS - - 9H:KD:-,-,-,-/TD:QH:-,-,-,- 0 5 0 n'))).toEqual({
      warns: false,
      blocks: false,
    });
    expect(judged(pos('classic', 'c1=AS - - 9H:KD:-,-,-,-/TD:QH:-,-,-,- 0 5 1 a'))).toEqual({
      warns: false,
      blocks: false,
    });
  });

  it('E18: under blockedWhen = cannot a pass that declines a centre play does not warn (modern)', () => {
    // Modern with sameOrOneLower side piles all showing 9s: a 5 fits none, so pass is legal beside 2H-c1.
    const state = pos(
      optionsFor('modern', { sideBuild: 'sameOrOneLower' }),
      'c1=AS - - 8H7C:2H5C:9S,9H,9D,9C/5D6DQS:6S:-,-,-,- 0 5 1 n',
    );
    expect(legalMoves(state)).toContain('pass');
    expect(judged(state)).toEqual({ warns: false, blocks: false });
  });

  it('agrees with the engine in positions of every preset where pass is legal (docs/rules.md §2.9)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PresetName>(...PRESET_NAMES),
        fc.string({ maxLength: 6 }),
        fc.integer({ min: 0, max: 400 }),
        (preset, seed, moves) => {
          const state = setup(optionsFor(preset), newDeal(`pass-${seed}`), 2);
          // Random play passes often, so rounds of null turns come up.
          const rng = publicStream('test', `pass-${seed}`);
          for (let move = 0; move < moves && state.result === null; move++) {
            const legal = legalMoves(state);
            const chosen = legal[nextInt(rng, legal.length)] as string;
            const decision = decide(state, { type: 'move', seat: state.current, move: chosen });
            if (!decision.ok) throw new Error(decision.violation.reason);
            for (const event of decision.events) applyEvent(state, event);
          }
          fc.pre(state.result === null && legalMoves(state).includes('pass'));
          const { warns, blocks } = judged(state);
          expect(warns).toBe(blocks);
        },
      ),
      { numRuns: 300 },
    );
  });
});
