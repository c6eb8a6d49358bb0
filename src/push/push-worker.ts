/**
 * Sends Web Push messages (docs/correspondence.md#web-push). Every app copy runs one. Pushes are queued in the
 * statement of each player event (src/push/sql/push-outbox.ts), so nothing here has to be up when an event
 * commits: a pass finds whatever is due whenever it runs — every PUSH_INTERVAL_MS, and at once when any copy
 * queued pushes (the event bus's wake-up for the `push` channel).
 *
 * A pass claims due pushes (FOR UPDATE SKIP LOCKED, each one's due time a lease ahead: an attempt lost with its app
 * comes due again), then for each decides with the game and the player's settings as they are now:
 * - not sent at all (SKIPPED) when it is stale — "your turn" or "deadline soon" after the turn was played or the
 *   game ended — or a later push of the same game waits for the same device (it says the newer thing);
 * - held to the end of the player's quiet hours (a deadline reminder whose deadline falls inside them is not);
 * - otherwise encrypted for the device (RFC 8291, aes128gcm), signed with the VAPID key (RFC 8292) and POSTed to
 *   the push service with TTL, Urgency and Topic by kind (src/push/push-message.ts, src/push/web-push.ts). 404/410 remove the
 *   subscription; 429, 5xx and no answer are tried again later (src/push/push-policy.ts).
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { PeriodicPass } from '../db/periodic-pass';
import { EventBus } from '../notifications/event-bus';
import { TELLABLE_KINDS, heldUntil } from '../notifications/notification-settings';
import { settingsOfColumns } from '../notifications/notification-settings.repository';
import { parseNetworks } from '../webhooks/webhook-address';
import type { WebhookNetwork } from '../webhooks/webhook-destination';
import { systemResolver } from '../webhooks/webhook-destination';
import type { OutboundPost } from '../webhooks/webhook-request';
import { sendWebhook } from '../webhooks/webhook-sender';
import { type PushKind, pushDelivery, pushPayload } from './push-message';
import { MAX_PUSH_ATTEMPTS, PUSH_CLAIM_LEASE_MS, pushVerdict } from './push-policy';
import { type ClaimedPush, type PushOutcome, PushRepository } from './push.repository';
import { VapidKeys } from './vapid';
import { pushRequest } from './web-push';

/** Pushes claimed (and sent concurrently) at a time. */
const BATCH = 20;
/** A pass stops after this many full batches; the next pass goes on. */
const MAX_BATCHES = 10;
/** Queued pushes wake a pass at most this often: a burst of events shares one pass. */
const WAKE_MS = 100;
const HOUSEKEEPING_EVERY_MS = 3_600_000;
/** Finished pushes are kept this long (for diagnosis), then removed. */
const KEEP_FINISHED_MS = 7 * 86_400_000;

/** What one pass did. */
export interface PushReport {
  readonly sent: number;
  /** Not sent, and never will be: stale, superseded, refused, given up, or the device gone. */
  readonly dropped: number;
  /** Due again later: quiet hours, or a retry. */
  readonly later: number;
}

/** What sending a push needs of the settings: the contact the VAPID token names, and where pushes may go. */
interface PushTarget {
  readonly subject: string;
  readonly network: WebhookNetwork;
}

