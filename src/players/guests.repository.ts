/**
 * Guests' rows (src/players/guest-policy.ts): the count of guests started per address in `guest_starts` (the only
 * code that writes it), and the guest accounts' own changes to `players` — made, kept with a name and password,
 * found once left alone. Addresses are stored as their SHA-256 only, as the sign-in throttle's are
 * (src/auth/login-failures.repository.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TokensRepository } from '../auth/tokens.repository';
import { transaction } from '../db/transaction';
import { PrismaService } from '../prisma/prisma.service';

/** A day: the window of guest_starts' counts. */
const DAY_MS = 86_400_000;

@Injectable()
export class GuestsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokensRepository,
  ) {}

  /**
   * Counts one more guest from `address` at `now` when fewer than `limit` were started from it in the count's day
   * (a count a day old starts again at one); whether it was counted. One statement per row, so starts at once on
   * several copies never pass the limit together. Counts over a day old go a few at a time with each start.
   */
  async countStart(address: string, limit: number, now: Date): Promise<boolean> {
    const key = createHash('sha256').update(`guest:${address}`).digest('hex');
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const { rows } = await this.prisma.pool.query(
      `WITH counted AS (
         INSERT INTO guest_starts AS s (key_hash, count, window_start) VALUES ($1, 1, $2)
         ON CONFLICT (key_hash) DO UPDATE
           SET count = CASE WHEN s.window_start <= $3 THEN 1 ELSE s.count + 1 END,
               window_start = CASE WHEN s.window_start <= $3 THEN $2 ELSE s.window_start END
           WHERE s.window_start <= $3 OR s.count < $4
         RETURNING 1)
       , pruned AS (
         DELETE FROM guest_starts WHERE key_hash IN (
           SELECT key_hash FROM guest_starts WHERE window_start <= $3 AND key_hash <> $1 LIMIT 100))
       SELECT count(*)::int AS counted FROM counted`,
      [key, now, dayAgo, limit],
    );
    return (rows[0] as { counted: number }).counted === 1;
  }

  /** Makes a guest account named `username` at `now`: its id. A name taken throws 23505. */
  async insertGuest(username: string, now: Date): Promise<string> {
    const id = randomUUID();
    await this.prisma.pool.query(
      `INSERT INTO players (id, username, username_key, password_hash, guest_since, created_at)
       VALUES ($1::uuid, $2, $3, NULL, $4, $4)`,
      [id, username, username.toLowerCase(), now],
    );
    return id;
  }

  /**
   * The guest keeps its account: the new name and password, and no longer a guest — the same row, so its games,
   * history and sessions stay. False when the account is no live guest (kept already, or deleted). A name taken
   * throws 23505. Every app copy hears that the account's tokens now speak for someone else (a full account, under
   * another name), so no cached lookup keeps treating it as a guest.
   */
  async keep(playerId: string, username: string, passwordHash: string): Promise<boolean> {
    return transaction(this.prisma.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE players SET username = $2, username_key = $3, password_hash = $4, guest_since = NULL
          WHERE id = $1::uuid AND guest_since IS NOT NULL AND deleted_at IS NULL`,
        [playerId, username, username.toLowerCase(), passwordHash],
      );
      if (rowCount !== 1) return false;
      this.tokens.announceChangedOn(client, playerId);
      return true;
    });
  }

  /**
   * Up to `limit` live guests with no activity since `before`: started before it, no session used since, and no
   * game of theirs changed since.
   */
  async leftAlone(before: Date, limit: number): Promise<string[]> {
    const { rows } = await this.prisma.pool.query<{ id: string }>(
      `SELECT p.id FROM players p
        WHERE p.guest_since IS NOT NULL AND p.deleted_at IS NULL AND p.guest_since < $1
          AND NOT EXISTS (SELECT 1 FROM tokens t WHERE t.player_id = p.id AND t.last_used_at >= $1)
          AND NOT EXISTS (SELECT 1 FROM game_players gp JOIN games g ON g.id = gp.game_id
                           WHERE gp.player_id = p.id AND g.updated_at >= $1)
        ORDER BY p.guest_since
        LIMIT $2`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }
}
