/**
 * Guests left alone go (src/players/guest-policy.ts): every app copy, every RETENTION_INTERVAL_MS, removes the
 * guests with no activity for GUEST_INACTIVE_DAYS — no session used, no game of theirs changed — as their owners
 * would delete them (AccountsService.removeGuest): their games stay, named by the tombstone. Two copies' passes
 * may meet on a guest: the second finds it deleted and leaves it. Time comes from the Clock, so tests drive it.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { PeriodicPass } from '../db/periodic-pass';
import { guestCutoff } from '../players/guest-policy';
import { GuestsRepository } from '../players/guests.repository';
import { AccountsService } from './accounts.service';

/** Guests read per query; a pass reads again until none is left. */
const SWEEP_BATCH = 50;

@Injectable()
export class GuestSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GuestSweeper.name);
  private readonly passes: PeriodicPass<number>;

  constructor(
    private readonly guests: GuestsRepository,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
    availability: DatabaseAvailability,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.passes = new PeriodicPass('guest sweep', this.logger, availability);
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.workers.retentionIntervalMs, () => this.pass());
  }

  async onModuleDestroy(): Promise<void> {
    await this.passes.stop();
  }

  /** One pass at `at` (default: the clock's now): how many guests it removed. */
  async pass(at?: Date): Promise<number> {
    return this.passes.run(async () => {
      const now = at ?? this.clock.now();
      const before = guestCutoff(now, this.config.guests.inactiveDays);
      let removed = 0;
      const seen = new Set<string>();
      while (!this.passes.stopping) {
        const batch = (await this.guests.leftAlone(before, SWEEP_BATCH)).filter((id) => !seen.has(id));
        if (batch.length === 0) break;
        for (const id of batch) {
          seen.add(id);
          if (await this.accounts.removeGuest(id)) removed++;
        }
      }
      if (removed > 0)
        this.logger.log(`guest sweep: removed ${removed} guests left alone since ${before.toISOString()}`);
      return removed;
    });
  }
}
