/**
 * Whether the database can be reached, known without asking it on every request (docs/operations.md#outages).
 *
 * - Every pool and connection of the app reports its failures here (src/db/connections.ts). A connection failure
 *   or a client-side timeout makes this copy try the database at once with a fresh connection and `SELECT 1`:
 *   an answer keeps it `up` (a single slow query is no outage), none marks it `down`.
 * - While `down`, the database is tried again every DATABASE_PROBE_INTERVAL_MS; the first answer marks it `up`.
 * - While it is down, an operation is refused at once (UNAVAILABLE: the access gate asks `databaseUp`, and
 *   src/errors/api-error.ts makes the error), so that nothing waits for a timeout it is sure to reach; readiness
 *   (`GET /health/ready`) adds the event bus's LISTEN connection, without which pushes would wait for its
 *   reconnection. The query pools go by it too: while the
 *   database is down they hand out no connection, and those waiting for one are refused when it goes down
 *   (src/db/connection-queue.ts).
 *
 * Each change is logged once: when the database went down (and why), and when it answered again.
 */
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { databaseFailureOf, describeFailure, isConnectionFailure } from './connection-errors';
import { observedClient } from './connections';
import { onPool } from './pools';

export type Reachability = 'up' | 'down';

export interface Readiness {
  readonly ready: boolean;
  /** Queries can be made. */
  readonly database: Reachability;
  /** The event bus listens for announcements (pushes to subscribers, other copies' changes). */
  readonly listen: Reachability;
  /** The copy is shutting down (src/serve.ts): not ready, whatever the database, so a balancer stops sending. */
  readonly stopping: boolean;
}

@Injectable()
export class DatabaseAvailability implements OnModuleDestroy {
  private readonly logger = new Logger('Database');
  private database: Reachability = 'up';
  private listen: Reachability = 'down';
  /** When the database was marked down, for the log line when it is back. */
  private downSince = 0;
  private probing = false;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly onUp = new Set<() => void>();
  private readonly onDown = new Set<() => void>();
  private stopping = false;

  constructor(@Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig) {}

  onModuleDestroy(): void {
    this.closed = true;
    if (this.retry !== null) clearTimeout(this.retry);
  }

  /**
   * A failure seen on a connection to the database (anything else is ignored, this copy's own refusals too). The
   * check it starts, and what follows it (the LISTEN connection made again, the pushes), is nobody's background
   * work: it runs on the user pool whatever work saw the failure (src/db/pools.ts).
   */
  observe(error: unknown): void {
    if (this.closed || !isConnectionFailure(databaseFailureOf(error))) return;
    onPool('user', () => this.check());
  }

  get databaseUp(): boolean {
    return this.database === 'up';
  }

  readiness(): Readiness {
    return {
      ready: this.database === 'up' && this.listen === 'up' && !this.stopping,
      database: this.database,
      listen: this.listen,
      stopping: this.stopping,
    };
  }

  /** The first step of a shutdown: readiness turns false, while requests are still answered. */
  stop(): void {
    this.stopping = true;
  }

  /** The event bus's LISTEN connection is up (listening on every channel) or lost. */
  setListening(up: boolean): void {
    this.listen = up ? 'up' : 'down';
  }

  /** Called each time the database answers again after it was down; returns the unsubscribe. */
  whenUp(listener: () => void): () => void {
    this.onUp.add(listener);
    return () => this.onUp.delete(listener);
  }

  /** Called each time the database is marked down (the pools refuse whoever waits); returns the unsubscribe. */
  whenDown(listener: () => void): () => void {
    this.onDown.add(listener);
    return () => this.onDown.delete(listener);
  }

  /**
   * Tries the database now, unless a try is under way or (while it is down) the next one is already set; and
   * keeps trying, every DATABASE_PROBE_INTERVAL_MS, while it does not answer.
   */
  private check(): void {
    if (this.probing || this.retry !== null || this.closed) return;
    this.probing = true;
    void this.probe().then((failure) => {
      this.probing = false;
      if (this.closed) return;
      if (failure === null) {
        this.markUp();
        return;
      }
      this.markDown(failure);
      this.retry = setTimeout(() => {
        this.retry = null;
        this.check();
      }, this.config.database.probeIntervalMs);
      this.retry.unref();
    });
  }

  /** Null when the database answered; else why not. Never rejects. */
  private async probe(): Promise<unknown> {
    const client = observedClient(this.config, 'malice probe', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return null;
    } catch (error) {
      return error;
    } finally {
      // Not awaited: with Postgres stopped, a connection's end waits for Postgres to run again.
      client.end().catch(() => undefined);
    }
  }

  private markDown(cause: unknown): void {
    if (this.database === 'down') return;
    this.database = 'down';
    this.downSince = Date.now();
    this.logger.warn(
      `the database is unavailable (${describeFailure(cause)}): operations are refused with UNAVAILABLE until it answers again`,
    );
    for (const listener of this.onDown) listener();
  }

  private markUp(): void {
    if (this.database === 'up') return;
    this.database = 'up';
    this.logger.warn(
      `the database answers again, after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s`,
    );
    for (const listener of this.onUp) listener();
  }
}
