/**
 * Whether an element has come near the viewport (once true, stays true): for loading code or live
 * subscriptions only when what they feed is on screen. Where there is no IntersectionObserver (old
 * browsers, jsdom) it is true at once, so nothing stays hidden.
 */
import { useEffect, useState, type RefObject } from 'react';

/** Start when the element is this close below the viewport: ready by the time it scrolls in. */
export const IN_VIEW_MARGIN_PX = 200;

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
    { rootMargin: `0px 0px ${IN_VIEW_MARGIN_PX}px 0px` },
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
 * True a while after the page has loaded and the main thread is free: for code worth having before
 * the rider scrolls to it (home widgets below the fold), fetched when it no longer competes with
 * the first screen.
 */
export function useAfterStartup(delayMs: number): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idleHandle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(() => setReady(true));
      else setReady(true);
    };
    const afterLoad = () => {
      timer = setTimeout(whenIdle, delayMs);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      window.removeEventListener('load', afterLoad);
      if (timer !== undefined) clearTimeout(timer);
      if (idleHandle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
    };
  }, [delayMs]);
  return ready;
}
