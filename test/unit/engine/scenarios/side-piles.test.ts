/**
 * docs/rules.md §2.5: side piles — filled only from the hand, how they are built, wild declarations, low cards
 * (R10).
 */
import { optionsFor } from '../../../../src/engine';
import { expectLegal, expectRefused, fields, pos, run } from './support';

describe('§2.5 side piles', () => {
  // S12: "Hjälpraderna byggs upp enbart av kort från handen."
  // R8: "Игрок имеет право ходить только в свои боковые стопки и только из своей руки."
  // S14: "Kort får inte flyttas från en hjälprad till en annan."
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S12/S14 R8/R13 %s: a side-pile top never moves to another side pile (SIDE_ONLY_FROM_HAND)',
    (preset) => {
      const state = pos(preset, '- - - 9H8C:5C:7C,8D,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
      // 7C would fit on 8D by the build rule; it still may not move there.
      expectRefused(state, 'd1-d2', 'SIDE_ONLY_FROM_HAND', /never moved from one side pile to another$/);
      expectRefused(state, 'd1-d3', 'SIDE_ONLY_FROM_HAND');
      expectRefused(state, 'p-d3', 'PAYOFF_ONLY_TO_CENTER');
      expectLegal(state, '5C-d3');
    },
  );

  // S12: "En hjälprad får påbörjas med vilket handkort som helst, men på raden får sedan endast läggas kort med
  // lika eller ett steg lägre valör än det i raden sist lagda (till färg tas ingen hänsyn)."
  // R9: "…любую пятерку кладут на любую шестерку; любую даму кладут на любую даму."
  it.each(['classic', 'zloba'] as const)(
    'S12/R9 %s: same rank or one lower on a side pile (SIDE_BUILD otherwise)',
    (preset) => {
      const state = pos(preset, '- - - 9H8C:5H6D7S4DQH:6C,QC,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
      expectLegal(state, '5H-d1', '6D-d1', 'QH-d2', '7S-d3', '4D-d3');
      expectRefused(
        state,
        '7S-d1',
        'SIDE_BUILD',
        /d1 shows 6: only the same rank or one lower may go on it$/,
        {
          params: { card: '7S', pile: 'd1', top: '6' },
          sentences: ['S12', 'R9'],
        },
      );
      expectRefused(state, '4D-d1', 'SIDE_BUILD');
      expectRefused(state, '5H-d2', 'SIDE_BUILD', /d2 shows Q/);
      const after = run(state, '5H-d1');
      expect(fields(after).seats[0]).toBe('9H8C:6D7S4DQH:6C5H,QC,-,-');
    },
  );

  // E15: "Players can create up to four discard piles, but only the top card on each pile is available for play."
  it('E15 modern: any card goes on any side pile', () => {
    const state = pos('modern', '- - - 9H8C:5H7SQH:3C,QC,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectLegal(state, '7S-d1', 'QH-d1', '5H-d2', '7S-d3');
    expect(fields(run(state, '7S-d1')).seats[0]).toBe('9H8C:5HQH:3C7S,QC,-,-');
  });

  it('S12 modern with sideBuild sameOrOneLower: the build rule applies', () => {
    const state = pos(
      optionsFor('modern', { sideBuild: 'sameOrOneLower' }),
      '- - - 9H8C:5H7S:3C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    expectRefused(state, '7S-d1', 'SIDE_BUILD');
  });

  // S14: "Om en joker lagts på en hjälprad gällande för en viss valör och blir spelbar, så får den läggas ut på
  // bordets högar och då representera en helt annan valör."
  it('S14 classic: a joker on a side pile declares the same rank or one lower, never more, never none', () => {
    const state = pos('classic', '- - - 9H8C:*8D7S:-,9C,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectLegal(state, '*-d2=9', '*-d2=8', '*-d1=K', '*-d1=2');
    expectRefused(state, '*-d2=7', 'SIDE_BUILD', /d2 shows 9/);
    expectRefused(state, '*-d2=T', 'SIDE_BUILD');
    expectRefused(state, '*-d2', 'BAD_DECLARATION', /declares the rank it stands for there, e\.g\. \*-d2=8$/);
    expectRefused(state, '8D-d2=8', 'BAD_DECLARATION', /only for a wild card/);
    const after = run(state, '*-d2=8');
    expect(fields(after).seats[0]).toBe('9H8C:8D7S:-,9C*=8,-,-');
  });

  // S11: "De får representera vilket kort som helst utom äss."; R15 "…вместо любой карты [кроме] туза".
  it('S11/S14 classic: a joker may not be declared an ace on a side pile', () => {
    const state = pos('classic', '- - - 9H8C:*8D:2C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectRefused(state, '*-d1=A', 'BAD_DECLARATION', /never stands for an ace$/, {
      params: { problem: 'NEVER_AN_ACE', card: '*' },
      sentences: ['S11', 'R15'],
    });
    expectRefused(state, '*-d2=A', 'BAD_DECLARATION', /never stands for an ace/);
    expectLegal(state, '*-d1=2');
  });

  // S14: the declared rank governs the side pile: after `*-d2=8` an 8 or a 7 may follow…
  it('S14 classic: the rank declared for the joker governs what may follow it on the side pile', () => {
    const state = pos('classic', '- 2H3H4H - 9H8C:*8D7S:-,9C,-,-/3C5DQS:4H4S4D5D6D:-,-,-,- 0 0 0 n');
    const back = run(state, '*-d2=8', 'pass');
    expect(back.current).toBe(0);
    expect(fields(back).seats[0]).toBe('9H8C:8D7S4H3H2H:-,9C*=8,-,-');
    expectLegal(back, '8D-d2', '7S-d2');
    expectRefused(back, '4H-d2', 'SIDE_BUILD', /d2 shows 8/);
  });

  // …while in the centre the joker takes whatever rank the pile needs.
  it('S14 classic: a joker declared 8 on a side pile plays to the centre as the 5 the pile needs', () => {
    const state = pos('classic', 'c1=AS2H3D4C - - 9H8C:7S:9C*=8,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectLegal(state, 'd1-c1');
    const after = run(state, 'd1-c1');
    expect(fields(after).center).toBe('c1=AS2H3D4C*');
    expect(fields(after).seats[0]).toBe('9H8C:7S:9C,-,-,-');
  });

  it('E15 modern: a king goes on a side pile without declaring a rank', () => {
    const state = pos('modern', '- - - 9H8C:KH:7C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectRefused(
      state,
      'KH-d1=7',
      'BAD_DECLARATION',
      /only for a wild card going onto a sameOrOneLower side pile/,
    );
    expectLegal(state, 'KH-d1');
  });

  // R10: "После построения четырех центральных стопок разрешается ходить двойкой из руки на тройку в боковой
  // стопке, а на двойку тузом."
  it('R10 zloba: with fewer than 4 centre piles no 2 goes to a side pile (LOW_CARD_TO_SIDE)', () => {
    const state = pos(
      'zloba',
      'c1=AS2H3D,c2=AH2D3C,c3=AD2C3S - - 9H8C:2S5C:3H,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    expectRefused(
      state,
      '2S-d1',
      'LOW_CARD_TO_SIDE',
      /only while all 4 centre piles exist \(low cards stay in the centre\)/,
    );
    expectRefused(state, '2S-d2', 'LOW_CARD_TO_SIDE');
    expectLegal(state, '5C-d2');
  });

  it('R10 zloba: with 4 centre piles only a 2 onto a 3 or an ace onto a 2', () => {
    const centre = 'c1=AS2H3D,c2=AH2D3C,c3=AD2C3S,c4=AC2H3D';
    const state = pos('zloba', `${centre} - - 9H8C:2SAH5C:4C3H,2D,5D,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n`);
    expectLegal(state, '2S-d1', 'AH-d2', '5C-d3');
    expectRefused(
      state,
      '2S-d3',
      'LOW_CARD_TO_SIDE',
      /only a 2 onto a 3 or an ace onto a 2.*low cards stay in the centre/,
    );
    expectRefused(state, '2S-d4', 'LOW_CARD_TO_SIDE');
    expectRefused(state, 'AH-d1', 'LOW_CARD_TO_SIDE');
    expectRefused(state, 'AH-d4', 'LOW_CARD_TO_SIDE');
  });

  it('R10 classic (lowCardsToSide unrestricted): a 2 goes to a side pile at any time', () => {
    const state = pos(
      'classic',
      'c1=AS2H3D,c2=AH2D3C,c3=AD2C3S - - 9H8C:2S5C:3H,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    expectLegal(state, '2S-d1', '2S-d2');
  });
});
