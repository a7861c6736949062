/**
 * A box the browser skips while it is off screen (content-visibility: auto): no style, layout or
 * paint for what it holds until it nears the viewport, so a long page's first layouts on a slow
 * phone cover only what shows. Its DOM, text and accessibility tree stay as they are (find in page,
 * links to its anchors and screen readers reach it). Until first drawn it takes `estimatePx` of
 * height, then keeps its last drawn height while skipped, so the page does not move as it is
 * scrolled. The shadow of a card inside, up to 4 px outside the box (shadow-sm), is not clipped.
 */
import type { CSSProperties } from 'react';

export const OFF_SCREEN_SKIPPED = '[content-visibility:auto] [overflow-clip-margin:4px]';

/** The box's reserved height while it has never been drawn (CSS px). */
export function offScreenEstimate(estimatePx: number): CSSProperties {
  return { containIntrinsicBlockSize: `auto ${estimatePx}px` };
}
