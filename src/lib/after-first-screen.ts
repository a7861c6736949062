/**
 * Start-up work the first screen does not need (the service worker's registration: src/main.tsx),
 * run once the first screen is up: when the browser is
 * idle, or at the rider's first input, or at the latest IDLE_TIMEOUT_MS after asking. Each piece is
 * its own slice, and the browser gets the main thread back between slices (src/lib/time-slice.ts),
 * so no start-up task grows past 50 ms (a "long task") on a slow phone because of what it started
 * (bench/startup-trace.ts measures the tasks).
 */

import { yieldToMain } from '@/lib/time-slice';

/** The latest the work starts, idle or not: a busy phone still gets it done. */
export const IDLE_TIMEOUT_MS = 2_000;

/** A rider's first input starts the work (after the input's own task, never before it). */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** Resolves when the browser is idle, at the first input, or after `timeoutMs`, whichever is first. */
export function idleOrFirstInput(timeoutMs: number = IDLE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    let idleHandle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One signal removes every input listener: the timeout may fire after the page (or a test's
    // document) is gone, when its window's methods can no longer be called.
    const listening = new AbortController();
    const start = () => {
      listening.abort();
      if (idleHandle !== undefined) cancelIdleCallback(idleHandle);
      clearTimeout(timer);
      resolve();
    };
    // The input's own handlers run first: the work starts in a task after it.
    const onInput = () => void yieldToMain().then(start);
    for (const type of FIRST_INPUT_EVENTS)
      window.addEventListener(type, onInput, { capture: true, passive: true, signal: listening.signal });
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(start, { timeout: timeoutMs });
    else timer = setTimeout(start, timeoutMs);
  });
}

/**
 * Runs `slices` in order once the first screen is up (`idleOrFirstInput`), yielding to the browser
 * before each. A slice that throws is logged and the next still runs; a slice's promise is not waited
 * for (what it started runs in tasks of its own).
 */
export async function afterFirstScreen(
  slices: ReadonlyArray<() => unknown>,
  timeoutMs: number = IDLE_TIMEOUT_MS,
): Promise<void> {
  await idleOrFirstInput(timeoutMs);
  for (const slice of slices) {
    await yieldToMain();
    try {
      const started = slice();
      if (started instanceof Promise) started.catch((error: unknown) => console.error('Start-up work failed', error));
    } catch (error) {
      console.error('Start-up work failed', error);
    }
  }
}

/** Resolves once the page has loaded (the service worker's script and install fetches would compete with the first screen's). */
export function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}
