/**
 * One watcher pass over the active Ninja Booking requests (membership §2, §5, §9).
 *
 * - A request past its expiry (30 days after creation) or its departure day becomes 'expired'; the
 *   rider is told once.
 * - Each active request is checked against the free spaces (./availability.ts) of its route and
 *   day, within its window (src/domain/ninja.ts requestWindow), for its space pool and passengers.
 * - Auto-book, only when a booking provider is configured (./booking-provider.ts): the request's best sailing (closest to the chosen time) is booked in one transaction
 *   that takes a per-sailing advisory lock and recounts the sailing's bookings, so two requests can
 *   never get the last space. Requests are processed by priority, then age (compareClaims), so
 *   when they contend the higher priority, then the older one, wins. The request becomes 'booked'
 *   and the success fee (never above the rider's maximum) is recorded with the booking; the inbox
 *   notice is written in that same transaction.
 * - Otherwise each newly open sailing is reported once (./openings.ts) to the inbox, Web Push and,
 *   when asked, by e-mail and SMS (./messages.ts).
 * - Quiet hours hold openings and expiry notices like every other alert (server/alerts/quiet-hours-hold.ts,
 *   src/domain/quiet-hours.ts: never in the last 2 hours before the opening's sailing). The alert
 *   scheduler delivers a held alert when the rider's quiet hours no longer hold it; the e-mail and SMS
 *   copies of a held opening go out on the first pass after that, while the opening is still open. An
 *   opening that closes while held is stale news ("Book it now" for a space that is gone): it is
 *   dropped, never delivered.
 * Every checked request's attempts and last check are updated in one statement at the end.
 */
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';

import {
  compareClaims,
  localDateKey,
  ninjaRoute,
  requestWindow,
  spacePoolFor,
  successFee,
  type NinjaPriority,
} from '@/domain/ninja';
import { formatClock } from '@/domain/time';

import { releaseHeldAlert } from '../alerts/alert-settings-repository';
import type { DueAlert } from '../alerts/alert-source';
import { deliverAlert, pushAlert } from '../alerts/deliver-alert';
import { heldByQuietHours, quietHoursHold } from '../alerts/quiet-hours-hold';
import type { Database } from '../db/client';
import type { Db } from '../db/db-handle';
import { ninjaRequests, notifications, outboundMessages, users } from '../db/schema';
import { sailingsOfRoute, type SailingSpaces } from '../feed/reservations';
import type { ScheduledSailing } from '../feed/timetable';
import type { PushSender } from '../push/push-sender';
import { bookedOn, freeSpaces, type Booked } from './availability';
import type { BookingProvider } from './booking-provider';
import { sendMessage, type MessageTransports } from './messages';
import { loadOpenings, reconcileOpenings, type Openings } from './openings';

export interface WatcherDeps {
  database: Database;
  push: PushSender;
  transports: MessageTransports;
  /** Who books openings for auto-book requests; null/absent = nobody: riders are alerted and book themselves. */
  booking?: BookingProvider | null;
  onError?: (error: unknown, context: string) => void;
}

export interface NinjaPassResult {
  checked: number;
  alerts: number;
  booked: number;
  expired: number;
}

type RequestRow = typeof ninjaRequests.$inferSelect;

const NINJA_URL = '/app/ninja';

/** The alert key of a request's opening on a sailing, per episode (./openings.ts). */
const openingKey = (requestId: string, sailingId: string, episode: number) =>
  `ninja:opening:${requestId}:${sailingId}:${episode}`;

function parseDay(key: string) {
  const [year, month, day] = key.split('-').map(Number);
  return { year: year ?? 0, month: month ?? 0, day: day ?? 0 };
}

