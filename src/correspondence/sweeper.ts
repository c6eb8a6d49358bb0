/**
 * The deadline sweeper (docs/correspondence.md#the-deadline-sweeper). Every app copy runs one. Each pass:
 * - claims the games whose turn ran out (FOR UPDATE SKIP LOCKED and a short claim mark, so the copies share the
 *   work) and times them out through the game handler (GameHandler.handle, `timeout`): guarded by the version it
 *   saw, so even a game two sweepers reach is timed out exactly once;
 * - sends one REMINDER per turn once 80 % of its time is used: each due turn is decided under its game's lock
 *   (`remind`), which marks the turn reminded and writes the player event, so no two copies remind twice;
 * - first of all, gives a turn that began while its player is on vacation the clock of their time away
 *   (src/vacations: `moveClock`); a player away is neither reminded nor timed out (docs/correspondence.md#vacation).
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { PeriodicPass } from '../db/periodic-pass';
import { DatabaseAvailability } from '../db/availability';
import { databaseFailureOf } from '../db/connection-errors';
import { GameHandler } from '../games/write/game-handler';
import { GamesRepository } from '../games/persistence/games.repository';
import { VacationsService } from '../vacations/vacations.service';

export { REMINDER_SHARE } from '../games/domain/life';

export interface SweepReport {
  readonly timedOut: number;
  readonly aborted: number;
  readonly reminded: number;
}

@Injectable()
export class DeadlineSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DeadlineSweeper.name);
  private readonly passes: PeriodicPass<SweepReport>;

  constructor(
    private readonly handler: GameHandler,
    private readonly repository: GamesRepository,
    private readonly vacations: VacationsService,
    private readonly clock: Clock,
    availability: DatabaseAvailability,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.passes = new PeriodicPass('sweep', this.logger, availability);
  }

  onApplicationBootstrap(): void {
    // A deadline that ran out while the database was down is found by the first pass after it
    // (docs/operations.md#outages).
    this.passes.start(this.config.workers.sweepIntervalMs, () => this.sweep());
  }

  async onModuleDestroy(): Promise<void> {
    await this.passes.stop();
  }

  /**
   * One pass, at `at` (default: now; the test clock passes the time it set, so that a pass asked for one
   * millisecond before a deadline never sees the deadline). A pass asked for while one runs waits for it.
   */
  async sweep(at?: Date): Promise<SweepReport> {
    return this.passes.run(() => this.pass(at ?? this.clock.now()));
  }

  private async pass(now: Date): Promise<SweepReport> {
    await this.vacations.moveAwayTurns(now);
    let timedOut = 0;
    let aborted = 0;
    for (const row of await this.repository.claimDueGames(now)) {
      try {
        const outcome = await this.handler.handle(row.id, { type: 'timeout', version: row.version });
        if (outcome === 'timedOut') timedOut++;
        if (outcome === 'aborted') aborted++;
        if (outcome === 'timedOut' || outcome === 'aborted')
          this.logger.log(`game ${row.id}: deadline passed, ${outcome}`);
      } catch (error) {
        // The claim lapses after CLAIM_SECONDS: the game is timed out by a later pass.
        if (databaseFailureOf(error) !== null) throw error;
        this.logger.error(`timing out game ${row.id} failed: ${String(error)}`);
      }
    }
    let reminded = 0;
    for (const gameId of await this.repository.dueReminders(now)) {
      if (await this.handler.handle(gameId, { type: 'remind' }, now)) reminded++;
    }
    if (reminded > 0)
      this.logger.log(`reminded ${reminded} player${reminded === 1 ? '' : 's'} of their turn`);
    return { timedOut, aborted, reminded };
  }
}
