/**
 * Live Tracker page (rider-core §2): expanded queue detection, the departure calculator and the live
 * terminal cameras (the expanded tracker widget joins from its own issue). It lives in app/ because it
 * composes several features, which may not import each other.
 */
import { QueueDetectionWidget } from '@/features/queue/queue-detection-widget';
import { DepartureCalculator } from '@/features/departure-calculator/departure-calculator';
import { LiveCameras } from '@/features/cameras/live-cameras';
import { PageHeader } from '@/ui/page-header';

export function TrackerPage() {
  return (
    <div className="flex flex-col gap-4 pb-4">
      <PageHeader title="Live Tracker" />
      <div className="flex flex-col gap-4 px-4">
        <QueueDetectionWidget variant="expanded" />
        <DepartureCalculator />
        <LiveCameras />
      </div>
    </div>
  );
}
