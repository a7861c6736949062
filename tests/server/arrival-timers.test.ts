import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';

import { arrivalTimerSchema } from '@/domain/arrival-timer';
import { sailingId } from '@/domain/sailing';

import { arrivalTimerAlertSource } from '../../server/alerts/sources/arrival-timer';
import { asRider, type Actor } from '../kit/server/actor';
import { truncateTables, useTestApp } from '../kit/server/app';

let now = Date.parse('2026-07-10T12:00:00-07:00');
const t = useTestApp({ now: () => now });
beforeEach(async () => {
  now = Date.parse('2026-07-10T12:00:00-07:00');
  await truncateTables(t.database, ['users', 'sessions', 'idempotency_keys', 'arrival_timers']);
});

const input = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  ferryId: 'queen-of-oak-bay',
  departureLocation: 'Burnaby',
  targetDeparture: '2026-07-10T21:45:00.000Z',
  bufferTime: 20,
  travelTime: 45,
  ...over,
});

function create(body: unknown, rider: Actor, headers: Record<string, string> = {}) {
  return rider.post('/api/arrival-timers', JSON.stringify(body), {
    headers: { 'content-type': 'application/json', ...headers },
  });
}
const list = (rider: Actor) => rider.get('/api/arrival-timers');
const remove = (id: string, rider: Actor) => rider.delete(`/api/arrival-timers/${id}`);

describe('/api/arrival-timers', () => {
  it('creates a timer tied to its sailing, recomputing cutoff and leave time and ignoring the client figures', async () => {
    const rider = await asRider(t);
    const res = await create(input({ cutoffTime: '2030-01-01T00:00:00Z', alarmTime: '2030-01-01T00:00:00Z' }), rider);
    expect(res.statusCode).toBe(201);
    const timer = arrivalTimerSchema.parse(res.json());
    // Sailing 21:45Z: arrive by check-in at 21:15Z (30 min before); leave by 21:15 − 45 − 20 = 20:10Z.
    expect(timer).toMatchObject({ status: 'active', travelTime: 45, bufferTime: 20, departureLocation: 'Burnaby' });
    expect(timer.targetDeparture).toBe('2026-07-10T21:45:00.000Z');
    expect(timer.cutoffTime).toBe('2026-07-10T21:15:00.000Z');
    expect(timer.alarmTime).toBe('2026-07-10T20:10:00.000Z');
    expect((await list(rider)).json()).toHaveLength(1);
  });

  it('refuses a sailing the route does not have (422 unknown_sailing) and a target that is not the sailing’s departure (422 sailing_mismatch)', async () => {
    const rider = await asRider(t);
    const served = t.feed.sailings().filter((s) => Date.parse(s.scheduledDeparture) > now + 3 * 60 * 60_000);
    const sailing = served[0]!;
    const departs = Date.parse(sailing.scheduledDeparture);
    const made = sailingId(sailing.routeId, sailing.from, departs + 7 * 60_000);
    const unknown = await create(
      input({ ferryId: made, targetDeparture: new Date(departs + 7 * 60_000).toISOString() }),
      rider,
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      error: 'unknown_sailing',
      message: expect.stringContaining('No such sailing'),
    });
    const wrongTime = await create(
      input({ ferryId: sailing.id, targetDeparture: new Date(departs - 45 * 60_000).toISOString() }),
      rider,
    );
    expect(wrongTime.statusCode).toBe(422);
    expect(wrongTime.json()).toMatchObject({ error: 'sailing_mismatch' });
    expect((await list(rider)).json()).toEqual([]);

    const right = await create(input({ ferryId: sailing.id, targetDeparture: sailing.scheduledDeparture }), rider);
    expect(right.statusCode).toBe(201);
    expect(right.json()).toMatchObject({ ferryId: sailing.id, targetDeparture: new Date(departs).toISOString() });
  });

  it('refuses a timer for a sailing whose leave time has passed (422 too_late) and one without a sailing (400)', async () => {
    const rider = await asRider(t);
    // 32 min from now: check-in closes in 2 min, 45 min of driving cannot make it.
    const late = await create(input({ targetDeparture: new Date(now + 32 * 60_000).toISOString() }), rider);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ error: 'too_late' });
    expect((await create(input({ targetDeparture: undefined }), rider)).statusCode).toBe(400);
    expect((await list(rider)).json()).toEqual([]);
  });

  it("keeps one active timer per rider and only lists the caller's", async () => {
    const a = await asRider(t);
    const b = await asRider(t);
    await create(input(), a);
    const second = input({ departureLocation: 'Surrey' });
    await create(second, a);
    await create(input(), b);
    const mine = (await list(a)).json() as Array<{ id: string }>;
    expect(mine.map((x) => x.id)).toEqual([second.id]);
  });

  it('is idempotent: the same id (or Idempotency-Key) twice creates one timer', async () => {
    const rider = await asRider(t);
    const body = input();
    const first = await create(body, rider, { 'idempotency-key': 'timer-key-0001' });
    const again = await create(body, rider, { 'idempotency-key': 'timer-key-0001' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    const retried = await create(body, rider);
    expect(retried.json()).toEqual(first.json());
    expect((await list(rider)).json()).toHaveLength(1);
    const other = await asRider(t);
    expect((await create(body, other)).statusCode).toBe(409);
  });

  it('rejects a buffer outside 5-60, a blank location and a travel time other than 45', async () => {
    const rider = await asRider(t);
    for (const bad of [
      { bufferTime: 4 },
      { bufferTime: 61 },
      { bufferTime: 'fifteen' },
      { departureLocation: '   ' },
      { travelTime: 30 },
      { id: 'not-a-uuid' },
    ]) {
      const res = await create(input(bad), rider);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
    }
    expect((await create(input({ bufferTime: 5 }), rider)).statusCode).toBe(201);
    expect((await create(input({ bufferTime: 60 }), rider)).statusCode).toBe(201);
  });

  it("deletes only the caller's timer: 204, then 404; another rider gets 404", async () => {
    const a = await asRider(t);
    const b = await asRider(t);
    const body = input();
    await create(body, a);
    expect((await remove(body.id, b)).statusCode).toBe(404);
    expect((await remove(body.id, a)).statusCode).toBe(204);
    expect((await remove(body.id, a)).statusCode).toBe(404);
    expect((await list(a)).json()).toEqual([]);
    expect((await remove('nope', a)).statusCode).toBe(400);
  });
});

