/**
 * The broker transport (src/events/transport.ts): core NATS, when `EVENTS_URL` is `nats://…` (chosen over Redis
 * pub/sub by measurement: docs/scaling.md#choosing-the-broker). Each announcement channel is a subject; every copy
 * subscribes to all of them and fans out to its own subscribers (the event bus). Core NATS delivers at most once —
 * enough, since every listener catches up from Postgres after a loss (src/notifications/event-bus.ts) — and needs
 * no JetStream, so any NATS server of version 2 will do (Debian's is 2.9).
 *
 * The client reconnects by itself, for ever; while it is away, what this copy publishes waits in the client's
 * buffer and goes out on reconnection, and what other copies published meanwhile is lost to this one: the listener
 * hears `lost` at the disconnection and `back` once the subscriptions stand again on the server.
 */
import { Logger } from '@nestjs/common';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { ANNOUNCEMENT_CHANNELS, ANNOUNCEMENT_KINDS, type Announcement } from './announcements';
import { EventTransport, type TransportListener } from './transport';

/** How long a connection attempt and a flush may take before the broker counts as unreachable. */
const TIMEOUT_MS = 2000;
/** Between reconnection attempts; every attempt is made, for ever. */
const RECONNECT_WAIT_MS = 250;
/** A broker that answers no ping for two intervals counts as lost (a cut path says nothing). */
const PING_INTERVAL_MS = 2000;

export class NatsTransport extends EventTransport {
  readonly name = 'nats';
  private readonly logger = new Logger(NatsTransport.name);
  private connection: NatsConnection | null = null;
  private subscriptions: Subscription[] = [];
  private listener: TransportListener | null = null;
  private stopping = false;
  /** Catching up after a reconnection failed: tried again after this delay. */
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly servers: readonly string[]) {
    super();
  }

  async start(listener: TransportListener): Promise<void> {
    this.listener = listener;
    const connection = await connect({
      servers: [...this.servers],
      name: 'malice',
      timeout: TIMEOUT_MS,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: RECONNECT_WAIT_MS,
      pingInterval: PING_INTERVAL_MS,
      maxPingOut: 2,
    });
    this.connection = connection;
    this.subscriptions = ANNOUNCEMENT_KINDS.map((kind) =>
      connection.subscribe(ANNOUNCEMENT_CHANNELS[kind], {
        callback: (error, message) => {
          if (error === null) listener.message(kind, message.string());
        },
      }),
    );
    // Subscribed once the server has them: from here on, whatever any copy publishes reaches this one.
    await connection.flush();
    void this.follow(connection);
  }

  async publish(announcements: readonly Announcement[]): Promise<void> {
    const connection = this.connection;
    if (connection === null || connection.isClosed()) throw new Error('not connected to the broker');
    for (const { channel, payload } of announcements) connection.publish(channel, payload);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.retry !== null) clearTimeout(this.retry);
    const connection = this.connection;
    this.connection = null;
    // Drain: what this copy published is handed to the server before the connection closes.
    await connection?.drain().catch(() => connection.close());
  }

  /** Follows the connection's status: lost on a disconnection, back once the subscriptions stand again. */
  private async follow(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (this.stopping) return;
      switch (status.type) {
        case 'disconnect':
        case 'staleConnection':
          this.listener?.lost(`the broker connection was lost (${status.type})`);
          break;
        case 'reconnect':
          this.catchUp(connection);
          break;
        default:
          break;
      }
    }
  }

  /** Once the server has the subscriptions again (a flush answered), the listener catches up. */
  private catchUp(connection: NatsConnection): void {
    if (this.stopping) return;
    void connection
      .flush()
      .then(() => this.listener?.back())
      .catch((error: unknown) => {
        this.logger.warn(`catching up after the broker came back failed: ${String(error)}; trying again`);
        this.retry = setTimeout(() => {
          this.retry = null;
          this.catchUp(connection);
        }, RECONNECT_WAIT_MS * 4);
        this.retry.unref();
      });
  }
}
