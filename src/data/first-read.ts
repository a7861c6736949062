/**
 * A local read made once while the first screen's code loads, so that screen's first render already
 * shows the stored data instead of "loading" and a second render a moment later. The live query
 * that follows reads the same rows and takes over: from its first answer on, the early read is
 * dropped, so a screen opened later never starts from old data.
 */
import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';

export interface FirstRead<T> {
  /** Starts the read (once); settles when it has, or after `waitMs`, whichever is first; never rejects. */
  start: (waitMs: number) => Promise<void>;
  /** The early read's result until a live query has answered; undefined before, after, or if it failed. */
  initial: () => T | undefined;
  /** A live query has answered: the early result is no longer used. */
  done: () => void;
  /**
   * Uses `value` as the early result without reading the device (the list the server rendered /app
   * with and sent in the page, src/app/first-screen-data.ts); a later `start` waits for nothing.
   */
  seed: (value: T) => void;
}

export function firstRead<T>(read: () => Promise<T>): FirstRead<T> {
  let reading: Promise<void> | undefined;
  let value: T | undefined;
  let answered = false;
  return {
    start(waitMs) {
      reading ??= read().then(
        (result) => {
          if (!answered) value = result;
        },
        () => undefined,
      );
      return Promise.race([reading, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
    },
    initial: () => value,
    done() {
      answered = true;
      value = undefined;
    },
    seed(seeded) {
      reading = Promise.resolve();
      answered = false;
      value = seeded;
    },
  };
}

/**
 * `useLiveQuery` whose first render uses `first`'s early result when there is one (undefined while
 * neither has answered, as `useLiveQuery`).
 */
export function useLiveRead<T>(query: () => Promise<T>, deps: unknown[], first?: FirstRead<T>): T | undefined {
  const initial = first?.initial();
  const result = useLiveQuery(query, deps, initial);
  const answered = result !== initial;
  useEffect(() => {
    if (answered) first?.done();
  }, [answered, first]);
  return result;
}
