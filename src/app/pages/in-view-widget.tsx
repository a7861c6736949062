/**
 * A home widget that loads when it comes into view: until its box nears the viewport, or the page
 * has loaded, a few seconds have passed and its turn has come (the widgets below the fold load one
 * at a time, at idle moments: src/ui/use-in-view.ts), nothing of its code is fetched (the JavaScript
 * a phone fetches before /app is idle stays small; bench/README.md), and its box keeps a reserved
 * minimum height before and after loading, so nothing on screen moves when it appears (CLS).
 * Widgets in view at start load at once, whatever order home puts them in, and so does one the page
 * asks for (`eager`: a link that leads to what the widget shows). Once loaded a widget stays loaded.
 * A widget whose code cannot be fetched (offline before the service worker holds the app) says so in
 * its own box: the rest of home stays, with what the rider was doing.
 */
import { useRef, useState, type ReactNode } from 'react';

import { AppOnly } from '@/ui/app-only';
import { LoadFailureBoundary } from '@/ui/load-failure-boundary';
import { OFF_SCREEN_SKIPPED, offScreenEstimate } from '@/ui/off-screen';
import { useAfterStartup, useInView } from '@/ui/use-in-view';

/** Widgets still out of view load this long after the page has loaded, once the phone is idle. */
const BELOW_FOLD_LOAD_DELAY_MS = 4_000;

interface InViewWidgetProps {
  /** Name for tests and the bench ("data-widget"). */
  name: string;
  /** Reserved height in CSS px: the widget's usual height on a phone. */
  minHeight: number;
  children: ReactNode;
  /** Load now, wherever it is: the page's URL asks for what this widget shows. */
  eager?: boolean;
}

export function InViewWidget({ name, minHeight, children, eager = false }: InViewWidgetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  // Latched: the URL that asked for it may change (the widget drops its parameter) while it shows.
  const [asked, setAsked] = useState(eager);
  if (eager && !asked) setAsked(true);
  const startedUp = useAfterStartup(BELOW_FOLD_LOAD_DELAY_MS, !inView && !asked);
  return (
    <div
      ref={ref}
      data-widget={name}
      // Off screen the card's ticking ages and countdowns cost no layout or paint.
      className={OFF_SCREEN_SKIPPED}
      style={{ minHeight, ...offScreenEstimate(minHeight) }}
    >
      {inView || startedUp || asked ? (
        // A card's load failure stays in its box; a page reload (once online) fetches its code again.
        <LoadFailureBoundary
          message="This card could not be loaded. Check your connection and try again."
          actionLabel="Reload"
          actionVariant="outline"
          className="rounded-lg border text-sm"
          onAction={() => window.location.reload()}
        >
          <AppOnly fallback={null}>{children}</AppOnly>
        </LoadFailureBoundary>
      ) : null}
    </div>
  );
}
