/**
 * The deadline sweeper (docs/correspondence.md#the-deadline-sweeper). Every app copy runs one. Each pass:
 * - claims the games whose turn ran out (FOR UPDATE SKIP LOCKED and a short claim mark, so the copies share the
 *   work) and times them out through GamesService.timeOut: the normal command path with the version it saw as
 *   expectedVersion, so even a game two sweepers reach is timed out exactly once;
 * - sends one REMINDER per turn once 80 % of its time is used: a single statement claims the due games with
 *   FOR UPDATE SKIP LOCKED, marks the turn reminded and writes the player event, so no two copies remind twice.
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { databaseFailureOf, describeFailure } from '../db/connection-errors';
import { transaction } from '../db/transaction';
import { GamesService } from '../games/games.service';
import { PrismaService } from '../prisma/prisma.service';
import { writeNotifications } from '../events/notification-writer';
import { notificationsOf } from '../games/domain/notifications';

/** The share of a turn's time after which the player is reminded. */
export const REMINDER_SHARE = 0.8;
const BATCH = 100;

/** How long a claim keeps other sweepers off a game: ample for one timeout, short if this copy dies. */
const CLAIM_SECONDS = 30;

// Claims the due games no other sweeper holds: SKIP LOCKED passes over rows another copy is claiming right now,
// the mark over rows it claimed a moment ago.
const CLAIM_DUE_GAMES = `
  WITH due AS (
    SELECT id FROM games
     WHERE status = 'ACTIVE' AND deadline <= $1
       AND (sweep_claimed_until IS NULL OR sweep_claimed_until < $1)
     ORDER BY deadline
     LIMIT ${BATCH}
     FOR UPDATE SKIP LOCKED)
  UPDATE games g SET sweep_claimed_until = $1::timestamptz + interval '${CLAIM_SECONDS} seconds'
    FROM due WHERE g.id = due.id
  RETURNING g.id, g.version`;

const REMIND = `
  WITH due AS (
    SELECT id FROM games
     WHERE status = 'ACTIVE' AND deadline > $1
       AND turn_started_at + seconds_per_move * ${REMINDER_SHARE} * interval '1 second' <= $1
       AND (reminded_turn_at IS NULL OR reminded_turn_at < turn_started_at)
     LIMIT ${BATCH}
     FOR UPDATE SKIP LOCKED),
  reminded AS (
    UPDATE games g SET reminded_turn_at = g.turn_started_at
      FROM due WHERE g.id = due.id
    RETURNING g.id, g.current_player_id)
  SELECT id, current_player_id FROM reminded`;

export interface SweepReport {
  readonly timedOut: number;
  readonly aborted: number;
  readonly reminded: number;
}

@Injectable()
export class DeadlineSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DeadlineSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepReport> | null = null;

  constructor(
    private readonly games: GamesService,
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly availability: DatabaseAvailability,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {}

  onApplicationBootstrap(): void {
    const interval = this.config.workers.sweepIntervalMs;
    if (interval === 0) return;
    this.timer = setInterval(() => {
      // While the database is down the passes wait (its outage is logged once); a deadline that ran out
      // meanwhile is found by the first pass after it (docs/operations.md#outages).
      if (!this.availability.databaseUp) return;
      this.sweep().catch((error: unknown) =>
        databaseFailureOf(error) === null
          ? this.logger.error(`sweep failed: ${String(error)}`)
          : this.logger.warn(`sweep failed, the database is unavailable: ${describeFailure(error)}`),
      );
    }, interval);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer !== null) clearInterval(this.timer);
  }

  /**
   * One pass, at `at` (default: now; the test clock passes the time it set, so that a pass asked for one
   * millisecond before a deadline never sees the deadline). A pass asked for while one runs waits for it.
   */
  async sweep(at?: Date): Promise<SweepReport> {
    while (this.running !== null) await this.running.catch(() => undefined);
    this.running = this.pass(at ?? this.clock.now());
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private async pass(now: Date): Promise<SweepReport> {
    let timedOut = 0;
    let aborted = 0;
    const { rows } = await this.prisma.pool.query<{ id: string; version: number }>(CLAIM_DUE_GAMES, [now]);
    for (const row of rows) {
      try {
        const outcome = await this.games.timeOut(row.id, row.version);
        if (outcome === 'timedOut') timedOut++;
        if (outcome === 'aborted') aborted++;
      } catch (error) {
        // The claim lapses after CLAIM_SECONDS: the game is timed out by a later pass.
        if (databaseFailureOf(error) !== null) throw error;
        this.logger.error(`timing out game ${row.id} failed: ${String(error)}`);
      }
    }
    // The reminders are marked and told in one transaction: a turn is reminded once, and never silently.
    const reminded = await transaction(this.prisma.pool, async (client) => {
      const { rows: due } = await client.query<{ id: string; current_player_id: string }>(REMIND, [now]);
      const told = due.flatMap((game) =>
        notificationsOf(game.id, [{ type: 'reminded', playerId: game.current_player_id }]),
      );
      await writeNotifications(client, told, now);
      return due.length;
    });
    return { timedOut, aborted, reminded };
  }
}
