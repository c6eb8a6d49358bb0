/**
 * The wait for a pooled connection (docs/operations.md#connection-pools), in front of pg-pool's own: a semaphore
 * with one permit per connection of the pool. pg-pool is asked for a connection only by a holder of a permit, so
 * it always has one idle or room to open one, and its `connectionTimeoutMillis` bounds only the opening of a new
 * connection (DATABASE_CONNECT_TIMEOUT_MS, short: a database that does not answer is found out quickly). The wait
 * for a free connection is bounded here instead, by its own limits:
 *
 * - a caller waits at most `waitMs` (DATABASE_QUEUE_MS), first come first served: under load requests are served
 *   later, not refused;
 * - at most `maxWaiting` (DATABASE_QUEUE_MAX) wait at once: the next caller is refused at once, rather than
 *   joining a line it could not get through in time;
 * - while the database is known to be down nobody waits: the callers waiting are refused when it goes down
 *   (`refuseWaiting`), later ones at once, so that an outage is answered within seconds (docs/operations.md#outages).
 *
 * A refusal is an error with a `code` from QUEUE_REFUSAL_CODES, which src/db/connection-errors.ts reads as the
 * database being busy (UNAVAILABLE with a retry hint) or down. Pure: no database, no framework.
 */
import { QUEUE_REFUSAL_CODES, type QueueRefusalReason } from './connection-errors';

export interface QueueLimits {
  /** How long a caller waits for a free connection (DATABASE_QUEUE_MS). */
  readonly waitMs: number;
  /** How many callers may wait at once (DATABASE_QUEUE_MAX); 0: none waits. */
  readonly maxWaiting: number;
}

/** A caller's turn with one connection of the pool: `release` ends it (once; later calls do nothing). */
export type Release = () => void;

const REFUSAL_MESSAGES: Record<QueueRefusalReason, (limits: QueueLimits) => string> = {
  full: (limits) =>
    `${limits.maxWaiting} callers already wait for a database connection (DATABASE_QUEUE_MAX)`,
  timeout: (limits) => `no database connection came free within ${limits.waitMs} ms (DATABASE_QUEUE_MS)`,
  down: () => 'the database is known to be down: no connection is handed out',
};

/** The queue's refusal; `code` says why (src/db/connection-errors.ts). */
export class QueueRefusal extends Error {
  readonly code: (typeof QUEUE_REFUSAL_CODES)[QueueRefusalReason];

  constructor(
    readonly reason: QueueRefusalReason,
    limits: QueueLimits,
  ) {
    super(REFUSAL_MESSAGES[reason](limits));
    this.name = 'QueueRefusal';
    this.code = QUEUE_REFUSAL_CODES[reason];
  }
}

interface Waiter {
  readonly admit: () => void;
  readonly refuse: (error: QueueRefusal) => void;
  readonly timer: NodeJS.Timeout;
}

export class ConnectionQueue {
  private free: number;
  /** The callers waiting, oldest first (a Set keeps insertion order, and one leaves it in O(1) on its timeout). */
  private readonly waiters = new Set<Waiter>();

  constructor(
    /** The pool's size: as many turns as it has connections. */
    readonly size: number,
    private readonly limits: QueueLimits,
    /** Whether the database is up (src/db/availability.ts); while it is not, nobody gets a turn. */
    private readonly databaseUp: () => boolean = () => true,
    /** Told of every refusal (the metrics). */
    private readonly refused: (reason: QueueRefusalReason) => void = () => undefined,
  ) {
    this.free = size;
  }

  /** Callers waiting for a turn now. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** A turn: at once when one is free, else when the oldest waiting caller before this one has had theirs. */
  acquire(): Promise<Release> {
    if (!this.databaseUp()) return Promise.reject(this.refusal('down'));
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(this.turn());
    }
    if (this.waiters.size >= this.limits.maxWaiting) return Promise.reject(this.refusal('full'));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => resolve(this.turn()),
        refuse: reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          waiter.refuse(this.refusal('timeout'));
        }, this.limits.waitMs),
      };
      // A waiting caller does not keep the process alive by itself (what it waits for does, while it runs).
      waiter.timer.unref();
      this.waiters.add(waiter);
    });
  }

  /** Refuses every caller waiting now (the database went down: what they wait for will fail). */
  refuseWaiting(): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.refuse(this.refusal('down'));
    }
    this.waiters.clear();
  }

  private turn(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOn();
    };
  }

  /** A turn ended: straight to the oldest waiting caller (no newcomer can pass them), else back to the free ones. */
  private handOn(): void {
    const next = this.waiters.values().next();
    if (next.done === true) {
      this.free += 1;
      return;
    }
    this.waiters.delete(next.value);
    clearTimeout(next.value.timer);
    next.value.admit();
  }

  private refusal(reason: QueueRefusalReason): QueueRefusal {
    this.refused(reason);
    return new QueueRefusal(reason, this.limits);
  }
}
