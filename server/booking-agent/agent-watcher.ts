/**
 * One pass over the booking-agent console's monitors (membership §2 "Booking-agent console"). Runs
 * only while the automation system is started (POST /api/booking-agent/start). For each monitoring
 * monitor: past its departure day it is 'completed'; otherwise the route direction's sailings that
 * day are checked for a vehicle space of its size (when it has a vehicle) and seats for its adults
 * and children, each newly open sailing becomes one alert (./openings.ts) — a row the console
 * shows, and an e-mail to the notification address — and status message and last check are set.
 */
import { and, eq } from 'drizzle-orm';

import { monitorPool } from '@/domain/booking-agent';
import { localDateKey } from '@/domain/ninja';
import { formatClock } from '@/domain/time';

import { bookingAgentAlerts, bookingAgentMonitors, bookingAgentSettings } from '../db/schema';
import { sailingsOfRoute } from '../feed/reservations';
import { bookedOn, freeSpaces } from './availability';
import { sendMessage } from './messages';
import type { WatcherDeps } from './ninja-watcher';
import { loadOpenings, reconcileOpenings } from './openings';

export const SETTINGS_ROW_ID = 1;

export async function runAgentPass(deps: WatcherDeps, now: Date): Promise<{ checked: number; alerts: number }> {
  const { db } = deps.database;
  const [settings] = await db.select().from(bookingAgentSettings).where(eq(bookingAgentSettings.id, SETTINGS_ROW_ID));
  if (!settings?.systemStartedAt) return { checked: 0, alerts: 0 };
  const t = now.getTime();
  const today = localDateKey(t);
  const monitors = await db.select().from(bookingAgentMonitors).where(eq(bookingAgentMonitors.status, 'monitoring'));
  const openings = await loadOpenings(
    db,
    monitors.map((m) => `agent:${m.userId}`),
  );
  let alerts = 0;
  for (const m of monitors) {
    if (m.departureDate < today) {
      await db
        .update(bookingAgentMonitors)
        .set({ status: 'completed', message: `Monitoring ended: ${m.departureDate} has passed.`, lastChecked: now })
        .where(and(eq(bookingAgentMonitors.userId, m.userId), eq(bookingAgentMonitors.status, 'monitoring')));
      continue;
    }
    const [year, month, day] = m.departureDate.split('-').map(Number);
    const sailings = sailingsOfRoute(
      m.routeCode,
      { year: year ?? 0, month: month ?? 0, day: day ?? 0 },
      m.fromTerminal,
    ).filter((s) => s.scheduledMs > t);
    const booked = await bookedOn(
      db,
      sailings.map((s) => s.id),
    );
    const pool = monitorPool(m);
    const seats = m.adults + m.children;
    const open = sailings
      .map((s) => ({ s, free: freeSpaces(s, t, booked) }))
      .filter(({ free }) => free.passengerSpaces >= seats && (pool === null || free.vehicleSpaces[pool] >= 1));
    const byId = new Map(open.map((o) => [o.s.id, o]));
    alerts += await reconcileOpenings(
      db,
      openings,
      `agent:${m.userId}`,
      [...byId.keys()],
      async (sailingId, episode) => {
        const found = byId.get(sailingId);
        if (!found) return;
        const vehicleSpaces = pool ? found.free.vehicleSpaces[pool] : 0;
        await db.insert(bookingAgentAlerts).values({
          userId: m.userId,
          routeCode: m.routeCode,
          sailingId,
          sailingTime: new Date(found.s.scheduledMs),
          vehicleSpaces,
          passengerSpaces: found.free.passengerSpaces,
          timestamp: now,
        });
        await sendMessage(deps.database, deps.transports, {
          key: `agent:${m.userId}:${sailingId}:${episode}:email`,
          channel: 'email',
          recipient: m.notificationEmail || null,
          subject: `Space available: ${m.routeCode} at ${formatClock(found.s.scheduledMs)} on ${m.departureDate}`,
          body: `${vehicleSpaces} vehicle spaces and ${found.free.passengerSpaces} passenger spaces are free on the ${formatClock(found.s.scheduledMs)} sailing.`,
        });
      },
    );
    const message =
      sailings.length === 0
        ? `No sailings left on ${m.departureDate}.`
        : `Checked ${sailings.length} ${sailings.length === 1 ? 'sailing' : 'sailings'} on ${m.departureDate}: ${open.length} with space.`;
    await db
      .update(bookingAgentMonitors)
      .set({ message, lastChecked: now })
      .where(and(eq(bookingAgentMonitors.userId, m.userId), eq(bookingAgentMonitors.status, 'monitoring')));
  }
  return { checked: monitors.length, alerts };
}
