/**
 * docs/rules.md §2.6: forced plays (FORCED_PLAY_PENDING, with the card and the rule named); only natural cards are
 * forced. Under malice-rules-2 a forced play is due at once: while one exists the legal moves are exactly the
 * forced plays. Games under malice-rules-1 checked them only when the turn would end, and still replay so.
 */
import { RulesVersion, StoredOptions, forcedPlays, legalMoves, optionsFor } from '../../../../src/engine';
import { expectLegal, expectRefused, fields, pos, posUnder, run } from './support';

const RULES_1: RulesVersion = 'malice-rules-1+chacha20-v2';

/** A preset's options as a malice-rules-1 game stored them: without blockedWhen, which came with malice-rules-2. */
function storedUnderRules1(preset: 'classic' | 'zloba' | 'modern'): StoredOptions {
  const { blockedWhen, ...stored } = optionsFor(preset);
  void blockedWhen;
  return stored;
}

describe('§2.6 forced plays', () => {
  // S6: "Har en spelare som är inne spelbara äss så måste han lägga dessa med framsidan upp bredvid talongen."
  it('S6 classic: an ace in hand must start a centre pile before the turn ends (forcedAces)', () => {
    const state = pos('classic', '- 2C8D - 9H7C:AH5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const reason = /the ace AH in hand must start a centre pile now, before any other move \(forced aces\)/;
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', reason);
    expectRefused(state, '5C-d1', 'FORCED_PLAY_PENDING', reason);
    expect(legalMoves(state)).toEqual(['AH-c']);
    const after = run(state, 'AH-c');
    expectLegal(after, 'pass', '5C-d1');
  });

  it('S6 classic: the forced ace comes before any other centre play (malice-rules-2)', () => {
    const state = pos('classic', 'c1=AS2H - - 9H7C:AH3D5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expectRefused(state, '3D-c1', 'FORCED_PLAY_PENDING', /the ace AH in hand must start a centre pile now/);
    expect(legalMoves(state)).toEqual(['AH-c']);
    const after = run(state, 'AH-c', '3D-c1');
    expect(fields(after).center).toBe('c1=AS2H3D,c2=AH');
    expectLegal(after, 'pass', '5C-d1');
  });

  it('S6 classic under malice-rules-1: other centre plays may come before the forced ace, as recorded', () => {
    const text = 'c1=AS2H - - 9H7C:AH3D5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    const state = posUnder(RULES_1, storedUnderRules1('classic'), text);
    const after = run(state, '3D-c1');
    expect(fields(after).center).toBe('c1=AS2H3D');
    expectRefused(
      after,
      'pass',
      'FORCED_PLAY_PENDING',
      /AH in hand must start a centre pile before the turn ends/,
    );
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
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', /AH in hand.*forced aces/);
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
    expectRefused(forced, '5C-d1', 'FORCED_PLAY_PENDING', /AH in hand.*forced aces/);
    expect(legalMoves(forced)).toEqual(['AH-c']);
  });

  // R7: "По возможности необходимо ходить двойкой на туза в центральной стопке."
  it('R7 zloba: a 2 must go on a centre ace before the turn ends (forcedTwoOnAce)', () => {
    const state = pos('zloba', 'c1=AS - - 9H7C:2H9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const reason =
      /the 2 2H in hand must go on the ace of centre pile c1 now, before any other move \(forced 2 on an ace\)/;
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
      /forced 2 on an ace/,
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
      /the pay-off card 5H fits centre pile c1 and must be played now, before any other move \(forced pay-off play\)/;
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', fits, {
      params: { forced: 'FORCED_PAYOFF_PLAY', card: '5H', from: 'p', pile: 'c1', move: 'p-c1', atOnce: true },
      sentences: ['S15'],
    });
    expectRefused(state, '8S-d1', 'FORCED_PLAY_PENDING', fits);
    expect(forcedPlays(state)).toEqual([{ move: 'p-c1', reason: 'FORCED_PAYOFF_PLAY' }]);
    const next = run(state, 'p-c1');
    expectRefused(next, 'pass', 'FORCED_PLAY_PENDING', /pay-off card 6D fits centre pile c1/);
    expect(legalMoves(next)).toEqual(['p-c1']);
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
    expectRefused(forced, '8S-d1', 'FORCED_PLAY_PENDING', /pay-off card 5H.*forced pay-off play/);
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

describe('§2.6 a forced play is due at once (malice-rules-2)', () => {
  // S15: "Om travens översta kort passar på någon av bordets högar måste det läggas ut. Man får alltså inte låsa
  // spelet med hjälp av travens kort."
  it('S15 classic: the pay-off 5H that fits c1 cannot be dodged by covering c1 with the 5S first', () => {
    const text = 'c1=AS2H3D4C - - 9H5H:5S8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    const state = pos('classic', text);
    expect(legalMoves(state)).toEqual(['p-c1']);
    expectRefused(
      state,
      '5S-c1',
      'FORCED_PLAY_PENDING',
      /the pay-off card 5H fits centre pile c1 and must be played now, before any other move \(forced pay-off play\)/,
    );
    expectRefused(state, 'pass', 'FORCED_PLAY_PENDING', /5H/);
    expectRefused(state, '8S-d1', 'FORCED_PLAY_PENDING', /5H/);
    // Once it is played, the 5S is an ordinary card again (a fitting hand card may be kept back, S15).
    const after = run(state, 'p-c1');
    expect(fields(after).seats[0]).toBe('9H:5S8S:-,-,-,-');
    expectLegal(after, 'pass', '8S-d1');
  });

  it('S15 classic under malice-rules-1: 5S-c1 then pass were accepted and the 5H stayed, and replay so', () => {
    const text = 'c1=AS2H3D4C - - 9H5H:5S8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    const old = run(posUnder(RULES_1, storedUnderRules1('classic'), text), '5S-c1', 'pass');
    expect(fields(old).seats[0]).toBe('9H5H:8S:-,-,-,-');
    expect(old.current).toBe(1);
  });

  // R7: "По возможности необходимо ходить двойкой на туза в центральной стопке."
  it('R7 zloba: the 2H cannot be dodged by covering the ace with a joker first', () => {
    const text = 'c1=AS - - 9H7C:2H*9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    const state = pos('zloba', text);
    expect(legalMoves(state)).toEqual(['2H-c1']);
    expectRefused(
      state,
      '*-c1',
      'FORCED_PLAY_PENDING',
      /the 2 2H in hand must go on the ace of centre pile c1 now, before any other move \(forced 2 on an ace\)/,
    );
    expectRefused(state, '9C-d1', 'FORCED_PLAY_PENDING', /2H/);
    const after = run(state, '2H-c1');
    expectLegal(after, '*-c1', '9C-d1', 'pass');
  });

  it('R7 zloba under malice-rules-1: *-c1 then 9C-d1 were accepted with the 2H in hand, and replay so', () => {
    const text = 'c1=AS - - 9H7C:2H*9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    const old = run(posUnder(RULES_1, storedUnderRules1('zloba'), text), '*-c1', '9C-d1');
    expect(fields(old).seats[0]).toBe('9H7C:2H:9C,-,-,-');
    expect(old.current).toBe(1);
  });

  // S6: "Har en spelare som är inne spelbara äss så måste han lägga dessa med framsidan upp bredvid talongen."
  it('S6 classic: an ace turned up on the pay-off pile mid-turn is due at once', () => {
    const state = pos('classic', 'c1=AS2H3D4C - - 9HAC5H:5S8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const turned = run(state, 'p-c1');
    expect(fields(turned).seats[0]).toBe('9HAC:5S8S:-,-,-,-');
    expect(legalMoves(turned)).toEqual(['p-c']);
    expectRefused(
      turned,
      '8S-d1',
      'FORCED_PLAY_PENDING',
      /the ace AC on the pay-off pile must start a centre pile now/,
    );
  });

  // R5: "Каждый наличный туз, должен быть разыгран для формирования центральной стопки."; R7 (above).
  it('R5/R7 zloba: every forced play is offered at once, and a pile newly showing an ace makes the 2 due', () => {
    const state = pos('zloba', '- 2C8D - 9H7C:AD2C9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expect(legalMoves(state)).toEqual(['AD-c']);
    const ace = run(state, 'AD-c');
    expect(legalMoves(ace)).toEqual(['2C-c1']);
    expectRefused(
      ace,
      '9C-d1',
      'FORCED_PLAY_PENDING',
      /the 2 2C in hand must go on the ace of centre pile c1 now/,
    );
  });

  it('S6 and R7 together: any forced play may come first', () => {
    const state = pos('zloba', 'c1=AS - - 9H7C:AD2C9C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    expect(legalMoves(state)).toEqual(['AD-c', '2C-c1']);
    expect(legalMoves(run(state, '2C-c1'))).toEqual(['AD-c']);
    expect(legalMoves(run(state, 'AD-c'))).toEqual(['2C-c1', '2C-c2']);
  });

  // E12: "Players who exhaust all five cards in their hands can draw five more cards…"; E21: forced aces.
  it('E12/E21 modern with forcedAces: an ace drawn by the refill is due at once', () => {
    const state = pos(
      optionsFor('modern', { forcedAces: true }),
      'c1=AS2H 5C6C7C8SAD - 9H8C:3D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n',
    );
    const refilled = run(state, '3D-c1');
    expect(fields(refilled).seats[0]).toBe('9H8C:AD8S7C6C5C:-,-,-,-');
    expect(legalMoves(refilled)).toEqual(['AD-c']);
  });

  // S15 read with S6: the pay-off ace "fits" where it may start a pile; this matters only with forcedAces off.
  it('S15 classic with forcedAces off: a pay-off ace that may start a pile fits and is forced; a hand ace is not', () => {
    const state = pos(
      optionsFor('classic', { forcedAces: false }),
      '- 2C8D - 9HAC:AH8S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n',
    );
    expect(legalMoves(state)).toEqual(['p-c']);
    expectRefused(state, 'AH-c', 'FORCED_PLAY_PENDING', /the pay-off card AC must start a centre pile now/);
    expectLegal(run(state, 'p-c'), 'AH-c', 'AH-d1', 'pass');
  });
});
