/**
 * The booking-agent console's routes (admin only; the role check itself is in route-roles.test.ts):
 * start, monitor on behalf of a chosen rider with the spec's rules, status, alerts found by the
 * watcher pass when a space opens, the active list, stop, and the max-monitors limit.
 */
import { describe, expect, it } from 'vitest';

import { runWatcherPass } from '../../server/booking-agent/engine';
import type { PushSender } from '../../server/push/push-sender';
import { asAdmin, asRider } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';
import { findOpening } from './support/openings';

const DATE = '2026-07-15';
const opening = findOpening('Horseshoe Bay - Departure Bay', DATE);
let clock = opening.opensAt - 60_000;
const t = useTestApp({
  now: () => clock,
  reset: [
    'users',
    'booking_agent_monitors',
    'booking_agent_alerts',
    'booking_agent_settings',
    'watcher_openings',
    'outbound_messages',
  ],
});
const push: PushSender = { send: async () => 'sent' };

function monitorBody(userId: number, overrides: Record<string, unknown> = {}) {
  return {
    userId,
    routeCode: 'hsb-nan',
    fromTerminal: 'horseshoe-bay',
    toTerminal: 'departure-bay',
    departureDate: DATE,
    adults: 1,
    children: 0,
    infants: 0,
    hasVehicle: true,
    vehicleHeight: 'under_7ft',
    vehicleLength: 'under_20ft',
    notificationEmail: 'ops@example.com',
    monitoring: true,
    ...overrides,
  };
}

describe('booking-agent console routes', () => {
  it('starts the system, monitors a rider, finds the opening once, lists it and stops', async () => {
    clock = opening.opensAt - 60_000;
    const admin = await asAdmin(t);
    const rider = await asRider(t);
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      admin.inject({ method, url: `/api/booking-agent${url}`, payload: payload as object });

    expect((await call('GET', `/status/${rider.id}`)).json()).toBeNull();
    const monitored = await call('POST', '/monitor', monitorBody(rider.id));
    expect(monitored.statusCode, monitored.body).toBe(201);
    expect(monitored.json()).toMatchObject({
      status: 'monitoring',
      message: 'Waiting for the booking automation system to start.',
    });

    const started = await call('POST', '/start');
    expect(started.json()).toMatchObject({ started: true });
    await runWatcherPass({ database: t.database, push, transports: {} }, new Date(clock));
    const status = (await call('GET', `/status/${rider.id}`)).json() as {
      status: string;
      message: string;
      lastChecked: string;
    };
    expect(status.status).toBe('monitoring');
    expect(status.lastChecked).toBe(new Date(clock).toISOString());
    expect(status.message).toMatch(/^Checked \d+ sailings on 2026-07-15: \d+ with space\.$/);
    const before = (await call('GET', `/alerts/${rider.id}`)).json() as unknown[];

    clock = opening.opensAt;
    await runWatcherPass({ database: t.database, push, transports: {} }, new Date(clock));
    await runWatcherPass({ database: t.database, push, transports: {} }, new Date(clock + 30_000));
    const alerts = (await call('GET', `/alerts/${rider.id}`)).json() as Array<{
      routeCode: string;
      sailingTime: string;
      vehicleSpaces: number;
      passengerSpaces: number;
    }>;
    expect(alerts.length).toBe(before.length + 1);
    expect(alerts[0]).toMatchObject({
      routeCode: 'hsb-nan',
      sailingTime: new Date(opening.sailing.scheduledMs).toISOString(),
      vehicleSpaces: opening.spaces,
    });

    expect((await call('GET', '/active')).json()).toEqual([
      { userId: rider.id, status: 'monitoring', routeCode: 'hsb-nan', departureDate: DATE },
    ]);
    expect((await call('POST', `/stop/${rider.id}`)).json()).toMatchObject({
      status: 'cancelled',
      message: 'Stopped by an admin.',
    });
    expect((await call('GET', '/active')).json()).toEqual([]);
    expect((await call('POST', '/stop/999999')).statusCode).toBe(404);
  });

  it('validates the monitor form per the spec and refuses an unknown rider', async () => {
    const admin = await asAdmin(t);
    const rider = await asRider(t);
    for (const bad of [
      { departureDate: '' },
      { adults: 0 },
      { adults: 21 },
      { children: 21 },
      { infants: 11 },
      { hasVehicle: false },
      { toTerminal: 'langdale' },
    ]) {
      const res = await admin.post('/api/booking-agent/monitor', monitorBody(rider.id, bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const noDate = await admin.post('/api/booking-agent/monitor', monitorBody(rider.id, { departureDate: '' }));
    expect(noDate.json().message).toContain('Please select a departure date');
    const unknown = await admin.post('/api/booking-agent/monitor', monitorBody(999999));
    expect(unknown.statusCode).toBe(404);
    const noVehicle = await admin.post(
      '/api/booking-agent/monitor',
      monitorBody(rider.id, { hasVehicle: false, vehicleHeight: null, vehicleLength: null }),
    );
    expect(noVehicle.statusCode).toBe(201);
  });

  it('enforces the max monitors setting with a clear 409', async () => {
    const admin = await asAdmin(t);
    const settings = await admin.put('/api/booking-agent/settings', { checkIntervalSeconds: 30, maxMonitors: 1 });
    expect(settings.json()).toMatchObject({ maxMonitors: 1, checkIntervalSeconds: 30 });
    const [a, b] = [await asRider(t), await asRider(t)];
    expect((await admin.post('/api/booking-agent/monitor', monitorBody(a.id))).statusCode).toBe(201);
    const full = await admin.post('/api/booking-agent/monitor', monitorBody(b.id));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ error: 'max_monitors', message: expect.stringContaining('maximum') });
    // Replacing the one rider's own monitor is not a new one.
    expect((await admin.post('/api/booking-agent/monitor', monitorBody(a.id))).statusCode).toBe(201);
  });
});
