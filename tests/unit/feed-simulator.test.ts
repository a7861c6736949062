import { describe, expect, it } from 'vitest';

import { vehicleDeckPercent } from '@/domain/capacity';
import { ferrySchema, type Ferry } from '@/domain/ferry';
import { directedRouteName, QUEUE_TERMINAL_IDS, routeById, ROUTES, TERMINALS } from '@/domain/terminals';
import { formatClock } from '@/domain/time';

import { FLEET } from '../../server/db/fleet';
import { simulatedSailings } from '../../server/feed/simulated-sailings';
import { simulate, type QueueCount } from '../../server/feed/simulator';

const MINUTE = 60_000;
/** Friday 10 July 2026, local midnight in Vancouver (PDT). */
const FRIDAY = Date.parse('2026-07-10T00:00:00-07:00');

/**
 * Each minute of a day simulated once, when the file loads, for every test to read: simulating a
 * day is 1,440 steps, more than a test's 5 s on a loaded machine if a test did it again.
 */
function minutesOfDay(start: number): Array<{ t: number; ferries: Ferry[]; queueCounts: QueueCount[] }> {
  const out: Array<{ t: number; ferries: Ferry[]; queueCounts: QueueCount[] }> = [];
  for (let m = 0; m < 24 * 60; m += 1) {
    const t = start + m * MINUTE;
    const { ferries, queueCounts } = simulate(t);
    out.push({ t, ferries, queueCounts });
  }
  return out;
}

const day = minutesOfDay(FRIDAY);

