/**
 * The archiver (docs/operations.md#archive): every app copy runs one, every ARCHIVE_INTERVAL_MS. A pass walks the
 * games over for longer than ARCHIVE_AFTER_MINUTES whose log is still rows, oldest first, and moves each log into
 * its compact archive (src/archive/archive-plan.ts decides, archive_game in the database checks again and does it).
 * A game it refuses stays as rows, with a warning naming why; the walk goes on past it. Two copies' passes may
 * overlap: archive_game locks the game row and archives a game once. Time comes from the Clock, so tests drive it.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { databaseFailureOf, describeFailure } from '../db/connection-errors';
import { AppMetrics } from '../metrics/app-metrics';
import { ArchiveCursor, ArchiveRepository } from './archive.repository';
import { planArchive } from './archive-plan';

/** Games looked up per statement of a walk. */
const ARCHIVE_BATCH = 50;

/** What one pass did. */
export interface ArchiveReport {
  readonly archived: number;
  readonly refused: number;
}

@Injectable()
export class ArchiveWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ArchiveWorker.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ArchiveReport> | null = null;
  private stopping = false;

  constructor(
    private readonly repository: ArchiveRepository,
    private readonly clock: Clock,
    private readonly availability: DatabaseAvailability,
    private readonly metrics: AppMetrics,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.config.workers.archiveIntervalMs;
    if (interval === 0) return;
    this.timer = setInterval(() => {
      if (!this.availability.databaseUp) return;
      this.pass().catch((error: unknown) =>
        databaseFailureOf(error) === null
          ? this.logger.error(`archive pass failed: ${String(error)}`)
          : this.logger.warn(`archive pass failed, the database is unavailable: ${describeFailure(error)}`),
      );
    }, interval);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    // A pass in progress stops after its current game, before the pool closes.
    this.stopping = true;
    await this.running?.catch(() => undefined);
  }

  /** One pass over the games over before ARCHIVE_AFTER_MINUTES before `at` (default: the clock's now). */
  async pass(at?: Date): Promise<ArchiveReport> {
    while (this.running !== null) await this.running.catch(() => undefined);
    const now = at ?? this.clock.now();
    this.running = this.run(new Date(now.getTime() - this.config.archiveAfterMinutes * 60_000), now);
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /**
   * Archives one game if it may be: `archived` by this call, `refused` (it stays as rows; logged), or `skipped`
   * (no such game, or already archived: by another copy, say).
   */
  async archiveGame(gameId: string, now: Date): Promise<'archived' | 'refused' | 'skipped'> {
    const stored = await this.repository.stored(gameId);
    if (stored === null || stored.row.archived_at !== null) return 'skipped';
    const plan = planArchive(stored.row, stored.seats, stored.events);
    switch (plan.kind) {
      case 'refuse':
        this.metrics.gameArchived('refused');
        this.logger.warn(`game ${gameId} not archived: ${plan.reason}`);
        return 'refused';
      case 'archive': {
        const archived = await this.repository.archive(gameId, plan.archive, plan.decoded, plan.end, now);
        if (!archived) return 'skipped';
        this.metrics.gameArchived('archived');
        this.logger.debug(
          `game ${gameId} archived: ${plan.decoded.length} events in ${plan.archive.length} bytes`,
        );
        return 'archived';
      }
    }
  }

  private async run(cutoff: Date, now: Date): Promise<ArchiveReport> {
    let archived = 0;
    let refused = 0;
    let after: ArchiveCursor | null = null;
    while (!this.stopping) {
      const due = await this.repository.due(cutoff, after, ARCHIVE_BATCH);
      for (const game of due) {
        if (this.stopping) break;
        try {
          const outcome = await this.archiveGame(game.id, now);
          if (outcome === 'archived') archived += 1;
          if (outcome === 'refused') refused += 1;
        } catch (error) {
          // archive_game refused (or the database failed): this game stays as rows; the next pass tries again.
          if (databaseFailureOf(error) !== null) throw error;
          refused += 1;
          this.metrics.gameArchived('refused');
          this.logger.warn(`game ${game.id} not archived: ${String(error)}`);
        }
      }
      const last = due.at(-1);
      if (last === undefined || due.length < ARCHIVE_BATCH) break;
      after = last;
    }
    if (archived + refused > 0) {
      this.logger.log(`archive pass: archived ${archived} finished games, ${refused} left as rows`);
    }
    return { archived, refused };
  }
}
