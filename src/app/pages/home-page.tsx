/**
 * Home (rider-core §2 "Home"), top to bottom: sticky rotating banners; the header (title, tagline,
 * the notification bell with the inbox, settings); then what a rider in a lane needs first, the Next
 * Ferry card (their terminal's sailing: departs in, car deck, whether they make it) — above the
 * membership upsells and every form (the spec leaves its place open); then the membership cards and
 * the sections in the spec's order: queue detection summary, arrival timer, the further widgets
 * (Peace of Mind Alerts, Live Tracker, Explore Safely), AI chat, complaint engine, store preview.
 *
 * It lives in app/ because it composes several features, which may not import each other. The
 * banners and the Next Ferry card come with the page (the server renders both into /app's HTML);
 * every other widget is React.lazy, one chunk each, and loads only when it comes into view
 * (./in-view-widget.tsx) in a box of reserved height, so the JavaScript fetched before /app is idle
 * stays small and nothing on screen moves as widgets arrive (bench/README.md).
 */
import { Settings, UserRound } from 'lucide-react';
import { lazy } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { AWAY_ALERT_PARAM } from '@/domain/away-alert-text';
import { PRODUCT_NAME } from '@/domain/constants';
import { BannerCarousel } from '@/features/banners/banner-carousel';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { AppOnly } from '@/ui/app-only';
import { buttonVariants } from '@/ui/button';
import { HydrateInOwnTask } from '@/ui/hydrate-in-own-task';
import { Tooltip } from '@/ui/tooltip';
import { useDocumentTitle } from '@/ui/use-document-title';

import { InViewWidget } from './in-view-widget';

// One chunk per widget: each loads only when it comes into view, so a widget below the fold costs
// nothing until the rider scrolls to it.
const NotificationBell = lazy(() =>
  import('@/features/inbox/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const MembershipCards = lazy(() =>
  import('@/features/membership/membership-cards').then((m) => ({ default: m.MembershipCards })),
);
const ArrivalTimerWidget = lazy(() =>
  import('@/features/arrival-timer/arrival-timer-widget').then((m) => ({ default: m.ArrivalTimerWidget })),
);
const PeaceOfMindCard = lazy(() =>
  import('@/features/peace-of-mind/peace-of-mind-card').then((m) => ({ default: m.PeaceOfMindCard })),
);
const LiveTrackerCard = lazy(() =>
  import('@/features/tracker/live-tracker-card').then((m) => ({ default: m.LiveTrackerCard })),
);
const ExploreSafelyCard = lazy(() =>
  import('@/features/explore/explore-safely-card').then((m) => ({ default: m.ExploreSafelyCard })),
);
const ChatWidget = lazy(() => import('@/features/chat/chat-widget').then((m) => ({ default: m.ChatWidget })));
const ComplaintsCard = lazy(() =>
  import('@/features/complaints/complaints-card').then((m) => ({ default: m.ComplaintsCard })),
);
const StorePreview = lazy(() => import('@/features/store/store-preview').then((m) => ({ default: m.StorePreview })));
const QueueDetectionSummary = lazy(() =>
  import('@/features/queue/queue-detection-widget').then((m) => ({
    default: () => <m.QueueDetectionWidget variant="summary" />,
  })),
);

export const HOME_TAGLINE = 'Your place in the ferry line, even offline';

/**
 * Reserved heights (CSS px) of the widgets on a phone, measured at 412 px wide with the seeded data,
 * so a widget appearing late moves nothing on screen (CLS). A widget taller than this still pushes
 * what is below it; one that renders nothing leaves this much room.
 */
const RESERVED_PX = {
  membership: 122,
  queue: 233,
  timer: 549,
  peaceOfMind: 264,
  tracker: 357,
  explore: 269,
  chat: 449,
  complaints: 323,
  store: 335,
} as const;

export function HomePage() {
  useDocumentTitle(PRODUCT_NAME);
  // An away alert's link (/app?away=open) opens the overlay at once, not when its card scrolls into view.
  const [searchParams] = useSearchParams();
  const awayAsked = searchParams.get(AWAY_ALERT_PARAM.name) === AWAY_ALERT_PARAM.value;
  return (
    <div className="flex flex-col gap-4 px-4 pt-4">
      <HydrateInOwnTask>
        <BannerCarousel />
      </HydrateInOwnTask>
      <HydrateInOwnTask>
        <header className="flex items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl leading-tight font-bold text-primary">{PRODUCT_NAME}</h1>
            <p className="text-sm text-muted-foreground">{HOME_TAGLINE}</p>
          </div>
          <div className="flex items-center">
            <AppOnly fallback={<span aria-hidden="true" className="inline-block size-11" />}>
              <NotificationBell />
            </AppOnly>
            <Tooltip label="Profile" align="end">
              <Link to="profile" aria-label="Profile" className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
                <UserRound aria-hidden="true" className="size-6" />
              </Link>
            </Tooltip>
            <Tooltip label="Settings" align="end">
              <Link to="settings" aria-label="Settings" className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
                <Settings aria-hidden="true" className="size-6" />
              </Link>
            </Tooltip>
          </div>
        </header>
      </HydrateInOwnTask>
      <HydrateInOwnTask>
        <NextFerryCard />
      </HydrateInOwnTask>
      <HydrateInOwnTask>
        <InViewWidget name="membership" minHeight={RESERVED_PX.membership}>
          <MembershipCards />
        </InViewWidget>
        <InViewWidget name="queue" minHeight={RESERVED_PX.queue}>
          <QueueDetectionSummary />
        </InViewWidget>
        <InViewWidget name="timer" minHeight={RESERVED_PX.timer}>
          <ArrivalTimerWidget />
        </InViewWidget>
        <InViewWidget name="peaceOfMind" minHeight={RESERVED_PX.peaceOfMind}>
          <PeaceOfMindCard />
        </InViewWidget>
        <InViewWidget name="tracker" minHeight={RESERVED_PX.tracker}>
          <LiveTrackerCard />
        </InViewWidget>
        <InViewWidget name="explore" minHeight={RESERVED_PX.explore} eager={awayAsked}>
          <ExploreSafelyCard />
        </InViewWidget>
        <InViewWidget name="chat" minHeight={RESERVED_PX.chat}>
          <ChatWidget />
        </InViewWidget>
        <InViewWidget name="complaints" minHeight={RESERVED_PX.complaints}>
          <ComplaintsCard />
        </InViewWidget>
        <InViewWidget name="store" minHeight={RESERVED_PX.store}>
          <StorePreview />
        </InViewWidget>
      </HydrateInOwnTask>
    </div>
  );
}