describe('arrivalTimerAlertSource', () => {
  it('reports the early alert from 15 minutes before leaving, then the leave alert, with shared keys', async () => {
    const rider = await asRider(t);
    const body = input({ bufferTime: 15 });
    await create(body, rider);
    // Leave by 21:45 − 30 − 45 − 15 = 20:15Z.
    const alarm = Date.parse('2026-07-10T20:15:00Z');
    const at = (ms: number) => arrivalTimerAlertSource.due(t.database, new Date(ms));

    expect(await at(alarm - 15 * 60_000 - 1)).toEqual([]);
    const early = await at(alarm - 15 * 60_000);
    expect(early).toEqual([
      expect.objectContaining({
        key: `timer:${body.id}:before`,
        kind: 'arrival_timer',
        url: '/app',
        title: 'Leave in 15 minutes',
      }),
    ]);
    expect(early[0]!.body).toContain('Burnaby');
    expect(await at(alarm - 1)).toHaveLength(1);
    expect(await at(alarm)).toEqual([
      expect.objectContaining({ key: `timer:${body.id}:leave`, title: 'Time to leave!' }),
    ]);
    expect(await at(alarm + 31 * 60_000)).toEqual([]);
  });

  it('reports nothing for a cancelled timer', async () => {
    const rider = await asRider(t);
    const body = input({ bufferTime: 15 });
    await create(body, rider);
    await remove(body.id, rider);
    expect(await arrivalTimerAlertSource.due(t.database, new Date('2026-07-10T20:15:00Z'))).toEqual([]);
  });
});
