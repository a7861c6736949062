/**
 * Entry point of every page but /landing (a brochure with a script of its own, src/landing-main.ts):
 * renders the app, then starts the sync engine (src/app/rider-sync.ts; not under the landing page a
 * desktop visitor gets at the root) and, once the first screen is up (src/lib/after-first-screen.ts),
 * the service worker. Screens render from local data (DESIGN.md), so nothing here blocks on the network.
 *
 * /app arrives with its first screen already in the HTML (src/app/prerender.tsx). The
 * first render waits until the current page's code has loaded, then hydrates that HTML: it renders
 * exactly what the HTML shows (the data and instant it was rendered with), so the DOM is adopted as
 * it is instead of being built again, and the device's data follows in the next render. (Hydration
 * takes the HTML's attributes as they are: a first render that differed from the HTML would leave
 * them stale.) The parts wrapped in `HydrateInOwnTask` (the frame's bars; home's banners, header,
 * Next Ferry card and widgets) are taken over in tasks of their own right after, so no one task
 * walks the whole page (src/ui/hydrate-in-own-task.tsx). Other pages arrive with an empty #root and
 * are rendered into it. The components are written against React's API and run on Preact's React layer
 * (docs/DESIGN.md).
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import '@/index.css';

import { Providers } from '@/app/providers';
import { startRiderSync } from '@/app/rider-sync';
import { AppRoutes, preloadRoute, showsLandingPage } from '@/app/router';
import { BROCHURE_MARK } from '@/domain/prerendered-shells';
import { afterFirstScreen, pageLoaded } from '@/lib/after-first-screen';
import { registerServiceWorker } from '@/lib/pwa';
import { hydrateInPieces } from '@/ui/hydrate-in-own-task';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

function render(into: HTMLElement) {
  if (into.firstElementChild) hydrateInPieces(() => hydrateRoot(into, app));
  else createRoot(into).render(app);
}

/** The landing page is a brochure: it stores nothing on the device and keeps no channel open. */
const runsSync = !showsLandingPage(window.location.pathname);

/** On a brochure (/landing) this file is only a library for the page's own script: it starts nothing. */
const brochure = document.documentElement.hasAttribute(BROCHURE_MARK);

if (!brochure)
  void preloadRoute(window.location.pathname).then(() => {
    render(container);
    // The sync (session, pulls, realtime, outbox flush) starts in a task of its own right after the
    // render has started, not at idle time: its answers' device writes then come while the phone is
    // still fetching, spread out, instead of all at once in one long task when it goes idle (Lighthouse's
    // blocking time was ~2× higher that way, bench/README.md). The service worker registers once the page
    // has loaded and the phone is idle.
    if (runsSync) setTimeout(startRiderSync, 0);
    void afterFirstScreen([() => pageLoaded().then(registerServiceWorker)]);
  });
