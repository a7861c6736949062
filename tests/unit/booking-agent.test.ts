import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  AGENT_ALERTS_POLL_MS,
  AGENT_ALERTS_SHOWN,
  AGENT_STATUS_POLL_MS,
  agentSettingsSchema,
  DEFAULT_CHECK_INTERVAL_S,
  DEFAULT_MAX_MONITORS,
  monitorInputSchema,
  monitorPool,
  tomorrowKey,
} from '@/domain/booking-agent';

describe('booking-agent rules (membership §2 Booking-agent console, §5 "default date tomorrow", "vehicle height and length only when hasVehicle")', () => {
  it('defaults the date to tomorrow, across month ends', () => {
    expect(tomorrowKey('2026-11-30')).toBe('2026-12-01');
    expect(tomorrowKey('2026-12-31')).toBe('2027-01-01');
  });

  it('accepts vehicle height and length only with a vehicle, and sizes the space', () => {
    const base = {
      userId: 1,
      routeCode: 'hsb-nan',
      fromTerminal: 'departure-bay',
      toTerminal: 'horseshoe-bay',
      departureDate: '2026-12-01',
      adults: 1,
      children: 0,
      infants: 0,
    };
    expect(monitorInputSchema.safeParse({ ...base, hasVehicle: false, vehicleHeight: 'over_7ft' }).success).toBe(false);
    expect(
      monitorInputSchema.safeParse({
        ...base,
        hasVehicle: true,
        vehicleHeight: 'over_7ft',
        vehicleLength: 'under_20ft',
      }).success,
    ).toBe(true);
    expect(monitorPool({ hasVehicle: true, vehicleHeight: 'over_7ft', vehicleLength: 'under_20ft' })).toBe('oversized');
    expect(monitorPool({ hasVehicle: true, vehicleHeight: 'under_7ft', vehicleLength: '20_to_27ft' })).toBe(
      'oversized',
    );
    expect(monitorPool({ hasVehicle: true, vehicleHeight: 'under_7ft', vehicleLength: 'under_20ft' })).toBe('standard');
    expect(monitorPool({ hasVehicle: false })).toBeNull();
  });
});

describe('the monitoring form (membership §5 Booking agent: "adults 1-20 (default 1); children 0-20; infants 0-10")', () => {
  const monitor = {
    userId: 1,
    routeCode: 'tsa-swb',
    fromTerminal: 'tsawwassen',
    toTerminal: 'swartz-bay',
    departureDate: '2026-12-01',
    adults: 1,
    children: 0,
    infants: 0,
    hasVehicle: false,
  };
  const parsed = (patch: Record<string, unknown>) => monitorInputSchema.safeParse({ ...monitor, ...patch });

  it('counts adults 1-20, children 0-20 and infants 0-10', () => {
    expect([parsed({ adults: 1 }), parsed({ adults: 20 })].map((r) => r.success)).toEqual([true, true]);
    expect([parsed({ adults: 0 }), parsed({ adults: 21 })].map((r) => r.success)).toEqual([false, false]);
    expect([parsed({ children: 20 }), parsed({ children: 21 })].map((r) => r.success)).toEqual([true, false]);
    expect([parsed({ infants: 10 }), parsed({ infants: 11 })].map((r) => r.success)).toEqual([true, false]);
    expect(parsed({ children: -1 }).success).toBe(false);
  });

  it('says "Please select a departure date" without one', () => {
    expect(parsed({ departureDate: '' }).error?.issues[0]?.message).toBe('Please select a departure date');
  });

  it('refuses a day the calendar does not have, with the same words', () => {
    expect(parsed({ departureDate: '2026-02-30' }).error?.issues[0]?.message).toBe('Please select a departure date');
    expect(parsed({ departureDate: '2026-00-10' }).success).toBe(false);
    expect(parsed({ departureDate: '2028-02-29' }).success).toBe(true);
  });

  it('wants the from and to terminals to be the two ends of the route, either way round', () => {
    expect(parsed({ fromTerminal: 'swartz-bay', toTerminal: 'tsawwassen' }).success).toBe(true);
    expect(parsed({ toTerminal: 'duke-point' }).error?.issues[0]?.message).toBe(
      'From and to terminal must be the two ends of the route',
    );
    expect(parsed({ routeCode: 'nowhere' }).success).toBe(false);
  });

  it('takes an empty notification e-mail or a real one', () => {
    expect(parsed({ notificationEmail: '' }).success).toBe(true);
    expect(parsed({ notificationEmail: 'rider@example.com' }).success).toBe(true);
    expect(parsed({ notificationEmail: 'rider at example' }).success).toBe(false);
  });

  it('sizes a vehicle 20-27 ft or over 27 ft as oversized, whatever its height', () => {
    expect(monitorPool({ hasVehicle: true, vehicleLength: 'over_27ft' })).toBe('oversized');
    expect(monitorPool({ hasVehicle: true, vehicleLength: null })).toBe('standard');
    expect(monitorPool({ hasVehicle: true })).toBe('standard');
  });

  it('rolls tomorrow over a leap day', () => {
    expect(tomorrowKey('2028-02-28')).toBe('2028-02-29');
    expect(tomorrowKey('2027-02-28')).toBe('2027-03-01');
  });
});

describe('the agent settings (membership §2 Admin dashboard "50 max monitors, 30 s check interval", §7 polling)', () => {
  it('defaults to 50 monitors checked every 30 s', () => {
    expect([DEFAULT_MAX_MONITORS, DEFAULT_CHECK_INTERVAL_S]).toEqual([50, 30]);
    expect(z.safeParse(agentSettingsSchema, { checkIntervalSeconds: 30, maxMonitors: 50 }).success).toBe(true);
  });

  it('checks from every 5 s to every hour, with at least one monitor', () => {
    const accepts = (checkIntervalSeconds: number, maxMonitors: number) =>
      z.safeParse(agentSettingsSchema, { checkIntervalSeconds, maxMonitors }).success;
    expect([accepts(5, 1), accepts(3600, 10_000)]).toEqual([true, true]);
    expect([accepts(4, 50), accepts(3601, 50), accepts(30, 0), accepts(30, 10_001)]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('polls the status every 5 s and the alerts every 10 s, showing the first 3', () => {
    expect([AGENT_STATUS_POLL_MS, AGENT_ALERTS_POLL_MS, AGENT_ALERTS_SHOWN]).toEqual([5_000, 10_000, 3]);
  });
});
