/**
 * Exception passes (membership §2, §3, §7; DESIGN.md "Roles are enforced by the server").
 *
 * Riders (premium, ninja, premium_plus, contributor — else 403 membership_required):
 * - POST /api/exception-passes {passType, description, route, departureTime} → 201 {id, status,
 *   qrCode, …}: the pass starts `pending`; its validity window is fixed around the departure time
 *   and signed into the QR (server/exception-pass/pass-token.ts). Exactly once per Idempotency-Key.
 * - GET /api/exception-passes → the caller's passes, newest first, each with its QR image.
 *
 * Staff (or admins):
 * - GET /api/staff/exception-passes?status=pending|approved|rejected|all → a page of the review queue,
 *   newest first by default (`limit`, `order`, `cursor`: ../http/staff-page.ts).
 * - POST /api/staff/exception-passes/:id/decision {decision: approve|reject, reason?} → the pass;
 *   a reason is required to reject; only a pending pass can be decided (409 otherwise). The rider
 *   gets an inbox notification, and the change goes to the audit log.
 * - POST /api/staff/exception-passes/:id/revoke {reason} → the pass, revoked: an approval given by
 *   mistake is withdrawn at once (only an approved pass; 409 otherwise; a reason is required). The
 *   rider is told, the audit log records it, and its QR code verifies as "revoked" from then on.
 * - POST /api/staff/exception-passes/verify {code} → {outcome: valid|rejected|revoked|expired|
 *   not_yet_valid, message, pass?}: a code that fails its signature is rejected without naming any pass.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PASS_REASON_MAX, PASS_STATUSES, passInputSchema, passValidity } from '@/domain/exception-pass';
import { backOfficeAccount } from '../auth/back-office-session';
import { currentRider } from '../auth/session';
import type { Database } from '../db/client';
import { insertPass, listRiderPasses, staffPassRows } from '../exception-pass/pass-repository';
import { decidePass, revokePass } from '../exception-pass/pass-review';
import { passSecret } from '../exception-pass/pass-token';
import { verifyPassCode } from '../exception-pass/pass-verification';
import { toPass } from '../exception-pass/pass-view';
import { parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';
import { staffPageQuery, toStaffPage } from '../http/staff-page';
import { requireMembership } from '../membership/tiers';

const decisionSchema = z
  .object({ decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(PASS_REASON_MAX).optional() })
  .refine((d) => d.decision === 'approve' || (d.reason ?? '').length > 0, { message: 'Give a reason to reject a pass', path: ['reason'] });
const revokeSchema = z.object({ reason: z.string().trim().min(1, 'Give a reason to revoke a pass').max(PASS_REASON_MAX) });
const verifySchema = z.object({ code: z.string().trim().min(1, 'Enter the pass code').max(2000) });
const queueQuery = staffPageQuery.extend({ status: z.enum([...PASS_STATUSES, 'all']).default('pending') });
const idParams = z.object({ id: serialId });

export function registerExceptionPassRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  api.post('/exception-passes', async (request, reply) => {
    const input = parseBody(passInputSchema, request.body);
    const rider = await requireMembership(deps, request, reply, 'memberPerks');
    const departureTime = new Date(input.departureTime);
    const secret = await passSecret(database);
    const pass = await commitWrite(database, request, reply, 201, async (tx) =>
      toPass(secret, await insertPass(tx, rider.id, input, { departureTime, ...passValidity(departureTime) })),
    );
    return reply.send(pass);
  });

  api.get('/exception-passes', async (request, reply) => {
    const rider = await currentRider(request, reply);
    if (!rider) return [];
    const secret = await passSecret(database);
    const rows = await listRiderPasses(db, rider.id);
    return Promise.all(rows.map((row) => toPass(secret, row)));
  });

  api.get('/staff/exception-passes', { config: { role: 'staff' } }, async (request) => {
    const query = parseQuery(queueQuery, request.query);
    const secret = await passSecret(database);
    const rows = await staffPassRows(db, query);
    const passes = await Promise.all(rows.map(async ({ pass, username }) => ({ ...(await toPass(secret, pass)), rider: username })));
    return toStaffPage(passes, query);
  });

  api.post('/staff/exception-passes/:id/decision', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const input = parseBody(decisionSchema, request.body);
    const account = backOfficeAccount(request);
    const secret = await passSecret(database);
    const decided = await commitWrite(database, request, reply, 200, async (tx) => toPass(secret, await decidePass(tx, account, id, input, new Date(clock()))));
    return reply.send(decided);
  });

  api.post('/staff/exception-passes/:id/revoke', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { reason } = parseBody(revokeSchema, request.body);
    const account = backOfficeAccount(request);
    const secret = await passSecret(database);
    const revoked = await commitWrite(database, request, reply, 200, async (tx) => toPass(secret, await revokePass(tx, account, id, reason, new Date(clock()))));
    return reply.send(revoked);
  });

  api.post('/staff/exception-passes/verify', { config: { role: 'staff' } }, async (request) => {
    const { code } = parseBody(verifySchema, request.body);
    const secret = await passSecret(database);
    return verifyPassCode(db, secret, code, new Date(clock()));
  });
}
