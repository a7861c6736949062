/**
 * The riders' Ninja Booking requests as stored (membership §2, §3, §7), with the booking once the
 * watcher made one. One id is one request: of many creates with one id, one inserts and the others
 * answer the row it stored; an id another rider holds is 409.
 */
import { and, desc, eq } from 'drizzle-orm';

import type { NinjaRequestView } from '@/domain/ninja';

import type { Db } from '../db/db-handle';
import { ninjaRequests, reservationBookings } from '../db/schema';
import { httpError } from '../http/errors';

type Row = typeof ninjaRequests.$inferSelect;
type BookingRow = Pick<typeof reservationBookings.$inferSelect, 'departureTime' | 'successFee'>;
/** A new request's stored fields; the id, the rider and the state the watcher keeps are given or defaulted. */
export type NinjaRequestFields = Omit<
  typeof ninjaRequests.$inferInsert,
  'id' | 'userId' | 'status' | 'currentAttempts' | 'lastCheckedAt'
>;

export function toNinjaView(row: Row, booking?: BookingRow | null): NinjaRequestView {
  return {
    id: row.id,
    route: row.route,
    departureDate: row.departureDate,
    departureTime: row.departureTime,
    returnDate: row.returnDate,
    returnTime: row.returnTime,
    vehicleType: row.vehicleType,
    vehicleLength: row.vehicleLength,
    passengerCount: row.passengerCount,
    maxServiceFee: row.maxServiceFee,
    isFlexible: row.isFlexible,
    flexibilityHours: row.flexibilityHours,
    priority: row.priority,
    autoBookEnabled: row.autoBookEnabled,
    notifyViaEmail: row.notifyViaEmail,
    notifyViaSms: row.notifyViaSms,
    contactEmail: row.contactEmail,
    status: row.status,
    currentAttempts: row.currentAttempts,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    booking: booking ? { departureTime: booking.departureTime.toISOString(), successFee: booking.successFee } : null,
  };
}

/** A re-sent id answers the stored request; an id another rider holds is 409. */
function storedRequest(row: Row, riderId: number): NinjaRequestView {
  if (row.userId !== riderId)
    throw httpError(409, 'conflict', 'This request id is taken; create the request with a new id');
  return toNinjaView(row);
}

async function findRequest(db: Db, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(ninjaRequests).where(eq(ninjaRequests.id, id)).limit(1);
  return row;
}

/** The rider's requests, newest first, each with its booking once booked. */
export async function riderRequests(db: Db, userId: number): Promise<NinjaRequestView[]> {
  const rows = await db
    .select({
      request: ninjaRequests,
      booking: { departureTime: reservationBookings.departureTime, successFee: reservationBookings.successFee },
    })
    .from(ninjaRequests)
    .leftJoin(reservationBookings, eq(reservationBookings.requestId, ninjaRequests.id))
    .where(eq(ninjaRequests.userId, userId))
    .orderBy(desc(ninjaRequests.createdAt));
  return rows.map((r) => toNinjaView(r.request, r.booking));
}

/**
 * Stores the rider's request `id`, or answers the stored one when the id is theirs already.
 * `check` runs for a new request only, before anything is written: it throws what refuses it.
 */
export async function createRequest(
  tx: Db,
  userId: number,
  id: string,
  fields: NinjaRequestFields,
  check: () => void,
): Promise<NinjaRequestView> {
  const existing = await findRequest(tx, id);
  if (existing) return storedRequest(existing, userId);
  check();
  // Insert-or-nothing in one statement: of many requests with one id, one inserts and the
  // others (waiting on its commit) insert nothing and answer the row it stored.
  const [row] = await tx
    .insert(ninjaRequests)
    .values({ id, userId, ...fields })
    .onConflictDoNothing({ target: ninjaRequests.id })
    .returning();
  if (row) return toNinjaView(row);
  const stored = await findRequest(tx, id);
  if (!stored) throw new Error('A ninja request id conflicted but no row holds it');
  return storedRequest(stored, userId);
}

/** The rider's request `id` (another rider's is none). */
export async function riderRequest(db: Db, userId: number, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(ninjaRequests)
    .where(and(eq(ninjaRequests.id, id), eq(ninjaRequests.userId, userId)))
    .limit(1);
  return row;
}

/** Cancels request `id` while it is still active (409 when the watcher got there first). */
export async function cancelActiveRequest(tx: Db, id: string): Promise<NinjaRequestView> {
  const [row] = await tx
    .update(ninjaRequests)
    .set({ status: 'cancelled' })
    .where(and(eq(ninjaRequests.id, id), eq(ninjaRequests.status, 'active')))
    .returning();
  if (!row) throw httpError(409, 'not_active', 'This request is no longer active.');
  return toNinjaView(row);
}
