/**
 * Sends webhook deliveries (docs/correspondence.md#webhooks). Every app copy runs one. Deliveries are queued in the
 * statement of each player event (src/webhooks/sql/webhook-outbox.ts), so nothing here has to be up when
 * an event commits: a pass finds whatever is due, whenever it runs. Passes run every WEBHOOK_INTERVAL_MS, at once
 * when the event bus announces that deliveries were queued (on any copy: the NOTIFY on malice_webhooks of the
 * statement that queued them, src/notifications/sql/notification-writes.ts), and on demand (testWebhook, and the test-only POST /test/webhooks/deliver).
 *
 * A pass claims due deliveries in one statement (FOR UPDATE SKIP LOCKED) that also moves each one's due time a
 * lease ahead: no other copy can take the same attempt while it is in flight, yet an attempt lost with its app
 * (a crash between claim and record) comes due again when the lease runs out. At least once, then: a receiver may
 * see an event twice (an answer lost on the way back, a crash), never zero times while it keeps answering 2xx.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { EventBus } from '../notifications/event-bus';
import { DatabaseAvailability } from '../db/availability';
import { databaseFailureOf, describeFailure } from '../db/connection-errors';
import { onWorkerPool } from '../db/pools';
import { ClaimedRow, WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import {
  CLAIM_LEASE_MS,
  DeliveryStatus,
  MAX_ATTEMPTS,
  afterAttempt,
  isSuccess,
  parseDeliveryKind,
} from './webhook-policy';
import { WEBHOOK_NETWORK, type WebhookNetwork } from './webhook-destination';
import { DeliveryToSend, webhookRequest } from './webhook-request';
import { sendWebhook } from './webhook-sender';

/** Deliveries claimed (and sent concurrently) at a time. */
const BATCH = 20;
/** A pass stops after this many full batches; the next pass goes on (so a flood cannot keep one pass forever). */
const MAX_BATCHES = 10;
const HOUSEKEEPING_EVERY_MS = 3_600_000;
/**
 * Player events wake a pass at most this often: under play every turn change is an event, and a claim query per
 * event would cost the database more than the moves themselves; a burst of events shares one pass.
 */
export const EVENT_WAKE_MS = 100;

/** Postgres: insert or update on table violates foreign key constraint (the webhook was deleted meanwhile). */
const FOREIGN_KEY_VIOLATION = '23503';

/** What one pass did. */
export interface DeliveryReport {
  /** Attempts made (answered or not). */
  readonly attempted: number;
  readonly succeeded: number;
  /** Failed attempts that will be tried again. */
  readonly retrying: number;
  /** Deliveries given up on (FAILED). */
  readonly gaveUp: number;
}

