/**
 * Entry point: renders the app, then starts the service worker and the sync engine. Neither waits for
 * the other: screens render from local data (DESIGN.md), so nothing here blocks on the network.
 *
 * /app and /landing arrive with their first screen already in the HTML (src/app/prerender.tsx). The
 * first render waits until the current page's code has loaded, so React replaces that screen with
 * the same page, never with a loading screen in between. The service worker registers once the page
 * has loaded: its script and install fetches would otherwise compete with the first screen's.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@/index.css';
import { AppRoutes, preloadRoute } from '@/app/router';
import { Providers } from '@/app/providers';
import { registerServiceWorker } from '@/lib/pwa';
import { startSync } from '@/sync/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * A transition: React renders the first tree in slices and yields to the browser between them, so
 * building it is not one long task on a slow phone (the prerendered screen is already on display).
 */
function render(into: HTMLElement) {
  const root = createRoot(into);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
}

void preloadRoute(window.location.pathname).then(() => render(container));
// In a task of its own: the start-up script's evaluation is already one long task on a slow phone,
// and starting the sync (session, pulls, realtime) would lengthen it; a zero delay keeps its
// requests as early as they were.
setTimeout(startSync, 0);
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', () => registerServiceWorker(), { once: true });
