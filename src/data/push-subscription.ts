/**
 * Web Push on this device: the Peace of Mind Alerts switch,
 * the notification permission and the push subscription the server sends alerts to.
 *
 * - The switch starts on (META.alertsEnabled missing = on) and is remembered in Dexie.
 * - Permission is asked only from a tap (switching alerts on, starting away mode), never on load:
 *   callers invoke requestNotificationPermission() first thing in the tap handler, while the browser
 *   still counts the tap as a user gesture, and pass the promise on.
 * - The subscription goes to the server through the outbox (POST /api/push/subscriptions with the
 *   browser's PushSubscription.toJSON()), so a tap made offline still registers once back online;
 *   switching off unsubscribes in the browser and queues DELETE /api/push/subscriptions {endpoint}.
 * - Without a service worker, PushManager or Notification (dev, old browsers) push is 'unsupported';
 *   in-app alerts still work while Deckhand is open.
 */
import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { subscribePush, unsubscribePush } from '@/domain/contracts/notifications';
import type { ClientConfig } from '@/domain/realtime';
import { callTarget } from '@/lib/api-client';
import { enqueue, saveWithOutbox } from '@/sync/outbox';
import { sendSoon } from '@/sync/send-soon';

import { pullClientConfig } from './client-config';

export type PushPermission = NotificationPermission | 'unsupported';
export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator
  );
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** Call synchronously from the tap handler: asks only while the permission is undecided. */
export function requestNotificationPermission(): Promise<PushPermission> {
  if (!pushSupported()) return Promise.resolve('unsupported');
  if (Notification.permission !== 'default') return Promise.resolve(Notification.permission);
  return Notification.requestPermission();
}

export async function readAlertsEnabled(database: DeckhandDB = defaultDatabase): Promise<boolean> {
  const row = await database.meta.get(META.alertsEnabled);
  return row?.value !== false;
}

/** VAPID keys travel base64url-encoded; PushManager wants the raw bytes. */
function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function vapidPublicKey(database: DeckhandDB): Promise<string | null> {
  const cached = (await database.meta.get(META.clientConfig))?.value as ClientConfig | undefined;
  if (cached?.vapidPublicKey) return cached.vapidPublicKey;
  const fresh = await pullClientConfig(database).catch(() => null);
  return fresh?.vapidPublicKey ?? null;
}

/**
 * Subscribe this device (after `permission` resolved) and queue the subscription for the server
 * unless this endpoint was already queued. Never throws.
 */
export async function subscribeToPush(
  database: DeckhandDB = defaultDatabase,
  permission: Promise<PushPermission> = requestNotificationPermission(),
): Promise<PushOutcome> {
  try {
    const granted = await permission;
    if (granted === 'unsupported') return 'unsupported';
    if (granted !== 'granted') return 'denied';
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return 'unsupported';
    const key = await vapidPublicKey(database);
    if (!key) return 'failed';
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(key),
      }));
    const known = await database.meta.get(META.pushEndpoint);
    if (known?.value !== subscription.endpoint) {
      const now = Date.now();
      await saveWithOutbox(
        database,
        database.meta,
        { key: META.pushEndpoint, value: subscription.endpoint, updatedAt: now },
        // The browser's own subscription JSON, as the contract's body reads it.
        { method: subscribePush.method, path: subscribePush.path, body: subscription.toJSON() },
      );
      await sendSoon(database);
    }
    return 'subscribed';
  } catch (error) {
    console.warn('Push subscription failed', error);
    return 'failed';
  }
}

/** Remove this device's subscription in the browser and (through the outbox) on the server. */
export async function unsubscribeFromPush(database: DeckhandDB = defaultDatabase): Promise<void> {
  try {
    const registration = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined;
    const subscription = await registration?.pushManager.getSubscription();
    const known = await database.meta.get(META.pushEndpoint);
    const endpoint = subscription?.endpoint ?? (typeof known?.value === 'string' ? known.value : undefined);
    await subscription?.unsubscribe();
    if (!endpoint) return;
    await database.transaction('rw', database.meta, database.outbox, async () => {
      await database.meta.delete(META.pushEndpoint);
      const body = { endpoint };
      await enqueue(database, { ...callTarget(unsubscribePush, { body }), body });
    });
    await sendSoon(database);
  } catch (error) {
    console.warn('Push unsubscription failed', error);
  }
}

/**
 * The switch was flipped by a tap. On: remember it, then subscribe (`permission` is the promise the
 * tap handler started). Off: remember it and unsubscribe. Resolves with the push outcome ('failed'
 * never stops the switch from turning on: in-app alerts still work).
 */
export async function setAlertsEnabled(
  enabled: boolean,
  database: DeckhandDB = defaultDatabase,
  permission?: Promise<PushPermission>,
): Promise<PushOutcome | null> {
  const now = Date.now();
  await database.meta.put({ key: META.alertsEnabled, value: enabled, updatedAt: now });
  if (!enabled) {
    await unsubscribeFromPush(database);
    return null;
  }
  return subscribeToPush(database, permission ?? requestNotificationPermission());
}
