/**
 * Today's Ferry list (the spec's shape, src/domain/ferry.ts) derived from a real source's sailings
 * and vessel positions, so every card built on ferries keeps working on real data: one entry per
 * vessel with its next sailing that has not left (cancelled ones skipped).
 *
 * Counts come from the source's percentages and the vessel's published capacities (./fleet-table.ts);
 * for a vessel the table does not know, the counts are on a base of 100 so the percentage shown is
 * still the source's. What no source says is modelled: boarding starts BOARDING_LEAD_MIN before the
 * expected departure. Speed is the vessel's AIS speed when a fresh position exists, else 0 at the
 * berth (the list does not pretend to know a speed it was not told).
 */
import type { Ferry } from '@/domain/ferry';
import type { Sailing } from '@/domain/sailing';
import { directedRouteName, routeById } from '@/domain/terminals';
import { positionIsStale, type VesselPosition } from '@/domain/vessel-position';

import { vesselByName } from './fleet-table';

/** Modelled: cars start boarding this long before the expected departure (as the simulator). */
export const BOARDING_LEAD_MIN = 40;
const MINUTE = 60_000;
/** A "scheduled" sailing this long past its departure time is taken to have gone. */
const PAST_GRACE_MIN = 5;

const departureMs = (s: Sailing) => Date.parse(s.expectedDeparture ?? s.scheduledDeparture);
const arrivalMs = (s: Sailing) => Date.parse(s.expectedArrival ?? s.scheduledArrival ?? '');

export function vesselKey(s: Pick<Sailing, 'vesselId' | 'vesselName'>): string | undefined {
  return s.vesselId ?? (s.vesselName ? s.vesselName.trim().toLowerCase() : undefined);
}

function count(percent: number | undefined, capacity: number): number {
  if (percent === undefined) return 0;
  return Math.min(capacity, Math.round((percent / 100) * capacity));
}

/**
 * Routes without capacity data come without statuses (and without fill): their past sailings stay
 * "scheduled", so one of them is taken to have gone once its departure time is PAST_GRACE_MIN past.
 * A sailing with capacity data has a status from the source, which is believed.
 */
function gone(s: Sailing, now: number): boolean {
  return s.fill === undefined && s.source === 'bcferries' && departureMs(s) <= now - PAST_GRACE_MIN * MINUTE;
}

export function ferriesFromSailings(
  sailings: readonly Sailing[],
  positions: readonly VesselPosition[],
  now: number,
): Ferry[] {
  const byVessel = new Map<string, Sailing[]>();
  for (const s of sailings) {
    const key = vesselKey(s);
    if (!key) continue;
    byVessel.set(key, [...(byVessel.get(key) ?? []), s]);
  }
  const out: Ferry[] = [];
  for (const list of byVessel.values()) {
    list.sort((a, b) => departureMs(a) - departureMs(b));
    const next = list.find((s) => s.status === 'boarding' || (s.status === 'scheduled' && !gone(s, now)));
    if (!next) continue;
    const underWay = list.find((s) => s.status === 'departed' && !(arrivalMs(s) <= now));
    const route = routeById(next.routeId);
    const known = next.vesselName ? vesselByName(next.vesselName) : undefined;
    const capacity = known?.passengerCapacity ?? 100;
    const vehicleCapacity = known?.vehicleCapacity ?? 100;
    const position = positions.find((p) => p.vesselId === next.vesselId && !positionIsStale(p, now));
    const load = underWay ?? next;
    const departs = departureMs(next);
    const arrival = underWay ? arrivalMs(underWay) : arrivalMs(next);
    const delay = Math.max(0, next.delayMinutes ?? 0);
    out.push({
      id: next.vesselId ?? known?.id ?? vesselKey(next) ?? next.id,
      name: next.vesselName ?? known?.name ?? 'Unnamed vessel',
      route: route ? directedRouteName(route, next.from) : next.routeId,
      departureTime: new Date(departs).toISOString(),
      capacity,
      currentPassengers: count(load.fill, capacity),
      vehicleCapacity,
      currentVehicles: count(load.carFill, vehicleCapacity),
      status: underWay ? 'en_route' : delay > 0 ? 'delayed' : 'docked',
      speed: position?.speedKnots ?? 0,
      routeId: next.routeId,
      terminalId: next.from,
      scheduledDepartureTime: next.scheduledDeparture,
      delayMinutes: delay,
      ...(Number.isFinite(arrival) ? { arrivalTime: new Date(arrival).toISOString() } : {}),
      boardingStartTime: new Date(departs - BOARDING_LEAD_MIN * MINUTE).toISOString(),
      source: next.source,
      observedAt: next.observedAt,
      // A crossing whose fill no source read (its row's 0 is not a fill: src/domain/sailing-fill.ts).
      loadReported: load.fill !== undefined || load.carFill !== undefined,
      // While the vessel crosses, the counts are that crossing's; the announced departure's own fill.
      ...(underWay && (next.fill !== undefined || next.carFill !== undefined)
        ? {
            departureLoad: {
              passengers: count(next.fill, capacity),
              vehicles: count(next.carFill, vehicleCapacity),
            },
          }
        : {}),
    });
  }
  return out.sort((a, b) => a.departureTime.localeCompare(b.departureTime) || a.id.localeCompare(b.id));
}
