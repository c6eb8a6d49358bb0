/**
 * docs/rules.md §2.9–§2.10: the end of the game and the score — win, blocked, stuck (E18), resign and timeout,
 * maxTurns.
 */
import { GameState, decide, legalMoves, optionsFor, play, viewFor } from '../../../../src/engine';
import { expectLegal, expectRefused, fields, pos, posUnder, run } from './support';

function command(state: GameState, type: 'resign' | 'timeout', seat: number): GameState {
  const result = play(state, { type, seat });
  if (!result.ok) throw new Error(`${type} by seat ${seat} refused: ${result.violation.reason}`);
  return result.state;
}

describe('§2.9/§2.10 win', () => {
  // S17: "Den spelare som först blir av med alla kort i sin trave har vunnit. Vinsten är lika med antalet
  // kvarvarande kort i motståndarens trave."
  // R18: "Выигрывает тот игрок, который первым избавится от всех карт в своей расчетной пачке. Его прибыль
  // определяется число карт в расчетной пачке противника."
  // E16: "The player who first plays all 20 cards in his pay-off pile wins."
  it.each(['classic', 'zloba', 'modern'] as const)(
    'S17/R18/E16 %s: playing the last pay-off card wins at once; the score is the cards left to the opponent',
    (preset) => {
      const state = pos(preset, 'c1=AS2H3D4C5S6H 2C8D - 9H:7SQD:8C,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n');
      const won = run(state, '7S-c1', 'd1-c1', 'p-c1');
      expect(won.result).toEqual({
        reason: 'payoffEmptied',
        winner: 0,
        score: 3,
        ranking: [[0], [1]],
        payoffLeft: [0, 3],
      });
      // At once: in the middle of the turn, with QD still in hand.
      expect(won.turn).toBe(14);
      expect(legalMoves(won)).toEqual([]);
      expect(viewFor(won, null).currentSeat).toBeNull();
      expectRefused(won, 'QD-d1', 'GAME_OVER');
    },
  );

  it('S17 classic: the last pay-off card wins at once, also when it completes a centre pile', () => {
    const state = pos(
      'classic',
      'c1=AS2H3D4C5S6H7S8C9STHJDQC 2C8D - KH:5D:-,-,-,-/3C5DQS:4H4S:-,-,-,- 0 14 0 n',
    );
    const won = run(state, 'p-c1');
    expect(won.result).toMatchObject({ reason: 'payoffEmptied', winner: 0, score: 3 });
  });

  // E16 with E19: more than two players — the score is the sum of the cards left to every opponent.
  it('E16/E19 modern, 3 seats: the winner scores the pay-off cards left to both opponents', () => {
    const state = pos(
      'modern',
      'c1=AS2H3D4C5S6H 2C8D - 9H:7SQD:8C,-,-,-/3C5DQS:4H4S:-,-,-,-/TC:5H:-,-,-,- 0 14 0 n',
    );
    const won = run(state, '7S-c1', 'd1-c1', 'p-c1');
    expect(won.result).toEqual({
      reason: 'payoffEmptied',
      winner: 0,
      score: 4,
      ranking: [[0], [2], [1]],
      payoffLeft: [0, 3, 1],
    });
  });
});

