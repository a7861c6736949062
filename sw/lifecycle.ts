/**
 * Install / update lifecycle.
 *
 * A new worker waits until the user accepts the update prompt (src/lib/pwa.ts shows it; accepting
 * posts SKIP_WAITING through workbox-window), so a page never runs against assets of a different
 * version without asking. On activation the worker claims open pages, so a first visit is served and
 * can use Background Sync without a reload.
 */
import { clientsClaim } from 'workbox-core';

import { isSkipWaitingMessage } from '@/lib/sw-messages';

declare const self: ServiceWorkerGlobalScope;

export function registerLifecycle(): void {
  self.addEventListener('message', (event) => {
    if (isSkipWaitingMessage(event.data)) event.waitUntil(self.skipWaiting());
  });
  clientsClaim();
}
