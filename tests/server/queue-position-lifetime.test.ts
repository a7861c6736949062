/**
 * A queue position belongs to one visit: its `lastUpdated` is the time of the GPS fix (the 15 s
 * refresh recomputes it but does not renew it), and it ends when the sailing the fix was expected to
 * board has left, 3 hours after the fix, or when a new fix is at no terminal. Then the stored fix is
 * forgotten and the shared node removed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { pointAlong } from '@/domain/lane-geometry';
import { queuePositionSchema } from '@/domain/queue-position';

import { queuePositions } from '../../server/db/schema';
import { HORSESHOE_BAY_LANES } from '../../server/db/seed-lanes';
import { asRider, type Actor } from '../kit/server/actor';
import { createTestApp, truncateTables, type TestApp } from '../kit/server/app';

/** Friday 10 July 2026, 4:00 pm in Vancouver. */
const FIX_AT = Date.parse('2026-07-10T16:00:00-07:00');
let now = FIX_AT;
const writes: Array<Record<string, unknown>> = [];
let t: TestApp;

function inLaneTwo(metres = 100) {
  const lane = HORSESHOE_BAY_LANES[1]!;
  const p = pointAlong(lane.points as Array<{ lat: number; lng: number }>, metres);
  return { lat: p.lat + 0.00002, lng: p.lng };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => now, realtimeWriter: async (values) => void writes.push(values) });
  t.feed.tick(FIX_AT);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  now = FIX_AT;
  writes.length = 0;
  await truncateTables(t.database, ['users', 'sessions', 'idempotency_keys', 'queue_positions']);
});

function fix(rider: Actor, gps: { lat: number; lng: number }) {
  return rider.post('/api/queue/calculate-position', JSON.stringify({ gps, accuracy: 5 }), {
    headers: { 'content-type': 'application/json' },
  });
}

async function read(rider: Actor) {
  const res = await rider.get(`/api/queue/position/${rider.id}`);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return body === null ? null : queuePositionSchema.parse(body);
}

describe('a queue position belongs to one visit', () => {
  it('keeps the time of the fix as lastUpdated when the refresh recomputes it', async () => {
    const rider = await asRider(t);
    const first = queuePositionSchema.parse((await fix(rider, inLaneTwo())).json());
    expect(first.lastUpdated).toBe(new Date(FIX_AT).toISOString());
    now = FIX_AT + 10 * 60_000;
    const later = await read(rider);
    expect(later?.lastUpdated).toBe(new Date(FIX_AT).toISOString());
    expect(later?.sailingDepartureTime).toBe(first.sailingDepartureTime);
  });

  it('ends once the sailing the car was expected to board has left, and removes the shared node', async () => {
    const rider = await asRider(t);
    const first = queuePositionSchema.parse((await fix(rider, inLaneTwo())).json());
    const departs = Date.parse(first.sailingDepartureTime ?? '');
    expect(departs).toBeGreaterThan(FIX_AT);
    now = departs - 60_000;
    expect(await read(rider)).not.toBeNull();
    writes.length = 0;
    now = departs + 1_000;
    expect(await read(rider)).toBeNull();
    expect(writes).toEqual([{ [`user_positions/${rider.id}`]: null }]);
    // Forgotten, not hidden: the fix is gone from the database.
    expect(await t.database.db.select().from(queuePositions).where(eq(queuePositions.userId, rider.id))).toEqual([]);
  });

  it('ends 3 hours after the fix without a fresh one', async () => {
    const rider = await asRider(t);
    await fix(rider, inLaneTwo());
    // A fix whose sailing was not known: only the 3-hour rule can end it.
    await t.database.db
      .update(queuePositions)
      .set({ sailingDepartureAt: null, sailingFerryId: null })
      .where(eq(queuePositions.userId, rider.id));
    now = FIX_AT + 3 * 60 * 60_000 - 1_000;
    expect(await read(rider)).not.toBeNull();
    now = FIX_AT + 3 * 60 * 60_000;
    expect(await read(rider)).toBeNull();
  });

  it('ends when a new fix is at no terminal (the rider has left)', async () => {
    const rider = await asRider(t);
    await fix(rider, inLaneTwo());
    writes.length = 0;
    const away = await fix(rider, { lat: 49.2827, lng: -123.1207 });
    expect(away.statusCode).toBe(422);
    expect(away.json()).toMatchObject({ error: 'not_at_terminal' });
    expect(writes).toEqual([{ [`user_positions/${rider.id}`]: null }]);
    expect(await read(rider)).toBeNull();
  });

  it('keeps the position for a fix near the terminal but in no lane (the car is still in line)', async () => {
    const rider = await asRider(t);
    await fix(rider, inLaneTwo());
    const walking = await fix(rider, { lat: 49.3755, lng: -123.2705 });
    expect(walking.json()).toMatchObject({ error: 'not_in_lane' });
    expect(await read(rider)).not.toBeNull();
  });
});
