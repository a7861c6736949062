/**
 * What the cameras say about a rider's photo count (src/domain/photo-count.ts): whether the rider's
 * GPS fix puts them at the terminal they name, and the cameras' count of the rider's lane at the
 * photo's time. The cameras' counts are the simulator's: a photo of a real lane is scored against
 * them only while the simulator serves the sailings; under a real source it is "unchecked".
 */
import { photoAccuracy, type PhotoAccuracy } from '@/domain/contributions';
import { laneCameraCount, photoPlaceProblem, terminalOfFix } from '@/domain/photo-count';

import type { Db } from '../db/db-handle';
import type { FerryFeed } from '../feed/ferry-feed';
import { simulate } from '../feed/simulator';
import { loadLayouts, queueAt } from '../queue/queue-model';

export interface PhotoCountClaim {
  terminal: string;
  lane: string;
  vehicleCount: number;
  fix: { lat: number; lng: number } | null;
  /** When the photo was taken (ms). */
  takenAt: number;
}

export type PhotoScore =
  { placeProblem: string } | { placeProblem: null; cameraCount: number | null; accuracy: PhotoAccuracy };

/** `feed` absent = the simulator is the only source. */
export async function scorePhoto(
  db: Db,
  feed: Pick<FerryFeed, 'laneCountsSimulated'> | undefined,
  claim: PhotoCountClaim,
): Promise<PhotoScore> {
  const layouts = await loadLayouts(db);
  const placeProblem = photoPlaceProblem(
    claim.terminal,
    claim.fix ? terminalOfFix(layouts, claim.fix) : null,
    claim.fix !== null,
  );
  if (placeProblem) return { placeProblem };
  // Scored against what the form asks for: the cars in the rider's lane.
  const simulatedWorld = feed?.laneCountsSimulated() ?? true;
  const camera = simulatedWorld
    ? simulate(claim.takenAt).queueCounts.find((c) => c.terminalId === claim.terminal)
    : undefined;
  const layout = layouts.find((l) => l.terminalId === claim.terminal);
  const cameraCount =
    camera && camera.source === 'camera' && layout
      ? laneCameraCount(layout, queueAt(layout, camera).occupancy, camera.vehicleCount, claim.lane, claim.fix)
      : null;
  return { placeProblem: null, cameraCount, accuracy: photoAccuracy(claim.vehicleCount, cameraCount) };
}
