/** docs/rules.md §2.4: what happens to completed centre piles, and draws from an empty stock. */
import { optionsFor } from '../../../../src/engine';
import { cardsOf, fields, handOf, pos, run, sortedRun } from './support';

const PILE_TO_QUEEN = 'AS2H3D4C5S6H7D8C9STHJDQC';

describe('§2.4 stock', () => {
  // S9: "Då någon av bordets högar byggts upp till kung, blandas högen i fråga omedelbart in i talongen."
  // R17: "Когда центральная стопка выстраивается до короля, ее затасовывают в резерв…"
  it.each(['classic', 'zloba'] as const)(
    'S9/R17 %s: a pile completed with the king is shuffled into the stock at once',
    (preset) => {
      const state = pos(preset, `c1=${PILE_TO_QUEEN} 2C8D - 9H7C:KH5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n`);
      const after = run(state, 'KH-c1');
      // Still the same turn: the 13 cards joined the stock before anything else happened.
      expect(after.current).toBe(0);
      expect(fields(after).center).toBe('-');
      expect(fields(after).setAside).toBe('-');
      expect(after.stock).toHaveLength(15);
      expect(sortedRun(after.stock)).toBe(sortedRun(cardsOf(`2C8D${PILE_TO_QUEEN}KH`)));
      // Shuffled, not stacked on top in pile order.
      expect(fields(after).stock).not.toBe(`2C8D${PILE_TO_QUEEN}KH`);
    },
  );

  // E10: "When a center stack sequence is complete, set it aside."
  it('E10 modern: a pile completed with the queen is set aside; the stock is unchanged', () => {
    const state = pos(
      'modern',
      `c1=AS2H3D4C5S6H7D8C9STHJD 2C8D - 9H7C:QC5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n`,
    );
    const after = run(state, 'QC-c1');
    expect(fields(after).center).toBe('-');
    expect(fields(after).setAside).toBe(PILE_TO_QUEEN);
    expect(fields(after).stock).toBe('2C8D');
  });

  it('S9 modern with completedPile shuffleIntoStock: the finished pile goes into the stock instead', () => {
    const text = `c1=AS2H3D4C5S6H7D8C9STHJD 2C8D - 9H7C:QC5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n`;
    const after = run(pos(optionsFor('modern', { completedPile: 'shuffleIntoStock' }), text), 'QC-c1');
    expect(fields(after).setAside).toBe('-');
    expect(sortedRun(after.stock)).toBe(sortedRun(cardsOf(`2C8D${PILE_TO_QUEEN}`)));
  });

  // E17: "If players deplete the stockpile before the game is finished, shuffle all the completed center stacks
  // that were set aside and make a new stockpile."
  it('E17 modern: a draw that finds the stock empty shuffles the set-aside cards into a new stock', () => {
    const state = pos('modern', `- 9C ${PILE_TO_QUEEN} 9H7C:5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n`);
    const after = run(state, '5C-d1');
    const hand = after.seats[1]!.hand;
    // The old stock's last card first, then two from the rebuilt stock.
    expect(handOf(after, 1).slice(0, 6)).toBe('4H4S9C');
    expect(hand).toHaveLength(5);
    expect(fields(after).setAside).toBe('-');
    expect(after.stock).toHaveLength(10);
    expect(sortedRun([...hand.slice(3), ...after.stock])).toBe(sortedRun(cardsOf(PILE_TO_QUEEN)));
  });

  // S10: "Om talongen är tom måste momentet i förra meningen hoppas över."
  it('S10 classic: a draw from an empty stock takes nothing', () => {
    const state = pos('classic', '- - - 9H7C:5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const after = run(state, '5C-d1');
    expect(after.current).toBe(1);
    expect(handOf(after, 1)).toBe('4H4S');
    expect(fields(after).activity).toBe('n');
  });

  it('E17 modern: with nothing set aside either, a draw takes only what the stock holds', () => {
    // Seat 1 can still play its 3C to the centre, so the game is not stuck (E18).
    const state = pos('modern', 'c1=AS2H 8D - 9H7C:5C:-,-,-,-/TD5DQS:4H3C:-,-,-,- 0 3 0 n');
    const after = run(state, '5C-d1');
    expect(after.result).toBeNull();
    expect(handOf(after, 1)).toBe('4H3C8D');
    expect(fields(after).stock).toBe('-');
  });
});
