/**
 * The compact archive format (src/games/persistence/archive-format.ts): every log it accepts comes back exactly —
 * seq, payload, actor, time and clientMoveId — whatever the ids (UUIDs, other strings, none), actors (none
 * included) and times (in any order); a log it cannot give back exactly is refused when encoding, and a damaged
 * or unknown archive is refused with ArchiveFormatError, never read as another log.
 */
import fc from 'fast-check';
import type { GameEvent } from '../../../src/engine';
import {
  ARCHIVE_FORMAT,
  ArchiveFormatError,
  ArchivedEvent,
  decodeArchive,
  encodeArchive,
  sameArchivedEvent,
} from '../../../src/games/persistence/archive-format';

const CARDS = ['AS', '2H', 'TD', 'KC', '*', 'QS'] as const;

const eventArb: fc.Arbitrary<GameEvent> = fc.oneof(
  fc
    .record({
      type: fc.constant('played' as const),
      seat: fc.integer({ min: 0, max: 5 }),
      card: fc.constantFrom(...CARDS),
      from: fc.constantFrom('hand', 'p', 'd1', 'd4'),
      slot: fc.integer({ min: 1, max: 8 }),
      newPile: fc.boolean(),
    })
    .map(({ type, seat, card, from, slot, newPile }) => ({
      type,
      seat,
      move: `${from === 'hand' ? card : from}-c${newPile ? '' : slot}`,
      card,
      slot,
    })),
  fc
    .record({
      type: fc.constant('discarded' as const),
      seat: fc.integer({ min: 0, max: 5 }),
      card: fc.constantFrom(...CARDS),
      pile: fc.integer({ min: 1, max: 4 }),
      declared: fc.option(fc.constantFrom('7', 'K'), { nil: undefined }),
    })
    .map(({ type, seat, card, pile, declared }) => ({
      type,
      seat,
      move: `${card}-d${pile}${declared === undefined ? '' : `=${declared}`}`,
      card,
    })),
  fc.record({
    type: fc.constantFrom('passed' as const, 'resigned' as const, 'timedOut' as const),
    seat: fc.integer({ min: 0, max: 5 }),
  }),
);

const logArb: fc.Arbitrary<ArchivedEvent[]> = fc
  .array(
    fc.record({
      event: eventArb,
      actor: fc.option(
        fc.constantFrom(...Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`)),
        { nil: null },
      ),
      id: fc.oneof(fc.constant(null), fc.uuid(), fc.string({ minLength: 1, maxLength: 64 })),
      dt: fc.integer({ min: -5_000, max: 86_400_000 * 14 }),
    }),
    { minLength: 1, maxLength: 120 },
  )
  .map((entries) => {
    let time = Date.UTC(2026, 11, 1);
    return entries.map(({ event, actor, id, dt }, index) => {
      time += dt;
      return {
        seq: index + 1,
        event,
        // A clientMoveId always comes with its actor (a CHECK of game_events).
        actorId: id === null ? actor : (actor ?? '00000000-0000-4000-8000-000000000009'),
        clientMoveId: id,
        createdAt: new Date(time),
      };
    });
  });

describe('archive format', () => {
  it('gives back every log it accepts exactly', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        const back = decodeArchive(ARCHIVE_FORMAT, encodeArchive(log));
        expect(back).toHaveLength(log.length);
        log.forEach((stored, index) => expect(sameArchivedEvent(stored, back[index])).toBe(true));
      }),
      { numRuns: 200 },
    );
  });

  it('gives payloads back with their keys in jsonb order, as rows read back (shorter keys first, then by bytes)', () => {
    const jsonbOrder = (keys: readonly string[]): string[] =>
      [...keys].sort((a, b) => a.length - b.length || Buffer.compare(Buffer.from(a), Buffer.from(b)));
    fc.assert(
      fc.property(logArb, (log) => {
        for (const stored of decodeArchive(ARCHIVE_FORMAT, encodeArchive(log))) {
          const keys = Object.keys(stored.event);
          expect(keys).toEqual(jsonbOrder(keys));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('keeps UUID clientMoveIds as 16 bytes each', () => {
    const log = (ids: (index: number) => string): ArchivedEvent[] =>
      Array.from({ length: 200 }, (_, index) => ({
        seq: index + 1,
        event: { type: 'passed', seat: index % 2 },
        actorId: '00000000-0000-4000-8000-000000000001',
        clientMoveId: ids(index),
        createdAt: new Date(Date.UTC(2026, 11, 1) + index * 1000),
      }));
    const random = encodeArchive(log(() => crypto.randomUUID())).length;
    // 200 random ids are 3,200 bytes of entropy; as hex text they would take about 3,800 under brotli, and the
    // rest of this log packs into a couple of hundred.
    expect(random).toBeGreaterThanOrEqual(3200);
    expect(random).toBeLessThan(3200 + 300);
  });

  it('refuses a log it cannot give back exactly', () => {
    const base: ArchivedEvent = {
      seq: 1,
      event: { type: 'passed', seat: 0 },
      actorId: null,
      clientMoveId: null,
      createdAt: new Date(0),
    };
    expect(() => encodeArchive([])).toThrow(ArchiveFormatError);
    expect(() => encodeArchive([{ ...base, seq: 2 }])).toThrow(ArchiveFormatError);
    // A payload with a field this format does not know.
    const extra = { ...base, event: { type: 'passed', seat: 0, note: 'x' } as unknown as GameEvent };
    expect(() => encodeArchive([extra])).toThrow(/does not come back the same/);
    expect(() => encodeArchive([{ ...base, event: { type: 'passed', seat: 40 } }])).toThrow(
      ArchiveFormatError,
    );
  });

  it('refuses a damaged archive or an unknown format', () => {
    const archive = encodeArchive([
      {
        seq: 1,
        event: { type: 'resigned', seat: 1 },
        actorId: null,
        clientMoveId: null,
        createdAt: new Date(0),
      },
    ]);
    expect(() => decodeArchive(ARCHIVE_FORMAT + 1, archive)).toThrow(/format 2 is not known/);
    expect(() => decodeArchive(ARCHIVE_FORMAT, archive.subarray(0, archive.length - 2))).toThrow(
      ArchiveFormatError,
    );
    expect(() => decodeArchive(ARCHIVE_FORMAT, Buffer.from('not an archive'))).toThrow(ArchiveFormatError);
  });
});
