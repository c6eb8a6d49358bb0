/**
 * Whether a finished game's log may move into its archive, and the archive (docs/architecture.md, "Archived move
 * logs"). Pure: the caller reads the stored row, seats and log, and hands the plan to archive_game, which checks
 * the decoded rows against the table and the replayed end against the row once more under the row's lock.
 *
 * A log is archived only when both the stored rows and the archive decoded again replay, with the engine, to the
 * game row as stored (the projection check of check:projections): an archive must give back a game that reads
 * exactly as before, and a game whose row and log disagree is left for an operator (check:projections --repair).
 */
import { compare, type GameRow, type StoredSeat } from '../games/domain/projection-check';
import {
  ArchiveFormatError,
  ARCHIVE_FORMAT,
  decodeArchive,
  encodeArchive,
  sameArchivedEvent,
  type ArchivedEvent,
} from '../games/persistence/archive-format';
import type { ReplayedEnd } from './archive.repository';

export type ArchivePlan =
  | {
      readonly kind: 'archive';
      readonly archive: Buffer;
      readonly decoded: readonly ArchivedEvent[];
      readonly end: ReplayedEnd;
    }
  | { readonly kind: 'refuse'; readonly reason: string };

export function planArchive(
  row: GameRow,
  seats: readonly StoredSeat[],
  events: readonly ArchivedEvent[],
): ArchivePlan {
  if (row.status !== 'FINISHED' && row.status !== 'ABORTED') {
    return { kind: 'refuse', reason: `the game is ${row.status}` };
  }
  if (events.length === 0 || events.length !== row.version) {
    return { kind: 'refuse', reason: `${events.length} events for version ${row.version}` };
  }
  const before = compare(
    row,
    events.map((stored) => stored.event),
    seats,
  );
  if (before.differences.length > 0) {
    return {
      kind: 'refuse',
      reason: `its row differs from its log (${before.differences.map((d) => d.field).join(', ')})`,
    };
  }
  let archive: Buffer;
  let decoded: ArchivedEvent[];
  try {
    archive = encodeArchive(events);
    decoded = decodeArchive(ARCHIVE_FORMAT, archive);
  } catch (error) {
    if (error instanceof ArchiveFormatError) return { kind: 'refuse', reason: error.message };
    throw error;
  }
  if (
    decoded.length !== events.length ||
    events.some((stored, index) => !sameArchivedEvent(stored, decoded[index]))
  ) {
    return { kind: 'refuse', reason: 'the archive does not decode to the log' };
  }
  const after = compare(
    row,
    decoded.map((stored) => stored.event),
    seats,
  );
  if (after.differences.length > 0) {
    return { kind: 'refuse', reason: 'the archive does not replay to the game row' };
  }
  const end: ReplayedEnd =
    after.projection === null || after.projection.status !== 'FINISHED'
      ? { version: decoded.length, status: 'ABORTED', result: null }
      : { version: after.projection.version, status: 'FINISHED', result: after.projection.result };
  return { kind: 'archive', archive, decoded, end };
}
