/**
 * What the worker caches, and what it must not.
 *
 * - The app shell (every hashed asset, index.html, icons, manifest) is precached at install, so
 *   Deckhand opens offline at any route: navigations are answered with the precached index.html (or
 *   the prerendered first screen of /app and /landing) and the client router takes over. Old
 *   precaches are removed when a new worker activates.
 * - Navigations to /api/*, /ws and to paths naming a file (robots.txt, a photo) go to the network.
 * - Ferry photos under /ferries/ are cached at runtime (cache first, bounded), for the tracker offline.
 * - /api/* responses are NEVER cached here: server data lives in Dexie, where screens read it, and a
 *   worker cache would serve stale data that bypasses that single source of truth. The one exception
 *   is camera frames (/api/cameras/{id}/frame, images, not data): network first, and offline the
 *   camera's last frame, whatever its cache-busting `?t=` (the page shows the frame's age).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

import { PRERENDERED_SHELLS } from '@/domain/prerendered-shells';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Navigations the shell must not answer: the API, the realtime socket, and file-like paths. */
const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /\/[^/?]+\.[^/?]+$/];

const FERRY_PHOTO_CACHE = 'deckhand-ferry-photos';
/** Enough photos for every vessel in the fleet several times over, without growing unbounded. */
const FERRY_PHOTO_MAX_ENTRIES = 60;
/** Vessel photos change rarely; a month keeps them fresh enough and bounds what an old device keeps. */
const FERRY_PHOTO_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const CAMERA_FRAME_CACHE = 'deckhand-camera-frames';
/** One last frame per camera (15 cameras), with room to spare. */
const CAMERA_FRAME_MAX_ENTRIES = 30;
const CAMERA_FRAME_PATH = /^\/api\/cameras\/[^/]+\/frame$/;

/** Keys camera frames by path alone, so every `?t=` of one camera shares its last frame. */
const withoutQuery = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) =>
    new URL(request.url).origin + new URL(request.url).pathname,
};

export function registerCaching(): void {
  cleanupOutdatedCaches();
  precacheAndRoute(self.__WB_MANIFEST);

  // /app and /landing open on their prerendered first screen, as from the server; the first
  // matching route wins, so these come before the catch-all.
  for (const shell of PRERENDERED_SHELLS) {
    const exactly = new RegExp(`^${shell.path}/?$`);
    registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${shell.file}`), { allowlist: [exactly] }));
  }
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

  registerRoute(
    ({ url, request, sameOrigin }) =>
      sameOrigin && request.destination === 'image' && url.pathname.startsWith('/ferries/'),
    new CacheFirst({
      cacheName: FERRY_PHOTO_CACHE,
      plugins: [
        new ExpirationPlugin({
          maxEntries: FERRY_PHOTO_MAX_ENTRIES,
          maxAgeSeconds: FERRY_PHOTO_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );

  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && CAMERA_FRAME_PATH.test(url.pathname),
    new NetworkFirst({
      cacheName: CAMERA_FRAME_CACHE,
      plugins: [withoutQuery, new ExpirationPlugin({ maxEntries: CAMERA_FRAME_MAX_ENTRIES, purgeOnQuotaError: true })],
    }),
  );
}
