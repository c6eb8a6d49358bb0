/**
 * What the chat panel keeps of a room (web/src/chat/chat-lines.ts): reads, pushes and my own answers arriving in
 * any order and any number of times give each message once, oldest first by its id (compared as a number, not as
 * text), without those a moderator hid; the rooms each reader has; and the length of a draft as the server counts
 * it (src/chat/domain/chat-policy.ts textRefusal).
 */
import fc from 'fast-check';
import { MAX_MESSAGE_LENGTH, textRefusal } from '../../../src/chat/domain/chat-policy';
import {
  compareIds,
  mergeLines,
  roomsFor,
  sendable,
  textLength,
  type ChatLine,
} from '../../../web/src/chat/chat-lines';

function line(id: bigint, hidden = false): ChatLine {
  return {
    id: id.toString(),
    gameId: '1',
    room: 'PLAYERS',
    author: 'ann',
    text: hidden ? null : `message ${id}`,
    phrase: null,
    createdAt: '2026-12-09T10:00:00.000Z',
    hidden,
  };
}

const ids = fc.bigInt({ min: 1n, max: 10n ** 18n - 1n });

describe('compareIds', () => {
  it('orders ids as the numbers they are, beyond what a double holds exactly', () => {
    fc.assert(
      fc.property(ids, ids, (a, b) => {
        const sign = Math.sign(compareIds(a.toString(), b.toString()));
        expect(sign).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('900719925474099313', '900719925474099312')).toBeGreaterThan(0);
  });
});

describe('mergeLines', () => {
  it('whatever the order and repetition of arrivals, shows each visible message once, oldest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: ids, hidden: fc.boolean() }), { maxLength: 30 }),
        fc.array(ids, { maxLength: 5 }),
        fc.integer({ min: 0, max: 30 }),
        (arrivals, hiddenLater, split) => {
          const lines = arrivals.map(({ id, hidden }) => line(id, hidden));
          const hiddenIds = new Set(hiddenLater.map(String));
          // Two batches (a read, then pushes), each merged into what was there.
          const shown = mergeLines(
            mergeLines([], lines.slice(0, split), hiddenIds),
            lines.slice(split),
            hiddenIds,
          );
          const shownIds = shown.map((shownLine) => shownLine.id);
          // The last word on an id is whether its latest arrival was hidden (a hide is pushed after the message).
          const last = new Map(arrivals.map(({ id, hidden }) => [id.toString(), hidden]));
          const expected = [...last]
            .filter(([id, hidden]) => !hidden && !hiddenIds.has(id))
            .map(([id]) => BigInt(id))
            .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
            .map(String);
          expect(shownIds).toEqual(expected);
        },
      ),
    );
  });

  it('keeps my own answer and its push as one message', () => {
    const mine = line(7n);
    expect(mergeLines([line(3n), mine], [mine, line(5n)])).toEqual([line(3n), line(5n), mine]);
  });

  it('drops a message once its hiding is pushed', () => {
    expect(mergeLines([line(3n), line(4n)], [line(3n, true)])).toEqual([line(4n)]);
  });
});

describe('roomsFor', () => {
  it('gives a seated player the players’ room, and the spectators’ too once the game is over; others the spectators’', () => {
    expect(roomsFor(true, false)).toEqual(['PLAYERS']);
    expect(roomsFor(true, true)).toEqual(['PLAYERS', 'SPECTATORS']);
    expect(roomsFor(false, false)).toEqual(['SPECTATORS']);
    expect(roomsFor(false, true)).toEqual(['SPECTATORS']);
  });
});

describe('a draft', () => {
  it('may be sent exactly when the server would take its length (code points of the trimmed text)', () => {
    const characters = fc.constantFrom('a', ' ', 'é', '😀', '\n', 'ж');
    fc.assert(
      fc.property(fc.array(characters, { maxLength: MAX_MESSAGE_LENGTH + 20 }), (chars) => {
        const text = chars.join('');
        const refusal = textRefusal(text.trim());
        expect(sendable(text)).toBe(refusal === null);
        expect(textLength(text)).toBe([...text.trim()].length);
      }),
    );
    expect(sendable('😀'.repeat(MAX_MESSAGE_LENGTH))).toBe(true);
    expect(sendable('😀'.repeat(MAX_MESSAGE_LENGTH + 1))).toBe(false);
    expect(sendable('   ')).toBe(false);
  });
});