/** The sailings a request may take, still ahead of `t`, closest to its chosen time first. */
function candidateSailings(req: RequestRow, t: number, cache: Map<string, ScheduledSailing[]>): ScheduledSailing[] {
  const route = ninjaRoute(req.route);
  if (!route?.routeId || !route.from) return [];
  const cacheKey = `${req.route}|${req.departureDate}`;
  let sailings = cache.get(cacheKey);
  if (!sailings) {
    sailings = sailingsOfRoute(route.routeId, parseDay(req.departureDate), route.from);
    cache.set(cacheKey, sailings);
  }
  const window = requestWindow(req);
  const centre = (window.from + window.to) / 2;
  return sailings
    .filter((s) => s.scheduledMs > t && s.localMinute >= window.from && s.localMinute <= window.to)
    .sort((a, b) => Math.abs(a.localMinute - centre) - Math.abs(b.localMinute - centre));
}

function hasRoom(
  req: RequestRow,
  s: ScheduledSailing,
  t: number,
  booked: Booked,
  cache?: Map<string, SailingSpaces>,
): boolean {
  const free = freeSpaces(s, t, booked, cache);
  return (
    free.vehicleSpaces[spacePoolFor(req.vehicleType, req.vehicleLength)] >= 1 &&
    free.passengerSpaces >= req.passengerCount
  );
}

const when = (s: ScheduledSailing) => `${formatClock(s.scheduledMs)} on ${s.day}`;

/**
 * Books `s` for `req` if a space is still free once the sailing is locked; answers the stored alert
 * (to push) or null when the space was gone or the request no longer active.
 */
