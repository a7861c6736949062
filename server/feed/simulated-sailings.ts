/**
 * The simulator's sailings and vessel positions (source `simulator`): the same world as
 * ./simulator.ts, seen as the timetable a real source publishes (every sailing of the service day,
 * not only each vessel's next departure) and as the positions an AIS stream would report.
 *
 * - Today's and tomorrow's sailings carry a status and a fill at `now`; later days (up to
 *   SIMULATED_DAYS) only their timetable: no source knows their fill yet, so it is absent.
 * - Fill is the share of the car deck taken by the cars that have reached the lane for the sailing
 *   (those that will fit), then the final load once it has left; passenger fill likewise.
 * - A delay is known from DELAY_NOTICE_MIN before the scheduled departure, or once the vessel's late
 *   previous crossing has left if that crossing forces it (./simulator.ts `delayKnownFromMs`, as the
 *   vessel list): until then a late sailing shows on time, as it would at the terminal.
 */
import { sailingId, type Sailing, type SailingStatus } from '@/domain/sailing';
import { terminalById } from '@/domain/terminals';
import type { VesselPosition } from '@/domain/vessel-position';

import { addDays, dayKey, localDayOf } from './local-time';
import { simulatedWorld, type SimulatedSailing } from './simulator';

/** Service days the simulator publishes a timetable for: today and the next six. */
export const SIMULATED_DAYS = 7;

const MINUTE = 60_000;
const pct = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 100))) : 0;
const iso = (ms: number) => new Date(ms).toISOString();

function statusAt(s: SimulatedSailing, t: number): SailingStatus {
  if (t >= s.arriveMs) return 'arrived';
  if (t >= s.departMs) return 'departed';
  if (t >= s.loadStartMs) return 'boarding';
  return 'scheduled';
}

/** What never changes about a simulated sailing, worked out once (the history samples it thousands of times). */
interface TimetablePart {
  id: string;
  scheduledDeparture: string;
  scheduledArrival: string;
  /** Expected departure and arrival once its delay is known. */
  lateDeparture: string;
  lateArrival: string;
}
const timetableParts = new WeakMap<SimulatedSailing, TimetablePart>();
function timetablePart(s: SimulatedSailing): TimetablePart {
  let part = timetableParts.get(s);
  if (!part) {
    const late = s.scheduledMs + s.delayMinutes * MINUTE;
    part = {
      id: sailingId(s.routeId, s.from, s.scheduledMs),
      scheduledDeparture: iso(s.scheduledMs),
      scheduledArrival: iso(s.scheduledMs + s.crossingMs),
      lateDeparture: iso(late),
      lateArrival: iso(late + s.crossingMs),
    };
    timetableParts.set(s, part);
  }
  return part;
}

function toSailing(s: SimulatedSailing, t: number, withFigures: boolean, observedAt: string): Sailing {
  const delayKnown = withFigures && t >= s.delayKnownFromMs;
  const part = timetablePart(s);
  const { id, scheduledDeparture, scheduledArrival } = part;
  const sailing: Sailing = {
    id,
    routeId: s.routeId,
    from: s.from,
    to: s.to,
    scheduledDeparture,
    scheduledArrival,
    status: withFigures ? statusAt(s, t) : 'scheduled',
    vesselId: s.vessel.id,
    vesselName: s.vessel.name,
    source: 'simulator',
    observedAt,
  };
  if (!withFigures) return sailing;
  const delayMinutes = delayKnown ? s.delayMinutes : 0;
  sailing.delayMinutes = delayMinutes;
  sailing.expectedDeparture = delayKnown ? part.lateDeparture : scheduledDeparture;
  sailing.expectedArrival = delayKnown ? part.lateArrival : scheduledArrival;
  const load = s.publishedLoad(t);
  sailing.carFill = pct(load.vehicles, s.vessel.vehicleCapacity);
  sailing.fill = pct(load.passengers, s.vessel.passengerCapacity);
  return sailing;
}

/**
 * Every sailing of today's service day and the next `days` - 1 (default SIMULATED_DAYS), departure
 * order. The history's backtest asks for 2 (the days with figures), which is several times cheaper.
 */
export function simulatedSailings(now: number, days: number = SIMULATED_DAYS): Sailing[] {
  const t = Math.floor(now / MINUTE) * MINUTE;
  const today = localDayOf(t);
  const keys = Array.from({ length: days }, (_, i) => dayKey(addDays(today, i)));
  const listed = simulatedWorld(t, days).filter((s) => keys.includes(s.day));
  // Departure order (numbers compare far faster than strings; the same order as the ISO times).
  listed.sort((a, b) => a.scheduledMs - b.scheduledMs || timetablePart(a).id.localeCompare(timetablePart(b).id));
  const observedAt = iso(t);
  return listed.map((s) => toSailing(s, t, keys.indexOf(s.day) <= 1, observedAt));
}

/** Where each simulated vessel is at `now`: along the straight line between its terminals while under way. */
export function simulatedPositions(now: number): VesselPosition[] {
  const t = Math.floor(now / MINUTE) * MINUTE;
  const out: VesselPosition[] = [];
  const byVessel = new Map<string, SimulatedSailing[]>();
  for (const s of simulatedWorld(t, 2)) byVessel.set(s.vessel.id, [...(byVessel.get(s.vessel.id) ?? []), s]);
  for (const [vesselId, chain] of byVessel) {
    const current = [...chain].reverse().find((s) => s.departMs <= t);
    const next = chain.find((s) => s.departMs > t);
    const underWay = current && t < current.arriveMs ? current : undefined;
    const vessel = (underWay ?? next ?? current)?.vessel;
    if (!vessel) continue;
    let lat: number;
    let lng: number;
    let speedKnots = 0;
    let courseDeg: number | undefined;
    if (underWay) {
      const a = terminalById(underWay.from);
      const b = terminalById(underWay.to);
      if (!a || !b) continue;
      const f = (t - underWay.departMs) / Math.max(MINUTE, underWay.arriveMs - underWay.departMs);
      lat = a.lat + (b.lat - a.lat) * f;
      lng = a.lng + (b.lng - a.lng) * f;
      speedKnots = underWay.speedAt(t);
      courseDeg = Math.round(
        ((Math.atan2((b.lng - a.lng) * Math.cos((a.lat * Math.PI) / 180), b.lat - a.lat) * 180) / Math.PI + 360) % 360,
      );
    } else {
      const berth = terminalById(next?.from ?? current?.to ?? '');
      if (!berth) continue;
      lat = berth.lat;
      lng = berth.lng;
    }
    out.push({
      vesselId,
      name: vessel.name,
      lat: Math.round(lat * 1e5) / 1e5,
      lng: Math.round(lng * 1e5) / 1e5,
      speedKnots,
      ...(courseDeg === undefined ? {} : { courseDeg }),
      navStatus: underWay ? 0 : 5,
      source: 'simulator',
      observedAt: iso(t),
    });
  }
  return out.sort((a, b) => a.vesselId.localeCompare(b.vesselId));
}
