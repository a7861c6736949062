/**
 * The page's side of the service worker (sw/): registration, the update prompt, worker messages,
 * and asking the worker to flush the outbox.
 *
 * - Production only: in dev (`import.meta.env.DEV`) no worker is registered, so Vite's module graph
 *   is never served from a stale precache.
 * - Update flow: a new worker waits (sw/lifecycle.ts). When one is waiting a toast offers "Reload";
 *   accepting sends SKIP_WAITING, and the page reloads once the new worker controls it, so the page
 *   and its assets are always of one version. Ignoring it is safe: the new worker takes over when
 *   every Deckhand tab is closed, and the prompt comes back on the next visit until then.
 * - `{type:'outbox-flushed'}` from the worker becomes the window event OUTBOX_FLUSHED_EVENT (detail:
 *   the message), which the sync code listens to. `{type:'alert'}` (a push that arrived while this
 *   window was focused) is shown in-app with showAlert (once per key).
 * - workbox-window and the toast library are loaded lazily: neither is needed to render the first screen;
 *   the toast library only once a new version waits.
 */
import { OUTBOX_SYNC_TAG } from '@/domain/constants';
import { showAlert } from '@/lib/alerts';
import {
  FLUSH_OUTBOX,
  isAlertMessage,
  isOutboxFlushedMessage,
  OUTBOX_FLUSHED_EVENT,
  type FlushOutboxMessage,
} from '@/lib/sw-messages';

export const UPDATE_AVAILABLE_TEXT = 'A new version of Deckhand is available';
export const UPDATE_ACTION_LABEL = 'Reload';
const UPDATE_TOAST_ID = 'deckhand-update';
const SERVICE_WORKER_URL = '/sw.js';

/** Background Sync (not in TypeScript's DOM lib; Chromium only at the time of writing). */
interface SyncManager {
  register(tag: string): Promise<void>;
}

type SyncCapableRegistration = ServiceWorkerRegistration & { readonly sync?: SyncManager };

function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

function forwardWorkerMessages(container: ServiceWorkerContainer): void {
  container.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isOutboxFlushedMessage(event.data)) {
      window.dispatchEvent(new CustomEvent(OUTBOX_FLUSHED_EVENT, { detail: event.data }));
    } else if (isAlertMessage(event.data)) {
      showAlert({ key: event.data.key, title: event.data.title, body: event.data.body });
    }
  });
  // Messages from the worker are queued until the page opts in; do it now rather than at load.
  container.startMessages();
}

async function registerWithWorkbox(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' });

  let reloading = false;
  wb.addEventListener('controlling', () => {
    if (!reloading) return;
    reloading = false;
    window.location.reload();
  });

  // A waiting worker has the new version stored, and the current one serves this version's files.
  wb.addEventListener('waiting', () => {
    void import('./toast')
      .then(({ toast }) =>
        toast(UPDATE_AVAILABLE_TEXT, {
          id: UPDATE_TOAST_ID,
          action: {
            label: UPDATE_ACTION_LABEL,
            onClick: () => {
              reloading = true;
              wb.messageSkipWaiting();
            },
          },
        }),
      )
      .catch((error: unknown) => console.warn('Could not offer the new version', error));
  });

  await wb.register();
}

/** Registers /sw.js (production builds, supporting browsers) and wires the update prompt. */
export function registerServiceWorker(): void {
  const container = serviceWorkerContainer();
  if (import.meta.env.DEV || !container) return;
  forwardWorkerMessages(container);
  registerWithWorkbox().catch((error: unknown) => console.warn('Service worker registration failed', error));
}

/**
 * Asks the service worker to flush the outbox: through Background Sync where supported (the worker
 * flushes when the connection is back, even with every page closed), else by a FLUSH_OUTBOX message
 * to the active worker. Resolves true when the worker has taken the job, false when there is no
 * active worker (dev, unsupported browser, first load before install): the page's own flush
 * triggers (start, 'online', visibility, timer) cover that case. Never rejects.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  const container = serviceWorkerContainer();
  if (!container) return false;
  const registration = (await container.getRegistration().catch(() => undefined)) as
    SyncCapableRegistration | undefined;
  const worker = registration?.active;
  if (!registration || !worker) return false;

  if (registration.sync) {
    try {
      await registration.sync.register(OUTBOX_SYNC_TAG);
      return true;
    } catch (error) {
      // E.g. Background Sync disabled by the user or a policy: fall back to a direct request.
      console.warn('Background Sync registration failed; asking the worker directly', error);
    }
  }
  const message: FlushOutboxMessage = { type: FLUSH_OUTBOX };
  worker.postMessage(message);
  return true;
}
