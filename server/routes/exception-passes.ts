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

import {
  decidePass,
  listPasses,
  requestPass,
  revokePass,
  staffPassQueue,
  verifyPass,
} from '@/domain/contracts/exception-passes';
import { passValidity } from '@/domain/exception-pass';

import { currentRider } from '../auth/session';
import type { Database } from '../db/client';
import { insertPass, listRiderPasses, staffPassRows } from '../exception-pass/pass-repository';
import { decidePendingPass, revokeApprovedPass } from '../exception-pass/pass-review';
import { passSecret } from '../exception-pass/pass-token';
import { verifyPassCode } from '../exception-pass/pass-verification';
import { toPass } from '../exception-pass/pass-view';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';
import { toStaffPage } from '../http/staff-page';
import { requireMembership } from '../membership/tiers';

export function registerExceptionPassRoutes(
  api: FastifyInstance,
  deps: { database: Database; now?: () => number },
): void {
  const { database } = deps;
  const { db } = database;
  const clock = deps.now ?? Date.now;

  route(api, requestPass, {}, async (request, reply) => {
    const input = request.body;
    const rider = await requireMembership(deps, request, reply, 'memberPerks');
    const departureTime = new Date(input.departureTime);
    const secret = await passSecret(database);
    const pass = await commitWrite(database, request, reply, 201, async (tx) =>
      toPass(secret, await insertPass(tx, rider.id, input, { departureTime, ...passValidity(departureTime) })),
    );
    return reply.send(pass);
  });

  route(api, listPasses, {}, async (request, reply) => {
    const rider = await currentRider(request, reply);
    if (!rider) return [];
    const secret = await passSecret(database);
    return Promise.all((await listRiderPasses(db, rider.id)).map((row) => toPass(secret, row)));
  });

  route(api, staffPassQueue, {}, async (request) => {
    const secret = await passSecret(database);
    const rows = await staffPassRows(db, request.query);
    const passes = await Promise.all(
      rows.map(async ({ pass, username }) => ({ ...(await toPass(secret, pass)), rider: username })),
    );
    return toStaffPage(passes, request.query);
  });

  route(api, decidePass, {}, async (request, reply, account) => {
    const secret = await passSecret(database);
    const at = new Date(clock());
    const decided = await commitWrite(database, request, reply, 200, async (tx) =>
      toPass(secret, await decidePendingPass(tx, account, request.params.id, request.body, at)),
    );
    return reply.send(decided);
  });

  route(api, revokePass, {}, async (request, reply, account) => {
    const secret = await passSecret(database);
    const at = new Date(clock());
    const revoked = await commitWrite(database, request, reply, 200, async (tx) =>
      toPass(secret, await revokeApprovedPass(tx, account, request.params.id, request.body.reason, at)),
    );
    return reply.send(revoked);
  });

  route(api, verifyPass, {}, async (request) => {
    const secret = await passSecret(database);
    return verifyPassCode(db, secret, request.body.code, new Date(clock()));
  });
}
