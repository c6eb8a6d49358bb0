/**
 * What `GET /metrics` shows (docs/operations.md#metrics). One prom-client registry per app instance, never the
 * library's global one: tests run several apps in one process, and each must count only its own traffic.
 *
 * Counters and histograms are bumped where the thing happens (an operation answered, a move appended: in memory,
 * nothing written). Gauges are read when scraped (`collect`), from the app's own state and from one database
 * statement shared by every gauge of a scrape, whose parts are each answered from an index.
 */
import { Injectable } from '@nestjs/common';
import type { GraphQLSchema } from 'graphql';
import type { ObservedPool } from '../db/connections';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Clock } from '../clock/clock';
import { DatabaseAvailability } from '../db/availability';
import { QUEUE_REFUSAL_REASONS } from '../db/connection-errors';
import { POOL_NAMES, type PoolName, onWorkerPool } from '../db/pools';
import { Replicas } from '../db/replicas';
import { GAME_STATUSES } from '../games/domain/vocabulary';
import { PrismaService } from '../prisma/prisma.service';
import { MetricsRepository, type Snapshot } from './metrics.repository';
import { OTHER, type OperationLabels, type Transport } from '../logging/request-log';

export const METRICS_PREFIX = 'malice_';

/** Seconds: from a cached read (a few ms) to the query timeout's neighbourhood. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

function poolUse(pool: ObservedPool): PoolUse {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waiting };
}

/** Each query pool as found (src/db/pools.ts). */
function poolsNow(prisma: PrismaService): Record<PoolName, PoolUse> {
  return { user: poolUse(prisma.pools.byName.user), worker: poolUse(prisma.pools.byName.worker) };
}

/**
 * Seconds to get a pooled connection: opening one takes a few ms; a wait for a free one may last up to
 * DATABASE_QUEUE_MS (30 s by default).
 */
const ACQUIRE_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30] as const;

@Injectable()
export class AppMetrics {
  readonly registry = new Registry();
  /** The schema as served (set when Apollo starts), to label graphql-ws documents refused before execution. */
  schema: GraphQLSchema | null = null;
  private readonly operations: Counter<'field' | 'type' | 'code' | 'transport'>;
  private readonly operationSeconds: Histogram<'field' | 'type' | 'transport'>;
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly requestSeconds: Histogram<'route' | 'method'>;
  private readonly moves: Counter;
  private readonly removed: Counter<'table'>;
  private readonly archived: Counter<'outcome'>;
  private sockets = 0;
  private subscriptions = 0;
  /** The open NDJSON streams, as src/streams/streams.service.ts counts them (it registers itself). */
  private streams: () => number = () => 0;
  private poolsAtScrape: Record<PoolName, PoolUse> | null = null;
  /** The statement of the scrape in progress, shared by its gauges. */
  private reading: Promise<Snapshot | null> | null = null;
  /** The scrape's statement (src/metrics/metrics.repository.ts). */
  private readonly reads: MetricsRepository;

