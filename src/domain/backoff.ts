/**
 * Retry delays for the client's sync machinery, as pure functions so the page, the service worker
 * and the tests agree on them. The constants live in ./constants (DESIGN.md convention 3).
 */
import { OUTBOX_BACKOFF_BASE_MS, OUTBOX_BACKOFF_MAX_MS, WS_BACKOFF_BASE_MS, WS_BACKOFF_MAX_MS } from './constants';

/**
 * Delay before an outbox row is tried again after its `attempts`-th retryable failure
 * (`attempts` counts the failures before this one): base·2^attempts, capped.
 */
export function outboxBackoffMs(attempts: number): number {
  const exponent = Math.max(0, Math.floor(attempts));
  return Math.min(OUTBOX_BACKOFF_BASE_MS * 2 ** exponent, OUTBOX_BACKOFF_MAX_MS);
}

/**
 * Delay before WebSocket reconnect attempt number `attempt` (0 = first retry): base·2^attempt capped
 * at the maximum, then "equal jitter" — half fixed, half random — so a server restart does not get
 * every client back in the same millisecond. `random` is a value in [0, 1).
 */
export function wsReconnectDelayMs(attempt: number, random: number): number {
  const exponent = Math.max(0, Math.floor(attempt));
  const ceiling = Math.min(WS_BACKOFF_BASE_MS * 2 ** exponent, WS_BACKOFF_MAX_MS);
  const clamped = Math.min(Math.max(random, 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * clamped);
}
