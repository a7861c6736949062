/**
 * The rider's recent contributions as the server counted them (rider-core §2 Community
 * Contributions page, "Recent"): each with a one-line summary, its points and, for a photo, how the
 * cameras judged it and its thumbnail.
 */
import { desc, eq } from 'drizzle-orm';

import { CAPACITY_LABELS, type ContributionKind, type RecentContribution } from '@/domain/contributions';
import { terminalById } from '@/domain/terminals';

import type { Db } from '../db/db-handle';
import { contributions, photoContributions } from '../db/schema';
import { thumbnailUrl } from './photo-count-repository';

function summaryOf(
  kind: ContributionKind,
  details: Record<string, unknown>,
  terminal: string | null,
  note: string | null,
): string {
  const where = terminal ? (terminalById(terminal)?.name ?? terminal) : '';
  switch (kind) {
    case 'photo':
      return `${String(details.vehicleCount)} vehicles, ${String(details.lane)} at ${where}`;
    case 'wait_time':
      return `Waited ${String(details.minutesWaited)} min at ${where}`;
    case 'capacity':
      return `Sailing capacity at ${where}: ${CAPACITY_LABELS[details.level as keyof typeof CAPACITY_LABELS] ?? String(details.level)}`;
    case 'amenity':
      return `${String(details.amenityName)} is ${String(details.status)}`;
    case 'validation':
      return `Checked a photo count: ${details.countIsRight ? 'right' : 'wrong'}`;
    case 'challenge':
      return note ?? 'Challenge complete';
  }
}

/** The rider's newest `limit` contributions, newest first. */
export async function recentContributions(db: Db, userId: number, limit: number): Promise<RecentContribution[]> {
  const rows = await db
    .select({ c: contributions, photo: photoContributions })
    .from(contributions)
    .leftJoin(photoContributions, eq(photoContributions.contributionId, contributions.id))
    .where(eq(contributions.userId, userId))
    .orderBy(desc(contributions.createdAt), desc(contributions.id))
    .limit(limit);
  return rows.map(({ c, photo }) => ({
    id: c.id,
    kind: c.kind,
    terminal: c.terminalId,
    summary: summaryOf(c.kind, c.details, c.terminalId, c.note),
    points: c.points,
    status: photo ? (photo.duplicate ? 'duplicate' : photo.accuracy) : 'received',
    thumbnailUrl: photo ? thumbnailUrl(c.id) : null,
    createdAt: c.createdAt.toISOString(),
  }));
}