  constructor(
    private readonly prisma: PrismaService,
    private readonly availability: DatabaseAvailability,
    private readonly clock: Clock,
    replicas: Replicas,
  ) {
    this.reads = new MetricsRepository(prisma.pool);
    const registers = [this.registry];
    // Event-loop delay, heap, GC, CPU, file descriptors: prom-client's own, under our prefix.
    collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
    this.operations = new Counter({
      name: `${METRICS_PREFIX}graphql_operations_total`,
      help: 'GraphQL operations answered, per root field of the schema (other: anything else), type, result code and transport.',
      labelNames: ['field', 'type', 'code', 'transport'],
      registers,
    });
    this.operationSeconds = new Histogram({
      name: `${METRICS_PREFIX}graphql_operation_duration_seconds`,
      help: 'Time to answer a GraphQL operation (a subscription: until it is set up), per root field, type and transport.',
      labelNames: ['field', 'type', 'transport'],
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.requests = new Counter({
      name: `${METRICS_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, per route pattern (other: no route), method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, per route pattern and method.',
      labelNames: ['route', 'method'],
      buckets: [...LATENCY_BUCKETS],
      registers,
    });
    this.moves = new Counter({
      name: `${METRICS_PREFIX}moves_appended_total`,
      help: 'Moves appended to game logs by this copy.',
      registers,
    });
    this.removed = new Counter({
      name: `${METRICS_PREFIX}retention_rows_removed_total`,
      help: 'Rows the retention pass of this copy removed, per table (webhook deliveries, their attempts, player events).',
      labelNames: ['table'],
      registers,
    });
    this.archived = new Counter({
      name: `${METRICS_PREFIX}games_archived_total`,
      help: 'Finished games the archiver of this copy looked at: archived (log moved into its archive), settled (over before its first move: nothing to archive), or refused (kept as rows: see the log line).',
      labelNames: ['outcome'],
      registers,
    });
    const read = (): Promise<Snapshot | null> => this.snapshot();
    new Gauge({
      name: `${METRICS_PREFIX}games`,
      help: 'Games per status.',
      labelNames: ['status'],
      registers,
      async collect() {
        const snapshot = await read();
        this.reset();
        if (snapshot === null) return;
        for (const status of GAME_STATUSES) this.set({ status }, snapshot.games[status] ?? 0);
      },
    });
    this.snapshotGauge(
      'webhook_deliveries_pending',
      'Webhook deliveries not yet delivered or given up.',
      (s) => s.pending,
    );
    this.snapshotGauge(
      'webhook_deliveries_due',
      'Webhook deliveries whose attempt is due now.',
      (s) => s.due,
    );
    this.snapshotGauge(
      'webhook_oldest_due_seconds',
      'How long the oldest due webhook delivery has waited past its due time (0: none).',
      (s) => this.ageOf(s.oldestDue),
    );
    this.snapshotGauge(
      'push_deliveries_due',
      'Web Push messages whose attempt is due now.',
      (s) => s.pushDue,
    );
    this.snapshotGauge(
      'push_oldest_due_seconds',
      'How long the oldest due Web Push message has waited past its due time (0: none).',
      (s) => this.ageOf(s.oldestPushDue),
    );
    this.snapshotGauge('mail_outbox_due', 'Mails whose attempt is due now.', (s) => s.mailDue);
    this.snapshotGauge(
      'mail_oldest_due_seconds',
      'How long the oldest due mail has waited past its due time (0: none; mail off: always 0).',
      (s) => this.ageOf(s.oldestMailDue),
    );
    this.snapshotGauge(
      'sweeper_lag_seconds',
      'How long ago the oldest deadline passed that has not been timed out yet (0: none).',
      (s) => this.ageOf(s.oldestOverdue),
    );
    this.snapshotGauge(
      'bot_lag_seconds',
      "How long the oldest built-in bot's turn has waited for its move (0: none).",
      (s) => this.ageOf(s.oldestBotTurn),
    );
    const gauge = (name: string, help: string, value: () => number): void => {
      new Gauge({
        name: `${METRICS_PREFIX}${name}`,
        help,
        registers,
        collect() {
          this.set(value());
        },
      });
    };
    const pool = (name: PoolName): PoolUse => (this.poolsAtScrape ?? poolsNow(prisma))[name];
    new Gauge({
      name: `${METRICS_PREFIX}db_pool_connections`,
      help: 'Connections of each query pool (user, worker), per state (total, idle).',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        for (const name of POOL_NAMES) {
          this.set({ pool: name, state: 'total' }, pool(name).total);
          this.set({ pool: name, state: 'idle' }, pool(name).idle);
        }
      },
    });
    const perPool = (metric: string, help: string, value: (name: PoolName) => number): void => {
      new Gauge({
        name: `${METRICS_PREFIX}${metric}`,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          for (const name of POOL_NAMES) this.set({ pool: name }, value(name));
        },
      });
    };
    perPool(
      'db_pool_max',
      'The size of each query pool.',
      (name) => prisma.pools.byName[name].options.max ?? 0,
    );
    perPool(
      'db_pool_waiting',
      'Callers waiting for a free connection of each query pool.',
      (name) => pool(name).waiting,
    );
    const acquire = new Histogram({
      name: `${METRICS_PREFIX}db_pool_acquire_seconds`,
      help: 'Time to get a connection from each query pool: waiting for a free one, or opening a new one.',
      labelNames: ['pool'],
      buckets: [...ACQUIRE_BUCKETS],
      registers,
    });
    const refused = new Counter({
      name: `${METRICS_PREFIX}db_pool_refused_total`,
      help: 'Callers a query pool refused a connection: its queue full, no connection free within DATABASE_QUEUE_MS, or the database down.',
      labelNames: ['pool', 'reason'],
      registers,
    });
    for (const name of POOL_NAMES) {
      acquire.zero({ pool: name });
      for (const reason of QUEUE_REFUSAL_REASONS) refused.inc({ pool: name, reason }, 0);
      prisma.pools.byName[name].onAcquired((seconds) => acquire.observe({ pool: name }, seconds));
    }
    prisma.pools.onRefused((name, reason) => refused.inc({ pool: name, reason }));
    gauge('database_up', 'The database answers (1) or is known to be down (0).', () =>
      availability.readiness().database === 'up' ? 1 : 0,
    );
    gauge('listen_up', 'The LISTEN connection (pushes) is up (1) or being reconnected (0).', () =>
      availability.readiness().listen === 'up' ? 1 : 0,
    );
    // Read replicas (DATABASE_REPLICA_URL, docs/scaling.md#read-replicas), as their last check found them.
    new Gauge({
      name: `${METRICS_PREFIX}db_replica_usable`,
      help: 'Each read replica takes reads (1) or is skipped (0: not answering, not a streaming standby, or lagging past DATABASE_REPLICA_MAX_LAG_MS).',
      labelNames: ['replica'],
      registers,
      collect() {
        for (const replica of replicas.states()) this.set({ replica: replica.name }, replica.usable ? 1 : 0);
      },
    });
    new Gauge({
      name: `${METRICS_PREFIX}db_replica_lag_seconds`,
      help: "Each read replica's replay lag at its last check (none while it does not answer or cannot tell).",
      labelNames: ['replica'],
      registers,
      collect() {
        this.reset();
        for (const { name, lagSeconds } of replicas.states())
          if (lagSeconds !== null) this.set({ replica: name }, lagSeconds);
      },
    });
    gauge('websocket_sockets', 'Open graphql-ws connections (accepted connection_init).', () => this.sockets);
    gauge('graphql_subscriptions', 'Live GraphQL subscriptions over graphql-ws.', () => this.subscriptions);
    gauge('ndjson_streams', 'Open NDJSON streams (/api/stream/…).', () => this.streams());
  }

  /** Where the open NDJSON streams are counted (the streams service, once it exists). */
  countStreamsWith(count: () => number): void {
    this.streams = count;
  }

  /** An operation answered: counted once under each root field it selected. */
  operation(labels: OperationLabels, code: string, transport: Transport, seconds: number): void {
    for (const field of labels.fields) {
      this.operations.inc({ field, type: labels.type, code, transport });
      this.operationSeconds.observe({ field, type: labels.type, transport }, seconds);
    }
  }

  /** An HTTP request answered; `route` is the route's pattern (`/api/games/:id/export`), never the raw URL. */
  request(route: string | undefined, method: string, status: number, seconds: number): void {
    const known = (HTTP_METHODS as readonly string[]).includes(method) ? method : OTHER;
    const labels = { route: route ?? OTHER, method: known };
    this.requests.inc({ ...labels, status: String(status) });
    this.requestSeconds.observe(labels, seconds);
  }

  movesAppended(count: number): void {
    this.moves.inc(count);
  }

  /**
   * Rows a retention batch removed, per table (src/retention/retention-worker.ts). The tables are the retention
   * policy's closed list (RETAINED_TABLES, src/retention/retention-policy.ts), which its report is typed by: the
   * retention module sits above this one, so the list is not named here.
   */
  rowsRemoved<Table extends string>(report: Readonly<Record<Table, number>>): void {
    for (const [table, rows] of Object.entries<number>(report)) {
      if (rows > 0) this.removed.inc({ table }, rows);
    }
  }

  /** A game the archiver archived, settled (its log is empty) or refused to (src/archive/archive-worker.ts). */
  gameArchived(outcome: 'archived' | 'settled' | 'refused'): void {
    this.archived.inc({ outcome });
  }

  /** A graphql-ws connection was accepted; the call given back counts it closed. */
  socketOpened(): () => void {
    this.sockets += 1;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.sockets -= 1;
    };
  }

  subscriptionStarted(): () => void {
    this.subscriptions += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.subscriptions -= 1;
    };
  }

  /** The exposition text (Prometheus text format 0.0.4). */
  async text(): Promise<{ contentType: string; body: string }> {
    // The pools as the scrape found them, before the scrape's own statement takes (or waits for) a connection.
    this.poolsAtScrape = poolsNow(this.prisma);
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private snapshotGauge(name: string, help: string, value: (snapshot: Snapshot) => number): void {
    const read = (): Promise<Snapshot | null> => this.snapshot();
    new Gauge({
      name: `${METRICS_PREFIX}${name}`,
      help,
      registers: [this.registry],
      async collect() {
        const snapshot = await read();
        this.reset();
        if (snapshot !== null) this.set(value(snapshot));
      },
    });
  }

  /** Seconds from `since` to the app's clock; 0 for none. */
  private ageOf(since: Date | null): number {
    return since === null ? 0 : Math.max(0, (this.clock.now().getTime() - since.getTime()) / 1000);
  }

  /**
   * The scrape's database read, shared by its gauges (prom-client collects them at once). Null when the database
   * does not answer: the gauges are then left out of the scrape (`malice_database_up` says why), which fails no
   * other metric.
   */
  private snapshot(): Promise<Snapshot | null> {
    if (this.reading !== null) return this.reading;
    const reading = this.readSnapshot().finally(() => {
      if (this.reading === reading) this.reading = null;
    });
    this.reading = reading;
    return reading;
  }

  private async readSnapshot(): Promise<Snapshot | null> {
    try {
      // On the workers' pool: a scrape is answered while requests wait for every connection of theirs, which is
      // when the pool's own gauges matter most (src/db/pools.ts).
      return await onWorkerPool(() => this.reads.snapshot(this.clock.now()));
    } catch {
      return null;
    }
  }
}
