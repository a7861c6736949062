/**
 * The community leaderboard (rider-core §2 Community tab): riders ranked by this week's points
 * (from the terminal's Monday) or by their all-time contribution score, each under the name they set
 * or a stable pseudonym, with their contributor badge; and the names riders set.
 */
import { and, eq, gte, inArray, sql, sum } from 'drizzle-orm';

import {
  LEADERBOARD_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardPeriod,
} from '@/domain/contributions';
import { contributorBadge } from '@/domain/membership';

import type { Db } from '../db/db-handle';
import { contributions, leaderboardNames, users } from '../db/schema';

/** The name a rider who set none is shown under: stable, and says nothing about them. */
function pseudonym(userId: number): string {
  return `Rider ${((userId * 2654435761) % 0xfffff).toString(16).toUpperCase().padStart(5, '0')}`;
}

/**
 * The top LEADERBOARD_SIZE of `period` and the rider's own entry (`you`, null when unranked).
 * `weekStart` is the start of the terminal's week (used when `period` is 'week').
 */
export async function readLeaderboard(
  db: Db,
  period: LeaderboardPeriod,
  weekStart: Date,
  userId: number | null,
): Promise<Leaderboard> {
  const since = period === 'week' ? weekStart : null;
  const points = since
    ? sum(contributions.points).mapWith(Number)
    : sql<number>`max(${users.contributionScore})`.mapWith(Number);
  const ranked = db.$with('ranked').as(
    db
      .select({
        userId: users.id,
        score: sql<number>`max(${users.contributionScore})`.mapWith(Number).as('score'),
        points: points.as('points'),
        displayName: sql<string | null>`max(${leaderboardNames.displayName})`.as('display_name'),
        rank: sql<number>`rank() over (order by ${points} desc)`.mapWith(Number).as('rank'),
      })
      .from(users)
      .leftJoin(
        contributions,
        since ? and(eq(contributions.userId, users.id), gte(contributions.createdAt, since)) : sql`false`,
      )
      .leftJoin(leaderboardNames, eq(leaderboardNames.userId, users.id))
      .where(since ? sql`true` : sql`${users.contributionScore} > 0`)
      .groupBy(users.id)
      .having(since ? sql`coalesce(${sum(contributions.points)}, 0) > 0` : sql`true`),
  );
  const top = await db.with(ranked).select().from(ranked).orderBy(ranked.rank, ranked.userId).limit(LEADERBOARD_SIZE);
  const mine =
    userId !== null
      ? await db
          .with(ranked)
          .select()
          .from(ranked)
          .where(inArray(ranked.userId, [userId]))
      : [];
  const toEntry = (r: (typeof top)[number]): LeaderboardEntry => ({
    rank: r.rank,
    displayName: r.displayName ?? pseudonym(r.userId),
    points: r.points,
    badge: contributorBadge(r.score),
    you: r.userId === userId,
  });
  return { period, entries: top.map(toEntry), you: mine[0] ? toEntry(mine[0]) : null };
}

/** The rider's leaderboard name, replacing any before. */
export async function saveDisplayName(tx: Db, userId: number, displayName: string): Promise<void> {
  await tx
    .insert(leaderboardNames)
    .values({ userId, displayName })
    .onConflictDoUpdate({ target: leaderboardNames.userId, set: { displayName } });
}
