/** How the account page's sections read and act: each keeps its own answer, its own refusal and its own busy flag. */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure } from '../api';

export interface Loaded<T> {
  readonly data: T | null;
  readonly error: ApiFailure | null;
  reload(): void;
}

/** Reads with `load` now, again whenever one of `deps` changes, and on `reload()`; a refusal keeps the last answer. */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load()
      .then((answer) => {
        if (!current) return;
        setData(answer);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (current) setError(asFailure(failure));
      });
    return () => {
      current = false;
    };
    // Not `load` itself: it is a new function on every render; `deps` say when to read again.
  }, [...deps, round]);
  return { data, error, reload: () => setRound((value) => value + 1) };
}

export interface Action {
  readonly busy: boolean;
  readonly error: ApiFailure | null;
  /** Runs one action at a time; a failure is kept for ErrorBox, and the result is undefined. */
  run<T>(action: () => Promise<T>): Promise<T | undefined>;
  clear(): void;
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  return {
    busy,
    error,
    async run<T>(action: () => Promise<T>): Promise<T | undefined> {
      setBusy(true);
      setError(null);
      try {
        return await action();
      } catch (failure) {
        setError(asFailure(failure));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    clear: () => setError(null),
  };
}
