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
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PASS_REASON_MAX,
  PASS_ROUTE_LABELS,
  PASS_STATUSES,
  PASS_TYPE_LABELS,
  passInputSchema,
  passValidity,
  verifyVerdict,
  type ExceptionPass,
} from '@/domain/exception-pass';
import { backOfficeAccount } from '../auth/back-office-session';
import { currentRider } from '../auth/session';
import { recordAudit } from '../back-office/audit';
import type { Database } from '../db/client';
import { exceptionPasses, notifications, users } from '../db/schema';
import { passQrImage, passSecret, readPass, signPass } from '../exception-pass/pass-token';
import { httpError, parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';
import { pageOf, staffPageQuery, toStaffPage } from '../http/staff-page';
import { requireMembership } from '../membership/tiers';

export const PASS_LIST_LIMIT = 50;

type PassRow = typeof exceptionPasses.$inferSelect;

const decisionSchema = z
  .object({ decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(PASS_REASON_MAX).optional() })
  .refine((d) => d.decision === 'approve' || (d.reason ?? '').length > 0, { message: 'Give a reason to reject a pass', path: ['reason'] });
const revokeSchema = z.object({ reason: z.string().trim().min(1, 'Give a reason to revoke a pass').max(PASS_REASON_MAX) });
const verifySchema = z.object({ code: z.string().trim().min(1, 'Enter the pass code').max(2000) });
const queueQuery = staffPageQuery.extend({ status: z.enum([...PASS_STATUSES, 'all']).default('pending') });
const idParams = z.object({ id: serialId });

/** `secret` is read before any transaction: on PGlite a query outside the open transaction would wait for it. */
async function toPass(secret: Buffer, row: PassRow): Promise<ExceptionPass> {
  const code = signPass(secret, {
    passId: row.id,
    userId: row.userId,
    route: row.route,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
  });
  return {
    id: row.id,
    passType: row.passType,
    description: row.description,
    route: row.route,
    departureTime: row.departureTime.toISOString(),
    status: row.status,
    reason: row.reason,
    qrCode: await passQrImage(code),
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerExceptionPassRoutes(api: FastifyInstance, deps: { database: Database; now?: () => number }): void {
  const { database } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  api.post('/exception-passes', async (request, reply) => {
    const input = parseBody(passInputSchema, request.body);
    const rider = await requireMembership(deps, request, reply, 'memberPerks');
    const departureTime = new Date(input.departureTime);
    const { validFrom, validUntil } = passValidity(departureTime);
    const secret = await passSecret(database);
    const row = await commitWrite(database, request, reply, 201, async (tx) => {
      const [inserted] = await tx
        .insert(exceptionPasses)
        .values({ userId: rider.id, passType: input.passType, description: input.description, route: input.route, departureTime, validFrom, validUntil })
        .returning();
      if (!inserted) throw new Error('Inserting an exception pass returned no row');
      return toPass(secret, inserted);
    });
    return reply.send(row);
  });

  api.get('/exception-passes', async (request, reply) => {
    const rider = await currentRider(request, reply);
    if (!rider) return [];
    const secret = await passSecret(database);
    const rows = await db
      .select()
      .from(exceptionPasses)
      .where(eq(exceptionPasses.userId, rider.id))
      .orderBy(desc(exceptionPasses.createdAt), desc(exceptionPasses.id))
      .limit(PASS_LIST_LIMIT);
    return Promise.all(rows.map((row) => toPass(secret, row)));
  });

  api.get('/staff/exception-passes', { config: { role: 'staff' } }, async (request) => {
    const query = parseQuery(queueQuery, request.query);
    const secret = await passSecret(database);
    const { where, orderBy, limit } = pageOf(exceptionPasses.id, query, query.status === 'all' ? undefined : eq(exceptionPasses.status, query.status));
    const rows = await db
      .select({ pass: exceptionPasses, username: users.username })
      .from(exceptionPasses)
      .innerJoin(users, eq(users.id, exceptionPasses.userId))
      .where(where)
      .orderBy(orderBy)
      .limit(limit);
    const passes = await Promise.all(rows.map(async ({ pass, username }) => ({ ...(await toPass(secret, pass)), rider: username })));
    return toStaffPage(passes, query);
  });

  api.post('/staff/exception-passes/:id/decision', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const input = parseBody(decisionSchema, request.body);
    const account = backOfficeAccount(request);
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    const reason = input.decision === 'reject' ? (input.reason ?? null) : null;
    const secret = await passSecret(database);
    const decided = await commitWrite(database, request, reply, 200, async (tx) => {
      const [row] = await tx
        .update(exceptionPasses)
        .set({ status, reason, reviewedBy: account.id, reviewedAt: new Date(clock()) })
        .where(and(eq(exceptionPasses.id, id), eq(exceptionPasses.status, 'pending')))
        .returning();
      if (!row) {
        const [existing] = await tx.select({ status: exceptionPasses.status }).from(exceptionPasses).where(eq(exceptionPasses.id, id));
        if (!existing) throw httpError(404, 'not_found', `No exception pass ${id}`);
        throw httpError(409, 'already_decided', `Exception pass ${id} is already ${existing.status}`);
      }
      await tx
        .insert(notifications)
        .values({
          userId: row.userId,
          key: `exception-pass:${row.id}:${status}`,
          kind: 'membership_update',
          title: status === 'approved' ? 'Exception pass approved' : 'Exception pass rejected',
          body:
            status === 'approved'
              ? `Your ${PASS_TYPE_LABELS[row.passType].toLowerCase()} pass for ${PASS_ROUTE_LABELS[row.route]} is approved. Show its QR code at the booth.`
              : `Your pass for ${PASS_ROUTE_LABELS[row.route]} was not approved: ${reason}`,
          url: '/app/exception-pass',
        })
        .onConflictDoNothing();
      await recordAudit(tx, account, status === 'approved' ? 'exception_pass.approve' : 'exception_pass.reject', `exception pass ${row.id}`, reason ?? '');
      return toPass(secret, row);
    });
    return reply.send(decided);
  });

  api.post('/staff/exception-passes/:id/revoke', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const { reason } = parseBody(revokeSchema, request.body);
    const account = backOfficeAccount(request);
    const secret = await passSecret(database);
    const revoked = await commitWrite(database, request, reply, 200, async (tx) => {
      const [row] = await tx
        .update(exceptionPasses)
        .set({ status: 'revoked', reason, reviewedBy: account.id, reviewedAt: new Date(clock()) })
        .where(and(eq(exceptionPasses.id, id), eq(exceptionPasses.status, 'approved')))
        .returning();
      if (!row) {
        const [existing] = await tx.select({ status: exceptionPasses.status }).from(exceptionPasses).where(eq(exceptionPasses.id, id));
        if (!existing) throw httpError(404, 'not_found', `No exception pass ${id}`);
        throw httpError(409, 'not_approved', `Exception pass ${id} is ${existing.status}; only an approved pass can be revoked`);
      }
      await tx
        .insert(notifications)
        .values({
          userId: row.userId,
          key: `exception-pass:${row.id}:revoked`,
          kind: 'membership_update',
          title: 'Exception pass revoked',
          body: `Your pass for ${PASS_ROUTE_LABELS[row.route]} was revoked: ${reason}`,
          url: '/app/exception-pass',
        })
        .onConflictDoNothing();
      await recordAudit(tx, account, 'exception_pass.revoke', `exception pass ${row.id}`, reason);
      return toPass(secret, row);
    });
    return reply.send(revoked);
  });

  api.post('/staff/exception-passes/verify', { config: { role: 'staff' } }, async (request) => {
    const { code } = parseBody(verifySchema, request.body);
    const secret = await passSecret(database);
    const claims = readPass(secret, code);
    if (!claims) return { outcome: 'rejected', message: 'This code is not a genuine Deckhand pass (it was altered or never issued).' };
    const [found] = await db
      .select({ pass: exceptionPasses, username: users.username })
      .from(exceptionPasses)
      .innerJoin(users, eq(users.id, exceptionPasses.userId))
      .where(and(eq(exceptionPasses.id, claims.passId), eq(exceptionPasses.userId, claims.userId)));
    if (!found) return { outcome: 'rejected', message: 'This pass no longer exists.' };
    const { pass, username } = found;
    const outcome = verifyVerdict(pass.status, claims.validFrom, claims.validUntil, new Date(clock()));
    const message = {
      valid: 'Approved pass, inside its validity window.',
      rejected: pass.status === 'pending' ? 'This pass has not been approved yet.' : `This pass was rejected${pass.reason ? `: ${pass.reason}` : '.'}`,
      revoked: `This pass was revoked${pass.reason ? `: ${pass.reason}` : '.'}`,
      expired: 'This pass has expired.',
      not_yet_valid: 'This pass is not valid yet.',
    }[outcome];
    const { qrCode: _qr, ...details } = await toPass(secret, pass);
    return { outcome, message, pass: { ...details, rider: username } };
  });
}
