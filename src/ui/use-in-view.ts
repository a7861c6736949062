/**
 * Whether an element has come near the viewport (once true, stays true): for loading code or live
 * subscriptions only when what they feed is on screen. Where there is no IntersectionObserver (old
 * browsers, jsdom) it is true at once, so nothing stays hidden.
 */
import { useEffect, useState, type RefObject } from 'react';

/** Start when the element is this close below the viewport: ready by the time it scrolls in. */
export const IN_VIEW_MARGIN_PX = 200;

const observable = typeof IntersectionObserver !== 'undefined';

export function useInView(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: `0px 0px ${IN_VIEW_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen || !observable;
}
