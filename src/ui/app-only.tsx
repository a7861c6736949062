/**
 * Lazy parts of a page that only the app renders (`fallback` until their code has loaded). The HTML,
 * the build's or the one the server renders per request (src/app/prerender.tsx), always has the
 * fallback: a server that has loaded a widget's code for an earlier request would otherwise put a
 * widget in the page that works only once the app replaces it (what a rider typed into it before
 * would be lost), and make each page different.
 */
import { Suspense, type ReactNode } from 'react';

import { useAppRunning } from './use-app-running';

export function AppOnly({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return useAppRunning() ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