describe('ferry feed simulator', () => {
  it('answers every vessel of the fleet in the spec Ferry shape', () => {
    for (const { ferries } of day.filter((_, i) => i % 15 === 0)) {
      expect(ferries.map((f) => f.id).sort()).toEqual(FLEET.map((v) => v.id).sort());
      for (const ferry of ferries) {
        expect(() => ferrySchema.parse(ferry)).not.toThrow();
        const route = routeById(ferry.routeId ?? '');
        expect(ferry.route).toBe(directedRouteName(route!, ferry.terminalId ?? ''));
        expect([route?.from, route?.to]).toContain(ferry.terminalId);
      }
    }
  });

  it('docks, sails and sometimes runs late over a day', () => {
    const statuses = new Set(day.flatMap(({ ferries }) => ferries.map((f) => f.status)));
    expect(statuses).toEqual(new Set(['docked', 'en_route', 'delayed']));
  });

  it('lists ferries by next departure, earliest first, always in the future', () => {
    for (const { t, ferries } of day) {
      const departures = ferries.map((f) => Date.parse(f.departureTime));
      expect(departures).toEqual([...departures].sort((a, b) => a - b));
      for (const departs of departures) expect(departs).toBeGreaterThan(t);
    }
  });

  it('keeps passengers and vehicles within each vessel capacity', () => {
    for (const { ferries } of day) {
      for (const f of ferries) {
        expect(f.currentVehicles).toBeLessThanOrEqual(f.vehicleCapacity);
        expect(f.currentPassengers).toBeLessThanOrEqual(f.capacity);
      }
    }
    const busiest = Math.max(
      ...day.flatMap(({ ferries }) => ferries.map((f) => f.currentVehicles / f.vehicleCapacity)),
    );
    expect(busiest).toBeGreaterThan(0.5);
  });

  it('has speed 0 at the berth and near service speed under way', () => {
    for (const { ferries } of day) {
      for (const f of ferries) {
        const serviceSpeed = FLEET.find((v) => v.id === f.id)?.serviceSpeedKnots ?? 0;
        if (f.status === 'en_route') {
          expect(f.speed).toBeGreaterThan(0);
          expect(f.speed).toBeLessThanOrEqual(serviceSpeed * 1.05);
        } else {
          expect(f.speed).toBe(0);
        }
      }
    }
  });

  it('fills a docked vessel as its departure approaches', () => {
    // The last minutes before sailing are always boarding (a late arrival unloads before that).
    let checked = 0;
    for (let i = 1; i < day.length; i += 1) {
      const before = day[i - 1]!;
      const after = day[i]!;
      for (const f of after.ferries) {
        const earlier = before.ferries.find((e) => e.id === f.id);
        const minutesLeft = (Date.parse(f.departureTime) - after.t) / MINUTE;
        if (f.status === 'en_route' || !earlier || earlier.departureTime !== f.departureTime || minutesLeft > 4)
          continue;
        expect(f.currentVehicles).toBeGreaterThanOrEqual(earlier.currentVehicles);
        if (minutesLeft === 1) expect(f.currentVehicles).toBeGreaterThan(0);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('sails each vessel back and forth between the two ends of its route', () => {
    for (const vessel of FLEET) {
      // A departure is its timetable time: its expected time moves once a delay is known.
      const sailings: Array<{ departs: string | undefined; from: string | undefined }> = [];
      for (const { ferries } of day) {
        const f = ferries.find((x) => x.id === vessel.id);
        if (f && sailings.at(-1)?.departs !== f.scheduledDepartureTime)
          sailings.push({ departs: f.scheduledDepartureTime, from: f.terminalId });
      }
      expect(sailings.length).toBeGreaterThan(2);
      for (let i = 1; i < sailings.length; i += 1) expect(sailings[i]!.from).not.toBe(sailings[i - 1]!.from);
    }
  });

  it('marks a late sailing "delayed" and moves its departure off the timetable minute', () => {
    const delayed = day.flatMap(({ t, ferries }) =>
      ferries.filter((f) => f.status === 'delayed').map((f) => ({ t, f })),
    );
    expect(delayed.length).toBeGreaterThan(0);
    for (const { f } of delayed) expect(f.speed).toBe(0);
  });

  it('starts the day around 5:15 AM local time, also on the day clocks go forward', () => {
    for (const midnight of [FRIDAY, Date.parse('2026-03-08T00:00:00-08:00')]) {
      const [first] = simulate(midnight + 3 * 60 * MINUTE).ferries;
      expect(formatClock(first?.departureTime)).toMatch(/^5:[1-4]\d AM$/);
    }
  });

  it("counts cars in every terminal's lanes: by camera at the five camera terminals, modelled elsewhere", () => {
    const noon = FRIDAY + 12 * 60 * MINUTE;
    const { queueCounts } = simulate(noon + 25_000);
    expect(queueCounts.map((q) => q.terminalId)).toEqual(TERMINALS.map((t) => t.id));
    for (const q of queueCounts) {
      const camera = (QUEUE_TERMINAL_IDS as readonly string[]).includes(q.terminalId);
      expect(q).toMatchObject({
        timestamp: noon,
        confidence: camera ? 0.85 : 0.6,
        source: camera ? 'camera' : 'timetable_model',
        userReported: false,
      });
      expect(Number.isInteger(q.vehicleCount) && q.vehicleCount >= 0).toBe(true);
    }
    const overnight = simulate(FRIDAY + 2 * 60 * MINUTE).queueCounts;
    expect(overnight.every((q) => q.vehicleCount === 0)).toBe(true);
    const daytimeTotals = day.map(({ queueCounts: counts }) => counts.reduce((sum, q) => sum + q.vehicleCount, 0));
    expect(Math.max(...daytimeTotals)).toBeGreaterThan(50);
  });

  it('gives each departure its timetable minute and its delay in whole minutes', () => {
    let late = 0;
    const wrong: string[] = [];
    for (const { t, ferries } of day) {
      for (const f of ferries) {
        const scheduled = Date.parse(f.scheduledDepartureTime ?? '');
        const delay = Date.parse(f.departureTime) - scheduled;
        if (Number.isNaN(scheduled) || delay !== (f.delayMinutes ?? -1) * MINUTE)
          wrong.push(
            `${new Date(t).toISOString()} ${f.id}: ${f.scheduledDepartureTime} → ${f.departureTime}, ${f.delayMinutes} min late`,
          );
        if (f.status === 'delayed' && !((f.delayMinutes ?? 0) > 0))
          wrong.push(`${new Date(t).toISOString()} ${f.id}: delayed with ${f.delayMinutes} min`);
        if ((f.delayMinutes ?? 0) > 0) late += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(late).toBeGreaterThan(0);
  });

  it("announces each vessel's next departure, and its delay, as that sailing is published: a delay from 45 minutes before, or once a late crossing forces it", () => {
    const wrong: string[] = [];
    let late = 0;
    let quarterHours = 0;
    for (const { t, ferries } of day.filter((_, minute) => minute % 15 === 7)) {
      quarterHours += 1;
      const sailings = simulatedSailings(t, 2);
      for (const f of ferries) {
        const sailing = sailings.find(
          (s) =>
            s.routeId === f.routeId && s.from === f.terminalId && s.scheduledDeparture === f.scheduledDepartureTime,
        );
        const said = `${f.departureTime} (${f.delayMinutes} min late)`;
        const published = `${sailing?.expectedDeparture} (${sailing?.delayMinutes} min late)`;
        if (said !== published)
          wrong.push(`${new Date(t).toISOString()} ${f.id}: the vessel says ${said}, its sailing ${published}`);
        if ((f.delayMinutes ?? 0) > 0) late += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(quarterHours).toBe(96);
    expect(late).toBeGreaterThan(0);
  });

  it('states the expected arrival of the coming crossing at the berth, after its departure', () => {
    for (const { ferries } of day) {
      for (const f of ferries) {
        if (f.status === 'en_route') continue;
        expect(Date.parse(f.arrivalTime ?? '')).toBeGreaterThan(Date.parse(f.departureTime));
      }
    }
  });

  it('states the expected arrival of the crossing under way, and the vessel docks at that minute', () => {
    let arrivals = 0;
    for (let i = 0; i < day.length; i += 1) {
      const { t, ferries } = day[i]!;
      for (const f of ferries) {
        if (f.status !== 'en_route') continue;
        const arrives = Date.parse(f.arrivalTime ?? '');
        expect(arrives).toBeGreaterThan(t);
        const atArrival = day[(arrives - FRIDAY) / MINUTE]?.ferries.find((x) => x.id === f.id);
        const minuteBefore = day[(arrives - FRIDAY) / MINUTE - 1]?.ferries.find((x) => x.id === f.id);
        if (!atArrival || !minuteBefore) continue;
        expect(minuteBefore.status).toBe('en_route');
        expect(atArrival.status).not.toBe('en_route');
        arrivals += 1;
      }
    }
    expect(arrivals).toBeGreaterThan(100);
  });

  it("announces each departure with the load its sailing publishes; while the vessel crosses, not the crossing's", () => {
    let compared = 0;
    let crossing = 0;
    let differs = 0;
    // Every quarter hour: the vessel list (the first screen's) and the timetable (the app's) agree.
    for (const { t, ferries } of day.filter((_, i) => i % 15 === 0)) {
      const sailings = simulatedSailings(t, 2);
      for (const f of ferries) {
        const announced = sailings.find(
          (s) => s.vesselId === f.id && s.from === f.terminalId && s.scheduledDeparture === f.scheduledDepartureTime,
        );
        expect(announced, `${f.id} at ${formatClock(new Date(t).toISOString())}`).toBeDefined();
        const carDeck = vehicleDeckPercent({
          currentVehicles: f.departureLoad!.vehicles,
          vehicleCapacity: f.vehicleCapacity,
        });
        expect(carDeck).toBe(announced!.carFill);
        compared += 1;
        if (f.status !== 'en_route') continue;
        crossing += 1;
        if (f.currentVehicles !== f.departureLoad!.vehicles) differs += 1;
      }
    }
    expect(crossing).toBeGreaterThan(20);
    // The crossing under way is another sailing's load: most often not the announced departure's.
    expect(differs).toBeGreaterThan(crossing / 2);
    expect(compared).toBeGreaterThan(crossing);
  });

  it('starts boarding 40 minutes before departure, or 10 minutes after a late arrival, and no car boards earlier', () => {
    const lastArrival = new Map<string, number>();
    let boardings = 0;
    for (let i = 0; i < day.length; i += 1) {
      const { t, ferries } = day[i]!;
      for (const f of ferries) {
        const departs = Date.parse(f.departureTime);
        const boardingStarts = Date.parse(f.boardingStartTime ?? '');
        expect(boardingStarts).toBeLessThan(departs);
        if (f.status === 'en_route') {
          lastArrival.set(f.id, Date.parse(f.arrivalTime!));
          continue;
        }
        const arrived = lastArrival.get(f.id);
        if (arrived !== undefined) expect(boardingStarts).toBe(Math.max(departs - 40 * MINUTE, arrived + 10 * MINUTE));
        const earlier = day[i - 1]?.ferries.find((x) => x.id === f.id);
        if (!earlier || earlier.departureTime !== f.departureTime || earlier.status === 'en_route') continue;
        if (f.currentVehicles > earlier.currentVehicles) {
          expect(t).toBeGreaterThan(boardingStarts);
          boardings += 1;
        }
      }
    }
    expect(boardings).toBeGreaterThan(100);
  });

  it('is a pure function of the minute', () => {
    const t = FRIDAY + 17 * 60 * MINUTE + 12 * MINUTE;
    expect(simulate(t + 59_000)).toEqual(simulate(t));
    expect(simulate(t)).toEqual(simulate(t));
    expect(simulate(t + MINUTE)).not.toEqual(simulate(t));
  });
});

describe('route direction', () => {
  it("names each entry's route in the direction of its next departure", () => {
    const day = Date.parse('2026-11-23T20:00:00Z');
    for (let t = day; t < day + 24 * 3_600_000; t += 30 * 60_000) {
      for (const ferry of simulate(t).ferries) {
        const route = ROUTES.find((r) => r.id === ferry.routeId)!;
        const from = TERMINALS.find((x) => x.id === ferry.terminalId)!;
        const fromLabel = ferry.route.split(' - ')[0]!;
        expect(from.id === route.from || from.id === route.to).toBe(true);
        expect(from.name.endsWith(fromLabel)).toBe(true);
      }
    }
  });
});

describe('directedRouteName', () => {
  it('reverses the route name for sailings from its far end', () => {
    const route = ROUTES.find((r) => r.id === 'hsb-nan')!;
    expect(directedRouteName(route, 'horseshoe-bay')).toBe('Horseshoe Bay - Departure Bay');
    expect(directedRouteName(route, 'departure-bay')).toBe('Departure Bay - Horseshoe Bay');
  });
});
