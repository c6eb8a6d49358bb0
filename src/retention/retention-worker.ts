/**
 * The retention worker (docs/operations.md#retention): every app copy runs one, every RETENTION_INTERVAL_MS. A
 * pass removes, in batches, what src/retention/retention-policy.ts says goes once older than RETENTION_DAYS:
 * delivered or given-up webhook deliveries with their attempts, and player events of games no longer running —
 * each through the repository of the module that owns the table (src/webhooks/webhook-deliveries.repository.ts,
 * src/notifications/player-events.repository.ts): retention owns no table. The move log is never touched. Time
 * comes from the Clock, so tests drive it.
 *
 * Two copies' passes may overlap: a row both try to remove is removed once (the second delete finds it gone), so
 * they only share the work. Each removed row is counted in malice_retention_rows_removed_total.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { PeriodicPass } from '../db/periodic-pass';
import { DatabaseAvailability } from '../db/availability';
import { ChatRepository } from '../chat/chat.repository';
import { AppMetrics } from '../metrics/app-metrics';
import { PlayerEventsRepository } from '../notifications/player-events.repository';
import { WebhookDeliveriesRepository } from '../webhooks/webhook-deliveries.repository';
import {
  BatchOutcome,
  NOTHING_REMOVED,
  RETENTION_BATCH,
  RUNNING_STATUSES,
  RetentionReport,
  addReports,
  batchOutcome,
  retentionCutoff,
} from './retention-policy';

@Injectable()
export class RetentionWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionWorker.name);
  private readonly passes: PeriodicPass<RetentionReport>;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly events: PlayerEventsRepository,
    private readonly chat: ChatRepository,
    private readonly clock: Clock,
    availability: DatabaseAvailability,
    private readonly metrics: AppMetrics,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.passes = new PeriodicPass('retention pass', this.logger, availability);
  }

  onApplicationBootstrap(): void {
    this.passes.start(this.config.workers.retentionIntervalMs, () => this.pass());
  }

  async onModuleDestroy(): Promise<void> {
    // A pass in progress stops after its current batch, before the pool closes.
    await this.passes.stop();
  }

  /**
   * One pass, removing what was created before RETENTION_DAYS before `at` (default: the clock's now). A pass asked
   * for while one runs waits for it. Resolves with the rows removed per table. `batch`: rows per statement (tests
   * make it small to walk a backlog in many batches).
   */
  async pass(at?: Date, batch = RETENTION_BATCH): Promise<RetentionReport> {
    return this.passes.run(() =>
      this.run(
        retentionCutoff(at ?? this.clock.now(), this.config.retentionDays),
        retentionCutoff(at ?? this.clock.now(), this.config.chatRetentionDays),
        batch,
      ),
    );
  }

  private async run(cutoff: Date, chatCutoff: Date, batch: number): Promise<RetentionReport> {
    const deliveries = await this.walk(
      async (after) => batchOutcome(await this.deliveries.removeFinished(cutoff, after, batch), batch),
      (outcome) => ({
        ...NOTHING_REMOVED,
        webhook_deliveries: outcome.removed,
        webhook_delivery_attempts: outcome.attempts,
      }),
    );
    const events = await this.walk(
      async (after) =>
        batchOutcome(await this.events.removeOlderThan(cutoff, after, batch, RUNNING_STATUSES), batch),
      (outcome) => ({ ...NOTHING_REMOVED, player_events: outcome.removed }),
    );
    // Chat messages are judged by their game's end, not their own age: the walk goes over every message.
    const chat = await this.walk(
      async (after) => {
        const found = await this.chat.removeOld(chatCutoff, after, batch);
        return batchOutcome({ ...found, reachedYoung: false, attempts: 0 }, batch);
      },
      (outcome) => ({ ...NOTHING_REMOVED, chat_messages: outcome.removed }),
    );
    const report = addReports(addReports(deliveries, events), chat);
    if (report.webhook_deliveries + report.player_events > 0) {
      this.logger.log(
        `retention pass: removed ${report.webhook_deliveries} webhook deliveries (${report.webhook_delivery_attempts} attempts) and ${report.player_events} player events older than ${cutoff.toISOString()}`,
      );
    }
    return report;
  }

  /**
   * Batches from the oldest row on until one says the walk is over (or the app stops); what each removed (`count`)
   * is counted in the metrics as it goes and summed.
   */
  private async walk(
    batch: (after: string) => Promise<BatchOutcome>,
    count: (outcome: BatchOutcome) => RetentionReport,
  ): Promise<RetentionReport> {
    let after = '0';
    let total = NOTHING_REMOVED;
    while (!this.passes.stopping) {
      const outcome = await batch(after);
      const removed = count(outcome);
      this.metrics.rowsRemoved(removed);
      total = addReports(total, removed);
      if (outcome.done || outcome.last === null) break;
      after = outcome.last;
    }
    return total;
  }
}
