/**
 * The phone-width frame around every rider page (rider-core §2, membership §2): clock bar, the
 * connectivity indicator, the page, a red emergency button that dials 911, and the bottom navigation.
 * On wide screens the frame is centred; on phones it fills the screen. The frame owns the page's
 * <main> landmark; pages render their own header and single h1 inside it.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Phone } from 'lucide-react';
import { CLOCK_REFRESH_MS } from '@/domain/constants';
import { formatClock } from '@/domain/time';
import { ConnectivityIndicator } from '@/app/connectivity-indicator';
import { BottomNav, type BasePath } from '@/app/bottom-nav';
import { useNow } from '@/ui/use-now';

/** The terminal time, refreshed every minute (rider-core §9: clock refresh 60 s). */
export function ClockBar() {
  const now = useNow(CLOCK_REFRESH_MS);
  return (
    <div className="flex h-8 shrink-0 items-center justify-center bg-primary px-4 text-sm font-semibold text-primary-foreground">
      <time dateTime={new Date(now).toISOString()}>{formatClock(now)}</time>
    </div>
  );
}

/** `preview`: drawn inside the desktop 'Mobile Preview' at a phone's height instead of filling the screen. */
export function MobileFrame({ basePath, preview = false }: { basePath: BasePath; preview?: boolean }) {
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
        <ClockBar />
        <ConnectivityIndicator />
        <main id="main-content" tabIndex={-1} className="flex-1 overflow-y-auto pb-20 focus:outline-none">
          <Suspense fallback={<p role="status" className="p-4 text-muted-foreground">Loading...</p>}>
            <Outlet />
          </Suspense>
        </main>
        <a
          href="tel:911"
          aria-label="Emergency: call 911"
          className="absolute right-3 bottom-20 z-10 inline-flex min-h-12 items-center gap-1.5 rounded-full bg-destructive px-4 font-bold text-destructive-foreground shadow-lg hover:bg-destructive-hover focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <Phone aria-hidden="true" className="size-5" />
          911
        </a>
        <BottomNav basePath={basePath} />
      </div>
    </div>
  );
}
