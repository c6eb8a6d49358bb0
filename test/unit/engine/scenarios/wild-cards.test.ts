/** docs/rules.md §2.1: which cards are wild, and what a wild card may stand for in the centre. */
import { optionsFor } from '../../../../src/engine';
import { expectLegal, expectRefused, fields, pos, run } from './support';

describe('§2.1 wild cards', () => {
  // S11: "Jokrarna är vilda kort. De får representera vilket kort som helst utom äss."
  it('S11 classic: a joker counts as the next rank on a centre pile', () => {
    const state = pos('classic', 'c1=AS2H - - 9H8C:*4D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectLegal(state, '*-c1');
    const after = run(state, '*-c1');
    expect(fields(after).center).toBe('c1=AS2H*');
    // The joker stood for the 3, so the 4 follows it.
    expect(fields(run(after, '4D-c1')).center).toBe('c1=AS2H*4D');
  });

  // S11: "De får representera vilket kort som helst utom äss."
  it('S11 classic: a joker never starts a centre pile (it is never an ace)', () => {
    const state = pos('classic', '- - - 9H8C:*4D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectRefused(state, '*-c', 'ONLY_ACE_STARTS_PILE', /natural ace/);
  });

  // S11: a joker stands for any card but an ace, the king included: on a queen it completes the pile.
  it('S11 classic: a joker on a queen stands for the king and completes the pile', () => {
    const state = pos(
      'classic',
      'c1=AS2H3D4C5S6H7D8C9STHJDQC - - 9H8C:*4D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    const after = run(state, '*-c1');
    expect(fields(after).center).toBe('-');
    expect(after.stock).toHaveLength(13);
  });

  // R15: "Каждый джокер считается свободной картой. Джокером можно ходить вместо любой карты вместо туза."
  it('R15 zloba: a joker is wild in the centre but never an ace', () => {
    const state = pos('zloba', 'c1=AS2H - - 9H8C:*4D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectRefused(state, '*-c', 'ONLY_ACE_STARTS_PILE');
    expect(fields(run(state, '*-c1', '4D-c1')).center).toBe('c1=AS2H*4D');
  });

  // E7: "Kings are wild and can replace any subsequent number in a center stack."
  it('E7 modern: a king is wild and counts as the next rank, never as an ace', () => {
    const state = pos('modern', 'c1=AS - - 9H8C:KH3D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectRefused(state, 'KH-c', 'ONLY_ACE_STARTS_PILE', /natural ace/);
    expectLegal(state, 'KH-c1');
    // The king stood for the 2, so the 3 follows it.
    expect(fields(run(state, 'KH-c1', '3D-c1')).center).toBe('c1=ASKH3D');
  });

  // S7: "Dessa ska byggas upp i stigande följd – äss, 2, 3 osv upp till kung" — in classic a king is a plain king.
  it('S7/S11 classic: a king is not wild; it only goes on a queen', () => {
    const state = pos(
      'classic',
      'c1=AS,c2=AH2D3C4S5H6D7C8S9HTDJC - - 9H8C:KH3D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    expectRefused(state, 'KH-c1', 'DOES_NOT_FIT', /c1, which needs a 2 or a wild card/);
    expectRefused(state, 'KH-c2', 'DOES_NOT_FIT', /needs a Q/);
  });

  // E20: "Some players keep the jokers in the deck and use them as wild cards, either in addition to the kings…"
  it('E20 modern with jokers added: a joker is wild as well as a king', () => {
    const text = 'c1=AS - - 9H8C:*KH:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n';
    const state = pos(optionsFor('modern', { wildRanks: ['K', 'JOKER'] }), text);
    expect(fields(run(state, '*-c1', 'KH-c1')).center).toBe('c1=AS*KH');
    expectRefused(state, '*-c', 'ONLY_ACE_STARTS_PILE');
  });
});
