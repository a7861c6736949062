/**
 * User Management (admin dashboard): search riders and back-office accounts, set a rider's tier,
 * create a staff account, disable/enable an account, reset a password, read the audit log. Every
 * change is written to the audit log in the same transaction as the change
 * (server/back-office/user-management.ts). All admin only.
 *
 * - GET /api/admin/riders?q= → riders whose username contains q (at most RIDER_SEARCH_LIMIT).
 * - PUT /api/admin/riders/:id/tier {membershipType} → the rider; an open trial ends, so the new tier
 *   is not reverted when the trial would have expired.
 * - PATCH /api/admin/accounts/:id {disabled} → the account; disabling ends its sessions. An admin
 *   cannot disable their own account (409): the back office would lock itself out.
 * - POST /api/admin/accounts/:id/password {password} → the account; its sessions end.
 * - GET /api/admin/audit-log → the newest entries.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BACK_OFFICE_PASSWORD_MIN_LENGTH } from '@/domain/constants';
import { MEMBERSHIP_TYPES } from '@/domain/membership';
import { backOfficeAccount } from '../auth/back-office-session';
import { hashPassword } from '../auth/passwords';
import { recentAudit } from '../back-office/audit';
import { searchRiders, setAccountDisabled, setAccountPassword, setRiderTier } from '../back-office/user-management';
import type { Database } from '../db/client';
import { httpError, parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';

const idParams = z.object({ id: serialId });
const searchQuery = z.object({ q: z.string().trim().max(100).default('') });
const tierSchema = z.object({ membershipType: z.enum(MEMBERSHIP_TYPES) });
const disableSchema = z.object({ disabled: z.boolean() });
const passwordSchema = z.object({
  password: z.string().min(BACK_OFFICE_PASSWORD_MIN_LENGTH, `Use at least ${BACK_OFFICE_PASSWORD_MIN_LENGTH} characters`).max(1000),
});

export function registerAdminUserRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const clock = deps.now ?? Date.now;

  api.get('/admin/riders', { config: { role: 'admin' } }, async (request) => {
    const { q } = parseQuery(searchQuery, request.query);
    return searchRiders(database, q);
  });

  api.put('/admin/riders/:id/tier', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { membershipType } = parseBody(tierSchema, request.body);
    const account = backOfficeAccount(request);
    const rider = await commitWrite(database, request, reply, 200, (tx) => setRiderTier(tx, account, id, membershipType, new Date(clock())));
    return reply.send(rider);
  });

  api.patch('/admin/accounts/:id', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { disabled } = parseBody(disableSchema, request.body);
    const account = backOfficeAccount(request);
    if (disabled && id === account.id) throw httpError(409, 'own_account', 'You cannot disable the account you are signed in with');
    const summary = await commitWrite(database, request, reply, 200, (tx) => setAccountDisabled(tx, account, id, disabled));
    return reply.send(summary);
  });

  api.post('/admin/accounts/:id/password', { config: { role: 'admin' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { password } = parseBody(passwordSchema, request.body);
    const account = backOfficeAccount(request);
    const passwordHash = await hashPassword(password);
    const summary = await commitWrite(database, request, reply, 200, (tx) => setAccountPassword(tx, account, id, passwordHash));
    return reply.send(summary);
  });

  api.get('/admin/audit-log', { config: { role: 'admin' } }, async () => recentAudit(database));
}
