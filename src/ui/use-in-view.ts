/**
 * Whether an element has come near the viewport (once true, stays true): for loading code or live
 * subscriptions only when what they feed is on screen. Where there is no IntersectionObserver (old
 * browsers, jsdom) it is true at once, so nothing stays hidden.
 */
import { useEffect, useState, type RefObject } from 'react';

/** Start when the element is this close below the viewport: ready by the time it scrolls in. */
export const IN_VIEW_MARGIN_PX = 200;

/** That margin below a box, as IntersectionObserver takes it. */
const BELOW = `0px 0px ${IN_VIEW_MARGIN_PX}px 0px`;

const observable = typeof IntersectionObserver !== 'undefined';

/**
 * One observer for every element asked about (home has ten widgets: an observer each was ten made in
 * one task at start-up, and ten the browser checked every frame). Each element is told once, then
 * no longer watched.
 */
let shared: IntersectionObserver | undefined;
const waiting = new Map<Element, () => void>();

function whenNearViewport(element: Element, seen: () => void): () => void {
  shared ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const tell = entry.isIntersecting ? waiting.get(entry.target) : undefined;
        if (!tell) continue;
        waiting.delete(entry.target);
        shared?.unobserve(entry.target);
        tell();
      }
    },
    // Home scrolls inside its frame (<main>), which clips what it holds: the margin goes on that
    // scrolling box too (`scrollMargin`), not only on the viewport (`rootMargin`), or a card would
    // start loading only once it is already on screen.
    { rootMargin: BELOW, scrollMargin: BELOW },
  );
  waiting.set(element, seen);
  shared.observe(element);
  return () => {
    if (waiting.delete(element)) shared?.unobserve(element);
  };
}

export function useInView(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element || !observable) return;
    return whenNearViewport(element, () => setSeen(true));
  }, [ref, seen]);
  return seen || !observable;
}

/**
 * The gap between two widgets' turns (`useAfterStartup`): long enough that one widget's code, its
 * first render and its layout are done (or its code is still on the way) before the next begins.
 */
export const TURN_GAP_MS = 250;

/** Widgets waiting for their turn, in the order they asked (home's order, top to bottom). */
const turns = new Set<() => void>();
let taking = false;

function whenIdle(then: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(then);
  else setTimeout(then, 0);
}

/** Gives the first waiting widget its turn, and the next one an idle moment at least TURN_GAP_MS later. */
function nextTurn(): void {
  const [first] = turns;
  if (!first) {
    taking = false;
    return;
  }
  turns.delete(first);
  first();
  setTimeout(() => whenIdle(nextTurn), TURN_GAP_MS);
}

/** Queues `go` for its turn; returns what takes it out of the queue. */
function inTurn(go: () => void): () => void {
  turns.add(go);
  if (!taking) {
    taking = true;
    whenIdle(nextTurn);
  }
  return () => void turns.delete(go);
}

/**
 * True a while after the page has loaded and the main thread is free: for code worth having before
 * the rider scrolls to it (home widgets below the fold), fetched when it no longer competes with
 * the first screen. The widgets asking take turns, one per idle moment TURN_GAP_MS apart: all at
 * once, their code, first renders, data and layout came in a few tasks of 20-50 ms each with both
 * cores of a fast host busy, long tasks on a slow phone. `wanted` false (a widget already loading
 * because it came into view) leaves the queue: the turn goes to the next.
 */
export function useAfterStartup(delayMs: number, wanted = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let leaveQueue: (() => void) | undefined;
    const afterLoad = () => {
      timer = setTimeout(() => (leaveQueue = inTurn(() => setReady(true))), delayMs);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (timer !== undefined) clearTimeout(timer);
      leaveQueue?.();
    };
  }, [delayMs, wanted]);
  return ready;
}
