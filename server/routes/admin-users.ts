/**
 * User Management (admin dashboard): search riders and back-office accounts, set a rider's tier,
 * create a staff account, disable/enable an account, reset a password, read the audit log. Every
 * change is written to the audit log in the same transaction as the change. All admin only.
 *
 * - GET /api/admin/riders?q= → riders whose username contains q (at most RIDER_SEARCH_LIMIT).
 * - PUT /api/admin/riders/:id/tier {membershipType} → the rider; an open trial ends, so the new tier
 *   is not reverted when the trial would have expired.
 * - PATCH /api/admin/accounts/:id {disabled} → the account; disabling ends its sessions. An admin
 *   cannot disable their own account (409): the back office would lock itself out.
 * - POST /api/admin/accounts/:id/password {password} → the account; its sessions end.
 * - GET /api/admin/audit-log → the newest entries.
 */
import { and, asc, eq, ilike, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BACK_OFFICE_PASSWORD_MIN_LENGTH } from '@/domain/constants';
import { toAccountSummary } from '../auth/back-office-accounts';
import { backOfficeAccount } from '../auth/back-office-session';
import { hashPassword } from '../auth/passwords';
import { recentAudit, recordAudit } from '../back-office/audit';
import type { Database } from '../db/client';
import { backOfficeAccounts, backOfficeSessions, membershipTrials, membershipTypeEnum, users } from '../db/schema';
import { httpError, parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';

export const RIDER_SEARCH_LIMIT = 50;

const idParams = z.object({ id: serialId });
const searchQuery = z.object({ q: z.string().trim().max(100).default('') });
const tierSchema = z.object({ membershipType: z.enum(membershipTypeEnum.enumValues) });
const disableSchema = z.object({ disabled: z.boolean() });
const passwordSchema = z.object({
  password: z.string().min(BACK_OFFICE_PASSWORD_MIN_LENGTH, `Use at least ${BACK_OFFICE_PASSWORD_MIN_LENGTH} characters`).max(1000),
});

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function toRider(row: typeof users.$inferSelect) {
  return { id: row.id, username: row.username, membershipType: row.membershipType, createdAt: row.createdAt.toISOString() };
}

export function registerAdminUserRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  api.get('/admin/riders', { config: { role: 'admin' } }, async (request) => {
    const { q } = parseQuery(searchQuery, request.query);
    const rows = await db
      .select()
      .from(users)
      .where(q ? ilike(users.username, likePattern(q)) : undefined)
      .orderBy(asc(users.username))
      .limit(RIDER_SEARCH_LIMIT);
    return rows.map(toRider);
  });

  api.put('/admin/riders/:id/tier', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { membershipType } = parseBody(tierSchema, request.body);
    const account = backOfficeAccount(request);
    const rider = await commitWrite(database, request, reply, 200, async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw httpError(404, 'not_found', `No rider ${id}`);
      await tx
        .update(membershipTrials)
        .set({ endedAt: new Date(clock()) })
        .where(and(eq(membershipTrials.userId, id), isNull(membershipTrials.endedAt)));
      const [row] = await tx.update(users).set({ membershipType, premiumExpiresAt: null }).where(eq(users.id, id)).returning();
      await recordAudit(tx, account, 'rider.tier', `rider ${before.username}`, `${before.membershipType} → ${membershipType}`);
      return toRider(row!);
    });
    return reply.send(rider);
  });

  api.patch('/admin/accounts/:id', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { disabled } = parseBody(disableSchema, request.body);
    const account = backOfficeAccount(request);
    if (disabled && id === account.id) throw httpError(409, 'own_account', 'You cannot disable the account you are signed in with');
    const summary = await commitWrite(database, request, reply, 200, async (tx) => {
      const [row] = await tx.update(backOfficeAccounts).set({ disabled }).where(eq(backOfficeAccounts.id, id)).returning();
      if (!row) throw httpError(404, 'not_found', `No back-office account ${id}`);
      if (disabled) await tx.delete(backOfficeSessions).where(eq(backOfficeSessions.accountId, id));
      await recordAudit(tx, account, disabled ? 'account.disable' : 'account.enable', `${row.role} ${row.username}`);
      return toAccountSummary(row);
    });
    return reply.send(summary);
  });

  api.post('/admin/accounts/:id/password', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { password } = parseBody(passwordSchema, request.body);
    const account = backOfficeAccount(request);
    const passwordHash = await hashPassword(password);
    const summary = await commitWrite(database, request, reply, 200, async (tx) => {
      const [row] = await tx.update(backOfficeAccounts).set({ passwordHash }).where(eq(backOfficeAccounts.id, id)).returning();
      if (!row) throw httpError(404, 'not_found', `No back-office account ${id}`);
      await tx.delete(backOfficeSessions).where(eq(backOfficeSessions.accountId, id));
      await recordAudit(tx, account, 'account.password_reset', `${row.role} ${row.username}`);
      return toAccountSummary(row);
    });
    return reply.send(summary);
  });

  api.get('/admin/audit-log', { config: { role: 'admin' } }, async () => recentAudit(database));
}
