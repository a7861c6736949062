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
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMPLAINT_DESCRIPTION_MAX, type StaffComplaint } from '@/domain/complaint';
import { backOfficeAccount } from '../auth/back-office-session';
import { recordAudit } from '../back-office/audit';
import type { Database } from '../db/client';
import { complaints, leaderboardNames, orderItems, orders, users } from '../db/schema';
import { httpError, parseBody, parseParams, parseQuery } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { serialId } from '../http/params';
import { pageOf, staffPageQuery, toStaffPage } from '../http/staff-page';

const complaintQuery = staffPageQuery.extend({ status: z.enum(['open', 'resolved']).default('open') });
const idParams = z.object({ id: serialId });
const complaintUpdateSchema = z
  .object({ status: z.enum(['in_review', 'resolved']), reply: z.string().trim().max(COMPLAINT_DESCRIPTION_MAX).optional() })
  .refine((u) => u.status !== 'resolved' || (u.reply ?? '').length > 0, { message: 'Write a reply to resolve the complaint', path: ['reply'] });

/** The columns of the rider staff see beside a complaint. */
const complaintRider = {
  username: users.username,
  displayName: leaderboardNames.displayName,
  phoneNumber: users.phoneNumber,
  carNumber: users.carNumber,
};
type ComplaintRider = { username: string; displayName: string | null; phoneNumber: string | null; carNumber: string | null };

function toStaffComplaint(row: typeof complaints.$inferSelect, rider: ComplaintRider | undefined): StaffComplaint {
  return {
    id: row.id,
    rider: rider?.displayName ?? rider?.username ?? '',
    riderPhone: rider?.phoneNumber || null,
    riderCarNumber: rider?.carNumber || null,
    terminalId: row.terminalId,
    category: row.category,
    description: row.description,
    note: row.note,
    status: row.status,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerStaffQueueRoutes(api: FastifyInstance, deps: { database: Database }): void {
  const { database } = deps;
  const { db } = database;

  api.get('/staff/orders', { config: { role: 'staff' } }, async (request) => {
    const page = parseQuery(staffPageQuery, request.query);
    const { where, orderBy, limit } = pageOf(orders.id, page, ne(orders.status, 'delivered'));
    const rows = await db.select({ order: orders, rider: users.username }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where).orderBy(orderBy).limit(limit);
    const items = rows.length === 0 ? [] : await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.order.id))).orderBy(orderItems.id);
    const staffOrders = rows.map(({ order, rider }) => ({
      id: order.id,
      rider,
      status: order.status,
      total: order.total,
      deliveryLocation: order.deliveryLocation,
      createdAt: order.createdAt.toISOString(),
      items: items.filter((i) => i.orderId === order.id).map((i) => ({ name: i.name, quantity: i.quantity })),
    }));
    return toStaffPage(staffOrders, page);
  });

  api.get('/staff/complaints', { config: { role: 'staff' } }, async (request) => {
    const query = parseQuery(complaintQuery, request.query);
    const status = query.status === 'open' ? ne(complaints.status, 'resolved') : eq(complaints.status, 'resolved');
    const { where, orderBy, limit } = pageOf(complaints.id, query, status);
    const rows = await db
      .select({ complaint: complaints, rider: complaintRider })
      .from(complaints)
      .innerJoin(users, eq(users.id, complaints.userId))
      .leftJoin(leaderboardNames, eq(leaderboardNames.userId, complaints.userId))
      .where(where)
      .orderBy(orderBy)
      .limit(limit);
    return toStaffPage(rows.map((r) => toStaffComplaint(r.complaint, r.rider)), query);
  });

  api.post('/staff/complaints/:id', { config: { role: 'staff' } }, async (request, reply) => {
    const { id } = parseParams(idParams, request.params);
    const input = parseBody(complaintUpdateSchema, request.body);
    const account = backOfficeAccount(request);
    const updated = await commitWrite(database, request, reply, 200, async (tx) => {
      const [row] = await tx
        .update(complaints)
        .set({ status: input.status, ...(input.status === 'resolved' ? { reply: input.reply } : {}) })
        .where(and(eq(complaints.id, id), ne(complaints.status, 'resolved')))
        .returning();
      if (!row) {
        const [existing] = await tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.id, id));
        if (!existing) throw httpError(404, 'not_found', `No complaint ${id}`);
        throw httpError(409, 'already_resolved', `Complaint ${id} is already resolved`);
      }
      const [rider] = await tx
        .select(complaintRider)
        .from(users)
        .leftJoin(leaderboardNames, eq(leaderboardNames.userId, users.id))
        .where(eq(users.id, row.userId));
      await recordAudit(tx, account, input.status === 'resolved' ? 'complaint.resolve' : 'complaint.acknowledge', `complaint ${id}`, input.reply ?? '');
      return toStaffComplaint(row, rider);
    });
    return reply.send(updated);
  });
}
