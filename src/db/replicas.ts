/**
 * Streaming read replicas (docs/scaling.md#read-replicas): the reads that may be a little late — history pages,
 * leaderboards, exports of games that are over — are sent to a hot standby of the primary, the rest stays on the
 * primary. This is the one place that knows the replicas; a repository asks it for the pool of such a read
 * (`read`, `readPool`) and the repository alone decides which of its reads those are.
 *
 * - Each replica (DATABASE_REPLICA_URL) gets a pool with the app's connection settings (src/db/connections.ts),
 *   DATABASE_POOL_SIZE connections, and one more connection for its checks, so that busy reads never hold a check up.
 * - Every `checkIntervalMs` each replica is asked whether it is a standby streaming from its primary and how far
 *   its replay lags (src/db/replicas.repository.ts). It is **usable** while it answers, is in recovery, has a WAL
 *   receiver and lags less than DATABASE_REPLICA_MAX_LAG_MS. A replica starts unusable, until its first answer.
 * - Reads take the usable replicas in turn; with none usable they go to the primary. A read that fails on a
 *   replica is run again on the primary, and a connection failure (or time-out) makes the replica unusable until
 *   its next check answers well: a failing replica is skipped, never an error for the client.
 * - A replica's failures are its own: they never reach DatabaseAvailability (src/db/availability.ts), which is
 *   about the primary — a replica down does not make the service refuse anything.
 * - Each change of a replica's usability is logged once, with why.
 */
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import type { RuntimeConfig } from '../common/app-config.token';
import { databaseFailureOf, describeFailure, isConnectionFailure } from './connection-errors';
import { ObservedPool, observedPool } from './connections';
import { replicaStatus } from './replicas.repository';

/** What is known of one replica now (the metrics). */
export interface ReplicaState {
  /** Its address without credentials: `host:port/database`. */
  readonly name: string;
  readonly usable: boolean;
  /** The replay lag its last check measured, in seconds; null when it did not answer or could not tell. */
  readonly lagSeconds: number | null;
}

/**
 * How often each replica is checked: a quarter of the lag bound, so a replica passing it is skipped soon after;
 * at most once a second (a check is one small statement), at least every 100 ms.
 */
export function checkIntervalMs(maxLagMs: number): number {
  return Math.min(1000, Math.max(100, Math.floor(maxLagMs / 4)));
}

/** `host:port/database` of a replica's URL (its password left out), or its place in the list without a host. */
export function replicaName(url: string, index: number): string {
  const parsed = new URL(url);
  return parsed.hostname === ''
    ? `replica ${index + 1}`
    : `${parsed.hostname}:${parsed.port === '' ? '5432' : parsed.port}${parsed.pathname}`;
}

class Replica {
  readonly reads: ObservedPool;
  private readonly checks: ObservedPool;
  usable = false;
  lagSeconds: number | null = null;
  /** Why it is not usable (null while it is, and before its first check), as logged. */
  private why: string | null = null;
  private served = false;

  constructor(
    readonly name: string,
    config: RuntimeConfig,
    url: string,
    private readonly logger: Logger,
  ) {
    const observe = (error: unknown): void => this.failed(error);
    this.reads = observedPool(config, config.database.poolSize, observe, 'malice', url);
    this.checks = observedPool(config, 1, observe, 'malice probe', url);
  }

  /** Asks the replica how it is; never rejects. */
  async check(maxLagMs: number): Promise<void> {
    try {
      const status = await replicaStatus(this.checks);
      this.lagSeconds = status.lagSeconds;
      if (!status.inRecovery) this.skip('it is not in recovery (a primary, or promoted): not a standby');
      else if (!status.receiving)
        this.skip('it has no WAL receiver: cut from its primary, it cannot tell its lag');
      else if (status.lagSeconds === null) this.skip('its lag cannot be told yet (no transaction replayed)');
      else if (status.lagSeconds * 1000 > maxLagMs)
        this.skip(`its replay lags ${status.lagSeconds.toFixed(1)} s, more than DATABASE_REPLICA_MAX_LAG_MS`);
      else this.use();
    } catch (error) {
      this.lagSeconds = null;
      this.skip(`it does not answer (${describeFailure(error)})`);
    }
  }

