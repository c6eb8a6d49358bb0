/**
 * How the app connects to Postgres (docs/operations.md#settings). Every pool and client of the running service
 * is made here, with client-side timeouts: while Postgres is stopped (or a network path is cut) the server cannot
 * time anything out itself — a `statement_timeout` never fires in a stopped process — so the client must give up.
 */
import { Client, ClientConfig, Pool, PoolClient, PoolConfig } from 'pg';
import type { RuntimeConfig } from '../common/app-config.token';
import type { ConnectionQueue, Release } from './connection-queue';

/**
 * What each connection is for, as `application_name` shows it in pg_stat_activity: `malice` (queries; the
 * background workers' pool: `malice worker`, src/db/pools.ts), `malice listen`, `malice probe`.
 */
export type ConnectionRole = 'malice' | 'malice worker' | 'malice listen' | 'malice probe';

/**
 * node-postgres settings for one connection of the app to `config.databaseUrl` — or, for the LISTEN connection,
 * which needs a session of its own, to DATABASE_DIRECT_URL when a pooler stands in front (docs/operations.md#failover);
 * or to `url` when given (a read replica's, src/db/replicas.ts), with the same timeouts.
 */
export function connectionSettings(
  config: RuntimeConfig,
  role: ConnectionRole = 'malice',
  url?: string,
): ClientConfig {
  const { connectTimeoutMs, queryTimeoutMs, keepAliveMs, directUrl } = config.database;
  const primary = role === 'malice listen' && directUrl !== null ? directUrl : config.databaseUrl;
  return {
    connectionString: url ?? primary,
    application_name: role,
    // Opening a connection. pg-pool also bounds its own wait for a free connection by this; a pool with a
    // ConnectionQueue in front never makes it wait (src/db/connection-queue.ts: DATABASE_QUEUE_MS bounds that).
    connectionTimeoutMillis: connectTimeoutMs,
    // Client side: the query's promise fails; the connection is then dropped (pg-pool removes a client that
    // failed a query), and Postgres may still run the statement when it runs again (docs/operations.md).
    query_timeout: queryTimeoutMs,
    keepAlive: keepAliveMs > 0,
    keepAliveInitialDelayMillis: keepAliveMs,
    // No session settings (no `options`): a pooler in transaction mode hands each transaction whatever server
    // connection is free, so nothing set for a session would follow it (docs/operations.md#failover).
  };
}

/** Told of every failure seen on a connection (the availability service sorts out which ones matter). */
export type FailureObserver = (error: unknown) => void;

type ConnectCallback = Parameters<Pool['connect']>[0];

/**
 * A pg Pool that reports failures and never lets one crash the process. pg-pool emits `error` for an idle
 * client whose connection breaks (Postgres restarting, a connection cut) and a checked-out client emits `error`
 * itself: an EventEmitter `error` without a listener throws, so both get one here, for their whole life.
 *
 * With a ConnectionQueue, every connection is taken through it (pool.connect, pool.query and Prisma's adapter all
 * come through `connect`): a caller waits there for its turn, and the turn ends when the client is released.
 */
export class ObservedPool extends Pool {
  /** Told how long each connection took to get (seconds): waiting for a free one, or opening a new one. */
  private acquired: (seconds: number) => void = () => undefined;

  constructor(
    config: PoolConfig,
    private readonly observe: FailureObserver,
    /** The wait for a turn (null: pg-pool's own queue, bounded by the connect timeout). */
    readonly queue: ConnectionQueue | null = null,
  ) {
    super(config);
    this.on('error', (error) => observe(error));
    this.on('connect', (client) => client.on('error', (error) => observe(error)));
    // A client released with an error: a query through pool.query failed (pg-pool then drops the client).
    this.on('release', (error: unknown) => {
      if (error instanceof Error) observe(error);
    });
  }

  /** Where the time to get each connection goes (the metrics: malice_db_pool_acquire_seconds). */
  onAcquired(listener: (seconds: number) => void): void {
    this.acquired = listener;
  }

  /**
   * Callers waiting for a connection: in the queue in front, and in pg-pool's own (malice_db_pool_waiting).
   * pg-pool's `waitingCount` counts only its own, which the queue keeps empty.
   */
  get waiting(): number {
    return this.waitingCount + (this.queue?.waiting ?? 0);
  }

  // Connection failures (refused, timed out) happen before there is a client to release: seen here. pool.query
  // connects through the callback form.
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const connected = this.take();
    if (callback === undefined) return connected;
    connected.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  private async take(): Promise<PoolClient> {
    const asked = performance.now();
    // The queue's refusals are this copy's own answer, not a failure seen on a connection: not observed.
    const release: Release = this.queue === null ? () => undefined : await this.queue.acquire();
    let client: PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      release();
      this.observe(error);
      throw error;
    }
    this.acquired((performance.now() - asked) / 1000);
    // pg-pool gives each checkout a fresh `release`: the turn ends with it, once the client is back in the pool
    // (or dropped), so that the next caller finds it there.
    const giveBack = client.release;
    let given = false;
    client.release = (error?: Error | boolean) => {
      const first = !given;
      given = true;
      try {
        giveBack(error);
      } finally {
        if (first) release();
      }
    };
    return client;
  }
}

/** A pool of up to `max` connections with the app's settings, to `url` when given (a replica's). */
export function observedPool(
  config: RuntimeConfig,
  max: number,
  observe: FailureObserver,
  role: ConnectionRole = 'malice',
  url?: string,
): ObservedPool {
  return new ObservedPool({ ...connectionSettings(config, role, url), max }, observe);
}

/** A single connection with the app's settings (the event bus's LISTEN connection, probes). */
export function observedClient(
  config: RuntimeConfig,
  role: ConnectionRole,
  observe: FailureObserver,
): Client {
  const client = new Client(connectionSettings(config, role));
  client.on('error', (error) => observe(error));
  return client;
}
