/**
 * The banner carousel's reserved height in CSS px at phone width (412 px): its tallest seeded slide
 * with the dots. The carousel keeps at least this height while loading and while slides of different
 * lengths rotate, so the page below never jumps (CLS). Kept apart from the carousel so home can
 * reserve the room before the carousel's code has loaded.
 */
export const BANNER_CAROUSEL_MIN_HEIGHT_PX = 176;
