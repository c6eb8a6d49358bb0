/** docs/rules.md §2.8: what each player (and a spectator) sees. */
import { applyEvent, decide, legalMoves, legalMovesInView, viewFor } from '../../../../src/engine';
import { pos } from './support';

/**
 * Seat 0 holds 7S 8D, seat 1 holds QH JC; the face-down cards (3C 5D, 2H 6C) and the stock (2C 9D) appear
 * nowhere face up.
 */
const POSITION = 'c1=AS2S 2C9D - 2H6CTH:7S8D:9C8C,-,-,-/3C5DKS:QHJC:-,4S,-,- 0 3 0 n';

function shown(preset: 'classic' | 'zloba' | 'modern', viewer: number | null): string {
  return JSON.stringify(viewFor(pos(preset, POSITION), viewer));
}

describe('§2.8 views', () => {
  it('§2.8 classic: a spectator sees no hand, only hand sizes', () => {
    const view = viewFor(pos('classic', POSITION), null);
    expect(view.hand).toBeNull();
    expect(view.seats.map((seat) => seat.handCount)).toEqual([2, 2]);
    for (const hidden of ['7S', '8D', 'QH', 'JC'])
      expect(shown('classic', null)).not.toContain(`"${hidden}"`);
  });

  it('§2.8 classic: each player sees their own hand and never the other’s', () => {
    expect(viewFor(pos('classic', POSITION), 0).hand).toEqual(['7S', '8D']);
    expect(viewFor(pos('classic', POSITION), 1).hand).toEqual(['QH', 'JC']);
    for (const hidden of ['QH', 'JC']) expect(shown('classic', 0)).not.toContain(`"${hidden}"`);
    for (const hidden of ['7S', '8D']) expect(shown('classic', 1)).not.toContain(`"${hidden}"`);
  });

  it.each(['classic', 'zloba', 'modern'] as const)(
    '§2.8 %s: face-down pay-off cards and the stock are never shown',
    (preset) => {
      for (const viewer of [null, 0, 1]) {
        const text = shown(preset, viewer);
        for (const hidden of ['3C', '5D', '2H', '6C', '2C', '9D']) expect(text).not.toContain(`"${hidden}"`);
        const view = viewFor(pos(preset, POSITION), viewer);
        expect(view.stockCount).toBe(2);
        expect(view.seats.map((seat) => seat.payoffTop)).toEqual(['TH', 'KS']);
      }
    },
  );

  // S12: "Korten i hjälpraderna läggs lämpligen på patiensvis så att de inte helt täcker varandra, utan så att man
  // kan se de underliggande korten."
  it('S12 classic: every side pile is seen whole by everyone', () => {
    for (const viewer of [null, 0, 1]) {
      const view = viewFor(pos('classic', POSITION), viewer);
      expect(view.seats.map((seat) => seat.sidePiles)).toEqual([
        [['9C', '8C'], [], [], []],
        [[], ['4S'], [], []],
      ]);
      expect(view.centerPiles).toEqual([{ slot: 1, cards: ['AS', '2S'], topRank: 2 }]);
    }
  });

  // S18: "Korten i travarna får inte räknas under spelets gång."
  it('S18 classic: pay-off pile sizes are hidden from everyone (payoffCount null)', () => {
    for (const viewer of [null, 0, 1]) {
      expect(viewFor(pos('classic', POSITION), viewer).seats.map((seat) => seat.payoffCount)).toEqual([
        null,
        null,
      ]);
    }
  });

  it.each(['zloba', 'modern'] as const)('§2.8 %s: pay-off pile sizes are shown', (preset) => {
    for (const viewer of [null, 0, 1]) {
      expect(viewFor(pos(preset, POSITION), viewer).seats.map((seat) => seat.payoffCount)).toEqual([3, 3]);
    }
  });

  it('§2.8, §2.9 classic: every view shows the null turns in a row and whether the turn has drawn or played yet', () => {
    // Seat 1 passed with a full hand (a null turn, S16); seat 0 has neither drawn nor played yet.
    const quiet = POSITION.replace(/ 0 3 0 n$/, ' 0 4 1 n');
    for (const viewer of [null, 0, 1]) {
      expect(viewFor(pos('classic', quiet), viewer)).toMatchObject({ nullTurns: 1, turnActive: false });
      expect(viewFor(pos('classic', POSITION.replace(/ n$/, ' a')), viewer)).toMatchObject({
        nullTurns: 0,
        turnActive: true,
      });
    }
    // A pass now is the second null turn: the game is blocked (S17), as the view lets its seat foresee.
    const state = pos('classic', quiet);
    const decision = decide(state, { type: 'move', seat: 0, move: 'pass' });
    if (!decision.ok) throw new Error(decision.violation.reason);
    for (const event of decision.events) applyEvent(state, event);
    expect(state.result?.reason).toBe('blocked');
  });

  it('§2.8 classic: the player to move finds the same legal moves from their view alone', () => {
    const state = pos('classic', POSITION);
    expect(legalMovesInView(viewFor(state, 0))).toEqual(legalMoves(state));
    expect(legalMovesInView(viewFor(state, 1))).toEqual([]);
  });
});
