/**
 * The Postgres transport's statements (src/events/postgres-transport.ts): publishing announcements with
 * `pg_notify`, and listening for them on a dedicated connection, with a heartbeat on it.
 */
import type { Client, Pool } from 'pg';
import type { Announcement, AnnouncementChannel } from './announcements';

/** One statement for all the announcements of a commit, in its own (write-free) transaction. */
const PUBLISH =
  'SELECT pg_notify(a.channel, a.payload) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS a(channel, payload, n) ORDER BY a.n';

export class AnnouncementsRepository {
  constructor(private readonly pool: Pool) {}

  async publish(announcements: readonly Announcement[]): Promise<void> {
    await this.pool.query(PUBLISH, [
      announcements.map((each) => each.channel),
      announcements.map((each) => each.payload),
    ]);
  }

  /** Listens on `channels` (names the app chose: they are written into the statement). */
  async listen(client: Client, channels: readonly AnnouncementChannel[]): Promise<void> {
    await client.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
  }

  /** A `SELECT 1` on the LISTEN connection: it fails (or times out) when the connection is lost. */
  async heartbeat(client: Client): Promise<void> {
    await client.query('SELECT 1');
  }
}
