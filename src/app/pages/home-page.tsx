/**
 * Home (rider-core §2 "Home"), top to bottom: sticky rotating banners; the header (title, tagline,
 * the notification bell with the inbox, settings); the membership cards; then the sections in the
 * spec's order: queue detection summary, arrival timer, the further widgets (Next Ferry, Peace of
 * Mind Alerts, Live Tracker, Explore Safely), AI chat, complaint engine, store preview.
 *
 * It lives in app/ because it composes several features, which may not import each other. Every
 * widget but the Next Ferry card is React.lazy from one chunk (./home-widgets.ts), so the JavaScript
 * needed to render /app stays within budget (bench/bundle-size.ts; one chunk measured smaller than
 * one per widget).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Settings } from 'lucide-react';
import { PRODUCT_NAME } from '@/domain/constants';
import { buttonVariants } from '@/ui/button';
import { Tooltip } from '@/ui/tooltip';
import { useDocumentTitle } from '@/ui/use-document-title';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';

type WidgetName = keyof typeof import('./home-widgets');
/** One chunk (./home-widgets) holds every lazy widget; each renders as soon as it has loaded. */
const widget = (name: WidgetName) => lazy(() => import('./home-widgets').then((m) => ({ default: m[name] })));
const BannerCarousel = widget('BannerCarousel');
const NotificationBell = widget('NotificationBell');
const MembershipCards = widget('MembershipCards');
const ArrivalTimerWidget = widget('ArrivalTimerWidget');
const PeaceOfMindCard = widget('PeaceOfMindCard');
const LiveTrackerCard = widget('LiveTrackerCard');
const ExploreSafelyCard = widget('ExploreSafelyCard');
const ChatWidget = widget('ChatWidget');
const ComplaintEngine = widget('ComplaintEngine');
const StorePreview = widget('StorePreview');
const QueueDetectionSummary = lazy(() =>
  import('./home-widgets').then((m) => ({ default: () => <m.QueueDetectionWidget variant="summary" /> })),
);

export const HOME_TAGLINE = 'Your place in the ferry line, even offline';

/** Each lazy widget loads on its own; nothing shows in its place meanwhile (no layout flash of text). */
function Widget({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export function HomePage() {
  useDocumentTitle(PRODUCT_NAME);
  return (
    <div className="flex flex-col gap-4 px-4 pt-4">
      <Widget>
        <BannerCarousel />
      </Widget>
      <header className="flex items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl leading-tight font-bold text-primary">{PRODUCT_NAME}</h1>
          <p className="text-sm text-muted-foreground">{HOME_TAGLINE}</p>
        </div>
        <div className="flex items-center">
          <Widget>
            <NotificationBell />
          </Widget>
          <Tooltip label="Settings" align="end">
            <Link to="settings" aria-label="Settings" className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
              <Settings aria-hidden="true" className="size-6" />
            </Link>
          </Tooltip>
        </div>
      </header>
      <Widget>
        <MembershipCards />
      </Widget>
      <Widget>
        <QueueDetectionSummary />
      </Widget>
      <Widget>
        <ArrivalTimerWidget />
      </Widget>
      <NextFerryCard />
      <Widget>
        <PeaceOfMindCard />
      </Widget>
      <Widget>
        <LiveTrackerCard />
      </Widget>
      <Widget>
        <ExploreSafelyCard />
      </Widget>
      <Widget>
        <ChatWidget />
      </Widget>
      <Widget>
        <ComplaintEngine />
      </Widget>
      <Widget>
        <StorePreview />
      </Widget>
    </div>
  );
}
