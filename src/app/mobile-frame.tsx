/**
 * The phone-width frame around every rider page (rider-core §2, membership §2): the clock bar with the
 * red emergency button that dials 911, the connectivity indicator, the page, and the bottom navigation.
 * On wide screens the frame is centred; on phones it fills the screen. The frame owns the page's
 * <main> landmark; pages render their own header and single h1 inside it.
 *
 * The 911 button sits in the clock bar, inside the frame's banner landmark: always on screen and
 * reachable, and never over content (floating above the page it covered store buttons and the
 * "Other" complaint button).
 */
import { Phone } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';

import { BottomNav, type BasePath } from '@/app/bottom-nav';
import { ConnectivityIndicator } from '@/app/connectivity-indicator';
import { startRiderSync } from '@/app/rider-sync';
import { CLOCK_REFRESH_MS } from '@/domain/constants';
import { formatClock } from '@/domain/time';
import { HydrateInOwnTask } from '@/ui/hydrate-in-own-task';
import { useClockNow } from '@/ui/use-now';

/** The terminal time, refreshed every minute (rider-core §9: clock refresh 60 s), and the 911 button. */
export function ClockBar() {
  // Empty in the build's shells, whose time would be wrong on any phone.
  const now = useClockNow(CLOCK_REFRESH_MS);
  return (
    <div className="relative flex h-11 shrink-0 items-center justify-center bg-primary px-4 text-sm font-semibold text-primary-foreground">
      {now === undefined ? <time /> : <time dateTime={new Date(now).toISOString()}>{formatClock(now)}</time>}
      <a
        href="tel:911"
        aria-label="Emergency: call 911"
        className="absolute top-1/2 right-2 inline-flex min-h-9 -translate-y-1/2 items-center gap-1 rounded-full border-2 border-white bg-destructive px-3 font-bold text-destructive-foreground hover:bg-destructive-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <Phone aria-hidden="true" className="size-4" />
        911
      </a>
    </div>
  );
}

/** `preview`: drawn inside the desktop 'Mobile Preview' at a phone's height instead of filling the screen. */
export function MobileFrame({ basePath, preview = false }: { basePath: BasePath; preview?: boolean }) {
  // A visitor who came in through the landing page, which runs no sync, gets it with the frame.
  useEffect(startRiderSync, []);
  return (
    <div className={preview ? 'flex justify-center' : 'flex min-h-dvh justify-center bg-secondary'}>
      <div
        data-tooltip-boundary=""
        className={
          preview
            ? 'relative flex h-[780px] w-full flex-col overflow-hidden bg-background'
            : 'relative flex h-dvh w-full max-w-[430px] flex-col overflow-hidden bg-background shadow-xl sm:border-x sm:border-border'
        }
      >
        <a
          href="#main-content"
          className="sr-only rounded-md bg-surface px-3 py-2 font-medium focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to content
        </a>
        {/* The frame's banner landmark: every piece of the frame sits in a landmark (axe "region"). */}
        <header className="shrink-0">
          <HydrateInOwnTask>
            <ClockBar />
            <ConnectivityIndicator />
          </HydrateInOwnTask>
        </header>
        <main id="main-content" tabIndex={-1} className="flex-1 overflow-y-auto pb-4 focus:outline-none">
          <Suspense
            fallback={
              <p role="status" className="p-4 text-muted-foreground">
                Loading...
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </main>
        <HydrateInOwnTask>
          <BottomNav basePath={basePath} />
        </HydrateInOwnTask>
      </div>
    </div>
  );
}
