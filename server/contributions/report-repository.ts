/**
 * The community reports' data (rider-core §2 "Other ways to help"): when a rider last reported a
 * wait, a sailing's capacity or an amenity's status, and the latest status riders reported for each
 * amenity. The points for a report go through the ledger (./ledger.ts).
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';

import { REPORT_INTERVAL_MS, type ContributionKind } from '@/domain/contributions';

import type { Db } from '../db/db-handle';
import { lockRider } from '../db/rider-lock';
import { amenities, amenityStatuses, contributions } from '../db/schema';

/** What one report is about: a terminal (wait time, capacity) or an amenity. */
export type ReportSubject = { terminalId: string } | { amenityId: string };

/**
 * How long until the rider may report this kind about `subject` again (0 = now): one report per
 * REPORT_INTERVAL_MS. Takes the rider's row lock first (read-then-insert: the rider's concurrent
 * reports wait here, so the second sees the first), so call it inside the write's transaction,
 * before the report is recorded.
 */
export async function reportRetryInMs(
  tx: Db,
  userId: number,
  kind: ContributionKind,
  subject: ReportSubject,
  now: Date,
): Promise<number> {
  await lockRider(tx, userId);
  const since = new Date(now.getTime() - REPORT_INTERVAL_MS);
  const [last] = await tx
    .select({ createdAt: contributions.createdAt })
    .from(contributions)
    .where(
      and(
        eq(contributions.userId, userId),
        eq(contributions.kind, kind),
        gte(contributions.createdAt, since),
        'terminalId' in subject
          ? eq(contributions.terminalId, subject.terminalId)
          : sql`${contributions.details}->>'amenityId' = ${subject.amenityId}`,
      ),
    )
    .orderBy(desc(contributions.createdAt))
    .limit(1);
  return last ? last.createdAt.getTime() + REPORT_INTERVAL_MS - now.getTime() : 0;
}

export async function amenityById(db: Db, id: string): Promise<{ id: string; name: string } | null> {
  const [amenity] = await db
    .select({ id: amenities.id, name: amenities.name })
    .from(amenities)
    .where(eq(amenities.id, id))
    .limit(1);
  return amenity ?? null;
}

/** The amenity's status as the latest rider reported it. */
export async function saveAmenityStatus(tx: Db, amenityId: string, status: string, now: Date): Promise<void> {
  await tx
    .insert(amenityStatuses)
    .values({ amenityId, status, reportedAt: now })
    .onConflictDoUpdate({ target: amenityStatuses.amenityId, set: { status, reportedAt: now } });
}

/** The latest rider-reported status per amenity id. */
export async function amenityStatusesById(db: Db): Promise<Record<string, { status: string; reportedAt: string }>> {
  const rows = await db.select().from(amenityStatuses);
  return Object.fromEntries(
    rows.map((r) => [r.amenityId, { status: r.status, reportedAt: r.reportedAt.toISOString() }]),
  );
}
