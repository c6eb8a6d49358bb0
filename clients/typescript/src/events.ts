/**
 * The order of a player's events as a client hands them on: what `playerEvents(after:)` lists (the catch-up) and what
 * `myEvents` pushes (live), each event once. docs/quickstart.md ("Catch up after being away") and
 * docs/api/events-and-notifications.md#playerevents say how: an event's cursor is its `id`, ids increase, a push goes
 * only to a client that is connected, so a client subscribes first, then lists what it missed after the last id it
 * handled, and skips the ids it has already handled.
 *
 * - `hold()`: live pushes are kept back from now on (a connection is being set up, a catch-up is running);
 * - `release(missed)`: hands on `missed` (the catch-up, oldest first), then the pushes kept back in id order, and
 *   hands on live pushes again;
 * - an event is handed on once: one that comes from both the catch-up and a push is recognised by its id;
 * - `cursor` is the highest id handed on (or where the feed started): what to list after, next time.
 *
 * Ids are compared as numbers (they are decimal strings of a 64-bit sequence). An event whose id is below the
 * cursor but was never handed on is still handed on: two changes may commit in another order than their ids.
 *
 * Pure: it knows no network. An async iterator, pulled by the caller's `for await`.
 */

/** What the feed needs of an event. */
export interface IdentifiedEvent {
  readonly id: string;
}

/** How many recent ids are remembered to recognise an event that comes twice (from the catch-up and live). */
const RECENT_IDS = 4096;

export class EventFeed<E extends IdentifiedEvent> implements AsyncIterableIterator<E> {
  private last: bigint | null;
  private holding = false;
  private held: E[] = [];
  private readonly recent = new Set<string>();
  private readonly queue: E[] = [];
  private waiting: { resolve: (result: IteratorResult<E>) => void; reject: (error: unknown) => void } | null =
    null;
  private ended = false;
  private failure: { readonly error: unknown } | null = null;

  /** `after`: the id of the last event already handled (null: from the first event kept). */
  constructor(
    after: string | null,
    private readonly onEnd: () => void = () => undefined,
  ) {
    this.last = after === null ? null : BigInt(after);
  }

  /** The id to list after, next time (null: nothing handled yet, list from the first). */
  get cursor(): string | null {
    return this.last === null ? null : this.last.toString();
  }

  get holdingBack(): boolean {
    return this.holding;
  }

  get done(): boolean {
    return this.ended;
  }

  /** A live push. */
  offer(event: E): void {
    if (this.ended) return;
    if (this.holding) this.held.push(event);
    else this.deliver(event);
  }

  hold(): void {
    this.holding = true;
  }

  /** Hands on what was missed (oldest first), then what was kept back meanwhile, and goes live again. */
  release(missed: readonly E[]): void {
    for (const event of missed) this.deliver(event);
    const held = this.held.sort((a, b) => compareIds(a.id, b.id));
    this.held = [];
    for (const event of held) this.deliver(event);
    this.holding = false;
  }

  /** Ends the feed with an error: the caller's next pull throws it (after the events already handed on). */
  fail(error: unknown): void {
    if (this.ended) return;
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting === null) this.failure = { error };
    else waiting.reject(error);
    this.finish();
  }

  private deliver(event: E): void {
    if (this.ended || this.recent.has(event.id)) return;
    this.recent.add(event.id);
    if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value as string);
    const id = BigInt(event.id);
    if (this.last === null || id > this.last) this.last = id;
    if (this.waiting !== null) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ done: false, value: event });
    } else {
      this.queue.push(event);
    }
  }

  next(): Promise<IteratorResult<E>> {
    const event = this.queue.shift();
    if (event !== undefined) return Promise.resolve({ done: false, value: event });
    if (this.failure !== null) {
      const { error } = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  return(): Promise<IteratorResult<E>> {
    this.queue.length = 0;
    this.failure = null;
    this.end();
    return Promise.resolve({ done: true, value: undefined });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<E> {
    return this;
  }

  /** Ends the feed: the caller's next pull (after the events already handed on) says done. */
  end(): void {
    if (this.ended) return;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ done: true, value: undefined });
    this.finish();
  }

  private finish(): void {
    this.ended = true;
    this.held = [];
    this.onEnd();
  }
}

export function compareIds(a: string, b: string): number {
  const difference = BigInt(a) - BigInt(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
