/**
 * What the retention pass removes, and from when (docs/operations.md#retention). Pure: the time is an input.
 *
 * Removed once older than RETENTION_DAYS: webhook deliveries that were delivered or given up (SUCCEEDED, FAILED)
 * with their attempts, and player events — the in-app notifications, which are the same rows: `playerEvents`,
 * `myEvents` and the webhooks all read `player_events` — except those of a game still waiting or running (its
 * latest event is how the player's running games are listed, src/notifications/player-events.service.ts).
 * Chat messages go once their game has been over for CHAT_RETENTION_DAYS, unless an open report names them
 * (docs/social.md#exports-and-retention).
 * Never removed: pending deliveries, and anything of the move log or the games (the truth of every game,
 * docs/architecture.md).
 */
import type { RemovedBatch } from '../common/removed-batch';
import { GAME_STATUSES, type GameStatusName } from '../games/domain/vocabulary';

/** The tables a pass removes rows from, as the metric labels them. */
export const RETAINED_TABLES = [
  'webhook_deliveries',
  'webhook_delivery_attempts',
  'player_events',
  'chat_messages',
] as const;
export type RetainedTable = (typeof RETAINED_TABLES)[number];

/** Rows removed per table by one pass. */
export type RetentionReport = Readonly<Record<RetainedTable, number>>;

export const NOTHING_REMOVED: RetentionReport = {
  webhook_deliveries: 0,
  webhook_delivery_attempts: 0,
  player_events: 0,
  chat_messages: 0,
};

/**
 * Rows looked at per statement. Each batch is one short statement (its own transaction), so a large backlog is
 * removed in many small steps, each holding its row locks for milliseconds, never one long delete.
 */
export const RETENTION_BATCH = 1000;

/** What one batch did, for the walk. */
export interface BatchOutcome {
  /** The last id looked at (the next batch starts after it); null when there was none. */
  readonly last: string | null;
  /** The walk is over: the batch was short, or it reached rows younger than the cutoff. */
  readonly done: boolean;
  readonly removed: number;
  /** Attempts removed with their deliveries (webhook deliveries only). */
  readonly attempts: number;
}

/** The outcome of a batch of `batch` rows that found `found` (undefined: its statement answered no row). */
export function batchOutcome(found: RemovedBatch | undefined, batch: number): BatchOutcome {
  if (found === undefined) return { last: null, done: true, removed: 0, attempts: 0 };
  return {
    last: found.last,
    done: found.scanned < batch || found.reachedYoung,
    removed: found.removed,
    attempts: found.attempts,
  };
}

/** A player event of a game in one of these states is kept whatever its age. */
export const RUNNING_STATUSES: readonly GameStatusName[] = GAME_STATUSES.filter(
  (status) => status === 'WAITING' || status === 'ACTIVE',
);

const DAY_MS = 86_400_000;

/** Rows created before this are removed: `days` before `now`. */
export function retentionCutoff(now: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`retention of ${days} days`);
  return new Date(now.getTime() - days * DAY_MS);
}

/** `a` plus `b`, table by table. */
export function addReports(a: RetentionReport, b: RetentionReport): RetentionReport {
  return {
    webhook_deliveries: a.webhook_deliveries + b.webhook_deliveries,
    webhook_delivery_attempts: a.webhook_delivery_attempts + b.webhook_delivery_attempts,
    player_events: a.player_events + b.player_events,
    chat_messages: a.chat_messages + b.chat_messages,
  };
}
