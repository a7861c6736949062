/**
 * User Management's data (admin dashboard): finding riders, setting a rider's tier, disabling or
 * enabling a back-office account and setting its password. Every change takes the caller's
 * transaction (the route's `commitWrite`) and writes its audit entry in it, so the log never misses
 * a change. An unknown id is a 404 `not_found`.
 */
import { and, asc, eq, ilike, isNull } from 'drizzle-orm';

import { RIDER_SEARCH_LIMIT } from '@/domain/contracts/admin-users';

import { recordAudit } from '../audit/audit-log';
import { toAccountSummary, type AccountSummary } from '../auth/back-office-accounts';
import type { BackOfficeAccount } from '../auth/back-office-session';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { backOfficeAccounts, backOfficeSessions, membershipTrials, users, type MembershipType } from '../db/schema';
import { httpError } from '../http/errors';

export interface RiderSummary {
  id: number;
  username: string;
  membershipType: MembershipType;
  createdAt: string;
}

function toRider(row: typeof users.$inferSelect): RiderSummary {
  return {
    id: row.id,
    username: row.username,
    membershipType: row.membershipType,
    createdAt: row.createdAt.toISOString(),
  };
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Riders whose username contains `q` (any case; every rider for ''), by name, at most RIDER_SEARCH_LIMIT. */
export async function searchRiders(database: Database, q: string): Promise<RiderSummary[]> {
  const rows = await database.db
    .select()
    .from(users)
    .where(q ? ilike(users.username, likePattern(q)) : undefined)
    .orderBy(asc(users.username))
    .limit(RIDER_SEARCH_LIMIT);
  return rows.map(toRider);
}

/** Sets a rider's tier; an open trial ends, so the new tier is not reverted when the trial would have expired. */
export async function setRiderTier(
  tx: Db,
  actor: BackOfficeAccount,
  id: number,
  membershipType: MembershipType,
  now: Date,
): Promise<RiderSummary> {
  const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!before) throw httpError(404, 'not_found', `No rider ${id}`);
  await tx
    .update(membershipTrials)
    .set({ endedAt: now })
    .where(and(eq(membershipTrials.userId, id), isNull(membershipTrials.endedAt)));
  const [row] = await tx
    .update(users)
    .set({ membershipType, premiumExpiresAt: null })
    .where(eq(users.id, id))
    .returning();
  await recordAudit(
    tx,
    actor,
    'rider.tier',
    `rider ${before.username}`,
    `${before.membershipType} → ${membershipType}`,
  );
  return toRider(row!);
}

/** Disables (ending its sessions) or enables a back-office account. */
export async function setAccountDisabled(
  tx: Db,
  actor: BackOfficeAccount,
  id: number,
  disabled: boolean,
): Promise<AccountSummary> {
  const [row] = await tx.update(backOfficeAccounts).set({ disabled }).where(eq(backOfficeAccounts.id, id)).returning();
  if (!row) throw httpError(404, 'not_found', `No back-office account ${id}`);
  if (disabled) await tx.delete(backOfficeSessions).where(eq(backOfficeSessions.accountId, id));
  await recordAudit(tx, actor, disabled ? 'account.disable' : 'account.enable', `${row.role} ${row.username}`);
  return toAccountSummary(row);
}

/** Sets a back-office account's password (already hashed); its sessions end. */
export async function setAccountPassword(
  tx: Db,
  actor: BackOfficeAccount,
  id: number,
  passwordHash: string,
): Promise<AccountSummary> {
  const [row] = await tx
    .update(backOfficeAccounts)
    .set({ passwordHash })
    .where(eq(backOfficeAccounts.id, id))
    .returning();
  if (!row) throw httpError(404, 'not_found', `No back-office account ${id}`);
  await tx.delete(backOfficeSessions).where(eq(backOfficeSessions.accountId, id));
  await recordAudit(tx, actor, 'account.password_reset', `${row.role} ${row.username}`);
  return toAccountSummary(row);
}
