/**
 * Web Push: shows the server's notification, and opens Deckhand where it points when tapped.
 *
 * Payload (JSON): `{ title?, body?, tag?, url? }` (`data: { url }` is accepted for `url` too).
 * A push must always show a notification (browsers require it for userVisibleOnly subscriptions),
 * so a missing or malformed payload falls back to defaults: plain text becomes the body, and any
 * url that is not on this origin is replaced by DEFAULT_URL.
 */
import { windowClients } from './clients';

declare const self: ServiceWorkerGlobalScope;

const DEFAULT_TITLE = 'Deckhand';
const DEFAULT_BODY = 'There is news about your sailing.';
const DEFAULT_URL = '/app';
const NOTIFICATION_ICON = '/icons/icon-192.png';

export interface PushContent {
  title: string;
  body: string;
  tag?: string;
  url: string;
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

export function registerPush(): void {
  self.addEventListener('push', (event) => {
    const content = parsePushContent(readPayload(event));
    event.waitUntil(
      self.registration.showNotification(content.title, {
        body: content.body,
        tag: content.tag,
        icon: NOTIFICATION_ICON,
        data: { url: content.url },
      }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
    event.waitUntil(openDeckhandAt(sameOriginPath(url ?? DEFAULT_URL)));
  });
}
