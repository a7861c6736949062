/**
 * A local read made once while the first screen's code loads, so that screen's first render already
 * shows the stored data instead of "loading" and a second render a moment later. The live query
 * that follows reads the same rows and takes over: once every reader on screen has its answer, the
 * early read is dropped, so a screen opened later never starts from old data. Until then a reader
 * still waiting for its own answer keeps the early read: a render of it in between (a tick of the
 * clock) must not show "loading" for data it just showed.
 *
 * When the app takes over a page whose first screen is already in the HTML (src/main.tsx hydrates
 * it), its first render must show exactly what the HTML shows: hydration keeps the HTML's attributes
 * as they are. That render uses `inHtml()` (what the page was rendered with: the server's lists, or
 * nothing for the build's shells), and the app renders again at once with the early read, as for any
 * store whose value differs from the server's (`useSyncExternalStore`'s server snapshot).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';

import { noSubscription } from '@/lib/no-subscription';

export interface FirstRead<T> {
  /** Starts the read (once); settles when it has, or after `waitMs`, whichever is first; never rejects. */
  start: (waitMs: number) => Promise<void>;
  /**
   * The early read's result, or while it has none (not read yet, or failed) what the HTML was
   * rendered with, until a live query has answered; undefined after.
   */
  initial: () => T | undefined;
  /** What the page's HTML was rendered with (undefined: nothing, as in the build's shells), until a live query has answered. */
  inHtml: () => T | undefined;
  /**
   * A live query has answered: the early result is no longer used once every reader on screen has
   * its own answer (a reader still waiting keeps showing it, not "loading" in between).
   */
  done: () => void;
  /** A reader on screen whose live query has not answered yet; call what it returns once it has (or it is gone). */
  hold: () => () => void;
  /**
   * Uses `value` as the early result without reading the device (the list the server rendered /app
   * with and sent in the page, src/app/first-screen-data.ts), and as what the HTML shows; a later
   * `start` waits for nothing.
   */
  seed: (value: T) => void;
  /** The HTML was rendered with `value`, but the device's read comes first after it (the rider's own terminal). */
  seedHtml: (value: T) => void;
}

export function firstRead<T>(read: () => Promise<T>): FirstRead<T> {
  let reading: Promise<void> | undefined;
  let value: T | undefined;
  let html: T | undefined;
  let answered = false;
  let holding = 0;
  const drop = () => {
    if (!answered || holding > 0) return;
    value = undefined;
    html = undefined;
  };
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
    // A device read still under way (slower than the wait on a slow phone) keeps what the HTML showed.
    initial: () => value ?? html,
    inHtml: () => html,
    done() {
      answered = true;
      drop();
    },
    hold() {
      holding += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        holding -= 1;
        drop();
      };
    },
    seed(seeded) {
      reading = Promise.resolve();
      answered = false;
      value = seeded;
      html = seeded;
    },
    seedHtml(seeded) {
      answered = false;
      html = seeded;
    },
  };
}

const noFirstRead = () => undefined;

/** useLiveQuery's answer before its query has answered: no stored value can be this object. */
const NOT_ANSWERED = Symbol('not answered');

/**
 * `useLiveQuery` whose first render uses `first`'s early result when there is one (undefined while
 * neither has answered, as `useLiveQuery`); a render over the page's HTML uses what the HTML shows.
 *
 * `holdsAny` says whether an answer finds anything stored. One that finds nothing while there is an
 * early result does not replace it: the list the page came with is being stored (on a slow phone the
 * live query can read the table before that write, seconds before it lands), and the device having
 * nothing yet is no reason to show "loading" over it. The reader keeps the early result until an
 * answer finds the list.
 */
export function useLiveRead<T>(
  query: () => Promise<T>,
  deps: unknown[],
  first?: FirstRead<T>,
  holdsAny?: (value: T) => boolean,
): T | undefined {
  const early = useSyncExternalStore(noSubscription, first?.initial ?? noFirstRead, first?.inHtml ?? noFirstRead);
  const result = useLiveQuery<T, typeof NOT_ANSWERED>(query, deps, NOT_ANSWERED);
  const answered = result !== NOT_ANSWERED && (early === undefined || holdsAny === undefined || holdsAny(result as T));
  useEffect(() => {
    if (first && !answered) return first.hold();
  }, [answered, first]);
  useEffect(() => {
    if (answered) first?.done();
  }, [answered, first]);
  return answered ? result : early;
}