describe('§2.9 blocked', () => {
  // S17: "Om båda spelarna har kort kvar i sina travar och ingen av dem kan eller vill spela fler kort, vinner den
  // som har färre kort i sin trave."
  it('S17 classic: two null turns in a row end the game as blocked', () => {
    const state = pos('classic', '- 2C8D - 9H7C:5S6S7D8D9D:-,-,-,-/3C5DQS:4H4S4D5D6D:-,-,-,- 0 3 0 n');
    const once = run(state, 'pass');
    expect(once.result).toBeNull();
    expect(fields(once).nullTurns).toBe(1);
    const twice = run(once, 'pass');
    expect(twice.result).toEqual({
      reason: 'blocked',
      winner: 0,
      score: 1,
      ranking: [[0], [1]],
      payoffLeft: [2, 3],
    });
  });

  it('S17 classic: a turn that draws a card is not a null turn', () => {
    // Seat 1 holds 4 cards, so its turn starts with a draw; its pass does not block the game.
    const state = pos('classic', '- 2C8D - 9H7C:5S6S7D8D9D:-,-,-,-/3C5DQS:4H4S4D5D:-,-,-,- 0 3 0 n');
    const after = run(state, 'pass', 'pass');
    expect(after.result).toBeNull();
    expect(after.current).toBe(0);
    expect(fields(after).nullTurns).toBe(0);
  });

  it('S17 classic: a turn with a centre play or a side-pile card is not a null turn', () => {
    // The turn before was null (nullTurns 1): a second null turn would end the game.
    const played = pos('classic', 'c1=AS 2C8D - 9H7C:2S6S7D8D9D:-,-,-,-/3C5DQS:4H4S4D5D6D:-,-,-,- 0 3 1 n');
    const afterPlay = run(played, '2S-c1', 'pass');
    expect(afterPlay.result).toBeNull();
    expect(fields(afterPlay).nullTurns).toBe(0);
    const discarded = pos('classic', '- 2C8D - 9H7C:5S6S7D8D9D:-,-,-,-/3C5DQS:4H4S4D5D6D:-,-,-,- 0 3 1 n');
    const after = run(discarded, '5S-d1');
    expect(after.result).toBeNull();
    expect(fields(after).nullTurns).toBe(0);
  });

  // docs/rules.md §2.9: N consecutive null turns, N being the players still in.
  it('§2.9 modern, 3 seats, turnEnd optional: three null turns block the game, two do not', () => {
    const seats = '9HTC7C:5S6S7D8D9D:-,-,-,-/3C5DQS:4H4S4D5D6D:-,-,-,-/2DJH:7H7S8S8H8C:-,-,-,-';
    const state = pos(optionsFor('modern', { turnEnd: 'optional' }), `- 2C8D - ${seats} 0 3 0 n`);
    const two = run(state, 'pass', 'pass');
    expect(two.result).toBeNull();
    expect(fields(two).nullTurns).toBe(2);
    // Pay-off piles 3, 3 and 2: seat 2 wins by the two differences, 1 + 1.
    expect(run(two, 'pass').result).toMatchObject({
      reason: 'blocked',
      winner: 2,
      score: 2,
      payoffLeft: [3, 3, 2],
    });
  });

  // E18: "In the unlikely event that the stockpile is depleted with no completed center stacks set aside, and
  // neither player can play, the player with the fewest cards left in the pay-off pile wins."
  it('E18 modern: with stock and set-aside empty and no centre play for anyone, the game ends at once', () => {
    const text = 'c1=AS2H - - 9H7C:3D9C:-,-,-,-/5D6DQS:6S8S:-,-,-,- 0 3 0 n';
    const stuck = run(pos('modern', text), '3D-c1');
    expect(stuck.result).toEqual({
      reason: 'stuck',
      winner: 0,
      score: 1,
      ranking: [[0], [1]],
      payoffLeft: [2, 3],
    });
  });

  it('E18 modern: not stuck while the stock holds a card, nor in classic (blockWhenStuck off)', () => {
    expect(
      run(pos('modern', 'c1=AS2H 4C - 9H7C:3D9C:-,-,-,-/5D6DQS:6S8S:-,-,-,- 0 3 0 n'), '3D-c1').result,
    ).toBeNull();
    expect(
      run(pos('classic', 'c1=AS2H - - 9H7C:3D9C:-,-,-,-/5D6DQS:6S8S:-,-,-,- 0 3 0 n'), '3D-c1').result,
    ).toBeNull();
  });
});

