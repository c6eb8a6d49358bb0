/**
 * What a test server received, in order, and waiting for the first that matches (already arrived or still to come)
 * without fixed sleeps: the local push service (push-receiver.ts) and SMTP server (smtp-receiver.ts) share it.
 */
interface Waiter<T> {
  readonly predicate: (item: T) => boolean;
  readonly resolve: (item: T) => void;
  readonly reject: (error: Error) => void;
}

export class Arrivals<T> {
  readonly items: T[] = [];
  private readonly waiters = new Set<Waiter<T>>();

  /** `what` names an item in a timeout's message ("push message"); `summary` says what did arrive. */
  constructor(
    private readonly what: string,
    private readonly summary: () => string,
  ) {}

  /** An item arrived: kept, and handed to every waiter it matches. */
  add(item: T): void {
    this.items.push(item);
    for (const waiter of this.waiters)
      if (waiter.predicate(item)) {
        this.waiters.delete(waiter);
        waiter.resolve(item);
      }
  }

  /** The first item that matches, already arrived or arriving within `timeoutMs`. */
  waitFor(predicate: (item: T) => boolean, timeoutMs: number): Promise<T> {
    const arrived = this.items.find(predicate);
    if (arrived !== undefined) return Promise.resolve(arrived);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching ${this.what} within ${timeoutMs} ms (${this.summary()})`));
      }, timeoutMs);
      const waiter: Waiter<T> = {
        predicate,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** The server stopped: every wait ends with `reason`. */
  stop(reason: string): void {
    for (const waiter of this.waiters) waiter.reject(new Error(`${reason} (${this.summary()})`));
    this.waiters.clear();
  }
}
