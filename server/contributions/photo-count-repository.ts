/**
 * Photo counts (rider-core §3 photo contribution, §9): a rider's count of the cars in a lane, with
 * the photo's stored files (./photo-files.ts). Points: by agreement with the cameras
 * (src/domain/contributions.ts `photoPoints`); none for a photo already sent by anyone, or for a
 * second count at one terminal within PHOTO_INTERVAL_MS. Both rules read before they insert, so
 * `recordPhotoCount` takes the rider's row lock and then the photo's own advisory lock
 * (server/db/rider-lock.ts): concurrent uploads on PostgreSQL are judged one after the other.
 */
import { and, eq, gte } from 'drizzle-orm';

import { contractPath } from '@/domain/contracts/contract';
import { photoThumbnail } from '@/domain/contracts/contributions';
import { PHOTO_INTERVAL_MS, photoPoints, type PhotoAccuracy } from '@/domain/contributions';

import type { Db } from '../db/db-handle';
import { lockKey, lockRider } from '../db/rider-lock';
import { photoContributions } from '../db/schema';
import { recordContribution, type Recorded } from './ledger';
import type { StoredPhoto } from './photo-files';

export const DUPLICATE_PHOTO_NOTE = 'This photo was already submitted, so it earns no points again.';
export const RECENT_COUNT_NOTE = 'You counted this terminal less than 2 minutes ago; this count earns no points.';

export interface PhotoCountInput {
  userId: number;
  terminalId: string;
  lane: string;
  vehicleCount: number;
  /** The cameras' count of the same lane and time, when the world is simulated. */
  cameraCount: number | null;
  accuracy: PhotoAccuracy;
  stored: StoredPhoto;
  /** The form's GPS fields as sent (either may come alone). */
  gpsLatitude: number | null;
  gpsLongitude: number | null;
  takenAt: Date;
  now: Date;
}

/** Records the count and pays its points, inside the write's transaction; `duplicate` = the photo was sent before. */
export async function recordPhotoCount(
  tx: Db,
  input: PhotoCountInput,
): Promise<{ recorded: Recorded; duplicate: boolean }> {
  // The 2-minute rule is the rider's, the duplicate rule spans riders: both read, then insert.
  await lockRider(tx, input.userId);
  await lockKey(tx, `photo:${input.stored.sha256}`);
  const [seen] = await tx
    .select({ id: photoContributions.contributionId })
    .from(photoContributions)
    .where(eq(photoContributions.photoSha256, input.stored.sha256))
    .limit(1);
  const [recent] = await tx
    .select({ id: photoContributions.contributionId })
    .from(photoContributions)
    .where(
      and(
        eq(photoContributions.userId, input.userId),
        eq(photoContributions.terminalId, input.terminalId),
        gte(photoContributions.createdAt, new Date(input.now.getTime() - PHOTO_INTERVAL_MS)),
      ),
    )
    .limit(1);
  const duplicate = seen !== undefined;
  const points = recent ? 0 : photoPoints(input.accuracy, duplicate);
  const note = duplicate ? DUPLICATE_PHOTO_NOTE : recent ? RECENT_COUNT_NOTE : null;
  const recorded = await recordContribution(tx, {
    userId: input.userId,
    kind: 'photo',
    terminalId: input.terminalId,
    points,
    note,
    details: { vehicleCount: input.vehicleCount, lane: input.lane },
    now: input.now,
  });
  await tx.insert(photoContributions).values({
    contributionId: recorded.id,
    userId: input.userId,
    terminalId: input.terminalId,
    lane: input.lane,
    vehicleCount: input.vehicleCount,
    cameraCount: input.cameraCount,
    accuracy: input.accuracy,
    duplicate,
    photoSha256: input.stored.sha256,
    photoFile: input.stored.photoFile,
    thumbnailFile: input.stored.thumbnailFile,
    gpsLatitude: input.gpsLatitude,
    gpsLongitude: input.gpsLongitude,
    takenAt: input.takenAt,
    createdAt: input.now,
  });
  return { recorded, duplicate };
}

/** The thumbnail's address, from its contract. */
export function thumbnailUrl(photoId: number): string {
  return contractPath(photoThumbnail, { id: photoId });
}

/** The stored thumbnail's file name of photo `id`, or null when there is no such photo. */
export async function thumbnailFileOf(db: Db, id: number): Promise<string | null> {
  const [photo] = await db
    .select({ file: photoContributions.thumbnailFile })
    .from(photoContributions)
    .where(eq(photoContributions.contributionId, id))
    .limit(1);
  return photo?.file ?? null;
}
