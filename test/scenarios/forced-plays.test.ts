/**
 * docs/rules.md §2.6: forced plays keep the turn from ending (FORCED_PLAY_PENDING, with the card and the rule
 * named); only natural cards are forced, and the player may make other plays first.
 */
import { legalMoves, optionsFor } from '../../src/engine';
import { expectLegal, expectRefused, fields, pos, run } from './support';

describe('§2.6 forced plays', () => {
  // S6: "Har en spelare som är inne spelbara äss så måste han lägga dessa med framsidan upp bredvid talongen."
  it('S6 classic: an ace in hand must start a centre pile before the turn ends (forcedAces)', () => {
    const state = pos('classic', '- 2C8D - 9H7C:AH5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const reason = /the ace AH in hand must start a centre pile before the turn ends \(forcedAces, S6, R5\)/;
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', reason);
    expectRefused(state, '5C-d1', 'FORCED_PLAY_PENDING', reason);
    expect(legalMoves(state)).toEqual(['AH-c']);
    const after = run(state, 'AH-c');
    expectLegal(after, 'pass', '5C-d1');
  });

  it('S6 classic: the player may make other centre plays before the forced ace', () => {
    const state = pos('classic', 'c1=AS2H - - 9H7C:AH3D5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const after = run(state, '3D-c1');
    expect(fields(after).center).toBe('c1=AS2H3D');
    expectRefused(after, 'pass', 'FORCED_PLAY_PENDING', /AH in hand/);
    expect(fields(run(after, 'AH-c', 'pass')).current).toBe(1);
  });

  it('S6 classic: an ace on a side pile or on the pay-off pile is forced as well', () => {
    const side = pos('classic', '- - - 9H7C:5C:2CAD,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expectRefused(side, 'pass', 'FORCED_PLAY_PENDING', /the ace AD on side pile d1 must start a centre pile/);
    expect(legalMoves(side)).toEqual(['d1-c']);
    const payoff = pos('classic', '- - - 9HAC:5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expectRefused(
      payoff,
      'pass',
      'FORCED_PLAY_PENDING',
      /the ace AC on the pay-off pile must start a centre pile/,
    );
  });

  // R5: "Каждый наличный туз, должен быть разыгран для формирования центральной стопки."
  it('R5 zloba: an ace in hand must start a centre pile before the turn ends (forcedAces)', () => {
    const state = pos('zloba', '- 2C8D - 9H7C:AH5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', /AH in hand.*forcedAces, S6, R5/);
    expectRefused(state, '5C-d1', 'FORCED_PLAY_PENDING');
  });

  // R6 limits the centre to 4 piles, so a fifth ace cannot be forced (docs/rules.md §2.6: "while fewer than
  // `maxCenterPiles` exist").
  it('R5/R6 zloba: no ace is forced while 4 centre piles exist', () => {
    const state = pos(
      'zloba',
      'c1=AS2H,c2=AH2D,c3=AD2C,c4=AC2S - - 9H8C:AS5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n',
    );
    expectLegal(state, 'pass', '5C-d1');
  });

  // E21: "Some versions forbid players from keeping aces in their hand or pay-off pile if they can be played."
  it('E21 modern: aces are not forced; with forcedAces on they are', () => {
    const text = '- 2C8D - 9H7C:AH5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    expectLegal(pos('modern', text), '5C-d1');
    const forced = pos(optionsFor('modern', { forcedAces: true }), text);
    expectRefused(forced, '5C-d1', 'FORCED_PLAY_PENDING', /AH in hand.*forcedAces/);
    expect(legalMoves(forced)).toEqual(['AH-c']);
  });

  // R7: "По возможности необходимо ходить двойкой на туза в центральной стопке."
  it('R7 zloba: a 2 must go on a centre ace before the turn ends (forcedTwoOnAce)', () => {
    const state = pos('zloba', 'c1=AS - - 9H7C:2H9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const reason =
      /the 2 2H in hand must go on the ace of centre pile c1 before the turn ends \(forcedTwoOnAce, R7\)/;
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', reason);
    expectRefused(state, '9C-d1', 'FORCED_PLAY_PENDING', reason);
    expect(legalMoves(state)).toEqual(['2H-c1']);
    expectLegal(run(state, '2H-c1'), 'pass', '9C-d1');
  });

  it('R7 classic: no 2 is forced; with forcedTwoOnAce on it is', () => {
    const text = 'c1=AS - - 9H7C:2H9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    expectLegal(pos('classic', text), 'pass', '9C-d1');
    expectRefused(
      pos(optionsFor('classic', { forcedTwoOnAce: true }), text),
      'pass',
      'FORCED_PLAY_PENDING',
      /R7/,
    );
  });

  it('R7 zloba: only a natural 2 is forced; a joker is not', () => {
    const state = pos('zloba', 'c1=AS - - 9H7C:*9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expectLegal(state, 'pass', '*-c1');
  });

  // S15: "Om travens översta kort passar på någon av bordets högar måste det läggas ut. Man får alltså inte låsa
  // spelet med hjälp av travens kort."
  it('S15 classic: a pay-off top that fits must be played, and again for each newly turned card', () => {
    const state = pos('classic', 'c1=AS2H3D4C - - 9C6D5H:8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const fits =
      /the pay-off card 5H fits centre pile c1 and must be played before the turn ends \(forcedPayoffPlay, S15\)/;
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', fits);
    expectRefused(state, '8S-d1', 'FORCED_PLAY_PENDING', fits);
    const next = run(state, 'p-c1');
    expectRefused(next, 'pass', 'FORCED_PLAY_PENDING', /pay-off card 6D fits centre pile c1/);
    const done = run(next, 'p-c1');
    expect(fields(done).seats[0]).toBe('9C:8S:-,-,-,-');
    expectLegal(done, 'pass', '8S-d1');
  });

  // S15: "Det får man däremot göra med handens eller hjälpradernas kort."
  it('S15 classic: the same card in hand or on a side pile may be kept back', () => {
    const state = pos('classic', 'c1=AS2H3D4C - - 9C6D:5H8S:5C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expectLegal(state, 'pass', '8S-d2');
  });

  it('S15 zloba and modern: the pay-off top is not forced (forcedPayoffPlay off)', () => {
    const text = 'c1=AS2H3D4C - - 9C6D5H:8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    expectLegal(pos('zloba', text), 'pass', '8S-d1');
    expectLegal(pos('modern', text), '8S-d1');
    const forced = pos(optionsFor('modern', { forcedPayoffPlay: true }), text);
    expectRefused(forced, '8S-d1', 'FORCED_PLAY_PENDING', /pay-off card 5H.*S15/);
  });

  // docs/rules.md §2.6: only natural cards are forced; S11: a joker stands for any card, so it is never "the card
  // that fits".
  it('S15 classic: a joker on top of the pay-off pile is not forced', () => {
    const state = pos('classic', 'c1=AS2H3D4C - - 9C6D*:8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expectLegal(state, 'p-c1', 'pass', '8S-d1');
  });

  it('S15 modern with forcedPayoffPlay on: a wild king on the pay-off pile is not forced', () => {
    const state = pos(
      optionsFor('modern', { forcedPayoffPlay: true }),
      'c1=AS2H3D4C - - 9C6DKH:8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n',
    );
    expectLegal(state, 'p-c1', '8S-d1');
  });
});