describe('§2.9 blockedWhen: which null turns count toward the blocked end', () => {
  // E18: "In the unlikely event that the stockpile is depleted with no completed center stacks set aside, and
  // neither player can play, the player with the fewest cards left in the pay-off pile wins."
  it('E18 modern (blockedWhen cannot): two passes do not block while a player had a centre play', () => {
    const text = 'c1=AS2H3D4C - - 9H8C:-:5C,-,-,-/3C5DQS:-:9D,-,-,- 0 30 0 n';
    const state = pos('modern', text);
    expect(state.options.blockedWhen).toBe('cannot');
    expectLegal(state, 'd1-c1', 'pass');
    // Seat 0 declined d1-c1: that pass does not count. Seat 1 had no centre play: its pass counts.
    const one = run(state, 'pass');
    expect(fields(one).nullTurns).toBe(0);
    const two = run(one, 'pass');
    expect(two.result).toBeNull();
    expect(fields(two).nullTurns).toBe(1);
    // Seat 0 declining again breaks the run once more; the game goes on until someone plays (or maxTurns).
    const three = run(two, 'pass');
    expect(three.result).toBeNull();
    expect(fields(three).nullTurns).toBe(0);
  });

  it('E18 modern (blockedWhen cannot): null turns block once nobody can play', () => {
    // Full hands and a stock, so no turn draws; nobody has a centre play.
    const text = '- 2C8D - 9H7C:5S6S7D8D9D:-,-,-,-/3C5DQS:4H4S4D5D6D:-,-,-,- 0 3 0 n';
    const state = pos(optionsFor('modern', { turnEnd: 'optional' }), text);
    expect(run(state, 'pass', 'pass').result).toMatchObject({ reason: 'blocked', winner: 0, score: 1 });
  });

  // S17: "…ingen av dem kan eller vill spela fler kort…"; R18: "…не могут или не хотят…".
  it('S17 classic (blockedWhen cannotOrWillNot): passes block the game even with a centre play declined', () => {
    const text = 'c1=AS 2C8D - 9H7C:2S6S7D8D9D:-,-,-,-/3C5DQS:4H4S4D5D6D:-,-,-,- 0 3 0 n';
    const state = pos('classic', text);
    expectLegal(state, '2S-c1', 'pass');
    expect(run(state, 'pass', 'pass').result).toMatchObject({ reason: 'blocked', winner: 0, score: 1 });
    // The same position with blockedWhen cannot: seat 0's pass does not count.
    const cannot = run(pos(optionsFor('classic', { blockedWhen: 'cannot' }), text), 'pass', 'pass');
    expect(cannot.result).toBeNull();
    expect(fields(cannot).nullTurns).toBe(1);
  });

  it('E18 modern under malice-rules-1 (stored without blockedWhen): two passes block, as recorded', () => {
    const { blockedWhen, ...stored } = optionsFor('modern');
    void blockedWhen;
    const text = 'c1=AS2H3D4C - - 9H8C:-:5C,-,-,-/3C5DQS:-:9D,-,-,- 0 30 0 n';
    const state = posUnder('malice-rules-1+chacha20-v2', stored, text);
    expect(state.options.blockedWhen).toBe('cannotOrWillNot');
    expect(run(state, 'pass', 'pass').result).toMatchObject({ reason: 'blocked', winner: 0 });
  });
});

describe('§2.9 blocked after a player leaves: the run counts null turns of players still in', () => {
  // Seat 0 could play d1-c1 (5C on 4C); seats 1 and 2 have no centre play. Full hands and a stock: no turn draws.
  const text =
    'c1=AS2H3D4C 2C8D9C - 9H8C:7S7D8S8H9D:5C,-,-,-/3C9S:TSTDJSJDQS:-,-,-,-/2DJH:6S6D7H7C8D:-,-,-,- 0 30 0 n';
  const modern = optionsFor('modern', { turnEnd: 'optional' });

  // E18 "…and neither player can play…": seat 0 declined a play and has not passed since, so the game is not blocked.
  it("E18 modern (blockedWhen cannot): a leaver's null turn leaves the run, so a player who could play is not blocked", () => {
    const state = pos(modern, text);
    expect(state.rules).toBe('malice-rules-3');
    const declined = run(state, 'pass', 'pass');
    expect(fields(declined).nullTurns).toBe(1);
    const left = command(declined, 'resign', 1);
    expect(fields(left).nullTurns).toBe(0);
    const passed = run(left, 'pass');
    expect(passed.result).toBeNull();
    expect(fields(passed).nullTurns).toBe(1);
    expect(passed.current).toBe(0);
    expectLegal(passed, 'd1-c1', 'pass');
  });

  // S17 "…ingen av dem kan eller vill spela fler kort…": every player still in must have passed, seat 2 among them.
  it("S17 (blockedWhen cannotOrWillNot): the null turns of players still in block; a leaver's does not stand in", () => {
    const willNot = optionsFor('modern', { turnEnd: 'optional', blockedWhen: 'cannotOrWillNot' });
    // Seats 0 and 1 pass; seat 1 leaves while seat 2 is to move: one null turn of a player still in (seat 0's).
    const left = command(run(pos(willNot, text), 'pass', 'pass'), 'resign', 1);
    expect(fields(left).nullTurns).toBe(1);
    expect(run(left, 'pass').result).toMatchObject({ reason: 'blocked', payoffLeft: [2, 2, 2] });
    // A player leaving who is not in the run takes nothing from it: seat 0 leaves after seat 1's pass alone.
    const oneNull = run(pos(willNot, text.replace(/ 0 30 0 n$/, ' 1 30 0 n')), 'pass');
    expect(fields(command(oneNull, 'resign', 0)).nullTurns).toBe(1);
  });

  it("malice-rules-2 games replay as recorded: there a leaver's null turn went on counting", () => {
    const state = posUnder('malice-rules-2+chacha20-v2+bot-key-v1', modern, text);
    const left = command(run(state, 'pass', 'pass'), 'resign', 1);
    expect(fields(left).nullTurns).toBe(1);
    expect(run(left, 'pass').result).toMatchObject({ reason: 'blocked' });
  });
});

