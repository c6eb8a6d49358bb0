/** docs/rules.md §2.4 (centre piles), §2.3 and §2.5 (sources, and the pay-off top going only to the centre). */
import { optionsFor, viewFor } from '../../../../src/engine';
import { eventsOf, expectLegal, expectRefused, fields, payoffTopOf, pos, run } from './support';

describe('§2.4 centre piles', () => {
  // S7: "Ässen är bottenkort i bordets högar."
  it('S7 classic: only a natural ace starts a centre pile, in the lowest free slot', () => {
    const state = pos('classic', 'c1=AS,c3=AH2D - - 9H8C:AD5C3S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectRefused(state, '5C-c', 'ONLY_ACE_STARTS_PILE', /only a natural ace starts a centre pile, not 5C/);
    expect(eventsOf(state, 'AD-c')).toEqual([{ type: 'played', seat: 0, move: 'AD-c', card: 'AD', slot: 2 }]);
    expect(fields(run(state, 'AD-c')).center).toBe('c1=AS,c2=AD,c3=AH2D');
  });

  // S7: "Dessa ska byggas upp i stigande följd – äss, 2, 3 osv upp till kung, utan hänsyn till färg."
  it('S7 classic: a pile takes the next rank only, whatever the suit', () => {
    // No ace in hand: a forced ace would come before any other play (§2.6).
    const state = pos('classic', 'c1=AS,c3=AH2D - - 9H8C:5C3S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectRefused(state, '5C-c3', 'DOES_NOT_FIT', /c3, which needs a 3/, {
      params: { card: '5C', pile: 'c3', needs: '3' },
      sentences: ['S7', 'R7', 'E6'],
    });
    expectRefused(state, '3S-c1', 'DOES_NOT_FIT', /c1, which needs a 2/);
    expectRefused(state, '3S-c2', 'NO_SUCH_PILE', /c2/);
    expectLegal(state, '3S-c3');
    expect(fields(run(state, '3S-c3')).center).toBe('c1=AS,c3=AH2D3S');
  });

  // S7: "Antalet högar kommer att variera mellan 0 och 8 under spelet."
  it('S7 classic: up to 8 centre piles, one for every ace', () => {
    const state = pos(
      'classic',
      'c1=AS,c2=AH,c3=AD,c4=AC,c5=AS,c6=AH,c7=AD - - 9H8C:AC5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    expect(state.maxCenterPiles).toBe(8);
    const after = run(state, 'AC-c');
    expect(fields(after).center).toBe('c1=AS,c2=AH,c3=AD,c4=AC,c5=AS,c6=AH,c7=AD,c8=AC');
  });

  // R6: "Не допускается одновременное наличие более четырех центральных стопок."
  it('R6 zloba: at most 4 centre piles; a fifth ace is refused (CENTER_FULL)', () => {
    const state = pos(
      'zloba',
      'c1=AS2H,c2=AH2D,c3=AD2C,c4=AC2S - - 9H8C:AS5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    expect(state.maxCenterPiles).toBe(4);
    expectRefused(state, 'AS-c', 'CENTER_FULL', /all 4 centre piles are in use/, {
      params: { maxCenterPiles: 4 },
      sentences: ['S7', 'R6', 'E11'],
    });
  });

  it('R6 zloba with maxCenterPiles 8: the fifth ace starts a pile', () => {
    const text = 'c1=AS2H,c2=AH2D,c3=AD2C,c4=AC2S - - 9H8C:AS5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n';
    const state = pos(optionsFor('zloba', { maxCenterPiles: 8 }), text);
    expect(fields(run(state, 'AS-c')).center).toBe('c1=AS2H,c2=AH2D,c3=AD2C,c4=AC2S,c5=AS');
  });

  // E5: "The first player begins building up to three center stacks next to the stockpile."
  // E11: "Both players share the center stacks, but there can only be three on the board at any time."
  it('E5/E11 modern, 2 seats: at most 3 centre piles', () => {
    const state = pos('modern', 'c1=AS,c2=AH,c3=AD - - 9H8C:AC5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expect(state.maxCenterPiles).toBe(3);
    expectRefused(state, 'AC-c', 'CENTER_FULL', /all 3 centre piles/);
  });

  // E19: "Game play is the same, but add one deck and allow one extra center stack for each additional player."
  it('E19 modern, 4 seats: at most 5 centre piles', () => {
    const seats = '9H8C:AC5C:-,-,-,-/3C5DQS:AC4S:-,-,-,-/2H:7H:-,-,-,-/2D:7D:-,-,-,-';
    const state = pos('modern', `c1=AS,c2=AH,c3=AD,c4=AS - - ${seats} 0 0 0 n`);
    expect(state.maxCenterPiles).toBe(5);
    const five = run(state, 'AC-c');
    expect(fields(five).center).toBe('c1=AS,c2=AH,c3=AD,c4=AS,c5=AC');
    const seatOne = run(five, '5C-d1');
    expect(seatOne.current).toBe(1);
    expectRefused(seatOne, 'AC-c', 'CENTER_FULL', /all 5 centre piles/);
  });

  // E22: "Other variations allow four or even an unlimited number of center stacks."
  it('E22 modern variants: 4 centre piles, or as many as there are aces', () => {
    const text = 'c1=AS,c2=AH,c3=AD - - 9H8C:AC5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n';
    const four = pos(optionsFor('modern', { maxCenterPiles: 4 }), text);
    expect(fields(run(four, 'AC-c')).center).toBe('c1=AS,c2=AH,c3=AD,c4=AC');
    const unlimited = pos(optionsFor('modern', { maxCenterPiles: 'unlimited' }), text);
    // Two combined decks hold 8 aces.
    expect(unlimited.maxCenterPiles).toBe(8);
    expectLegal(unlimited, 'AC-c');
  });

  // S7: "…upp till kung"; S9: a finished pile leaves the table at once, so its slot is free again.
  it('S7/S9 classic: a pile completed with the king leaves the centre and frees its slot', () => {
    // forcedAces off, so the king may go before the ace (with it on, the ace is due at once, §2.6).
    const state = pos(
      optionsFor('classic', { forcedAces: false }),
      'c1=AS2H3D4C5S6H7D8C9STHJDQC,c2=AH - - 9H8C:KHAD:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    const done = run(state, 'KH-c1');
    expect(fields(done).center).toBe('c2=AH');
    expect(eventsOf(done, 'AD-c')).toEqual([{ type: 'played', seat: 0, move: 'AD-c', card: 'AD', slot: 1 }]);
  });

  // S7: classic piles run to the king, so a queen does not complete one.
  it('S7 classic: a queen does not complete a pile', () => {
    const state = pos(
      'classic',
      'c1=AS2H3D4C5S6H7D8C9STHJD - - 9H8C:QCKH:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    expect(fields(run(state, 'QC-c1')).center).toBe('c1=AS2H3D4C5S6H7D8C9STHJDQC');
  });

  // E6: "Center stacks all must follow the sequence ace through queen."
  // E10: "When a center stack sequence is complete, set it aside."
  it('E6/E10 modern: a pile completed with the queen leaves the centre and frees its slot', () => {
    const state = pos(
      'modern',
      'c1=AS2H3D4C5S6H7D8C9STHJD,c2=AH - - 9H8C:QCAD:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n',
    );
    const done = run(state, 'QC-c1');
    expect(fields(done).center).toBe('c2=AH');
    expect(fields(done).setAside).toBe('AS2H3D4C5S6H7D8C9STHJDQC');
    expect(eventsOf(done, 'AD-c')).toEqual([{ type: 'played', seat: 0, move: 'AD-c', card: 'AD', slot: 1 }]);
  });
});

describe('§2.3/§2.5 sources and the pay-off pile', () => {
  // S14: "Det översta kortet i traven får endast läggas på bordets högar…"
  // R11: "Верхней картой расчетной пачки можно ходить только в центр."
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S14/R11 %s: the pay-off top goes only to the centre (PAYOFF_ONLY_TO_CENTER)',
    (preset) => {
      const state = pos(preset, 'c1=AS2H - - 9H8C:4D5C:-,7C,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
      expectRefused(state, 'p-d1', 'PAYOFF_ONLY_TO_CENTER', /only to a centre pile$/, {
        sentences: ['S14', 'R11'],
      });
      expectRefused(state, 'p-d2', 'PAYOFF_ONLY_TO_CENTER');
    },
  );

  // S14: "…och då detta gjorts vänds nästa kort i traven och blir spelbart."
  // E9: "Turn the next card in the pay-off pile face up after playing from it."
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S14/R11/E9 %s: after the pay-off top is played the next card is turned up for everyone',
    (preset) => {
      const state = pos(preset, 'c1=AS2H - - 9H7C3D:4D5C:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
      const after = run(state, 'p-c1');
      expect(fields(after).center).toBe('c1=AS2H3D');
      expect(payoffTopOf(after, 0)).toBe('7C');
      for (const viewer of [null, 0, 1]) expect(viewFor(after, viewer).seats[0]!.payoffTop).toBe('7C');
      expect(after.seats[0]!.payoff).toHaveLength(2);
    },
  );

  // S14: "Det översta kortet i varje hjälprad är spelbart och får alltså läggas ut på bordets högar…"
  it('S8/S14 classic: hand cards, the pay-off top and side-pile tops all play to the centre', () => {
    const state = pos('classic', 'c1=AS - - 9H3D:4D5C:3C2H,-,-,-/3C5DQS:4H4S:-,-,-,- 0 0 0 n');
    expectLegal(state, 'd1-c1');
    const after = run(state, 'd1-c1', 'p-c1', '4D-c1');
    expect(fields(after).center).toBe('c1=AS2H3D4D');
    expect(fields(after).seats[0]).toBe('9H:5C:3C,-,-,-');
  });
});
