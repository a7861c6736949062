/**
 * Camera detections per camera (rider-core §2, §3): the vehicle count and confidence each terminal
 * camera reports, from the local store (the simulator's lane counts, labelled so:
 * src/domain/figure-label.ts LANE_COUNTS_LABEL; under a real source the server has none and the list
 * says no camera count is available); pulled on mount and every QUEUE_REFRESH_MS while visible.
 * Fetch failures are only logged (rider-core §8).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';

import { pullCameraFeeds, readCameraFeeds } from '@/data/camera-feeds';
import { META, type DeckhandDB } from '@/data/db';
import { LANE_COUNTS_LABEL, NO_CAMERA_COUNT_TEXT } from '@/domain/figure-label';
import { parseDetections } from '@/domain/queue-api';
import { QUEUE_REFRESH_MS } from '@/domain/queue-estimate';
import { TERMINALS } from '@/domain/terminals';
import { formatClock } from '@/domain/time';

import { pullDetections } from './queue-sync';

const CAMERA_LOCATION_ORDER = ['entrance', 'queue_area', 'booth'] as const;

export function CameraDetectionList({ database }: { database: DeckhandDB }) {
  const local = useLiveQuery(async () => {
    const [row, feeds] = await Promise.all([database.meta.get(META.queueDetections), readCameraFeeds(database)]);
    const value = row?.value as { detections?: unknown; fetchedAt?: number } | undefined;
    return { detections: parseDetections(value?.detections), fetchedAt: value?.fetchedAt ?? null, feeds };
  }, [database]);

  useEffect(() => {
    const pull = () => {
      if (document.visibilityState !== 'visible') return;
      pullDetections(database).catch((error: unknown) => console.warn('Camera detections unavailable', error));
    };
    pull();
    pullCameraFeeds(database).catch((error: unknown) => console.warn('Camera feeds unavailable', error));
    const timer = setInterval(pull, QUEUE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [database]);

  const detections = local?.detections;
  // Terminal by terminal in the spec's order (Horseshoe Bay first), then entrance → queue area → booth.
  const rank = (id: string) => {
    const terminal = TERMINALS.findIndex((t) => t.cameraPrefix !== undefined && id.startsWith(t.cameraPrefix));
    const location = CAMERA_LOCATION_ORDER.findIndex((l) => id.endsWith(l));
    return (terminal === -1 ? TERMINALS.length : terminal) * 10 + (location === -1 ? 9 : location);
  };
  return (
    <section className="flex flex-col gap-2" aria-label="Camera detections">
      <h3 className="text-sm font-semibold">Camera detections</h3>
      {detections && Object.keys(detections).length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-camera-count">
          {NO_CAMERA_COUNT_TEXT}
        </p>
      ) : detections ? (
        <>
          <ul className="flex flex-col gap-1 text-sm">
            {Object.entries(detections)
              .sort(([a], [b]) => rank(a) - rank(b))
              .map(([id, d]) => (
                <li key={id} className="flex justify-between gap-2" data-camera-id={id}>
                  <span>{local.feeds.find((f) => f.id === id)?.name ?? id}</span>
                  <span className="font-medium">
                    {d.count} {d.count === 1 ? 'vehicle' : 'vehicles'} · {Math.round(d.confidence * 100)}%
                  </span>
                </li>
              ))}
          </ul>
          {local.fetchedAt ? (
            <p className="text-xs text-muted-foreground">
              Counted at {formatClock(local.fetchedAt)} ({LANE_COUNTS_LABEL})
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Loading camera detections...</p>
      )}
    </section>
  );
}
