/**
 * Entry point: renders the app, then starts the service worker and the sync engine. Neither waits for
 * the other: screens render from local data (DESIGN.md), so nothing here blocks on the network.
 *
 * /app and /landing arrive with their first screen already in the HTML (src/app/prerender.tsx). The
 * first render waits until the router has the current page's code, so React replaces that screen
 * with the same page, never with a loading screen in between. The service worker registers once the
 * page has loaded: its script and install fetches would otherwise compete with the first screen's.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '@/index.css';
import { createAppRouter } from '@/app/router';
import { Providers } from '@/app/providers';
import { registerServiceWorker } from '@/lib/pwa';
import { startSync } from '@/sync/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();

/**
 * A transition: React renders the first tree in slices and yields to the browser between them, so
 * building it is not one long task on a slow phone (the prerendered screen is already on display).
 */
function render() {
  const root = createRoot(container!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

if (router.state.initialized) {
  render();
} else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    render();
  });
}

startSync();
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', () => registerServiceWorker(), { once: true });
