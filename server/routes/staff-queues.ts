/**
 * The staff dashboard's Operations queues (staff or admin):
 * - GET /api/staff/orders → a page of the orders not yet delivered, with items and the rider's name
 *   (advanced with POST /api/staff/orders/:id/status in ./orders.ts; the rider's order alerts follow).
 * - GET /api/staff/complaints?status=open|resolved → a page of the open (default) or the resolved
 *   complaints, each with its terminal, note and the rider's display name and contact details
 *   (StaffComplaint).
 * Each list is paged newest first by default (`limit`, `order`, `cursor`: ../http/staff-page.ts).
 * - POST /api/staff/complaints/:id {status: in_review|resolved, reply?} → the complaint; resolving
 *   needs a reply, which the rider's "Recent" list shows. A resolved complaint stays resolved (409).
 * Every change is written to the audit log.
 */
import type { FastifyInstance } from 'fastify';

import { answerStaffComplaint, staffComplaints, staffOrders } from '@/domain/contracts/staff-queues';

import { recordAudit } from '../audit/audit-log';
import { answerComplaint, complaintsWithStatus, undeliveredOrders } from '../back-office/staff-queue-repository';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { commitWrite } from '../http/idempotency';

export function registerStaffQueueRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;
  const { db } = database;

  route(api, staffOrders, {}, async (request) => undeliveredOrders(db, request.query));

  route(api, staffComplaints, {}, async (request) => {
    const { status, ...page } = request.query;
    return complaintsWithStatus(db, status, page);
  });

  route(api, answerStaffComplaint, {}, async (request, reply, account) => {
    const { id } = request.params;
    const input = request.body;
    const updated = await commitWrite(database, request, reply, 200, async (tx) => {
      const complaint = await answerComplaint(tx, id, input);
      await recordAudit(
        tx,
        account,
        input.status === 'resolved' ? 'complaint.resolve' : 'complaint.acknowledge',
        `complaint ${id}`,
        input.reply ?? '',
      );
      return complaint;
    });
    return reply.send(updated);
  });
}
