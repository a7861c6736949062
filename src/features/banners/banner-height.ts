/**
 * The banner carousel's reserved height in CSS px at phone width (412 px): a two-line slide (slides
 * are clamped to two lines) with the dots, as measured on the seeded banners. The carousel keeps at
 * least this height while loading and while slides of different lengths rotate, so the page below
 * never jumps (CLS). Kept apart from the carousel so home can reserve the room before the carousel's
 * code has loaded.
 */
export const BANNER_CAROUSEL_MIN_HEIGHT_PX = 88;
