/**
 * Archiving finished games' logs (docs/operations.md#archive), with no framework around it: the app's worker
 * (src/archive/archive-worker.ts) and `npm run archive` (src/cli/archive.ts) both run it. A pass walks the games
 * over before a cutoff whose log is still rows, oldest first, and moves each log into its compact archive
 * (src/archive/archive-plan.ts decides, archive_game in the database checks again and does it); a game over before
 * its first move has an empty log, and is settled instead (settle_empty_log), so that no pass looks at it again. A
 * game it refuses stays as rows, reported with why; the walk goes on past it. Two passes may overlap (two app
 * copies): archive_game and settle_empty_log lock the game row and do their work once.
 */
import { databaseFailureOf } from '../db/connection-errors';
import { ArchiveCursor, ArchiveRepository } from './archive.repository';
import { planArchive } from './archive-plan';

/** Games looked up per statement of a walk. */
const ARCHIVE_BATCH = 50;

/** What one pass did. */
export interface ArchiveReport {
  readonly archived: number;
  /** Games over before their first move: nothing to archive, marked so that no pass looks at them again. */
  readonly settled: number;
  readonly refused: number;
}

/**
 * What happened to one game: archived by this call, settled (its log is empty), refused (it stays as rows), or
 * skipped (gone or done).
 */
export type ArchiveOutcome =
  | { readonly kind: 'archived'; readonly events: number; readonly bytes: number }
  | { readonly kind: 'settled' }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'skipped' };

export class Archiver {
  constructor(
    private readonly repository: ArchiveRepository,
    /** Told about every game archived or refused (metrics, logs). */
    private readonly onOutcome: (gameId: string, outcome: ArchiveOutcome) => void = () => undefined,
  ) {}

  async archiveGame(gameId: string, now: Date): Promise<ArchiveOutcome> {
    const outcome = await this.attempt(gameId, now);
    if (outcome.kind !== 'skipped') this.onOutcome(gameId, outcome);
    return outcome;
  }

  /** Every game over before `cutoff` whose log is still rows; `stopping` is asked between games. */
  async pass(cutoff: Date, now: Date, stopping: () => boolean = () => false): Promise<ArchiveReport> {
    let archived = 0;
    let settled = 0;
    let refused = 0;
    let after: ArchiveCursor | null = null;
    while (!stopping()) {
      const due = await this.repository.due(cutoff, after, ARCHIVE_BATCH);
      for (const game of due) {
        if (stopping()) break;
        const outcome = await this.archiveGame(game.id, now);
        if (outcome.kind === 'archived') archived += 1;
        if (outcome.kind === 'settled') settled += 1;
        if (outcome.kind === 'refused') refused += 1;
      }
      const last = due.at(-1);
      if (last === undefined || due.length < ARCHIVE_BATCH) break;
      after = last;
    }
    return { archived, settled, refused };
  }

  private async attempt(gameId: string, now: Date): Promise<ArchiveOutcome> {
    const stored = await this.repository.stored(gameId);
    if (stored === null || stored.row.archived_at !== null) return { kind: 'skipped' };
    if (stored.row.version === 0 && stored.events.length === 0) {
      return this.refusing(async () =>
        (await this.repository.settleEmptyLog(gameId, now)) ? { kind: 'settled' } : { kind: 'skipped' },
      );
    }
    const plan = planArchive(stored.row, stored.seats, stored.events);
    if (plan.kind === 'refuse') return { kind: 'refused', reason: plan.reason };
    return this.refusing(async () =>
      (await this.repository.archive(gameId, plan.archive, plan.decoded, plan.end, now))
        ? { kind: 'archived', events: plan.decoded.length, bytes: plan.archive.length }
        : { kind: 'skipped' },
    );
  }

  /** The database function's answer, or its refusal: the game stays as it is and the pass goes on. */
  private async refusing(call: () => Promise<ArchiveOutcome>): Promise<ArchiveOutcome> {
    try {
      return await call();
    } catch (error) {
      // The database being unavailable ends the pass; archive_game or settle_empty_log refusing leaves this game.
      if (databaseFailureOf(error) !== null) throw error;
      return { kind: 'refused', reason: error instanceof Error ? error.message : String(error) };
    }
  }
}