@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(WebhookWorker.name);
  private readonly shutdown = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** The end of the last pass asked for: passes on one copy run one after another. */
  private tail: Promise<unknown> = Promise.resolve();
  /** A pass asked for that has not started yet: later callers share it (it will see what they want sent). */
  private queued: Promise<DeliveryReport> | null = null;
  private housekeptAt = Number.NEGATIVE_INFINITY;
  private eventWake: NodeJS.Timeout | null = null;

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly clock: Clock,
    private readonly events: EventBus,
    private readonly availability: DatabaseAvailability,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
    @Inject(WEBHOOK_NETWORK) private readonly network: WebhookNetwork,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.config.workers.webhookIntervalMs;
    if (interval === 0) return;
    this.timer = setInterval(() => this.wake(), interval);
    this.timer.unref();
    // Deliveries were queued (by any copy): look soon rather than at the next tick.
    this.unsubscribe = this.events.onDeliveriesQueued('webhooks', () => this.wakeSoon());
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    if (this.eventWake !== null) clearTimeout(this.eventWake);
    this.unsubscribe?.();
    // Attempts in flight are cut short and recorded as failed (retried later, by this copy or another).
    this.shutdown.abort();
    await this.tail;
  }

  /** Runs a pass soon, in the background (deliveries were queued, or it is time to look). */
  wake(): void {
    if (this.config.workers.webhookIntervalMs === 0 || this.shutdown.signal.aborted) return;
    // While the database is down the passes wait (its outage is logged once); what came due meanwhile is sent by
    // the first pass after it.
    if (!this.availability.databaseUp) return;
    this.deliverDue().catch((error: unknown) =>
      databaseFailureOf(error) === null
        ? this.logger.error(`webhook pass failed: ${String(error)}`)
        : this.logger.warn(`webhook pass failed, the database is unavailable: ${describeFailure(error)}`),
    );
  }

  /** A pass within EVENT_WAKE_MS, shared by every event until then. */
  private wakeSoon(): void {
    if (this.eventWake !== null) return;
    this.eventWake = setTimeout(() => {
      this.eventWake = null;
      this.wake();
    }, EVENT_WAKE_MS);
    this.eventWake.unref();
  }

  /** One pass over what is due now, after the pass running (if any); resolves with what it did. */
  deliverDue(): Promise<DeliveryReport> {
    if (this.queued !== null) return this.queued;
    const next = this.tail.then(() => {
      this.queued = null;
      // On the workers' own pool, whoever asked (a timer, an event, testWebhook): src/db/pools.ts.
      return onWorkerPool(() => this.pass());
    });
    this.queued = next;
    this.tail = next.catch(() => undefined);
    return next;
  }

  private async pass(): Promise<DeliveryReport> {
    let attempted = 0;
    let succeeded = 0;
    let retrying = 0;
    let gaveUp = await this.housekeeping(this.clock.now());
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const now = this.clock.now();
      const rows = await this.deliveries.claim(
        now,
        MAX_ATTEMPTS,
        BATCH,
        new Date(now.getTime() + CLAIM_LEASE_MS),
      );
      const statuses = await Promise.all(rows.map((row) => this.attempt(row)));
      for (const status of statuses) {
        attempted++;
        switch (status) {
          case 'SUCCEEDED':
            succeeded++;
            break;
          case 'PENDING':
            retrying++;
            break;
          case 'FAILED':
            gaveUp++;
            break;
          case null:
            break;
          default:
            return unreachable(status);
        }
      }
      if (rows.length < BATCH) break;
    }
    if (attempted + gaveUp > 0) {
      this.logger.log(
        `webhook pass: ${attempted} attempted, ${succeeded} succeeded, ${retrying} to retry, ${gaveUp} given up`,
      );
    }
    return { attempted, succeeded, retrying, gaveUp };
  }

  /** Sends one claimed delivery and records the attempt; the delivery's new status, or null if not recorded. */
  private async attempt(row: ClaimedRow): Promise<DeliveryStatus | null> {
    const attemptedAt = this.clock.now();
    const delivery: DeliveryToSend = {
      deliveryId: row.id,
      eventId: row.event_id,
      kind: parseDeliveryKind(row.kind),
      gameId: row.game_id,
      createdAt: row.created_at,
      playerId: row.player_id,
      username: row.username,
    };
    const outcome = await sendWebhook(row.url, webhookRequest(delivery, row.secret, attemptedAt), {
      network: this.network,
      signal: this.shutdown.signal,
    });
    const succeeded = outcome.kind === 'answered' && isSuccess(outcome.statusCode);
    const next = afterAttempt(row.attempt_count, succeeded, attemptedAt);
    try {
      await this.deliveries.record({
        deliveryId: row.id,
        attempt: row.attempt_count,
        attemptedAt,
        statusCode: outcome.kind === 'answered' ? outcome.statusCode : null,
        error: outcome.kind === 'failed' ? outcome.error : null,
        durationMs: outcome.durationMs,
        status: next.status,
        nextAttemptAt: next.nextAttemptAt,
      });
      return next.status;
    } catch (error) {
      // Deleted with its webhook while in flight: nothing left to record.
      if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return null;
      // Unrecorded, the attempt comes due again when its lease runs out: a repeat, never a loss.
      if (databaseFailureOf(error) !== null) {
        this.logger.warn(`recording webhook delivery ${row.id} failed, the database is unavailable`);
      } else {
        this.logger.error(`recording webhook delivery ${row.id} failed: ${String(error)}`);
      }
      return null;
    }
  }

  /**
   * At most hourly per copy (a pass runs on every player event; this need not): gives up on deliveries whose last
   * attempt was lost. Returns how many were given up. (Finished deliveries are removed by the retention pass,
   * src/retention/retention-worker.ts, with the other notifications.)
   */
  private async housekeeping(now: Date): Promise<number> {
    if (now.getTime() - this.housekeptAt < HOUSEKEEPING_EVERY_MS) return 0;
    this.housekeptAt = now.getTime();
    return this.deliveries.giveUpLost(now, MAX_ATTEMPTS);
  }
}

function unreachable(value: never): never {
  throw new Error(`unexpected ${String(value)}`);
}
