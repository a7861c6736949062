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

import {
  auditLog,
  resetAccountPassword,
  searchRiders,
  setAccountDisabled,
  setRiderTier,
} from '@/domain/contracts/admin-users';

import { recentAudit } from '../audit/audit-log';
import { hashPassword } from '../auth/passwords';
import * as userManagement from '../back-office/user-management';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';

export function registerAdminUserRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const clock = deps.now ?? Date.now;

  route(api, searchRiders, {}, async (request) => userManagement.searchRiders(database, request.query.q));

  route(api, setRiderTier, {}, async (request, reply, account) => {
    const { id } = request.params;
    const rider = await commitWrite(database, request, reply, 200, (tx) =>
      userManagement.setRiderTier(tx, account, id, request.body.membershipType, new Date(clock())),
    );
    return reply.send(rider);
  });

  route(api, setAccountDisabled, {}, async (request, reply, account) => {
    const { id } = request.params;
    const { disabled } = request.body;
    if (disabled && id === account.id)
      throw httpError(409, 'own_account', 'You cannot disable the account you are signed in with');
    const summary = await commitWrite(database, request, reply, 200, (tx) =>
      userManagement.setAccountDisabled(tx, account, id, disabled),
    );
    return reply.send(summary);
  });

  route(api, resetAccountPassword, {}, async (request, reply, account) => {
    const passwordHash = await hashPassword(request.body.password);
    const summary = await commitWrite(database, request, reply, 200, (tx) =>
      userManagement.setAccountPassword(tx, account, request.params.id, passwordHash),
    );
    return reply.send(summary);
  });

  route(api, auditLog, {}, async () => recentAudit(database));
}
