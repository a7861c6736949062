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

/** rider-core §9: a tooltip appears 700 ms after the pointer rests on (or keyboard focus reaches) its trigger. */
export const TOOLTIP_DELAY_MS = 700;

/**
 * rider-core §9 (departure calculator): check-in cut-off 30 min before departure. The arrival timer
 * and Next Ferry's sailing waits count a car arriving after it as missing that sailing.
 */
export const CHECKIN_CUTOFF_MINUTES = 30;

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
/**
 * The client sends {"type":"ping"} this often on an open /ws; a link that has carried nothing for
 * two of these is dead (a dropped mobile connection often never fires 'close'): the client drops it,
 * shows the channel disconnected (no "Live" on stale data) and reconnects.
 */
export const WS_HEARTBEAT_MS = 20_000;

/** Server: Idempotency-Key responses are kept at least this long (DESIGN.md). */
export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60_000;

/** Data older than this is labelled stale in the UI. */
export const STALE_AFTER_MS = 2 * 60_000;

/** Server: rider sessions last a year and slide forward on use (DESIGN.md "No hard-coded user"). */
export const SESSION_TTL_MS = 365 * 24 * 60 * 60_000;
/** Server: a session's expiry is pushed forward at most this often, so reads do not write every time. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 60_000;
/** Server: a repeat of an Idempotency-Key still running polls this often, for at most the wait below. */
export const IDEMPOTENCY_POLL_MS = 25;
export const IDEMPOTENCY_WAIT_MAX_MS = 10_000;
/**
 * Server: a key left pending this long (its request died with the process) may be run again. Safe
 * even if the first request is only slow: its write commits only while its claim is unchanged.
 */
export const IDEMPOTENCY_PENDING_STALE_MS = 30_000;
/** Server: how often keys older than IDEMPOTENCY_TTL_MS are deleted. */
export const IDEMPOTENCY_CLEANUP_INTERVAL_MS = 60 * 60_000;

/** The product name shown in titles, the home header and "Loading Deckhand..." (membership §2). */
export const PRODUCT_NAME = 'Deckhand';
/** membership §2, §9: the landing page's feature card rotates every 4 s. */
export const LANDING_ROTATION_MS = 4_000;

/** Server: a back-office (staff/admin) session ends after 12 h without use (idle expiry). */
export const BACK_OFFICE_IDLE_TIMEOUT_MS = 12 * 60 * 60_000;
/** Server: a back-office session's idle expiry is pushed forward at most this often. */
export const BACK_OFFICE_TOUCH_INTERVAL_MS = 5 * 60_000;
/** Server: failed back-office sign-ins are counted over this window (src/domain/login-throttle.ts)... */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** ...one account from one address: past this many, that pair answers 429 until the window moves on; */
export const LOGIN_FAILURES_ALLOWED = 5;
/** ...one address, whatever the accounts: past this many, the address answers 429 (a terminal's staff share one); */
export const LOGIN_ADDRESS_FAILURES_ALLOWED = 20;
/** ...one account from anywhere: past LOGIN_FAILURES_ALLOWED each attempt waits this, doubling per failure, */
export const LOGIN_SLOWDOWN_BASE_MS = 1_000;
/** ...up to this; a browser that signed in to the account before is never slowed. */
export const LOGIN_SLOWDOWN_MAX_MS = 60_000;
/** Server: the shortest password a back-office account may be given. */
export const BACK_OFFICE_PASSWORD_MIN_LENGTH = 12;
/** membership §9: Premium and Ninja come with a 7-day free trial. */
export const MEMBERSHIP_TRIAL_MS = 7 * 24 * 60 * 60_000;
/** Server: how often the trial-expiry job looks for trials that have run out. */
export const TRIAL_EXPIRY_INTERVAL_MS = 60_000;

// ---- Back office and exception passes (membership §2, §7, §9) ----
/** Admin dashboard polling (membership §7): metrics, booking requests 30 s; active users 60 s; system status 10 s. */
export const ADMIN_METRICS_POLL_MS = 30_000;
export const ADMIN_ACTIVE_USERS_POLL_MS = 60_000;
export const ADMIN_BOOKING_REQUESTS_POLL_MS = 30_000;
export const ADMIN_SYSTEM_STATUS_POLL_MS = 10_000;
/** Staff queues refresh at the system-status pace so a new order or pass shows within seconds. */
export const STAFF_QUEUE_POLL_MS = 10_000;
/** Days of history behind each Overview chart. */
export const ADMIN_TREND_DAYS = 7;
/** An exception pass is honoured from this long before its departure time ... */
export const EXCEPTION_PASS_VALID_BEFORE_MS = 3 * 60 * 60_000;
/** ... until this long after it (a late sailing still boards on the pass). */
export const EXCEPTION_PASS_VALID_AFTER_MS = 3 * 60 * 60_000;
/** How often the rider's pass list is refreshed while the page is open. */
export const EXCEPTION_PASS_POLL_MS = 30_000;
