/**
 * The archiver in the app (docs/operations.md#archive): every app copy runs one pass every ARCHIVE_INTERVAL_MS
 * over the games over for longer than ARCHIVE_AFTER_MINUTES (src/archive/archiver.ts). Each game archived, settled
 * or refused is counted in malice_games_archived_total; a refusal is logged with its reason. Time comes from the
 * Clock, so tests drive it.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { PeriodicPass } from '../db/periodic-pass';
import { DatabaseAvailability } from '../db/availability';
import { AppMetrics } from '../metrics/app-metrics';
import { ArchiveRepository } from './archive.repository';
import { ArchiveOutcome, ArchiveReport, Archiver } from './archiver';

@Injectable()
export class ArchiveWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ArchiveWorker.name);
  private readonly archiver: Archiver;
  private readonly passes: PeriodicPass<ArchiveReport>;

  constructor(
    repository: ArchiveRepository,
    private readonly clock: Clock,
    availability: DatabaseAvailability,
    metrics: AppMetrics,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.archiver = new Archiver(repository, (gameId, outcome) => {
      switch (outcome.kind) {
        case 'archived':
          this.logger.debug(`game ${gameId} archived: ${outcome.events} events in ${outcome.bytes} bytes`);
          break;
        case 'settled':
          break;
        case 'refused':
          this.logger.warn(`game ${gameId} not archived: ${outcome.reason}`);
          break;
        case 'skipped':
          return;
        default: {
          const never: never = outcome;
          return never;
        }
      }
      metrics.gameArchived(outcome.kind);
    });
    this.passes = new PeriodicPass('archive pass', this.logger, availability);
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.workers.archiveIntervalMs, () => this.pass());
  }

  async onModuleDestroy(): Promise<void> {
    // A pass in progress stops after its current game, before the pool closes.
    await this.passes.stop();
  }

  /** One pass over the games over before ARCHIVE_AFTER_MINUTES before `at` (default: the clock's now). */
  async pass(at?: Date): Promise<ArchiveReport> {
    return this.passes.run(async () => {
      const now = at ?? this.clock.now();
      const cutoff = new Date(now.getTime() - this.config.archiveAfterMinutes * 60_000);
      const report = await this.archiver.pass(cutoff, now, () => this.passes.stopping);
      if (report.archived + report.settled + report.refused > 0) {
        this.logger.log(
          `archive pass: archived ${report.archived} finished games, settled ${report.settled} over before their first move, ${report.refused} left as rows`,
        );
      }
      return report;
    });
  }

  /** Archives one game now, whatever its age (tests, and two copies racing). */
  archiveGame(gameId: string, now: Date): Promise<ArchiveOutcome> {
    return this.archiver.archiveGame(gameId, now);
  }
}
