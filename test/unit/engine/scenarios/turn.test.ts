/**
 * docs/rules.md §2.3 and §2.7: the draw at the start of a turn, centre plays, the refill (E12), and how a turn
 * ends.
 */
import { legalMoves, optionsFor } from '../../../../src/engine';
import { expectLegal, expectRefused, fields, handOf, pos, run } from './support';

describe('§2.3 a turn', () => {
  // S10: "Om en spelare då han blir inne har färre än 5 kort på hand inleder han alltid sin tur med att plocka
  // upp kort från talongen tills handen innehåller 5 kort."
  // R16: "В начале каждой очереди игрок берет из резерва число карт (до пяти), необходимое для восстановления своей руки."
  // E14: "On subsequent turns, players draw enough cards from the stockpile before each turn to start the turn
  // with five cards in their hand."
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S10/R16/E14 %s: a turn starts by drawing up to 5 cards',
    (preset) => {
      const state = pos(preset, '- 2C8D9C5H6H - 9H8C:7S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
      const after = run(state, '7S-d1');
      expect(after.current).toBe(1);
      // The stock's top (its last card) is drawn first.
      expect(handOf(after, 1)).toBe('4H4S6H5H9C');
      expect(fields(after).stock).toBe('2C8D');
      expect(fields(after).activity).toBe('a');
    },
  );

  it('S10 classic: a player who already holds 5 cards draws nothing', () => {
    const state = pos('classic', '- 2C8D9C5H6H - 9H8C:7S:-,-,-,-/3C5DQS:4H4S4D5D6D:-,-,-,- 0 3 0 n');
    const after = run(state, '7S-d1');
    expect(handOf(after, 1)).toBe('4H4S4D5D6D');
    expect(fields(after).stock).toBe('2C8D9C5H6H');
    expect(fields(after).activity).toBe('n');
  });

  // S8: "Han får lägga ut så många spelbara kort han vill förutsatt korten går på högarna…"
  // S10: the hand is filled only at the start of a turn, so an emptied hand stays empty until the next turn.
  it('S8/S10 classic: any number of centre plays; an emptied hand is not refilled', () => {
    const state = pos('classic', 'c1=AS2H 2C8D9C5H6H - 9H8C:3D4C5S:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const after = run(state, '3D-c1', '4C-c1', '5S-c1');
    expect(fields(after).center).toBe('c1=AS2H3D4C5S');
    expect(after.current).toBe(0);
    expect(handOf(after, 0)).toBe('-');
    expect(fields(after).stock).toBe('2C8D9C5H6H');
    expect(legalMoves(after)).toEqual(['pass']);
  });

  // R12 literally allows one centre card from hand or side pile per turn; docs/rules.md §4 reads it as unlimited
  // (R5, R7, S8).
  it('R12 zloba (as read in docs/rules.md §4): several centre plays from hand and side piles in one turn', () => {
    const state = pos('zloba', 'c1=AS2H 2C8D9C5H6H - 9H8C:3D5S:4C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const after = run(state, '3D-c1', 'd1-c1', '5S-c1');
    expect(fields(after).center).toBe('c1=AS2H3D4C5S');
    expect(after.current).toBe(0);
  });

  // E12: "Players who exhaust all five cards from their hand during a turn draw five new cards from the
  // stockpile to replace them, and their turn continues."
  it('E12 modern: emptying the hand draws 5 more and the turn goes on', () => {
    const state = pos('modern', 'c1=AS2H 2C8D9C4H6H7H - 9H8C:3D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n');
    const after = run(state, '3D-c1');
    expect(after.current).toBe(0);
    expect(handOf(after, 0)).toBe('7H6H4H9C8D');
    expect(fields(after).stock).toBe('2C');
    expectLegal(after, '4H-c1');
  });

  it('S10/E12 classic: no refill; with refillWhenHandEmpty on, the same play refills the hand', () => {
    const text = 'c1=AS2H 2C8D9C5H6H7H - 9H8C:3D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 3 0 n';
    expect(handOf(run(pos('classic', text), '3D-c1'), 0)).toBe('-');
    const refill = run(pos(optionsFor('classic', { refillWhenHandEmpty: true }), text), '3D-c1');
    expect(handOf(refill, 0)).toBe('7H6H5H9C8D');
  });

  // S13: "…får högst ett kort från hand läggas ner på hjälpraderna, och i och med att detta görs är han inte inne
  // längre utan turen går över till motståndaren."
  // R13: "Очередь игрока заканчивается после хода в боковую стопку, затем наступает черед противника."
  // E13: "The player then chooses one card from the hand to discard…, and gameplay proceeds to the other player."
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S13/R13/E13 %s: one side-pile card ends the turn',
    (preset) => {
      const state = pos(preset, '- 2C8D9C5H6H - 9H8C:7S6D:-,-,-,-/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n');
      const after = run(state, '7S-d1');
      expect(after.current).toBe(1);
      expect(after.turn).toBe(4);
      expect(fields(after).seats[0]).toBe('9H8C:6D:7S,-,-,-');
    },
  );

  // S13: "…säger han ”klar”, och därmed är motspelaren inne."; S16: "Om en spelare blir inne men inte kan eller
  // vill lägga något kort, går turen tillbaka till den andre spelaren."
  // R14: "В тех случаях, когда игрок не желает делать ход, он может закончить свою очередь, сообщив об этом."
  it.each(['classic', 'zloba'] as const)(
    'S13/S16/R14 %s: a turn may end with pass, cards in hand or not',
    (preset) => {
      const state = pos(preset, '- 2C8D9C5H6H - 9H8C:7S6D:-,-,-,-/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n');
      expectLegal(state, 'pass');
      const after = run(state, 'pass');
      expect(after.current).toBe(1);
      expect(after.turn).toBe(4);
      expect(handOf(after, 0)).toBe('7S6D');
    },
  );

  // E13: "The turn ends when a player either decides to pass or can make no more plays. The player then chooses
  // one card from the hand to discard…"
  it('E13 modern: no pass while the hand holds a card (PASS_NOT_ALLOWED)', () => {
    const state = pos('modern', '- 2C8D9C5H6H - 9H8C:7S6D:-,-,-,-/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n');
    expectRefused(
      state,
      'pass',
      'PASS_NOT_ALLOWED',
      /must end with a card from hand onto a side pile.*\(mandatory turn end\)/,
      {
        sentences: ['E13'],
      },
    );
  });

  it('E13 modern: with an empty hand the turn ends with pass', () => {
    const state = pos('modern', 'c1=AS - - 9H8C:-:7S,-,-,-/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n');
    expectLegal(state, 'pass');
    expect(run(state, 'pass').current).toBe(1);
  });

  // E13 read with S12/R10: the turn must still be able to end (docs/rules.md §2.7).
  it('E13 modern with sideBuild sameOrOneLower: pass is legal when no side-pile placement exists', () => {
    const options = optionsFor('modern', { sideBuild: 'sameOrOneLower' });
    const stuck = pos(options, '- 2C8D - 9H8C:5C:9S,9D,9C,9H/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n');
    expect(legalMoves(stuck)).toEqual(['pass']);
    expect(run(stuck, 'pass').current).toBe(1);
    // An 8 may go on a 9: then the turn must end with it, and pass is refused.
    const able = pos(options, '- 2C8D - 9H8C:8C:9S,9D,9C,9H/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n');
    expectRefused(able, 'pass', 'PASS_NOT_ALLOWED', /mandatory turn end/);
    expectLegal(able, '8C-d1');
  });

  it('E13 modern with lowCardsToSide centerFullOnly: a 2 that may not go to a side pile leaves pass legal', () => {
    const options = optionsFor('modern', { lowCardsToSide: 'centerFullOnly' });
    const state = pos(options, '- 2C8D - 9H8C:2C:-,-,-,-/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n');
    expectRefused(state, '2C-d1', 'LOW_CARD_TO_SIDE');
    expect(legalMoves(state)).toEqual(['pass']);
  });

  it('E13 modern with turnEnd optional: pass is allowed with cards in hand', () => {
    const text = '- 2C8D9C5H6H - 9H8C:7S6D:-,-,-,-/3C5DQS:4H4S4D5D6H:-,-,-,- 0 3 0 n';
    const state = pos('modern', text);
    expect(legalMoves(state)).not.toContain('pass');
    const optional = run(pos(optionsFor('modern', { turnEnd: 'optional' }), text), 'pass');
    expect(optional.current).toBe(1);
  });
});
