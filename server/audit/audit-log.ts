/**
 * The audit log: every change an admin or staff member makes is written in the SAME transaction as
 * the change itself, so the log can never miss a change that happened; the server records what it
 * did or saw itself (a sign-in throttle starting) as "system". Below both the back office and the
 * sessions (server/auth), which write to it.
 */
import { desc } from 'drizzle-orm';

import { AUDIT_LOG_LIMIT } from '@/domain/contracts/admin-users';

import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { auditLog } from '../db/schema';

export async function recordAudit(
  tx: Db,
  actor: { id: number; username: string },
  action: string,
  target: string,
  detail = '',
): Promise<void> {
  await tx.insert(auditLog).values({ actorId: actor.id, actorName: actor.username, action, target, detail });
}

/** What the server itself did or saw (a sign-in throttle starting): no account acted, the actor reads "system". */
export async function recordSystemAudit(db: Db, action: string, target: string, detail = ''): Promise<void> {
  await db.insert(auditLog).values({ actorId: null, actorName: 'system', action, target, detail });
}

export async function recentAudit(database: Database) {
  const rows = await database.db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_LOG_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    actor: r.actorName,
    action: r.action,
    target: r.target,
    detail: r.detail,
    createdAt: r.createdAt.toISOString(),
  }));
}
