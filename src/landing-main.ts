/**
 * /landing's script. The page is a brochure: the build renders it into its HTML (src/app/prerender.tsx)
 * and this script, without React, the router or the device database, makes its few moving parts
 * work (src/features/landing/brochure.ts). It stores nothing on the device and keeps no channel
 * open. Once the page has loaded and is quiet, it registers the service worker, so a visitor who
 * has only seen this page finds it, and the app, offline next time.
 *
 * A visitor's first trial press shows its outcome in a toast: the page then mounts the app's toast
 * area (src/app/brochure-toaster.tsx), with React, for that press only.
 */
import { startBrochure } from '@/features/landing/brochure';
import { afterFirstScreen, pageLoaded } from '@/lib/after-first-screen';
import { registerServiceWorker } from '@/lib/pwa';

const root = document.getElementById('root');
if (root)
  startBrochure(root, { showToasts: () => import('@/app/brochure-toaster').then((m) => m.mountBrochureToaster()) });
void afterFirstScreen([() => pageLoaded().then(registerServiceWorker)]);
