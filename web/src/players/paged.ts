/**
 * A list read a page at a time (the API's cursor connections): the first page whenever `key` changes (a new
 * filter, another preset), then one more page per `more()`, each after the last one's `endCursor`. An answer that
 * arrives after the key changed is dropped, so a quick change of filter never shows the previous filter's games.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure } from '../api';

export interface Page<T> {
  readonly items: readonly T[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
}

export interface Paged<T> {
  /** What is read so far; null before the first page arrives. */
  readonly items: readonly T[] | null;
  readonly error: ApiFailure | null;
  readonly busy: boolean;
  /** Reads the next page (not while a read is on its way); null when there is none. */
  readonly more: (() => void) | null;
}

export function usePaged<T>(key: string, load: (after: string | null) => Promise<Page<T>>): Paged<T> {
  const [items, setItems] = useState<readonly T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const read = (after: string | null, before: readonly T[]): void => {
    const asked = generation.current;
    setBusy(true);
    loadRef
      .current(after)
      .then((page) => {
        if (asked !== generation.current) return;
        setItems([...before, ...page.items]);
        setNext(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (asked === generation.current) setError(asFailure(failure));
      })
      .finally(() => {
        if (asked === generation.current) setBusy(false);
      });
  };

  useEffect(() => {
    generation.current += 1;
    setItems(null);
    setNext(null);
    setError(null);
    read(null, []);
  }, [key]);

  return {
    items,
    error,
    busy,
    more:
      next === null
        ? null
        : () => {
            if (!busy) read(next, items ?? []);
          },
  };
}
