/**
 * The points ledger (DESIGN.md "the server computes money and points"). Every contribution goes
 * through `recordContribution` inside the route's write transaction: the daily cap is applied under
 * the rider's row lock (server/db/rider-lock.ts), the
 * contribution row and the rider's totals change together, and a weekly challenge whose target the
 * contribution reaches pays its bonus once (a unique row per rider, challenge and week).
 * `promoteIfEarned` runs after the commit: Contributor status (rider-core §6) through the accounts
 * area's `grantContributor`.
 */
import { and, count, countDistinct, eq, gte, sql, sum } from 'drizzle-orm';

import {
  cappedPoints,
  CHALLENGES,
  DAILY_POINTS_CAP,
  isQuietHour,
  terminalDayStart,
  terminalWeekStart,
  validationAccuracy,
  type ChallengeProgress,
  type ContributionAnswer,
  type ContributionKind,
} from '@/domain/contributions';
import { earnsContributor } from '@/domain/membership';
import { terminalWallClock } from '@/domain/time';

import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { lockRider } from '../db/rider-lock';
import { challengeCompletions, contributions, photoContributions, photoValidations, users } from '../db/schema';
import { grantContributor } from '../membership/tiers';

export interface ContributionInput {
  userId: number;
  kind: ContributionKind;
  terminalId: string | null;
  /** Points by the kind's rule, before the daily cap. */
  points: number;
  /** Why the rule gave fewer points than usual (a duplicate photo…), when it did. */
  note: string | null;
  details: Record<string, unknown>;
  now: Date;
}

export interface Recorded {
  id: number;
  points: number;
  note: string | null;
  balance: number;
}

/** The answer to a contribution: its points, why fewer than usual (when they were), the new balance. */
export function contributionAnswer(kind: ContributionKind, recorded: Recorded): ContributionAnswer {
  return {
    id: recorded.id,
    kind,
    rewardPointsEarned: recorded.points,
    note: recorded.note,
    rewardPointsBalance: recorded.balance,
  };
}

export const DAILY_CAP_NOTE = `You reached today's limit of ${DAILY_POINTS_CAP} points. Thanks: your data still helps everyone.`;

async function pointsSince(tx: Db, userId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ total: sum(contributions.points) })
    .from(contributions)
    .where(
      and(
        eq(contributions.userId, userId),
        gte(contributions.createdAt, since),
        sql`${contributions.kind} <> 'challenge'`,
      ),
    );
  return Number(row?.total ?? 0);
}

async function credit(tx: Db, userId: number, points: number, photo: boolean): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({
      contributionScore: sql`${users.contributionScore} + ${points}`,
      rewardPointsBalance: sql`${users.rewardPointsBalance} + ${points}`,
      totalDataPoints: sql`${users.totalDataPoints} + 1`,
      ...(photo ? { totalPhotoContributions: sql`${users.totalPhotoContributions} + 1` } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ balance: users.rewardPointsBalance });
  if (!row) throw new Error('Crediting points to a rider who does not exist');
  return row.balance;
}

export async function recordContribution(tx: Db, input: ContributionInput): Promise<Recorded> {
  // The cap reads today's points and then adds: concurrent contributions by one rider queue here.
  await lockRider(tx, input.userId);
  const earnedToday = await pointsSince(tx, input.userId, new Date(terminalDayStart(input.now.getTime())));
  const points = cappedPoints(input.points, earnedToday);
  const note = points < input.points ? DAILY_CAP_NOTE : input.note;
  const [row] = await tx
    .insert(contributions)
    .values({
      userId: input.userId,
      kind: input.kind,
      terminalId: input.terminalId,
      points,
      note,
      details: input.details,
      createdAt: input.now,
    })
    .returning({ id: contributions.id });
  if (!row) throw new Error('Inserting a contribution returned no row');
  let balance = await credit(tx, input.userId, points, input.kind === 'photo');
  balance = (await payChallengeBonuses(tx, input.userId, input.now)) ?? balance;
  return { id: row.id, points, note, balance };
}

