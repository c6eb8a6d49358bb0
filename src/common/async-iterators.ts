/** An async iterator that calls `release` once when it ends: run out, returned early (unsubscribed) or thrown into. */
export function withRelease<T>(
  source: AsyncIterableIterator<T>,
  release: () => void,
): AsyncIterableIterator<T> {
  let released = false;
  const once = (): void => {
    if (released) return;
    released = true;
    release();
  };
  return {
    next: async () => {
      const result = await source.next();
      if (result.done === true) once();
      return result;
    },
    return: async (value?: unknown) => {
      once();
      return (await source.return?.(value)) ?? { done: true, value: undefined };
    },
    throw: async (error?: unknown) => {
      once();
      if (source.throw !== undefined) return source.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * `first`, then everything from `source`. A pubsub's iterator only starts listening on its first `next()`, so that
 * call is made at once, before `first` goes out: nothing published meanwhile is missed. Written by hand rather than
 * as an async generator: a generator waiting inside `next()` queues a `return()` until that `next()` settles, so an
 * unsubscribe from a quiet game would keep its listener until the game's next change. Here `return()` reaches the
 * source at once (which settles a waiting `next()` as done), however the subscriber leaves.
 */
export function startingNow<T>(first: T, source: AsyncIterator<T>): AsyncIterableIterator<T> {
  let listening: Promise<IteratorResult<T>> | null = source.next();
  let firstSent = false;
  let ended = false;
  const done: IteratorResult<T> = { done: true, value: undefined };
  // Settles a `next()` that waits when the subscriber leaves, whatever the source does with its own waiting
  // `next()` (graphql-subscriptions' iterator leaves one that had not reached its queue yet waiting for good).
  let stop = (): void => undefined;
  const stopped = new Promise<IteratorResult<T>>((resolve) => (stop = () => resolve(done)));
  const end = async (): Promise<IteratorResult<T>> => {
    if (!ended) {
      ended = true;
      stop();
      await source.return?.();
    }
    return { done: true, value: undefined };
  };
  return {
    next: async () => {
      if (ended) return { done: true, value: undefined };
      if (!firstSent) {
        firstSent = true;
        return { done: false, value: first };
      }
      const pending = listening ?? source.next();
      listening = null;
      const result = await Promise.race([pending, stopped]);
      if (result.done === true) ended = true;
      return result;
    },
    return: end,
    throw: async (error?: unknown) => {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
