/**
 * The timer and turn-taking of a worker that makes one pass over some work every so often (the deadline sweeper,
 * the archiver, retention): what they share, so each worker holds only its pass.
 *
 * - Every `intervalMs` a pass starts, unless the database is down: the passes then wait, and the first one after it
 *   is back does what came due meanwhile (docs/operations.md#outages). A failure is logged — as the database being
 *   unavailable when it is that (a warning: the outage itself is logged once elsewhere), as an error otherwise.
 * - One pass at a time: a pass asked for while one runs (a test's, or the timer's) waits for it.
 * - On stop: no new pass; `stopping` turns true, so a pass can end after its current step; the running one is
 *   awaited, before the pool closes.
 * - A pass, on the timer or asked for, is background work: it takes its connections from the worker pool
 *   (src/db/pools.ts).
 */
import type { Logger } from '@nestjs/common';
import type { DatabaseAvailability } from './availability';
import { databaseFailureOf, describeFailure } from './connection-errors';
import { onWorkerPool } from './pools';

export class PeriodicPass<Report> {
  private timer: NodeJS.Timeout | null = null;
  private soonTimer: NodeJS.Timeout | null = null;
  private running: Promise<Report> | null = null;
  private stopped = false;

  /** `what` names the pass in the log lines ("archive pass", "sweep"). */
  constructor(
    private readonly what: string,
    private readonly logger: Pick<Logger, 'error' | 'warn'>,
    private readonly availability: Pick<DatabaseAvailability, 'databaseUp'>,
  ) {}

  /** True once the worker is stopping: a long pass ends after its current step. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Runs `pass` every `intervalMs` (0: never; the worker is off). */
  start(intervalMs: number, pass: () => Promise<unknown>): void {
    if (intervalMs === 0) return;
    this.timer = setInterval(() => {
      if (!this.availability.databaseUp) return;
      pass().catch((error: unknown) =>
        databaseFailureOf(error) === null
          ? this.logger.error(`${this.what} failed: ${String(error)}`)
          : this.logger.warn(`${this.what} failed, the database is unavailable: ${describeFailure(error)}`),
      );
    }, intervalMs);
    this.timer.unref();
  }

  /**
   * Runs `pass` in the background within `delayMs` (work was queued: an outbox's wake-up), once for every call
   * until then — a burst of wake-ups shares one pass. Nothing once stopping; a failure is logged as the timer's.
   */
  soon(delayMs: number, pass: () => Promise<Report>): void {
    if (this.soonTimer !== null || this.stopped) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null;
      if (!this.availability.databaseUp) return;
      this.run(pass).catch((error: unknown) =>
        databaseFailureOf(error) === null
          ? this.logger.error(`${this.what} failed: ${String(error)}`)
          : this.logger.warn(`${this.what} failed, the database is unavailable: ${describeFailure(error)}`),
      );
    }, delayMs);
    this.soonTimer.unref();
  }

  /** Runs one pass once any running one has ended; resolves with its report. */
  async run(pass: () => Promise<Report>): Promise<Report> {
    while (this.running !== null) await this.running.catch(() => undefined);
    this.running = onWorkerPool(pass);
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Stops the timer and waits for a running pass (its failure is the pass's own to report). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    if (this.soonTimer !== null) clearTimeout(this.soonTimer);
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }
}
