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
import { z } from 'zod';
import { COMPLAINT_DESCRIPTION_MAX } from '@/domain/complaint';
import { backOfficeAccount } from '../auth/back-office-session';
import { recordAudit } from '../back-office/audit';
import { answerComplaint, complaintsWithStatus, undeliveredOrders } from '../back-office/staff-queue-repository';
import type { Database } from '../db/client';
import { parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';
import { staffPageQuery } from '../http/staff-page';

const complaintQuery = staffPageQuery.extend({ status: z.enum(['open', 'resolved']).default('open') });
const idParams = z.object({ id: serialId });
const complaintUpdateSchema = z
  .object({ status: z.enum(['in_review', 'resolved']), reply: z.string().trim().max(COMPLAINT_DESCRIPTION_MAX).optional() })
  .refine((u) => u.status !== 'resolved' || (u.reply ?? '').length > 0, { message: 'Write a reply to resolve the complaint', path: ['reply'] });

export function registerStaffQueueRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;
  const { db } = database;

  api.get('/staff/orders', { config: { role: 'staff' } }, async (request) => undeliveredOrders(db, parseQuery(staffPageQuery, request.query)));

  api.get('/staff/complaints', { config: { role: 'staff' } }, async (request) => {
    const { status, ...page } = parseQuery(complaintQuery, request.query);
    return complaintsWithStatus(db, status, page);
  });

  api.post('/staff/complaints/:id', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const input = parseBody(complaintUpdateSchema, request.body);
    const account = backOfficeAccount(request);
    const updated = await commitWrite(database, request, reply, 200, async (tx) => {
      const complaint = await answerComplaint(tx, id, input);
      await recordAudit(tx, account, input.status === 'resolved' ? 'complaint.resolve' : 'complaint.acknowledge', `complaint ${id}`, input.reply ?? '');
      return complaint;
    });
    return reply.send(updated);
  });
}
