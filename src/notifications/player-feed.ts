/**
 * One `myEvents` subscription's stream of a player's events (src/notifications/event-bus.ts). Live announcements are
 * its source while the event bus listens; while it does not (its LISTEN connection was lost), nothing is
 * announced to anyone, so when the bus listens again it reads what it missed from `player_events` and the feed
 * delivers that first, then what was announced meanwhile:
 *
 * - `hold()`: from now on announcements are kept back, not delivered (the bus lost its LISTEN connection, or the
 *   feed is being set up);
 * - `release(missed)`: delivers `missed` (read from the log, oldest first), then what was kept back, in id
 *   order, and delivers live again;
 * - each event is delivered once: one that comes both from the log and live is recognised by its id;
 * - `cursor` is the highest id delivered (or the player's latest event when the subscription began): what to
 *   read after, next time.
 *
 * Pure: it knows no database. An async iterator for graphql-ws, which pulls it.
 */
import type { PlayerEventMessage } from './event-bus';

/** How many recent ids are remembered to recognise an event delivered twice (from the log and live). */
const RECENT_IDS = 1024;

export class PlayerFeed implements AsyncIterableIterator<PlayerEventMessage> {
  /** Every event of the player up to this id has been delivered, or came before the subscription. */
  private last: bigint | null = null;
  private holding = true;
  private held: PlayerEventMessage[] = [];
  private readonly recent = new Set<string>();
  private readonly queue: PlayerEventMessage[] = [];
  private waiting: ((result: IteratorResult<PlayerEventMessage>) => void) | null = null;
  private ended = false;

  constructor(
    readonly playerId: string,
    private readonly onEnd: () => void,
  ) {}

  /** The id to read missed events after; null until the subscription's starting point is set. */
  get cursor(): string | null {
    return this.last === null ? null : this.last.toString();
  }

  /** Whether announcements are being kept back (until `release`). */
  get holdingBack(): boolean {
    return this.holding;
  }

  get done(): boolean {
    return this.ended;
  }

  /** The subscription starts after event `latest` (the player's latest when it began; null: none yet). */
  startAfter(latest: string | null): void {
    this.last = latest === null ? 0n : BigInt(latest);
  }

  /** A live announcement. */
  offer(event: PlayerEventMessage): void {
    if (this.ended) return;
    if (this.holding) this.held.push(event);
    else this.deliver(event);
  }

  hold(): void {
    this.holding = true;
  }

  /** Delivers what was missed (oldest first), then what was kept back meanwhile, and goes live again. */
  release(missed: readonly PlayerEventMessage[]): void {
    for (const event of missed) this.deliver(event);
    const held = this.held.sort((a, b) => compareIds(a.id, b.id));
    this.held = [];
    for (const event of held) this.deliver(event);
    this.holding = false;
  }

  private deliver(event: PlayerEventMessage): void {
    if (this.ended || this.recent.has(event.id)) return;
    this.recent.add(event.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value as string);
    const id = BigInt(event.id);
    if (this.last === null || id > this.last) this.last = id;
    if (this.waiting !== null) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ done: false, value: event });
    } else {
      this.queue.push(event);
    }
  }

  next(): Promise<IteratorResult<PlayerEventMessage>> {
    const event = this.queue.shift();
    if (event !== undefined) return Promise.resolve({ done: false, value: event });
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<PlayerEventMessage>> {
    this.end();
    return Promise.resolve({ done: true, value: undefined });
  }

  throw(error?: unknown): Promise<IteratorResult<PlayerEventMessage>> {
    this.end();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<PlayerEventMessage> {
    return this;
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.held = [];
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.({ done: true, value: undefined });
    this.onEnd();
  }
}

function compareIds(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