@Injectable()
export class PushWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PushWorker.name);
  private readonly passes: PushPasses;
  private readonly shutdown = new AbortController();
  private readonly target: PushTarget;
  private unsubscribe: (() => void) | null = null;
  private housekeptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repository: PushRepository,
    private readonly vapid: VapidKeys,
    private readonly clock: Clock,
    private readonly events: EventBus,
    availability: DatabaseAvailability,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.passes = new PeriodicPass('push pass', this.logger, availability);
    this.target = {
      subject: config.push.subject,
      network: { allowed: parseNetworks(config.push.allowedNetworks), resolve: systemResolver },
    };
  }

  onApplicationBootstrap(): void {
    const interval = this.config.workers.pushIntervalMs;
    if (interval === 0) return;
    this.passes.start(interval, () => this.sendDue());
    this.unsubscribe = this.events.onDeliveriesQueued('push', () => this.wakeSoon());
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe?.();
    this.shutdown.abort();
    await this.passes.stop();
  }

  /** One pass over what is due now (after a running one); what it did. */
  sendDue(): Promise<PushReport> {
    return this.passes.run(() => this.pass());
  }

  private wakeSoon(): void {
    this.passes.soon(WAKE_MS, () => this.pass());
  }

  private async pass(): Promise<PushReport> {
    const report = { sent: 0, dropped: 0, later: 0 };
    await this.housekeeping(this.clock.now());
    for (let batch = 0; batch < MAX_BATCHES && !this.passes.stopping; batch++) {
      const now = this.clock.now();
      const claimed = await this.repository.claim(
        now,
        MAX_PUSH_ATTEMPTS,
        BATCH,
        new Date(now.getTime() + PUSH_CLAIM_LEASE_MS),
      );
      const outcomes = await Promise.all(claimed.map((push) => this.attempt(push)));
      for (const outcome of outcomes) {
        if (outcome === null) continue;
        if (outcome.kind === 'sent') report.sent++;
        else if (outcome.kind === 'held' || outcome.kind === 'retry') report.later++;
        else report.dropped++;
      }
      if (claimed.length < BATCH) break;
    }
    if (report.sent + report.dropped + report.later > 0) {
      this.logger.log(`push pass: ${report.sent} sent, ${report.dropped} dropped, ${report.later} for later`);
    }
    return report;
  }

  /** Decides, sends when due, and records one claimed push; its outcome, or null when it could not be recorded. */
  private async attempt(push: ClaimedPush): Promise<PushOutcome | null> {
    const outcome = await this.outcomeOf(push);
    try {
      await this.repository.record(push, outcome);
      return outcome;
    } catch (error) {
      // Unrecorded, the push comes due again when its lease runs out: a repeat, never a loss.
      this.logger.warn(`recording push ${push.id} failed: ${String(error)}`);
      return null;
    }
  }

  private async outcomeOf(push: ClaimedPush): Promise<PushOutcome> {
    const now = this.clock.now();
    const kind = pushKindOf(push.kind);
    if (push.signed_out) return { kind: 'gone' };
    if (kind === null || push.superseded || isStale(push, kind)) return { kind: 'skipped' };
    const settings = settingsOfColumns(push);
    const until = heldUntil(now, settings, kind, push.deadline);
    if (until !== null) return { kind: 'held', until };
    const context = {
      kind,
      gameId: push.game_id,
      opponents: push.opponents ?? [],
      deadline: push.game_status === 'ACTIVE' ? push.deadline : null,
      now,
      language: settings.language,
    };
    const pair = await this.vapid.get();
    let request: OutboundPost;
    try {
      request = pushRequest(push, JSON.stringify(pushPayload(context)), pushDelivery(context), {
        pair,
        subject: this.target.subject,
        // Wall-clock time: the push service judges the token's expiry by its own clock (src/push/web-push.ts).
        nowMs: Date.now(),
      });
    } catch (error) {
      // Keys no message can be encrypted to (stored before they were checked): trying again changes nothing.
      return { kind: 'failed', status: null, error: `not encrypted: ${String(error)}`.slice(0, 200) };
    }
    const answer = await sendWebhook(push.endpoint, request, {
      network: this.target.network,
      signal: this.shutdown.signal,
    });
    const status = answer.kind === 'answered' ? answer.statusCode : null;
    const error = answer.kind === 'failed' ? answer.error : null;
    const verdict = pushVerdict(status, push.attempt_count, now);
    switch (verdict.kind) {
      case 'sent':
        return { kind: 'sent', status: status!, at: now };
      case 'gone':
        return { kind: 'gone' };
      case 'retry':
        return { kind: 'retry', status, error, at: verdict.at };
      case 'failed':
        return { kind: 'failed', status, error };
      default: {
        const never: never = verdict;
        return never;
      }
    }
  }

  /** At most hourly per copy: lost attempts given up, old finished pushes removed. */
  private async housekeeping(now: Date): Promise<void> {
    if (now.getTime() - this.housekeptAt < HOUSEKEEPING_EVERY_MS) return;
    this.housekeptAt = now.getTime();
    await this.repository.housekeep(now, MAX_PUSH_ATTEMPTS, new Date(now.getTime() - KEEP_FINISHED_MS));
  }
}

type PushPasses = PeriodicPass<PushReport>;

/** A stored kind this server still pushes (a kind from a later version is not pushed by this one). */
function pushKindOf(stored: string): PushKind | null {
  if (stored === 'TEST') return 'TEST';
  return TELLABLE_KINDS.find((kind) => kind === stored) ?? null;
}

/** "Your turn" and "deadline soon" mean nothing once the player moved or the game ended. */
function isStale(push: ClaimedPush, kind: PushKind): boolean {
  if (kind !== 'YOUR_TURN' && kind !== 'REMINDER') return false;
  return push.game_status !== 'ACTIVE' || push.current_player_id !== push.player_id;
}
