/**
 * The default transport (src/events/transport.ts): Postgres's LISTEN/NOTIFY, so one machine needs nothing but the
 * database. Publishing is one `pg_notify` statement per committed change, on a connection of its own and in a
 * transaction of its own — never the change's: a NOTIFY takes a database-wide lock through its commit, and here that
 * commit writes nothing, so it holds the lock for no WAL flush. Listening is one dedicated connection (a session: a
 * pooler in transaction mode cannot carry it, so behind PgBouncer it goes to DATABASE_DIRECT_URL —
 * docs/operations.md#failover).
 *
 * A NOTIFY made while the LISTEN connection is down reaches nobody (docs/operations.md#outages). So the transport
 * notices a lost connection (an error, its end, or a heartbeat query without an answer), tells its listener, and
 * reconnects with backoff — at once when the database is seen to answer again.
 */
import { Logger } from '@nestjs/common';
import { Client, Pool } from 'pg';
import type { RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { describeFailure } from '../db/connection-errors';
import { observedClient, observedPool } from '../db/connections';
import { ANNOUNCEMENT_CHANNEL_NAMES, kindOfChannel, type Announcement } from './announcements';
import { AnnouncementsRepository } from './announcements.repository';
import { EventTransport, type TransportListener } from './transport';

/** Reconnection waits this long after a loss, doubling after each failed attempt up to the maximum. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5000;
/** How often the LISTEN connection is asked a `SELECT 1`: a connection can die without telling (a cut path). */
export const LISTEN_HEARTBEAT_MS = 5000;

export class PostgresTransport extends EventTransport {
  readonly name = 'postgres';
  private readonly logger = new Logger(PostgresTransport.name);
  private readonly pool: Pool;
  private readonly statements: AnnouncementsRepository;
  private listener: TransportListener | null = null;
  /** The LISTEN connection, while it is up. */
  private client: Client | null = null;
  private stopping = false;
  private reconnecting = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay = RECONNECT_FIRST_MS;
  private heartbeat: NodeJS.Timeout | null = null;
  private beating = false;
  private stopWatchingUp: (() => void) | null = null;

  constructor(
    private readonly config: RuntimeConfig,
    private readonly availability: DatabaseAvailability,
  ) {
    super();
    // One connection: announcements go out in the order their changes committed on this copy.
    this.pool = observedPool(config, 1, (error) => availability.observe(error));
    this.statements = new AnnouncementsRepository(this.pool);
  }

  async start(listener: TransportListener): Promise<void> {
    this.listener = listener;
    await this.listen();
    this.heartbeat = setInterval(() => void this.beat(), LISTEN_HEARTBEAT_MS);
    this.heartbeat.unref();
    // The database answers again: try at once rather than when the backoff says.
    this.stopWatchingUp = this.availability.whenUp(() => this.reconnectNow());
  }

  async publish(announcements: readonly Announcement[]): Promise<void> {
    if (announcements.length === 0) return;
    await this.statements.publish(announcements);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopWatchingUp?.();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    await this.pool.end().catch(() => undefined);
    // A connection's end waits for Postgres to answer: a stopped Postgres must not hold the shutdown up.
    const ending = this.client?.end().catch(() => undefined);
    await Promise.race([ending, sleep(this.config.database.connectTimeoutMs)]);
  }

  /** Opens the LISTEN connection; it becomes `this.client` once it listens on every channel. */
  private async listen(): Promise<Client> {
    const client = observedClient(this.config, 'malice listen', (error) => this.availability.observe(error));
    client.on('notification', (message) => {
      const kind = kindOfChannel(message.channel);
      if (kind !== null) this.listener?.message(kind, message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await this.statements.listen(client, ANNOUNCEMENT_CHANNEL_NAMES);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  /** The LISTEN connection `client` failed or ended: from now on nobody hears announcements until it is back. */
  private lost(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (this.stopping) return;
    this.listener?.lost(
      `the LISTEN connection was lost (${error === null ? 'it ended' : describeFailure(error)})`,
    );
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopping || this.reconnectTimer !== null) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  private reconnectNow(): void {
    if (this.client !== null || this.reconnectTimer === null) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    void this.reconnect();
  }

  /** Listens again, then lets the listener catch up; on any failure, drops the attempt and tries again later. */
  private async reconnect(): Promise<void> {
    if (this.stopping || this.reconnecting || this.client !== null) return;
    this.reconnecting = true;
    try {
      const client = await this.listen();
      await this.listener?.back();
      // Lost again meanwhile: the next attempt catches up again.
      if (this.client !== client) throw new Error('the LISTEN connection was lost again while catching up');
      this.reconnectDelay = RECONNECT_FIRST_MS;
    } catch (error) {
      this.dropClient();
      // While the database is down its own log line says so; a failure with the database up is worth one.
      if (this.availability.databaseUp) {
        this.logger.warn(`reconnecting the LISTEN connection failed: ${describeFailure(error)}`);
      }
      this.scheduleReconnect();
    } finally {
      this.reconnecting = false;
    }
  }

  /** Ends the LISTEN connection, if any: the next attempt opens a new one. */
  private dropClient(): void {
    const client = this.client;
    this.client = null;
    client?.end().catch(() => undefined);
  }

  /** A `SELECT 1` on the LISTEN connection: no answer within the query timeout means it is lost. */
  private async beat(): Promise<void> {
    const client = this.client;
    if (client === null || this.beating || this.stopping) return;
    this.beating = true;
    try {
      await this.statements.heartbeat(client);
    } catch (error) {
      this.availability.observe(error);
      this.lost(client, error);
    } finally {
      this.beating = false;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
