/**
 * Timing and limit constants, named in one place (DESIGN.md convention 3). Each cites its spec section.
 */

/** rider-core §9: clock refresh 60 s (the frame's clock bar). */
export const CLOCK_REFRESH_MS = 60_000;
/** Next Ferry card recomputes its minutes-to-departure every second so the countdown is live. */
export const COUNTDOWN_TICK_MS = 1_000;
/** rider-core §9: toasts show for 5000 ms, one at a time. */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_VISIBLE_MAX = 1;

/** membership §2: mobile when the UA is mobile, or width under 768 with touch. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Outbox flusher backoff (DESIGN.md data flow): 1 s doubling to 5 min between attempts of one row. */
export const OUTBOX_BACKOFF_BASE_MS = 1_000;
export const OUTBOX_BACKOFF_MAX_MS = 5 * 60_000;
/** Periodic flush while the app is open, in case no event fires. */
export const OUTBOX_FLUSH_INTERVAL_MS = 30_000;
/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'deckhand-outbox';

/** WebSocket reconnect backoff: 1 s doubling to 30 s, with jitter. */
export const WS_BACKOFF_BASE_MS = 1_000;
export const WS_BACKOFF_MAX_MS = 30_000;

/** Server: Idempotency-Key responses are kept at least this long (DESIGN.md). */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60_000;

/** Data older than this is labelled stale in the UI. */
export const STALE_AFTER_MS = 2 * 60_000;
