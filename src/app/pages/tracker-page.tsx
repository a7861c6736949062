/**
 * Live Tracker page (rider-core §2 "Live Tracker page"): back link, then the expanded tracker widget,
 * and the expanded Explore Safely card with "How It Works". Issue 4's expanded queue detection,
 * departure calculator and live terminal cameras join this page above the tracker. It lives in app/
 * because it composes several features.
 */
import { PageHeader } from '@/ui/page-header';
import { LiveTrackerCard } from '@/features/tracker/live-tracker-card';
import { ExploreSafelyCard } from '@/features/explore/explore-safely-card';

export function TrackerPage() {
  return (
    <>
      <PageHeader title="Live Tracker" />
      <div className="flex flex-col gap-4 px-4">
        <LiveTrackerCard expanded />
        <ExploreSafelyCard expanded />
      </div>
    </>
  );
}
