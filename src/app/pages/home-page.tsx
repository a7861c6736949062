/**
 * Home (rider-core §2 "Home"): header with the product title, tagline and a settings button, then the
 * widgets built so far. It lives in app/ because it composes several features, which may not import
 * each other. Widgets of later issues (bell, membership cards, banners) join here when they exist.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Settings } from 'lucide-react';
import { PRODUCT_NAME } from '@/domain/constants';
import { buttonVariants } from '@/ui/button';
import { useDocumentTitle } from '@/ui/use-document-title';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { ComplaintEngine } from '@/features/complaints/complaint-engine';

// Widgets below the fold load as their own chunks so /app's first render stays within the bundle budget.
const ChatWidget = lazy(() => import('@/features/chat/chat-widget').then((m) => ({ default: m.ChatWidget })));
const StorePreview = lazy(() => import('@/features/store/store-preview').then((m) => ({ default: m.StorePreview })));
const QueueDetectionWidget = lazy(() => import('@/features/queue/queue-detection-widget').then((m) => ({ default: m.QueueDetectionWidget })));
const ArrivalTimerWidget = lazy(() => import('@/features/arrival-timer/arrival-timer-widget').then((m) => ({ default: m.ArrivalTimerWidget })));

function WidgetFallback({ label }: { label: string }) {
  return <p className="rounded-lg border border-border bg-surface p-4 text-sm text-muted-foreground">Loading {label}...</p>;
}

export const HOME_TAGLINE = 'Your place in the ferry line, even offline';

export function HomePage() {
  useDocumentTitle(PRODUCT_NAME);
  return (
    <div className="flex flex-col gap-4 px-4 pt-4">
      <header className="flex items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl leading-tight font-bold text-primary">{PRODUCT_NAME}</h1>
          <p className="text-sm text-muted-foreground">{HOME_TAGLINE}</p>
        </div>
        <Link to="settings" aria-label="Settings" className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
          <Settings aria-hidden="true" className="size-6" />
        </Link>
      </header>
      <Suspense fallback={<WidgetFallback label="queue position" />}>
        <QueueDetectionWidget variant="summary" />
      </Suspense>
      <Suspense fallback={<WidgetFallback label="arrival timer" />}>
        <ArrivalTimerWidget />
      </Suspense>
      <NextFerryCard />
      <Suspense fallback={<WidgetFallback label="assistant" />}>
        <ChatWidget />
      </Suspense>
      <ComplaintEngine />
      <Suspense fallback={<WidgetFallback label="store" />}>
        <StorePreview />
      </Suspense>
    </div>
  );
}
