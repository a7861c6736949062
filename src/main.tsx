/**
 * Entry point: renders the app, then starts the service worker and the sync engine. Neither waits for
 * the other: screens render from local data (DESIGN.md), so nothing here blocks on the network.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '@/index.css';
import { createAppRouter } from '@/app/router';
import { Providers } from '@/app/providers';
import { registerServiceWorker } from '@/lib/pwa';
import { startSync } from '@/sync/start';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);

registerServiceWorker();
startSync();
