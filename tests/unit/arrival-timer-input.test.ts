import { describe, expect, it } from 'vitest';

import { ARRIVAL_LOCATION_MAX } from '@/domain/arrival-timer';
import { arrivalTimerInputSchema } from '@/domain/arrival-timer-input';

describe('creating an arrival timer (rider-core §5 "location non-blank; buffer minutes … min 5, max 60", §7 POST /api/arrival-timers)', () => {
  it('is enforced by the input schema with location required', () => {
    const base = {
      id: '6f1c1d3e-2a8b-4c1e-9d2f-0a1b2c3d4e5f',
      ferryId: 'f',
      departureLocation: 'Burnaby',
      bufferTime: 15,
      targetDeparture: '2026-07-10T21:20:00Z',
    };
    expect(arrivalTimerInputSchema.safeParse(base).success).toBe(true);
    expect(arrivalTimerInputSchema.safeParse({ ...base, targetDeparture: undefined }).success).toBe(false);
    expect(arrivalTimerInputSchema.safeParse({ ...base, bufferTime: 4 }).success).toBe(false);
    expect(arrivalTimerInputSchema.safeParse({ ...base, bufferTime: 61 }).success).toBe(false);
    expect(arrivalTimerInputSchema.safeParse({ ...base, departureLocation: '  ' }).success).toBe(false);
    expect(arrivalTimerInputSchema.safeParse({ ...base, travelTime: 45 }).success).toBe(true);
    expect(arrivalTimerInputSchema.safeParse({ ...base, travelTime: 50 }).success).toBe(false);
  });

  const base = {
    id: '6f1c1d3e-2a8b-4c1e-9d2f-0a1b2c3d4e5f',
    ferryId: 'f',
    departureLocation: ' Burnaby ',
    bufferTime: 15,
    targetDeparture: '2026-07-10T21:20:00Z',
  };
  const parsed = (patch: Record<string, unknown>) => arrivalTimerInputSchema.safeParse({ ...base, ...patch });

  it('trims the location, and says it is required when blank', () => {
    expect(parsed({}).data?.departureLocation).toBe('Burnaby');
    expect(parsed({ departureLocation: '' }).error?.issues[0]?.message).toBe('Departure location is required');
    expect(parsed({ departureLocation: 'x'.repeat(ARRIVAL_LOCATION_MAX) }).success).toBe(true);
    expect(parsed({ departureLocation: 'x'.repeat(ARRIVAL_LOCATION_MAX + 1) }).success).toBe(false);
  });

  it('takes the buffer only in whole minutes, ends included', () => {
    expect([parsed({ bufferTime: 5 }).success, parsed({ bufferTime: 60 }).success]).toEqual([true, true]);
    expect(parsed({ bufferTime: 15.5 }).success).toBe(false);
    expect(parsed({ bufferTime: '15' }).success).toBe(false);
  });

  it('needs a client-made UUID, so a timer made offline can be cancelled offline', () => {
    expect(parsed({ id: undefined }).success).toBe(false);
    expect(parsed({ id: 'timer-1' }).success).toBe(false);
  });

  it('takes the sailing only as an instant with its offset, within the years 2000-2100', () => {
    expect(parsed({ targetDeparture: '2026-07-10T14:20:00-07:00' }).success).toBe(true);
    expect(parsed({ targetDeparture: '2026-07-10T21:20:00' }).success).toBe(false);
    expect(parsed({ targetDeparture: '1970-01-01T00:00:00Z' }).success).toBe(false);
  });
});
