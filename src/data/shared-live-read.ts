/**
 * One live query of the device store shared by every reader on screen, where several cards read the
 * same thing (the rider's route and its sailings, the feed status): each change to what it read runs
 * the read once and hands the same answer to all of them, instead of one query per card each reading
 * the same rows again. The query starts with its first reader and stops with its last.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';

import { yieldToMain } from '@/lib/time-slice';

import type { DeckhandDB } from './db';

export interface SharedLiveReadOptions<T> {
  /** Named in the warning when the read fails. */
  what: string;
  /** Readers are told of an answer only when it differs from the last by this (default: every answer). */
  same?: (last: T, next: T) => boolean;
  /**
   * Tell each reader in a task of its own, so each reader's render is a task of its own (as when each
   * ran its own query), for readers whose renders are heavy (home's cards): told at once, their
   * renders make one long task on a slow phone. Default: all at once (light readers, such as labels
   * that must change together).
   */
  eachInOwnTask?: boolean;
  /**
   * Keep the last answer once no reader is left, for the next reader's first render (default: drop
   * it, so a screen opened later starts from its own read, never from old data).
   */
  keepWhenUnused?: boolean;
}

interface Shared<T> {
  /** One function per database: a new one each render would make the component resubscribe on every render. */
  subscribe: (listener: () => void) => () => void;
  /** The last answer; undefined until the first. */
  read: () => T | undefined;
}

/** The shared reader of `read` for each database (a test's own database gets its own). */
export function sharedLiveRead<T>(
  read: (database: DeckhandDB) => Promise<T>,
  options: SharedLiveReadOptions<T>,
): (database: DeckhandDB) => Shared<T> {
  const byDatabase = new WeakMap<DeckhandDB, Shared<T>>();
  return (database) => {
    const known = byDatabase.get(database);
    if (known) return known;
    let value: T | undefined;
    let subscription: Subscription | undefined;
    const listeners = new Set<() => void>();
    const tellEach = async (toTell: Array<() => void>) => {
      for (const [index, listener] of toTell.entries()) {
        if (index > 0 && options.eachInOwnTask) await yieldToMain();
        if (listeners.has(listener)) listener();
      }
    };
    const shared: Shared<T> = {
      read: () => value,
      subscribe(listener) {
        listeners.add(listener);
        subscription ??= liveQuery(() => read(database)).subscribe({
          next(next) {
            if (value !== undefined && options.same?.(value, next)) return;
            value = next;
            void tellEach([...listeners]);
          },
          error: (error: unknown) => console.warn(`${options.what} could not be read`, error),
        });
        return () => {
          listeners.delete(listener);
          if (listeners.size > 0) return;
          subscription?.unsubscribe();
          subscription = undefined;
          if (!options.keepWhenUnused) value = undefined;
        };
      },
    };
    byDatabase.set(database, shared);
    return shared;
  };
}

const nothingInHtml = () => undefined;

/** A shared reader's answer: undefined until its first, and in a render over the page's HTML. */
export function useSharedLiveRead<T>(shared: Shared<T>): T | undefined {
  return useSyncExternalStore(shared.subscribe, shared.read, nothingInHtml);
}
