import { describe, expect, it } from 'vitest';

import {
  ADMIN_ACTIVE_USERS_POLL_MS,
  ADMIN_BOOKING_REQUESTS_POLL_MS,
  ADMIN_METRICS_POLL_MS,
  ADMIN_SYSTEM_STATUS_POLL_MS,
  BACK_OFFICE_IDLE_TIMEOUT_MS,
  BACK_OFFICE_TOUCH_INTERVAL_MS,
  CHECKIN_CUTOFF_MINUTES,
  CLOCK_REFRESH_MS,
  COUNTDOWN_TICK_MS,
  IDEMPOTENCY_PENDING_STALE_MS,
  IDEMPOTENCY_POLL_MS,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENCY_WAIT_MAX_MS,
  LANDING_ROTATION_MS,
  LOGIN_ADDRESS_FAILURES_ALLOWED,
  LOGIN_FAILURES_ALLOWED,
  LOGIN_SLOWDOWN_BASE_MS,
  LOGIN_SLOWDOWN_MAX_MS,
  MEMBERSHIP_TRIAL_MS,
  MOBILE_BREAKPOINT_PX,
  OUTBOX_BACKOFF_BASE_MS,
  OUTBOX_BACKOFF_MAX_MS,
  PRODUCT_NAME,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
  STALE_AFTER_MS,
  TOAST_DURATION_MS,
  TOAST_VISIBLE_MAX,
  TOOLTIP_DELAY_MS,
  WS_BACKOFF_BASE_MS,
  WS_BACKOFF_MAX_MS,
  WS_HEARTBEAT_MS,
} from '@/domain/constants';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

describe('the rider-facing timings (rider-core §9 "Timings", "Toasts", "Tooltip delay 700 ms")', () => {
  it('refreshes the clock every 60 s and ticks countdowns every second', () => {
    expect(CLOCK_REFRESH_MS).toBe(60 * SECOND);
    expect(COUNTDOWN_TICK_MS).toBe(SECOND);
  });

  it('shows one toast at a time, for 5000 ms', () => {
    expect([TOAST_VISIBLE_MAX, TOAST_DURATION_MS]).toEqual([1, 5_000]);
  });

  it('opens a tooltip after 700 ms', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
  });

  it('closes check-in 30 minutes before departure (departure calculator)', () => {
    expect(CHECKIN_CUTOFF_MINUTES).toBe(30);
  });
});

describe('the membership and back-office timings (membership §2 device detection and landing page, §7 polling, §9)', () => {
  it('counts a screen under 768 px as a phone and rotates the landing feature every 4 s', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(768);
    expect(LANDING_ROTATION_MS).toBe(4 * SECOND);
  });

  it('offers 7-day trials', () => {
    expect(MEMBERSHIP_TRIAL_MS).toBe(7 * DAY);
  });

  it('polls metrics and booking requests every 30 s, active users every 60 s, system status every 10 s', () => {
    expect([ADMIN_METRICS_POLL_MS, ADMIN_BOOKING_REQUESTS_POLL_MS]).toEqual([30 * SECOND, 30 * SECOND]);
    expect(ADMIN_ACTIVE_USERS_POLL_MS).toBe(60 * SECOND);
    expect(ADMIN_SYSTEM_STATUS_POLL_MS).toBe(10 * SECOND);
  });

  it('shows "Loading Deckhand..." while the device is detected', () => {
    expect(`Loading ${PRODUCT_NAME}...`).toBe('Loading Deckhand...');
  });
});

describe('retries, sessions and limits that must agree with each other (docs/offline-and-sync.md, docs/security.md)', () => {
  it('backs off from its base up to its ceiling, never starting above it', () => {
    expect(OUTBOX_BACKOFF_BASE_MS).toBeLessThan(OUTBOX_BACKOFF_MAX_MS);
    expect(OUTBOX_BACKOFF_MAX_MS).toBe(5 * MINUTE);
    expect(WS_BACKOFF_BASE_MS).toBeLessThan(WS_BACKOFF_MAX_MS);
  });

  it('finds a dead realtime link (two silent heartbeats) before the data on screen is called stale', () => {
    expect(2 * WS_HEARTBEAT_MS).toBeLessThan(STALE_AFTER_MS);
  });

  it('keeps an idempotency key a week; a repeat waits less than the time after which the key may run again', () => {
    expect(IDEMPOTENCY_TTL_MS).toBe(7 * DAY);
    expect(IDEMPOTENCY_POLL_MS).toBeLessThan(IDEMPOTENCY_WAIT_MAX_MS);
    expect(IDEMPOTENCY_WAIT_MAX_MS).toBeLessThan(IDEMPOTENCY_PENDING_STALE_MS);
  });

  it('slides sessions forward well within their lifetime', () => {
    expect(SESSION_TOUCH_INTERVAL_MS).toBeLessThan(SESSION_TTL_MS);
    expect(BACK_OFFICE_TOUCH_INTERVAL_MS).toBeLessThan(BACK_OFFICE_IDLE_TIMEOUT_MS);
    expect(BACK_OFFICE_IDLE_TIMEOUT_MS).toBe(12 * 60 * MINUTE);
  });

  it('lets an address fail more sign-ins than one account from it, and slows attempts from 1 s to at most a minute', () => {
    expect(LOGIN_FAILURES_ALLOWED).toBeLessThan(LOGIN_ADDRESS_FAILURES_ALLOWED);
    expect([LOGIN_SLOWDOWN_BASE_MS, LOGIN_SLOWDOWN_MAX_MS]).toEqual([SECOND, MINUTE]);
  });
});