/** Progress of every weekly challenge for the week holding `now`. */
export async function challengeProgress(tx: Db, userId: number, now: Date): Promise<ChallengeProgress[]> {
  const weekStart = new Date(terminalWeekStart(now.getTime()));
  const mine = and(eq(contributions.userId, userId), gte(contributions.createdAt, weekStart));
  const [terminals] = await tx
    .select({ n: countDistinct(contributions.terminalId) })
    .from(contributions)
    .where(and(mine, eq(contributions.kind, 'photo'), sql`${contributions.points} > 0`));
  const [validations] = await tx
    .select({ n: count() })
    .from(contributions)
    .where(and(mine, eq(contributions.kind, 'validation')));
  const photoTimes = await tx
    .select({ takenAt: photoContributions.takenAt })
    .from(photoContributions)
    .where(
      and(
        eq(photoContributions.userId, userId),
        gte(photoContributions.createdAt, weekStart),
        eq(photoContributions.duplicate, false),
      ),
    );
  const quiet = photoTimes.filter((p) => isQuietHour(terminalWallClock(p.takenAt.getTime()).hour)).length;
  const done = new Set(
    (
      await tx
        .select({ id: challengeCompletions.challengeId })
        .from(challengeCompletions)
        .where(and(eq(challengeCompletions.userId, userId), eq(challengeCompletions.weekStart, weekStart)))
    ).map((r) => r.id),
  );
  const counts: Record<string, number> = {
    'three-terminals': terminals?.n ?? 0,
    'five-validations': validations?.n ?? 0,
    'quiet-hour': quiet,
  };
  return CHALLENGES.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    target: c.target,
    progress: Math.min(c.target, counts[c.id] ?? 0),
    bonusPoints: c.bonusPoints,
    completed: done.has(c.id),
  }));
}

/** Pays each challenge reached and not yet paid this week; answers the new balance when it paid any. */
async function payChallengeBonuses(tx: Db, userId: number, now: Date): Promise<number | null> {
  const weekStart = new Date(terminalWeekStart(now.getTime()));
  let balance: number | null = null;
  for (const challenge of await challengeProgress(tx, userId, now)) {
    if (challenge.completed || challenge.progress < challenge.target) continue;
    const [claimed] = await tx
      .insert(challengeCompletions)
      .values({ userId, challengeId: challenge.id, weekStart, completedAt: now })
      .onConflictDoNothing()
      .returning({ id: challengeCompletions.challengeId });
    if (!claimed) continue;
    await tx.insert(contributions).values({
      userId,
      kind: 'challenge',
      terminalId: null,
      points: challenge.bonusPoints,
      note: `Challenge complete: ${challenge.title}`,
      details: { challengeId: challenge.id },
      createdAt: now,
    });
    balance = await credit(tx, userId, challenge.bonusPoints, false);
  }
  return balance;
}

/** Contributor status (rider-core §6): 50+ accurate photos, or 95 % accuracy over 20+ validations. */
export async function promoteIfEarned(database: Database, userId: number, now: Date): Promise<boolean> {
  const { db } = database;
  const [photos] = await db
    .select({ n: count() })
    .from(photoContributions)
    .where(
      and(
        eq(photoContributions.userId, userId),
        eq(photoContributions.accuracy, 'accurate'),
        eq(photoContributions.duplicate, false),
      ),
    );
  const [checks] = await db
    .select({
      total: count(),
      correct: sql<number>`count(*) filter (where ${photoValidations.correct})`.mapWith(Number),
    })
    .from(photoValidations)
    .where(eq(photoValidations.userId, userId));
  const stats = {
    accuratePhotos: photos?.n ?? 0,
    validationAccuracy: validationAccuracy(checks?.correct ?? 0, checks?.total ?? 0),
  };
  if (!earnsContributor(stats)) return false;
  return grantContributor(database, userId, now);
}
