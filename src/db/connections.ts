/**
 * How the app connects to Postgres (docs/operations.md#settings). Every pool and client of the running service
 * is made here, with client-side timeouts: while Postgres is stopped (or a network path is cut) the server cannot
 * time anything out itself — a `statement_timeout` never fires in a stopped process — so the client must give up.
 */
import { Client, ClientConfig, Pool, PoolClient, PoolConfig } from 'pg';
import type { RuntimeConfig } from '../common/app-config.token';
import { notifierOption } from '../notifications/notification-writer';

/** What each connection is for, as `application_name` shows it in pg_stat_activity. */
export type ConnectionRole = 'malice' | 'malice listen' | 'malice probe';

/** node-postgres settings for one connection of the app to `config.databaseUrl`. */
export function connectionSettings(config: RuntimeConfig, role: ConnectionRole = 'malice'): ClientConfig {
  const { connectTimeoutMs, queryTimeoutMs, keepAliveMs } = config.database;
  return {
    connectionString: config.databaseUrl,
    application_name: role,
    connectionTimeoutMillis: connectTimeoutMs,
    // Client side: the query's promise fails; the connection is then dropped (pg-pool removes a client that
    // failed a query), and Postgres may still run the statement when it runs again (docs/operations.md).
    query_timeout: queryTimeoutMs,
    keepAlive: keepAliveMs > 0,
    keepAliveInitialDelayMillis: keepAliveMs,
    // The app writes every change's player notifications itself: the triggers kept for older app copies must
    // not write them again (src/notifications/notification-writer.ts).
    options: notifierOption('app'),
  };
}

/** Told of every failure seen on a connection (the availability service sorts out which ones matter). */
export type FailureObserver = (error: unknown) => void;

type ConnectCallback = Parameters<Pool['connect']>[0];

/**
 * A pg Pool that reports failures and never lets one crash the process. pg-pool emits `error` for an idle
 * client whose connection breaks (Postgres restarting, a connection cut) and a checked-out client emits `error`
 * itself: an EventEmitter `error` without a listener throws, so both get one here, for their whole life.
 */
export class ObservedPool extends Pool {
  /** Told how long each connection took to get (seconds): waiting for a free one, or opening a new one. */
  private acquired: (seconds: number) => void = () => undefined;

  constructor(
    config: PoolConfig,
    private readonly observe: FailureObserver,
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

  // Connection failures (refused, timed out) happen before there is a client to release: seen here. pool.query
  // connects through the callback form.
  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const asked = performance.now();
    const took = (): void => this.acquired((performance.now() - asked) / 1000);
    if (callback === undefined) {
      return super.connect().then(
        (client) => {
          took();
          return client;
        },
        (error: unknown) => {
          this.observe(error);
          throw error;
        },
      );
    }
    super.connect((error, client, done) => {
      if (error !== undefined && error !== null) this.observe(error);
      else took();
      callback(error, client, done);
    });
  }
}

/** A pool of up to `max` connections with the app's settings. */
export function observedPool(config: RuntimeConfig, max: number, observe: FailureObserver): ObservedPool {
  return new ObservedPool({ ...connectionSettings(config), max }, observe);
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
