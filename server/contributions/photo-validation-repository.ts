/**
 * Photo validations (rider-core §2 "Other ways to help"): riders check other riders' recent photo
 * counts. A photo is offered once per rider, never one's own; a second verdict on one photo is
 * refused by the unique (rider, photo) index, however many arrive at once.
 */
import { and, desc, eq, gte, ne, notExists, sql } from 'drizzle-orm';

import type { PhotoAccuracy } from '@/domain/contributions';

import type { Db } from '../db/db-handle';
import { photoContributions, photoValidations } from '../db/schema';
import { thumbnailUrl } from './photo-count-repository';

export interface PhotoToValidate {
  id: number;
  terminal: string;
  lane: string;
  vehicleCount: number;
  takenAt: string;
  thumbnailUrl: string;
}

/** Up to `limit` photos counted since `since`, newest first, not duplicates; for a rider, neither theirs nor already judged by them. */
export async function photosToValidate(
  db: Db,
  userId: number | null,
  since: Date,
  limit: number,
): Promise<PhotoToValidate[]> {
  const rows = await db
    .select()
    .from(photoContributions)
    .where(
      and(
        gte(photoContributions.createdAt, since),
        eq(photoContributions.duplicate, false),
        userId !== null ? ne(photoContributions.userId, userId) : undefined,
        userId !== null
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(photoValidations)
                .where(
                  and(
                    eq(photoValidations.photoId, photoContributions.contributionId),
                    eq(photoValidations.userId, userId),
                  ),
                ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(photoContributions.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.contributionId,
    terminal: r.terminalId,
    lane: r.lane,
    vehicleCount: r.vehicleCount,
    takenAt: r.takenAt.toISOString(),
    thumbnailUrl: thumbnailUrl(r.contributionId),
  }));
}

/** What a validation needs to know of the photo: whose it is, where, and how the cameras judged it. */
export async function photoForValidation(
  db: Db,
  id: number,
): Promise<{ id: number; userId: number; terminalId: string; accuracy: PhotoAccuracy } | null> {
  const [photo] = await db
    .select({
      id: photoContributions.contributionId,
      userId: photoContributions.userId,
      terminalId: photoContributions.terminalId,
      accuracy: photoContributions.accuracy,
    })
    .from(photoContributions)
    .where(eq(photoContributions.contributionId, id))
    .limit(1);
  return photo ? { ...photo, accuracy: photo.accuracy as PhotoAccuracy } : null;
}

/** Stores the rider's verdict; false when the rider had already judged this photo (nothing changes). */
export async function saveValidation(
  tx: Db,
  input: { userId: number; photoId: number; countIsRight: boolean; correct: boolean; now: Date },
): Promise<boolean> {
  const [added] = await tx
    .insert(photoValidations)
    .values({
      userId: input.userId,
      photoId: input.photoId,
      countIsRight: input.countIsRight,
      correct: input.correct,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: photoValidations.id });
  return added !== undefined;
}
