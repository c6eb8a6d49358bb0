/**
 * `vacations`: the vacations module writes its table here and nowhere else. Starting and ending a vacation are
 * decided under a lock per player (an advisory lock), so that two at once cannot both pass the allowance.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { transaction } from '../db/transaction';
import { PrismaService } from '../prisma/prisma.service';
import { WINDOW_DAYS, type TakenVacation } from './vacation-policy';

/** A turn of a player away, whose clock may not follow their time away yet. */
export interface AwayTurn {
  readonly gameId: string;
  readonly playerId: string;
}

interface VacationRow {
  id: string;
  starts_at: Date;
  ends_at: Date;
  days: number;
  ended_at: Date | null;
}

const VACATIONS_OF = `
  SELECT id, starts_at, ends_at, days, ended_at FROM vacations
   WHERE player_id = $1 AND starts_at > $2::timestamptz - interval '${WINDOW_DAYS + 1} days'
   ORDER BY starts_at`;

/**
 * Active games with a time control whose player to move is away now and whose turn began while away, with a
 * deadline before the end of the time away plus a turn: the turns whose clocks the sweeper moves.
 */
const AWAY_TURNS = `
  SELECT g.id AS game_id, g.current_player_id AS player_id
    FROM games g JOIN vacations v ON v.player_id = g.current_player_id
   WHERE g.status = 'ACTIVE' AND g.seconds_per_move IS NOT NULL AND g.vacation_pauses
     AND v.starts_at <= $1 AND coalesce(v.ended_at, v.ends_at) > $1
     AND g.turn_started_at >= v.starts_at
     AND g.deadline < coalesce(v.ended_at, v.ends_at) + g.seconds_per_move * interval '1 second'
   LIMIT 100`;

function vacationOf(row: VacationRow): TakenVacation {
  return { id: row.id, startsAt: row.starts_at, endsAt: row.ends_at, days: row.days, endedAt: row.ended_at };
}

/** A player's vacations, read under their lock (VacationsRepository.locked). */
export class LockedVacations {
  constructor(
    private readonly client: PoolClient,
    private readonly playerId: string,
  ) {}

  async list(now: Date): Promise<TakenVacation[]> {
    const { rows } = await this.client.query<VacationRow>(VACATIONS_OF, [this.playerId, now]);
    return rows.map(vacationOf);
  }

  async insert(startsAt: Date, endsAt: Date, days: number): Promise<void> {
    await this.client.query(
      'INSERT INTO vacations (id, player_id, starts_at, ends_at, days) VALUES ($1, $2, $3, $4, $5)',
      [randomUUID(), this.playerId, startsAt, endsAt, days],
    );
  }

  async end(id: string, at: Date): Promise<void> {
    await this.client.query('UPDATE vacations SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [
      id,
      at,
    ]);
  }
}

@Injectable()
export class VacationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Runs `work` on the player's vacations under their lock, in one transaction. */
  locked<T>(playerId: string, work: (vacations: LockedVacations) => Promise<T>): Promise<T> {
    return transaction(this.prisma.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('malice.vacation:' || $1))", [playerId]);
      return work(new LockedVacations(client, playerId));
    });
  }

  /** The player's vacations begun in the last WINDOW_DAYS (and a day), oldest first. */
  async vacationsOf(playerId: string, now: Date): Promise<TakenVacation[]> {
    const { rows } = await this.prisma.pool.query<VacationRow>(VACATIONS_OF, [playerId, now]);
    return rows.map(vacationOf);
  }

  /** When the player's time away running at `now` ends; null when they are not away. */
  async awayUntil(playerId: string, now: Date): Promise<Date | null> {
    const { rows } = await this.prisma.pool.query<{ until: Date }>(
      `SELECT coalesce(ended_at, ends_at) AS until FROM vacations
        WHERE player_id = $1 AND starts_at <= $2 AND coalesce(ended_at, ends_at) > $2
        ORDER BY starts_at DESC LIMIT 1`,
      [playerId, now],
    );
    return rows[0]?.until ?? null;
  }

  /** See AWAY_TURNS. */
  async awayTurns(now: Date): Promise<AwayTurn[]> {
    const { rows } = await this.prisma.pool.query<{ game_id: string; player_id: string }>(AWAY_TURNS, [now]);
    return rows.map((row) => ({ gameId: row.game_id, playerId: row.player_id }));
  }
}
