/**
 * What this app copy listens for, kept in `game_watches` / `player_watches` so that Postgres announces only changes
 * someone listens for (migration 20261129200000_event_watches: a NOTIFY makes commits take turns, and most changes
 * have no live listener).
 *
 * - `watch(kind, id)` resolves once every change of that game (or event of that player) committing from then on
 *   will be announced: the SQL functions `watch_game` / `watch_player` wait for changes in flight to commit.
 * - Several listeners in one copy share one row; a row whose last listener left is removed by the next
 *   housekeeping pass (until then it only costs a few announcements nobody hears).
 * - Rows carry a lease, renewed by every pass, so that a copy that died without removing its rows stops costing
 *   announcements once the lease runs out (any copy's pass removes expired rows). A clean shutdown removes them.
 * - After the event bus lost its LISTEN connection, `renewAll()` stores every live watch again before the bus
 *   counts as listening: during an outage a row may have expired (and been removed by another copy) or been lost.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { WatchesRepository } from './watches.repository';

export const WATCH_KINDS = ['game', 'player'] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

/** How long a stored watch lasts unrenewed: far longer than the pass interval (a busy event loop is no death). */
const LEASE = '5 minutes';
export const WATCH_HOUSEKEEPING_MS = 60_000;

interface Entry {
  readonly kind: WatchKind;
  readonly id: string;
  holders: number;
  /** The store of this copy's row, once asked for. */
  stored: Promise<void> | null;
}

export class WatchRegistry {
  /** This process's identity in the watch tables. */
  readonly copyId = randomUUID();
  private readonly entries = new Map<string, Entry>();
  /** The housekeeping pass in progress: a store waits for it, since the pass may be deleting that very row. */
  private housekeeping: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly rows: WatchesRepository;

  constructor(pool: Pool) {
    this.rows = new WatchesRepository(pool);
  }

  /** Starts the periodic housekeeping (renew this copy's leases, drop unwatched and expired rows). */
  start(onError: (error: unknown) => void): void {
    this.timer = setInterval(() => this.housekeep().catch(onError), WATCH_HOUSEKEEPING_MS);
    this.timer.unref();
  }

  /**
   * Listens for a game's changes or a player's events until the returned release is called (more than once is
   * harmless). Resolves when changes committing from now on will be announced.
   */
  async watch(kind: WatchKind, id: string): Promise<() => void> {
    const key = `${kind}:${id}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = { kind, id, holders: 0, stored: null };
      this.entries.set(key, entry);
    }
    entry.holders += 1;
    const held = entry;
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      held.holders -= 1;
    };
    try {
      held.stored ??= this.store(held);
      await held.stored;
    } catch (error) {
      held.stored = null;
      release();
      throw error;
    }
    return release;
  }

  /** The ids of one kind that someone in this copy listens for now. */
  watching(kind: WatchKind): string[] {
    return [...this.entries.values()]
      .filter((entry) => entry.kind === kind && entry.holders > 0)
      .map((entry) => entry.id);
  }

  /** How many listeners in this copy hold the watch of one game or player, once it is stored (tests, diagnostics). */
  async holders(kind: WatchKind, id: string): Promise<number> {
    const entry = this.entries.get(`${kind}:${id}`);
    if (entry === undefined) return 0;
    await entry.stored;
    return entry.holders;
  }

  /** Stores every live watch again, with a fresh lease (after the event bus reconnected). */
  async renewAll(): Promise<void> {
    await this.housekeeping;
    for (const entry of [...this.entries.values()]) {
      if (entry.holders > 0 && this.entries.get(`${entry.kind}:${entry.id}`) === entry)
        await this.retake(entry);
    }
  }

  /** How many rows this copy keeps (listened-for and not yet removed), for tests and diagnostics. */
  get size(): number {
    return this.entries.size;
  }

  /** One housekeeping pass (also run by the timer). */
  housekeep(): Promise<void> {
    const idle = [...this.entries.entries()].filter(([, entry]) => entry.holders === 0);
    for (const [key] of idle) this.entries.delete(key);
    const live = [...this.entries.values()].filter((entry) => entry.stored !== null);
    const pass = this.housekeeping.then(() =>
      this.renewAndPrune(
        idle.map(([, entry]) => entry),
        live,
      ),
    );
    this.housekeeping = pass.catch(() => undefined);
    return pass;
  }

  /** Removes every row of this copy (shutdown). */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.entries.clear();
    await this.housekeeping;
    for (const kind of WATCH_KINDS) await this.rows.removeCopy(kind, this.copyId);
  }

  private async store(entry: Entry): Promise<void> {
    await this.housekeeping;
    await this.take(entry);
  }

  /** Takes the row again; a failure leaves the entry to be stored afresh by the next `watch`. */
  private async retake(entry: Entry): Promise<void> {
    const stored = this.take(entry);
    entry.stored = stored;
    try {
      await stored;
    } catch (error) {
      if (entry.stored === stored) entry.stored = null;
      throw error;
    }
  }

  private async take(entry: Entry): Promise<void> {
    await this.rows.take(entry.kind, entry.id, this.copyId, LEASE);
  }

  private async renewAndPrune(idle: Entry[], live: Entry[]): Promise<void> {
    for (const kind of WATCH_KINDS) {
      const gone = idle.filter((entry) => entry.kind === kind).map((entry) => entry.id);
      if (gone.length > 0) await this.rows.remove(kind, this.copyId, gone);
      const renewed = await this.rows.renew(kind, this.copyId, LEASE);
      await this.rows.removeExpired(kind);
      // A row removed behind this copy's back (its lease ran out during a long stall) is taken again.
      const present = new Set(renewed);
      for (const entry of live) {
        if (
          entry.kind === kind &&
          !present.has(entry.id) &&
          this.entries.get(`${kind}:${entry.id}`) === entry
        ) {
          await this.retake(entry);
        }
      }
    }
  }
}
