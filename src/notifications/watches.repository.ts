/**
 * `game_watches` and `player_watches` (migration 20261129200000_event_watches): the rows of what each app copy
 * listens for, kept by src/notifications/watch-registry.ts. A watch is taken by the database's own `watch_game` /
 * `watch_player`, which wait for changes in flight to commit; the rest are plain statements on this copy's rows and
 * on expired ones. Each kind's statements are spelled out, table by table.
 */
import type { Pool } from 'pg';
import type { WatchKind } from './watch-registry';

interface WatchStatements {
  /** Takes (or renews) the watch of `$1` for copy `$2`, leased for `$3`. */
  readonly take: string;
  /** Every row of copy `$1`. */
  readonly removeCopy: string;
  /** Copy `$1`'s rows of the ids `$2`. */
  readonly remove: string;
  /** Renews copy `$1`'s rows for `$2`, answering the ids renewed. */
  readonly renew: string;
  /** Every copy's rows whose lease ran out. */
  readonly removeExpired: string;
}

const STATEMENTS: Readonly<Record<WatchKind, WatchStatements>> = {
  game: {
    take: 'SELECT watch_game($1::uuid, $2::uuid, $3::interval)',
    removeCopy: 'DELETE FROM game_watches WHERE copy_id = $1',
    remove: 'DELETE FROM game_watches WHERE copy_id = $1 AND game_id = ANY($2::uuid[])',
    renew:
      'UPDATE game_watches SET expires_at = now() + $2::interval WHERE copy_id = $1 RETURNING game_id AS id',
    removeExpired: 'DELETE FROM game_watches WHERE expires_at < now()',
  },
  player: {
    take: 'SELECT watch_player($1::uuid, $2::uuid, $3::interval)',
    removeCopy: 'DELETE FROM player_watches WHERE copy_id = $1',
    remove: 'DELETE FROM player_watches WHERE copy_id = $1 AND player_id = ANY($2::uuid[])',
    renew:
      'UPDATE player_watches SET expires_at = now() + $2::interval WHERE copy_id = $1 RETURNING player_id AS id',
    removeExpired: 'DELETE FROM player_watches WHERE expires_at < now()',
  },
};

/** Over the event bus's own pool (src/notifications/event-bus.ts). */
export class WatchesRepository {
  constructor(private readonly pool: Pool) {}

  /** Takes or renews copy `copyId`'s watch of `id` for `lease` (a Postgres interval). */
  async take(kind: WatchKind, id: string, copyId: string, lease: string): Promise<void> {
    await this.pool.query(STATEMENTS[kind].take, [id, copyId, lease]);
  }

  async removeCopy(kind: WatchKind, copyId: string): Promise<void> {
    await this.pool.query(STATEMENTS[kind].removeCopy, [copyId]);
  }

  async remove(kind: WatchKind, copyId: string, ids: readonly string[]): Promise<void> {
    await this.pool.query(STATEMENTS[kind].remove, [copyId, ids]);
  }

  /** Renews every row of copy `copyId` for `lease`; the ids it still has. */
  async renew(kind: WatchKind, copyId: string, lease: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>(STATEMENTS[kind].renew, [copyId, lease]);
    return rows.map((row) => row.id);
  }

  async removeExpired(kind: WatchKind): Promise<void> {
    await this.pool.query(STATEMENTS[kind].removeExpired);
  }
}