describe('§2.10 blocked result', () => {
  // S17: "Vinsten är lika med differensen mellan antalet kort i motståndarens trave och antalet kort i egen trave."
  it('S17 classic: the fewest pay-off cards wins and scores the difference', () => {
    const state = pos('classic', '- - - 9HTC7C:5S:-,-,-,-/3C5D2D6DQS:4H:-,-,-,- 0 3 1 n');
    expect(run(state, 'pass').result).toEqual({
      reason: 'blocked',
      winner: 0,
      score: 2,
      ranking: [[0], [1]],
      payoffLeft: [3, 5],
    });
  });

  // S17: "Om båda har lika många kort kvar är partiet oavgjort."
  it('S17 classic: equal pay-off piles make a draw', () => {
    const state = pos('classic', '- - - 9HTC7C:5S:-,-,-,-/3C5DQS:4H:-,-,-,- 0 3 1 n');
    expect(run(state, 'pass').result).toEqual({
      reason: 'blocked',
      winner: null,
      score: 0,
      ranking: [[0, 1]],
      payoffLeft: [3, 3],
    });
  });
});

describe('§2.9 resign and timeout', () => {
  const TWO = '- 2C8D - 9HTC7C:5S6S:-,-,-,-/3C5DQS9D:4H4S:-,-,-,- 0 3 0 n';

  it('§2.9 classic: with two players, a resignation (even out of turn) gives the other the win', () => {
    const resigned = command(pos('classic', TWO), 'resign', 1);
    expect(resigned.result).toEqual({
      reason: 'resigned',
      winner: 0,
      score: 4,
      ranking: [[0], [1]],
      payoffLeft: [3, 4],
    });
  });

  it('§2.9 classic: only the seat to move can time out; the other player then wins', () => {
    const state = pos('classic', TWO);
    const refused = decide(state, { type: 'timeout', seat: 1 });
    expect(refused.ok ? null : refused.violation.code).toBe('NOT_YOUR_TURN');
    const timedOut = command(state, 'timeout', 0);
    expect(timedOut.result).toEqual({
      reason: 'timedOut',
      winner: 1,
      score: 3,
      ranking: [[1], [0]],
      payoffLeft: [3, 4],
    });
  });

  const THREE = '- 2C8D9C - 9HTC7C:5S6S:-,-,-,-/3C5DQS9D:4H4S4D5D6D:-,-,-,-/2DJH:7H7D7S8S8H:-,-,-,- 0 3 0 n';

  it('§2.9 modern, 3 seats: a player who resigns leaves, is skipped, and play goes on', () => {
    const left = command(pos('modern', THREE), 'resign', 1);
    expect(left.result).toBeNull();
    expect(viewFor(left, null).seats.map((seat) => seat.out)).toEqual([false, true, false]);
    expect(left.current).toBe(0);
    const next = run(left, '5S-d1');
    expect(next.current).toBe(2);
    expect(decide(next, { type: 'move', seat: 1, move: 'pass' })).toEqual({
      ok: false,
      violation: { code: 'SEAT_OUT', reason: 'seat 1 has left the game', params: { seat: 1 }, sentences: [] },
    });
  });

  it('§2.9 modern, 3 seats: a player who times out leaves, the next seat moves, and leavers rank last', () => {
    const timedOut = command(pos('modern', THREE), 'timeout', 0);
    expect(timedOut.result).toBeNull();
    expect(timedOut.current).toBe(1);
    // With two players left, a resignation ends the game; the first to leave ranks lowest.
    const over = command(timedOut, 'resign', 2);
    expect(over.result).toEqual({
      reason: 'resigned',
      winner: 1,
      score: 2,
      ranking: [[1], [2], [0]],
      payoffLeft: [3, 4, 2],
    });
  });
});

describe('§2.9 safety cap', () => {
  it('§2.9 classic with maxTurns 4: the fourth completed turn ends the game as turnLimit, resolved as blocked', () => {
    const text = '- 2C8D - 9HTC7C:5S6S:-,-,-,-/3C5DQS9D:4H4S:-,-,-,- 0 3 0 n';
    expect(run(pos('classic', text), '5S-d1').result).toBeNull();
    expect(run(pos(optionsFor('classic', { maxTurns: 4 }), text), '5S-d1').result).toEqual({
      reason: 'turnLimit',
      winner: 0,
      score: 1,
      ranking: [[0], [1]],
      payoffLeft: [3, 4],
    });
  });
});
