/**
 * The app's two query pools, and which work takes its connections from which (docs/operations.md#connection-pools).
 * This is the one place that decides it:
 *
 * - `user` (DATABASE_POOL_SIZE connections): what clients ask for — GraphQL over HTTP and graphql-ws, the
 *   downloads and streams — and everything else not listed below;
 * - `worker` (DATABASE_WORKER_POOL_SIZE): the background workers — the deadline sweeper, the built-in bots (their
 *   moves and catch-up scan), the webhook deliveries, retention, the archive — and the metrics scrape's statement.
 *
 * So user load cannot starve the workers, nor the workers the users. Each pool has its own ConnectionQueue
 * (DATABASE_QUEUE_MS, DATABASE_QUEUE_MAX).
 *
 * The choice follows the work, not the component: a worker runs its passes inside `onWorkerPool` (src/common/
 * periodic-pass.ts for the sweeper, retention and the archive; the bots' and the webhooks' workers themselves; the
 * metrics scrape), and every connection taken within — through GamesService, a repository, Prisma — comes from the
 * worker pool (AsyncLocalStorage carries the choice along the work's promises and timers). A person's resignation
 * and the sweeper's time-out run the same code, each on its own pool. Every component is handed the same pool
 * (PrismaService.pool, which Prisma's adapter uses too); it takes each connection from the pool of the work that
 * asks. Two things cross over: Prisma runs `findUnique` calls made in the same tick as one query, on the pool of
 * the first; and the availability check a failure starts, with what follows it, is the users' work whichever work
 * saw the failure (src/db/availability.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PoolClient } from 'pg';
import type { RuntimeConfig } from '../common/app-config.token';
import type { QueueRefusalReason } from './connection-errors';
import { ConnectionQueue } from './connection-queue';
import { FailureObserver, ObservedPool, connectionSettings } from './connections';

export const POOL_NAMES = ['user', 'worker'] as const;
export type PoolName = (typeof POOL_NAMES)[number];

const workOf = new AsyncLocalStorage<PoolName>();

/** Runs `work`, and everything it starts, on `pool`'s connections. */
export function onPool<T>(pool: PoolName, work: () => T): T {
  return workOf.run(pool, work);
}

/** Runs a background worker's `work`, and everything it starts, on the worker pool. */
export function onWorkerPool<T>(work: () => T): T {
  return onPool('worker', work);
}

/** The pool the work running now takes its connections from. */
export function currentPool(): PoolName {
  return workOf.getStore() ?? 'user';
}

type ConnectCallback = Parameters<ObservedPool['connect']>[0];

/**
 * The user pool, handed to every component: a connection asked for by a worker's work comes from the worker pool
 * instead (pool.query and Prisma's adapter connect through `connect` too).
 */
class WorkRoutedPool extends ObservedPool {
  constructor(
    user: ConstructorParameters<typeof ObservedPool>,
    private readonly workers: ObservedPool,
  ) {
    super(...user);
  }

  override connect(): Promise<PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<PoolClient> | void {
    const pool = currentPool() === 'worker' ? this.workers : null;
    if (callback === undefined) return pool === null ? super.connect() : pool.connect();
    if (pool === null) super.connect(callback);
    else pool.connect(callback);
  }
}

/** What the pools tell the availability service and ask it (src/db/availability.ts). */
export interface PoolAvailability {
  observe(error: unknown): void;
  readonly databaseUp: boolean;
  /** Called each time the database is marked down; returns the unsubscribe. */
  whenDown(listener: () => void): () => void;
}

export interface QueryPools {
  /** The pool every component uses: each connection from the pool of the work that asks (`currentPool`). */
  readonly routed: ObservedPool;
  /** Each pool by name (the metrics). */
  readonly byName: Readonly<Record<PoolName, ObservedPool>>;
  /** Told of each refusal of a pool's queue (the metrics: malice_db_pool_refused_total). */
  onRefused(listener: (pool: PoolName, reason: QueueRefusalReason) => void): void;
  /** Closes both pools (after Prisma let go of them). */
  end(): Promise<void>;
}

/** The app's query pools, with the settings of docs/operations.md#settings. */
export function queryPools(config: RuntimeConfig, availability: PoolAvailability): QueryPools {
  const { poolSize, workerPoolSize, queueMs, queueMax } = config.database;
  const observe: FailureObserver = (error) => availability.observe(error);
  let refused: (pool: PoolName, reason: QueueRefusalReason) => void = () => undefined;
  const queue = (pool: PoolName, size: number): ConnectionQueue =>
    new ConnectionQueue(
      size,
      { waitMs: queueMs, maxWaiting: queueMax },
      () => availability.databaseUp,
      (reason) => refused(pool, reason),
    );
  const worker = new ObservedPool(
    { ...connectionSettings(config, 'malice worker'), max: workerPoolSize },
    observe,
    queue('worker', workerPoolSize),
  );
  const user = new WorkRoutedPool(
    [{ ...connectionSettings(config), max: poolSize }, observe, queue('user', poolSize)],
    worker,
  );
  const byName = { user, worker } as const;
  const stopRefusing = availability.whenDown(() => {
    for (const pool of POOL_NAMES) byName[pool].queue?.refuseWaiting();
  });
  return {
    routed: user,
    byName,
    onRefused(listener) {
      refused = listener;
    },
    async end() {
      stopRefusing();
      await Promise.all(POOL_NAMES.filter((name) => !byName[name].ended).map((name) => byName[name].end()));
    },
  };
}