async function book(
  database: Database,
  provider: BookingProvider,
  req: RequestRow,
  s: ScheduledSailing,
  now: Date,
): Promise<DueAlert | null> {
  const pool = spacePoolFor(req.vehicleType, req.vehicleLength);
  const fee = successFee(req.maxServiceFee);
  return database.db.transaction(async (tx: Db) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${s.id}))`);
    const [current] = await tx
      .select({ status: ninjaRequests.status })
      .from(ninjaRequests)
      .where(eq(ninjaRequests.id, req.id))
      .for('update');
    if (current?.status !== 'active') return null;
    if (!hasRoom(req, s, now.getTime(), await bookedOn(tx, [s.id]))) return null;
    await provider.reserve(tx, {
      requestId: req.id,
      userId: req.userId,
      sailingId: s.id,
      pool,
      passengers: req.passengerCount,
      departureTime: new Date(s.scheduledMs),
      successFee: fee.toFixed(2),
    });
    await tx
      .update(ninjaRequests)
      .set({ status: 'booked', lastCheckedAt: now, currentAttempts: sql`${ninjaRequests.currentAttempts} + 1` })
      .where(eq(ninjaRequests.id, req.id));
    const party = `${req.passengerCount} ${req.passengerCount === 1 ? 'passenger' : 'passengers'}`;
    const alert: DueAlert = provider.simulated
      ? {
          userId: req.userId,
          key: `ninja:booked:${req.id}`,
          kind: 'booking_update',
          title: 'Ninja Booking: simulated booking',
          body: `Simulated by ${provider.name}, not a reservation: ${req.route} at ${when(s)} for ${party}. Success fee $${fee.toFixed(2)} recorded, not charged.`,
          url: NINJA_URL,
        }
      : {
          userId: req.userId,
          key: `ninja:booked:${req.id}`,
          kind: 'booking_update',
          title: 'Ninja Booking: space booked',
          body: `Booked with ${provider.name}: ${req.route} at ${when(s)} for ${party}. Success fee: $${fee.toFixed(2)} (no operator booking fee for Ninja members).`,
          url: NINJA_URL,
        };
    await tx
      .insert(notifications)
      .values(alert)
      .onConflictDoNothing({ target: [notifications.userId, notifications.key] });
    return alert;
  });
}

export async function runNinjaPass(deps: WatcherDeps, now: Date): Promise<NinjaPassResult> {
  const { db } = deps.database;
  const t = now.getTime();
  const today = localDateKey(t);
  const report = deps.onError ?? ((error: unknown, context: string) => console.error(context, error));
  const result: NinjaPassResult = { checked: 0, alerts: 0, booked: 0, expired: 0 };
  const holdOf = quietHoursHold(deps.database, now);

  const expired = await db
    .update(ninjaRequests)
    .set({ status: 'expired' })
    .where(
      and(
        eq(ninjaRequests.status, 'active'),
        or(lte(ninjaRequests.expiresAt, now), sql`${ninjaRequests.departureDate} < ${today}`),
      ),
    )
    .returning();
  for (const req of expired) {
    result.expired += 1;
    const notice: DueAlert = {
      userId: req.userId,
      key: `ninja:expired:${req.id}`,
      kind: 'booking_update',
      title: 'Ninja Booking request expired',
      body: `We stopped watching ${req.route} on ${req.departureDate}: no space could be booked in time.`,
      url: NINJA_URL,
    };
    await (async () => {
      if (!(await heldByQuietHours(deps.database, holdOf, notice, now))) await deliverAlert(deps, notice);
    })().catch((error: unknown) => report(error, 'ninja expiry notice failed'));
  }

  const active = await db.select().from(ninjaRequests).where(eq(ninjaRequests.status, 'active'));
  if (active.length === 0) return result;
  const cache = new Map<string, ScheduledSailing[]>();
  const spaces = new Map<string, SailingSpaces>();
  const candidates = new Map(active.map((req) => [req.id, candidateSailings(req, t, cache)]));
  const booked = await bookedOn(db, [...new Set([...candidates.values()].flat().map((s) => s.id))]);
  const openings = await loadOpenings(
    db,
    active.map((req) => `ninja:${req.id}`),
  );
  const phones = new Map<number, string | null>();
  const phoneOf = async (userId: number) => {
    if (!phones.has(userId)) {
      const [row] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
      phones.set(userId, row?.phone ?? null);
    }
    return phones.get(userId) ?? null;
  };
  const sendCopies = async (req: RequestRow, alert: DueAlert) => {
    if (req.notifyViaEmail) {
      await sendMessage(deps.database, deps.transports, {
        key: `${alert.key}:email`,
        channel: 'email',
        recipient: req.contactEmail,
        subject: alert.title,
        body: alert.body,
      });
    }
    if (req.notifyViaSms) {
      await sendMessage(deps.database, deps.transports, {
        key: `${alert.key}:sms`,
        channel: 'sms',
        recipient: await phoneOf(req.userId),
        subject: alert.title,
        body: alert.body,
      });
    }
  };

  // Held openings the alert scheduler has since delivered: their e-mail and SMS copies, once.
  await sendReleasedCopies(deps, active, openings, sendCopies).catch((error: unknown) =>
    report(error, 'ninja copies of released alerts failed'),
  );

  const ordered = [...active].sort((a, b) =>
    compareClaims(
      { priority: a.priority as NinjaPriority, createdAt: a.createdAt.getTime(), id: a.id },
      { priority: b.priority as NinjaPriority, createdAt: b.createdAt.getTime(), id: b.id },
    ),
  );
  const checked: string[] = [];
  for (const req of ordered) {
    try {
      const open = (candidates.get(req.id) ?? []).filter((s) => hasRoom(req, s, t, booked, spaces));
      const best = open[0];
      // Without a booking provider nobody can book: an auto-book request is watched and alerted like any other.
      if (req.autoBookEnabled && best && deps.booking) {
        const alert = await book(deps.database, deps.booking, req, best, now);
        if (alert) {
          result.booked += 1;
          const pool = spacePoolFor(req.vehicleType, req.vehicleLength);
          const key = `${best.id}|${pool}`;
          booked.vehicles.set(key, (booked.vehicles.get(key) ?? 0) + 1);
          booked.passengers.set(best.id, (booked.passengers.get(best.id) ?? 0) + req.passengerCount);
          await pushAlert(deps, alert);
          await sendCopies(req, alert);
          continue;
        }
        // The space went to a request ahead of this one (or another pass booked this one): nothing to report.
        checked.push(req.id);
        continue;
      }
      checked.push(req.id);
      const byId = new Map(open.map((s) => [s.id, s]));
      result.alerts += await reconcileOpenings(
        db,
        openings,
        `ninja:${req.id}`,
        [...byId.keys()],
        async (sailingId, episode) => {
          const s = byId.get(sailingId);
          if (!s) return;
          const free = freeSpaces(s, t, booked, spaces);
          const pool = spacePoolFor(req.vehicleType, req.vehicleLength);
          const alert: DueAlert = {
            userId: req.userId,
            key: openingKey(req.id, sailingId, episode),
            kind: 'booking_update',
            title: 'Ninja Booking: a space opened',
            body: `${req.route} at ${when(s)}: ${free.vehicleSpaces[pool]} ${pool} vehicle ${free.vehicleSpaces[pool] === 1 ? 'space' : 'spaces'} and ${free.passengerSpaces} passenger spaces free. Book it now.`,
            url: NINJA_URL,
            tripDeparture: new Date(s.scheduledMs).toISOString(),
          };
          if (await heldByQuietHours(deps.database, holdOf, alert, now)) return;
          if (await deliverAlert(deps, alert)) await sendCopies(req, alert);
        },
        // A held opening that closed is stale news: dropped (a delivered one is not affected).
        (sailingId, episode) => releaseHeldAlert(deps.database, req.userId, openingKey(req.id, sailingId, episode)),
      );
    } catch (error) {
      report(error, `ninja request ${req.id} check failed`);
    }
  }
  result.checked = ordered.length;
  if (checked.length > 0) {
    await db
      .update(ninjaRequests)
      .set({ lastCheckedAt: now, currentAttempts: sql`${ninjaRequests.currentAttempts} + 1` })
      .where(and(inArray(ninjaRequests.id, checked), eq(ninjaRequests.status, 'active')));
  }
  return result;
}

/**
 * The e-mail and SMS copies of openings that quiet hours held and the alert scheduler has since put
 * in the inbox: sent once (outbound_messages' unique key), while the opening is still open. Bounded
 * by the open openings of requests that asked for copies: two indexed reads per pass.
 */
async function sendReleasedCopies(
  deps: WatcherDeps,
  active: readonly RequestRow[],
  openings: Openings,
  sendCopies: (req: RequestRow, alert: DueAlert) => Promise<void>,
): Promise<void> {
  const wanted = new Map<string, RequestRow>();
  for (const req of active) {
    if (!req.notifyViaEmail && !req.notifyViaSms) continue;
    for (const [sailingId, state] of openings.get(`ninja:${req.id}`) ?? []) {
      if (state.open) wanted.set(openingKey(req.id, sailingId, state.episodes), req);
    }
  }
  if (wanted.size === 0) return;
  const { db } = deps.database;
  const delivered = await db
    .select({
      userId: notifications.userId,
      key: notifications.key,
      title: notifications.title,
      body: notifications.body,
    })
    .from(notifications)
    .where(inArray(notifications.key, [...wanted.keys()]));
  if (delivered.length === 0) return;
  const copied = new Set(
    (
      await db
        .select({ key: outboundMessages.key })
        .from(outboundMessages)
        .where(
          inArray(
            outboundMessages.key,
            delivered.flatMap((row) => [`${row.key}:email`, `${row.key}:sms`]),
          ),
        )
    ).map((row) => row.key.replace(/:(email|sms)$/, '')),
  );
  for (const row of delivered) {
    const req = wanted.get(row.key);
    if (!req || req.userId !== row.userId || copied.has(row.key)) continue;
    await sendCopies(req, {
      userId: row.userId,
      key: row.key,
      kind: 'booking_update',
      title: row.title,
      body: row.body,
      url: NINJA_URL,
    });
  }
}
