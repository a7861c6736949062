/**
 * The staff dashboard's Operations queues as stored: the orders not yet delivered and the
 * complaints (open or resolved), each a page (../http/staff-page.ts), and a complaint's answer.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';

import type { StaffComplaint } from '@/domain/complaint';
import type { StaffPage } from '@/domain/staff-page';

import type { Db } from '../db/db-handle';
import { complaints, leaderboardNames, orderItems, orders, users } from '../db/schema';
import { httpError } from '../http/errors';
import { readStaffPage, type StaffPageQuery } from '../http/staff-page';

type OrderRow = typeof orders.$inferSelect;
export type StaffOrder = Pick<OrderRow, 'id' | 'status' | 'total' | 'deliveryLocation'> & {
  rider: string;
  createdAt: string;
  items: Array<{ name: string; quantity: number }>;
};

/** The columns of the rider staff see beside a complaint. */
const complaintRider = {
  username: users.username,
  displayName: leaderboardNames.displayName,
  phoneNumber: users.phoneNumber,
  carNumber: users.carNumber,
};
type ComplaintRider = {
  username: string;
  displayName: string | null;
  phoneNumber: string | null;
  carNumber: string | null;
};

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

/** A page of the orders not yet delivered, each with its items and the rider's name. */
export async function undeliveredOrders(db: Db, page: StaffPageQuery): Promise<StaffPage<StaffOrder>> {
  const select = db
    .select({ order: orders, rider: users.username })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .$dynamic();
  const listed = await readStaffPage(select, orders.id, page, ne(orders.status, 'delivered'), ({ order, rider }) => ({
    ...order,
    rider,
  }));
  const ids = listed.items.map((o) => o.id);
  const items =
    ids.length === 0
      ? []
      : await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(orderItems.id);
  return {
    items: listed.items.map((order) => ({
      id: order.id,
      rider: order.rider,
      status: order.status,
      total: order.total,
      deliveryLocation: order.deliveryLocation,
      createdAt: order.createdAt.toISOString(),
      items: items.filter((i) => i.orderId === order.id).map((i) => ({ name: i.name, quantity: i.quantity })),
    })),
    nextCursor: listed.nextCursor,
  };
}

/** A page of the open (not resolved) or the resolved complaints. */
export async function complaintsWithStatus(
  db: Db,
  status: 'open' | 'resolved',
  page: StaffPageQuery,
): Promise<StaffPage<StaffComplaint>> {
  const select = db
    .select({ complaint: complaints, rider: complaintRider })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.userId))
    .leftJoin(leaderboardNames, eq(leaderboardNames.userId, complaints.userId))
    .$dynamic();
  const where = status === 'open' ? ne(complaints.status, 'resolved') : eq(complaints.status, 'resolved');
  return readStaffPage(select, complaints.id, page, where, (r) => toStaffComplaint(r.complaint, r.rider ?? undefined));
}

/**
 * Acknowledges or resolves a complaint (a reply goes with resolving). 404 for an unknown id; a
 * resolved complaint stays resolved (409): the update is conditional, so two staff at once change it once.
 */
export async function answerComplaint(
  tx: Db,
  id: number,
  input: { status: 'in_review' | 'resolved'; reply?: string | undefined },
): Promise<StaffComplaint> {
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
  return toStaffComplaint(row, rider);
}
