import { describe, expect, it } from 'vitest';

import { NINJA_ROUTE_NAMES } from '@/domain/ninja';
import { ninjaRequestInputSchema } from '@/domain/ninja-input';

const request = {
  id: '0b6f4d5e-8f5a-4f8e-9a53-3c8b1e2d4f60',
  route: 'Horseshoe Bay - Langdale',
  departureDate: '2026-07-11',
  departureTime: '08:40 AM',
  vehicleType: 'standard',
  passengerCount: 2,
  maxServiceFee: 25,
  isFlexible: true,
  flexibilityHours: 2,
  autoBookEnabled: false,
  notifyViaEmail: false,
  notifyViaSms: false,
};
const parsed = (patch: Record<string, unknown>) => ninjaRequestInputSchema.safeParse({ ...request, ...patch });
const firstMessage = (patch: Record<string, unknown>) => parsed(patch).error?.issues[0]?.message;

describe('a Ninja Booking request as the server takes it (membership §3 Ninja booking request, §5 Ninja, §9)', () => {
  it('takes the request, with priority medium by default', () => {
    expect(parsed({}).data?.priority).toBe('medium');
    expect(parsed({ priority: 'high' }).data?.priority).toBe('high');
    expect(parsed({ priority: 'urgent' }).success).toBe(false);
  });

  it("takes every one of the spec's routes, and refuses another with the spec's message", () => {
    for (const route of NINJA_ROUTE_NAMES) expect(parsed({ route }).success).toBe(true);
    expect(NINJA_ROUTE_NAMES).toHaveLength(9);
    expect(firstMessage({ route: 'Vancouver - Seattle' })).toBe('Please select a route and departure date.');
  });

  it('cuts a full date-time to its date, as the spec’s client sent Date values', () => {
    expect(parsed({ departureDate: '2026-07-11T07:00:00.000Z' }).data?.departureDate).toBe('2026-07-11');
    expect(parsed({ returnDate: '2026-07-12T00:00:00Z' }).data?.returnDate).toBe('2026-07-12');
    expect(parsed({ returnDate: '' }).success).toBe(true);
    expect(firstMessage({ departureDate: '11/07/2026' })).toBe('Dates are YYYY-MM-DD');
  });

  it('refuses a day the calendar does not have, rather than watching the day it rolls over to', () => {
    expect(parsed({ departureDate: '2028-02-29' }).success).toBe(true);
    expect(firstMessage({ departureDate: '2026-02-30' })).toBe(
      'Dates must be real days between the years 2000 and 2100',
    );
    expect(parsed({ departureDate: '2026-13-01' }).success).toBe(false);
    expect(parsed({ departureDate: '2026-02-29T08:00:00Z' }).success).toBe(false);
    expect(parsed({ returnDate: '2026-04-31' }).success).toBe(false);
    expect(parsed({ departureDate: '9999-01-01' }).success).toBe(false);
  });

  it('takes passengers 1-20 and a maximum fee of $25-$100', () => {
    expect([parsed({ passengerCount: 1 }), parsed({ passengerCount: 20 })].map((r) => r.success)).toEqual([true, true]);
    expect([parsed({ passengerCount: 0 }), parsed({ passengerCount: 21 })].map((r) => r.success)).toEqual([
      false,
      false,
    ]);
    expect([parsed({ maxServiceFee: 25 }), parsed({ maxServiceFee: 100 })].map((r) => r.success)).toEqual([true, true]);
    expect([parsed({ maxServiceFee: 24 }), parsed({ maxServiceFee: 101 })].map((r) => r.success)).toEqual([
      false,
      false,
    ]);
  });

  it('takes flexibility of ±1, 2, 4 or 8 hours only', () => {
    for (const hours of [1, 2, 4, 8]) expect(parsed({ flexibilityHours: hours }).success).toBe(true);
    expect(parsed({ flexibilityHours: 3 }).success).toBe(false);
  });

  it('takes a departure time written as the timetable writes it, or none', () => {
    expect(parsed({ departureTime: '12:30 PM' }).success).toBe(true);
    expect(parsed({ departureTime: '' }).success).toBe(true);
    expect(parsed({ departureTime: null }).success).toBe(true);
    expect(firstMessage({ departureTime: '13:00 PM' })).toBe('Departure times are like 08:40 AM');
  });

  it('takes only standard, oversized and motorcycle vehicles, and a length of 1-80 ft', () => {
    expect(parsed({ vehicleType: 'oversized', vehicleLength: 80 }).success).toBe(true);
    expect(parsed({ vehicleType: 'bus' }).success).toBe(false);
    expect(parsed({ vehicleLength: 0 }).success).toBe(false);
    expect(parsed({ vehicleLength: 81 }).success).toBe(false);
  });

  it('takes an empty contact e-mail or a real one', () => {
    expect(parsed({ contactEmail: '' }).success).toBe(true);
    expect(parsed({ contactEmail: 'rider@example.com' }).success).toBe(true);
    expect(parsed({ contactEmail: 'rider' }).success).toBe(false);
  });

  it('needs a client-made UUID', () => {
    expect(parsed({ id: 'request-1' }).success).toBe(false);
  });
});
