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