  /**
   * A failure seen on one of its connections (a read's, or an idle one's): a connection failure makes it unusable,
   * its lag unknown, until a check answers well.
   */
  failed(error: unknown): void {
    if (!isConnectionFailure(databaseFailureOf(error))) return;
    this.lagSeconds = null;
    this.skip(describeFailure(error));
  }

  async end(): Promise<void> {
    await Promise.all([this.reads, this.checks].filter((pool) => !pool.ended).map((pool) => pool.end()));
  }

  private use(): void {
    if (this.usable) return;
    this.usable = true;
    this.why = null;
    if (this.served) this.logger.warn(`replica ${this.name} serves reads again`);
    else this.logger.log(`replica ${this.name} serves reads`);
    this.served = true;
  }

  private skip(why: string): void {
    const wasUsable = this.usable;
    this.usable = false;
    if (!wasUsable && this.why !== null) return;
    this.why = why;
    this.logger.warn(`replica ${this.name} is skipped, its reads go to the primary: ${why}`);
  }
}

export class Replicas implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Replicas');
  private readonly replicas: readonly Replica[];
  private readonly maxLagMs: number;
  /** Where the next read starts looking (round robin). */
  private turn = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The round of checks under way, awaited before the pools close. */
  private round: Promise<void> | null = null;
  private closed = false;

  constructor(
    config: RuntimeConfig,
    /** The primary's pool (PrismaService.pool), for the reads no replica takes. */
    private readonly primary: Pool,
  ) {
    this.maxLagMs = config.replicas.maxLagMs;
    this.replicas = config.replicas.urls.map(
      (url, index) => new Replica(replicaName(url, index), config, url, this.logger),
    );
  }

  /** Starts checking the replicas: the first check at once, then every checkIntervalMs. */
  onModuleInit(): void {
    if (this.replicas.length > 0) this.checkAll();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    await this.round;
    await Promise.all(this.replicas.map((replica) => replica.end()));
  }

  /** Each replica as last checked (the metrics: malice_db_replica_usable, malice_db_replica_lag_seconds). */
  states(): ReplicaState[] {
    return this.replicas.map(({ name, usable, lagSeconds }) => ({ name, usable, lagSeconds }));
  }

  /** The pool of the next usable replica (round robin), or the primary's when none is usable. */
  readPool(): Pool {
    return this.nextUsable()?.reads ?? this.primary;
  }

  /**
   * Runs `work` on a usable replica (the next in turn), or on the primary when none is usable. If it fails on the
   * replica, it is run again on the primary (and a connection failure skips that replica until its next check).
   */
  async read<T>(work: (pool: Pool) => Promise<T>): Promise<T> {
    const answer = await this.onReplica(work);
    return answer === null ? work(this.primary) : answer.value;
  }

  /**
   * Runs `work` on a usable replica; null when none is usable or it failed there — for a read whose caller has a
   * path of its own on the primary (an export's: src/export/export.service.ts).
   */
  async onReplica<T>(work: (pool: Pool) => Promise<T>): Promise<{ readonly value: T } | null> {
    const replica = this.nextUsable();
    if (replica === null) return null;
    try {
      return { value: await work(replica.reads) };
    } catch (error) {
      // Whatever the failure — the replica gone, a statement cancelled by a recovery conflict (SQLSTATE 40001), a
      // schema a migration has not reached yet — the primary answers instead.
      replica.failed(error);
      return null;
    }
  }

  private nextUsable(): Replica | null {
    for (let step = 0; step < this.replicas.length; step++) {
      const replica = this.replicas[(this.turn + step) % this.replicas.length]!;
      if (replica.usable) {
        this.turn = (this.turn + step + 1) % this.replicas.length;
        return replica;
      }
    }
    return null;
  }

  /** Checks every replica, then sets the next round (one round at a time: a slow check delays the next). */
  private checkAll(): void {
    this.round = Promise.all(this.replicas.map((replica) => replica.check(this.maxLagMs))).then(() => {
      this.round = null;
      if (this.closed) return;
      this.timer = setTimeout(() => this.checkAll(), checkIntervalMs(this.maxLagMs));
      this.timer.unref();
    });
  }
}
