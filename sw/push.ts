/**
 * Web Push: shows the server's notification, and opens Deckhand where it points when tapped.
 *
 * Payload (JSON, src/domain/notification.ts AlertPushPayload): `{ title?, body?, tag?, url?, kind? }`
 * (`data: { url }` is accepted for `url` too). A missing or malformed payload falls back to defaults:
 * plain text becomes the body, and any url that is not on this origin is replaced by DEFAULT_URL.
 *
 * Where the alert shows: if a Deckhand window is visible and focused, a tagged alert is posted to it
 * (`{type:'alert', key: tag, …}`) and the page shows it in-app, once per key (src/lib/alerts.ts);
 * otherwise a system notification with tag = the alert key (a repeat replaces it instead of
 * stacking), renotify so a replacement still buzzes, a vibration pattern, and requireInteraction for
 * away-mode alerts, which must stay on screen until the rider sees them.
 */
import { ALERT_MESSAGE, type AlertMessage } from '@/lib/sw-messages';

import { windowClients } from './clients';

declare const self: ServiceWorkerGlobalScope;

const DEFAULT_TITLE = 'Deckhand';
const DEFAULT_BODY = 'There is news about your sailing.';
const DEFAULT_URL = '/app';
const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Two long buzzes, as the page's in-app alert. */
const VIBRATION_PATTERN = [300, 150, 300];
/** Alerts that call the rider back to the car stay until dismissed. */
const STICKY_KINDS = new Set(['away_alert', 'queue_moving']);

/** NotificationOptions members Chromium supports that TypeScript's WebWorker lib lacks. */
interface AlertNotificationOptions extends NotificationOptions {
  renotify?: boolean;
  vibrate?: number[];
}

export interface PushContent {
  title: string;
  body: string;
  tag?: string;
  url: string;
  kind?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Same-origin path (with query and hash) for a url, or DEFAULT_URL for anything else. */
export function sameOriginPath(value: unknown): string {
  const raw = text(value);
  if (!raw) return DEFAULT_URL;
  try {
    const url = new URL(raw, self.location.origin);
    return url.origin === self.location.origin ? `${url.pathname}${url.search}${url.hash}` : DEFAULT_URL;
  } catch {
    return DEFAULT_URL;
  }
}

export function parsePushContent(raw: string | undefined): PushContent {
  let payload: unknown;
  try {
    payload = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    return { title: DEFAULT_TITLE, body: text(raw) ?? DEFAULT_BODY, url: DEFAULT_URL };
  }
  if (typeof payload !== 'object' || payload === null) {
    return { title: DEFAULT_TITLE, body: text(raw) ?? DEFAULT_BODY, url: DEFAULT_URL };
  }
  const fields = payload as Record<string, unknown>;
  const data = typeof fields.data === 'object' && fields.data !== null ? (fields.data as Record<string, unknown>) : {};
  return {
    title: text(fields.title) ?? DEFAULT_TITLE,
    body: text(fields.body) ?? DEFAULT_BODY,
    tag: text(fields.tag),
    url: sameOriginPath(fields.url ?? data.url),
    kind: text(fields.kind),
  };
}

function readPayload(event: PushEvent): string | undefined {
  try {
    return event.data?.text();
  } catch {
    return undefined;
  }
}

/** Focus an open Deckhand window and take it to `path`; open a new window when there is none. */
async function openDeckhandAt(path: string): Promise<void> {
  const windows = await windowClients();
  const target = windows.find((client) => client.focused) ?? windows[0];
  if (target) {
    const focused = await target.focus();
    // navigate() only works on windows this worker controls; an uncontrolled one gets a new window.
    const navigated = await focused.navigate(path).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(path);
}

export function notificationOptions(content: PushContent): AlertNotificationOptions {
  return {
    body: content.body,
    tag: content.tag,
    icon: NOTIFICATION_ICON,
    data: { url: content.url },
    renotify: content.tag !== undefined,
    vibrate: VIBRATION_PATTERN,
    requireInteraction: content.kind !== undefined && STICKY_KINDS.has(content.kind),
  };
}

/** In-app for a visible, focused Deckhand window (tagged alerts only); a system notification otherwise. */
async function deliver(content: PushContent): Promise<void> {
  const focused = (await windowClients()).find((client) => client.visibilityState === 'visible' && client.focused);
  if (focused && content.tag) {
    const message: AlertMessage = {
      type: ALERT_MESSAGE,
      key: content.tag,
      title: content.title,
      body: content.body,
      url: content.url,
    };
    focused.postMessage(message);
    return;
  }
  await self.registration.showNotification(content.title, notificationOptions(content));
}

export function registerPush(): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(deliver(parsePushContent(readPayload(event))));
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
    event.waitUntil(openDeckhandAt(sameOriginPath(url ?? DEFAULT_URL)));
  });
}
