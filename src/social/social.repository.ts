/**
 * `follows` and `blocks` (docs/social.md): the only code that writes them. A block and the end of the follows
 * between the two are one statement, so nobody is ever seen following someone they block.
 */
import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { PLAYER_FIELDS, type PlayerRecord } from '../players/players.repository';

/** Which of the player's relations a list reads. */
export type RelationList = 'following' | 'followers' | 'friends' | 'blocked';

@Injectable()
export class SocialRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** `follower` follows `followee` from `at` (again: nothing changes). */
  async follow(followerId: string, followeeId: string, at: Date): Promise<void> {
    await this.prisma.pool.query(
      `INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1::uuid, $2::uuid, $3)
       ON CONFLICT DO NOTHING`,
      [followerId, followeeId, at],
    );
  }

  /** Whether there was a follow to end. */
  async unfollow(followerId: string, followeeId: string): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      'DELETE FROM follows WHERE follower_id = $1::uuid AND followee_id = $2::uuid',
      [followerId, followeeId],
    );
    return rowCount === 1;
  }

  /** `blocker` blocks `blocked` from `at`, and the follows between the two end, both ways, in one statement. */
  async block(blockerId: string, blockedId: string, at: Date): Promise<void> {
    await this.prisma.pool.query(
      `WITH unfollowed AS (
         DELETE FROM follows
          WHERE (follower_id = $1::uuid AND followee_id = $2::uuid)
             OR (follower_id = $2::uuid AND followee_id = $1::uuid))
       INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1::uuid, $2::uuid, $3)
       ON CONFLICT DO NOTHING`,
      [blockerId, blockedId, at],
    );
  }

  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      'DELETE FROM blocks WHERE blocker_id = $1::uuid AND blocked_id = $2::uuid',
      [blockerId, blockedId],
    );
    return rowCount === 1;
  }

  /** How many the player follows and blocks. */
  async counts(playerId: string): Promise<{ readonly following: number; readonly blocking: number }> {
    const { rows } = await this.prisma.pool.query<{ following: number; blocking: number }>(
      `SELECT (SELECT count(*)::int FROM follows WHERE follower_id = $1::uuid) AS following,
              (SELECT count(*)::int FROM blocks WHERE blocker_id = $1::uuid) AS blocking`,
      [playerId],
    );
    return rows[0]!;
  }

  /** How `me` and `them` stand: each follow and block, from either side. */
  async between(
    me: string,
    them: string,
  ): Promise<{
    readonly follows: boolean;
    readonly followedBy: boolean;
    readonly blocks: boolean;
    readonly blockedBy: boolean;
  }> {
    const { rows } = await this.prisma.pool.query<{
      follows: boolean;
      followed_by: boolean;
      blocks: boolean;
      blocked_by: boolean;
    }>(
      `SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = $1::uuid AND followee_id = $2::uuid) AS follows,
              EXISTS (SELECT 1 FROM follows WHERE follower_id = $2::uuid AND followee_id = $1::uuid) AS followed_by,
              EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $1::uuid AND blocked_id = $2::uuid) AS blocks,
              EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $2::uuid AND blocked_id = $1::uuid) AS blocked_by`,
      [me, them],
    );
    const row = rows[0]!;
    return {
      follows: row.follows,
      followedBy: row.followed_by,
      blocks: row.blocks,
      blockedBy: row.blocked_by,
    };
  }

  /** Whether either of the two blocks the other. */
  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const { rows } = await this.prisma.pool.query<{ blocked: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = $1::uuid AND blocked_id = $2::uuid)
                                             OR (blocker_id = $2::uuid AND blocked_id = $1::uuid)) AS blocked`,
      [a, b],
    );
    return rows[0]!.blocked;
  }

  /** Whether `playerId` blocks any of `others`, or is blocked by any of them. */
  async blockedWithAny(playerId: string, others: readonly string[]): Promise<boolean> {
    if (others.length === 0) return false;
    const { rows } = await this.prisma.pool.query<{ blocked: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM blocks
                       WHERE (blocker_id = $1::uuid AND blocked_id = ANY($2::uuid[]))
                          OR (blocked_id = $1::uuid AND blocker_id = ANY($2::uuid[]))) AS blocked`,
      [playerId, others],
    );
    return rows[0]!.blocked;
  }

  /** The ids of the players `playerId` blocks (their chat messages are left out of what `playerId` reads). */
  async blockedIds(playerId: string): Promise<string[]> {
    const { rows } = await this.prisma.pool.query<{ blocked_id: string }>(
      'SELECT blocked_id FROM blocks WHERE blocker_id = $1::uuid',
      [playerId],
    );
    return rows.map((row) => row.blocked_id);
  }

  /** One of the player's lists, by name (any case order: the caller sorts); at most `limit`. */
  async list(playerId: string, list: RelationList, limit: number): Promise<PlayerRecord[]> {
    const ids = await this.prisma.pool.query<{ id: string }>(LIST_SQL[list], [playerId, limit]);
    const players = await this.prisma.player.findMany({
      where: { id: { in: ids.rows.map((row) => row.id) } },
      select: PLAYER_FIELDS,
      orderBy: { usernameKey: 'asc' },
    });
    return players;
  }

  /**
   * A deleted account's follows, blocks and presence setting, both ways
   * (docs/api/players-and-accounts.md#deleteaccount).
   */
  async eraseOf(playerId: string): Promise<void> {
    await this.prisma.pool.query(
      `WITH f AS (DELETE FROM follows WHERE follower_id = $1::uuid OR followee_id = $1::uuid),
            p AS (DELETE FROM presence_settings WHERE player_id = $1::uuid)
       DELETE FROM blocks WHERE blocker_id = $1::uuid OR blocked_id = $1::uuid`,
      [playerId],
    );
  }

  /**
   * What the player chose, for their own export (docs/api/exports-and-verification.md#get-apimeexport): whom
   * they follow and block, since when, by name; and whether they hide their presence.
   */
  async exportOf(playerId: string): Promise<{
    readonly following: readonly { readonly username: string; readonly since: Date }[];
    readonly blocking: readonly { readonly username: string; readonly since: Date }[];
    readonly presenceHidden: boolean;
  }> {
    const chosen = (sql: string) =>
      this.prisma.pool
        .query<{ username: string; since: Date }>(sql, [playerId])
        .then((result) => result.rows);
    const [following, blocking, presenceHidden] = await Promise.all([
      chosen(`SELECT p.username, f.created_at AS since FROM follows f JOIN players p ON p.id = f.followee_id
               WHERE f.follower_id = $1::uuid ORDER BY f.created_at, p.username_key`),
      chosen(`SELECT p.username, b.created_at AS since FROM blocks b JOIN players p ON p.id = b.blocked_id
               WHERE b.blocker_id = $1::uuid ORDER BY b.created_at, p.username_key`),
      this.presenceHidden(playerId),
    ]);
    return { following, blocking, presenceHidden };
  }

  /** Whether the player hides their presence. */
  async presenceHidden(playerId: string): Promise<boolean> {
    const { rows } = await this.prisma.pool.query<{ hidden: boolean }>(
      'SELECT hidden FROM presence_settings WHERE player_id = $1::uuid',
      [playerId],
    );
    return rows[0]?.hidden ?? false;
  }

  async setPresenceHidden(playerId: string, hidden: boolean, at: Date): Promise<void> {
    await this.prisma.pool.query(
      `INSERT INTO presence_settings (player_id, hidden, updated_at) VALUES ($1::uuid, $2, $3)
       ON CONFLICT (player_id) DO UPDATE SET hidden = EXCLUDED.hidden, updated_at = EXCLUDED.updated_at`,
      [playerId, hidden, at],
    );
  }

  /**
   * The player's presence as the service knows it: null when they hide it; else whether some app copy listens for
   * their events now (player_watches, kept by the notifications module: an open page or client follows `myEvents`
   * there, and a row outlives its last listener by at most a housekeeping pass, a dead copy's by its lease).
   */
  async presence(playerId: string): Promise<boolean | null> {
    const { rows } = await this.prisma.pool.query<{ hidden: boolean; online: boolean }>(
      `SELECT coalesce((SELECT hidden FROM presence_settings WHERE player_id = $1::uuid), false) AS hidden,
              EXISTS (SELECT 1 FROM player_watches WHERE player_id = $1::uuid AND expires_at > now()) AS online`,
      [playerId],
    );
    const row = rows[0]!;
    return row.hidden ? null : row.online;
  }
}

const LIST_SQL: Readonly<Record<RelationList, string>> = {
  following: 'SELECT followee_id AS id FROM follows WHERE follower_id = $1::uuid LIMIT $2',
  followers: 'SELECT follower_id AS id FROM follows WHERE followee_id = $1::uuid LIMIT $2',
  friends: `SELECT f.followee_id AS id FROM follows f
              JOIN follows back ON back.follower_id = f.followee_id AND back.followee_id = f.follower_id
             WHERE f.follower_id = $1::uuid LIMIT $2`,
  blocked: 'SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1::uuid LIMIT $2',
};
