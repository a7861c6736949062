/**
 * A page whose code loads on demand. Once its module has loaded, the page renders synchronously:
 * src/main.tsx and the prerender load the current route's page before the first render, so the app
 * takes the prerendered screen over with the same page, never with a fallback. A page not loaded yet
 * suspends (its Suspense boundary shows the loading screen meanwhile); if its code cannot be fetched,
 * the page says so and offers to try again.
 */
import { use, type ComponentType, type ReactNode } from 'react';

import { LoadFailureBoundary } from '@/ui/load-failure-boundary';

export interface LazyPage {
  /** The route element: the page inside its load-error boundary. */
  element: ReactNode;
  /** Starts (or reuses) the load of the page's code; resolves once it can render synchronously. */
  preload: () => Promise<unknown>;
}

/**
 * A promise `use` reads without suspending once it is settled (React, and Preact's React layer, track
 * a thenable's outcome in these fields).
 */
type TrackedPromise<T> = Promise<T> & { status?: string; value?: T; reason?: unknown };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let pending: TrackedPromise<ComponentType> | undefined;
  const preload = () => {
    if (pending) return pending;
    const loading: TrackedPromise<ComponentType> = load().then(
      (Page) => Object.assign(loading, { status: 'fulfilled', value: Page }).value,
      (error: unknown) => {
        // Kept as failed, so the page shows the failure instead of asking again at every render.
        Object.assign(loading, { status: 'rejected', reason: error });
        throw error;
      },
    );
    return (pending = loading);
  };
  function Page() {
    const Loaded = use(preload() as Promise<ComponentType>);
    return <Loaded />;
  }
  return {
    element: (
      <LoadFailureBoundary
        message="This page could not be loaded. Check your connection and try again."
        actionLabel="Try again"
        onAction={() => {
          if (pending?.status === 'rejected') pending = undefined;
        }}
      >
        <Page />
      </LoadFailureBoundary>
    ),
    preload,
  };
}
