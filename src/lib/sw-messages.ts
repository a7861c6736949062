/**
 * The messages pages and the service worker exchange, shared by src/lib/pwa.ts and sw/*.
 * Both sides treat message data as untrusted `unknown` and narrow it with the guards here.
 *
 * page -> worker: FLUSH_OUTBOX (flush now; the fallback where Background Sync is missing) and
 *                 SKIP_WAITING (sent by workbox-window's messageSkipWaiting() for the update prompt).
 * worker -> page: outbox-flushed after every flush pass the worker ran, so pages re-read the server;
 *                 alert when a push arrives while a Deckhand window is visible and focused: the page
 *                 shows it in-app (src/lib/alerts.ts, once per key) instead of a system notification.
 */

export const FLUSH_OUTBOX = 'FLUSH_OUTBOX';
export const SKIP_WAITING = 'SKIP_WAITING';
export const OUTBOX_FLUSHED = 'outbox-flushed';
export const ALERT_MESSAGE = 'alert';

/** The window event src/lib/pwa.ts dispatches for each outbox-flushed message; detail is the message. */
export const OUTBOX_FLUSHED_EVENT = 'deckhand:outbox-flushed';

export interface FlushOutboxMessage {
  type: typeof FLUSH_OUTBOX;
}

export interface OutboxFlushedMessage {
  type: typeof OUTBOX_FLUSHED;
  /** Rows the pass delivered. */
  sent: number;
  /** Rows the server finally rejected in the pass. */
  failed: number;
  /** Rows still waiting to be sent after the pass. */
  remaining: number;
}

function typeOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
}

export function isFlushOutboxMessage(data: unknown): data is FlushOutboxMessage {
  return typeOf(data) === FLUSH_OUTBOX;
}

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeOf(data) === SKIP_WAITING;
}

export function isOutboxFlushedMessage(data: unknown): data is OutboxFlushedMessage {
  if (typeOf(data) !== OUTBOX_FLUSHED) return false;
  const { sent, failed, remaining } = data as Record<string, unknown>;
  return typeof sent === 'number' && typeof failed === 'number' && typeof remaining === 'number';
}

export interface AlertMessage {
  type: typeof ALERT_MESSAGE;
  /** The alert key (the push's tag): one alert per key. */
  key: string;
  title: string;
  body: string;
  url: string;
}

export function isAlertMessage(data: unknown): data is AlertMessage {
  if (typeOf(data) !== ALERT_MESSAGE) return false;
  const { key, title, body, url } = data as Record<string, unknown>;
  return typeof key === 'string' && typeof title === 'string' && typeof body === 'string' && typeof url === 'string';
}
