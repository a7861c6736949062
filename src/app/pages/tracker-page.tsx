/**
 * Live Tracker page (rider-core §2 "Live Tracker page"): back link, then the expanded queue detection,
 * the departure calculator, the live terminal cameras and the expanded tracker widget, followed by
 * the expanded Explore Safely card with "How It Works". It lives in app/ because it composes several
 * features, which may not import each other.
 */
import { LiveCameras } from '@/features/cameras/live-cameras';
import { DepartureCalculator } from '@/features/departure-calculator/departure-calculator';
import { ExploreSafelyCard } from '@/features/explore/explore-safely-card';
import { QueueDetectionWidget } from '@/features/queue/queue-detection-widget';
import { LiveTrackerCard } from '@/features/tracker/live-tracker-card';
import { PageHeader } from '@/ui/page-header';

export function TrackerPage() {
  return (
    <div className="flex flex-col gap-4 pb-4">
      <PageHeader title="Live Tracker" />
      <div className="flex flex-col gap-4 px-4">
        <QueueDetectionWidget variant="expanded" />
        <DepartureCalculator />
        <LiveCameras />
        <LiveTrackerCard expanded />
        <ExploreSafelyCard expanded />
      </div>
    </div>
  );
}
