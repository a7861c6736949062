/**
 * The recorded sailing history: every change of a sailing's figures is stored once, its fill over
 * time and, after departure, its final figures and when it became full; the history is pruned after
 * the retention period; a failed write is retried with the next list.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { sailingId, type Sailing } from '@/domain/sailing';

import { recordedSailings, sailingObservations } from '../../server/db/schema';
import { simulatedSailings } from '../../server/feed/simulated-sailings';
import { readFillHistory } from '../../server/forecast/forecast-service';
import { pruneSailingHistory } from '../../server/history/history-retention';
import { createSailingRecorder, type SailingStream } from '../../server/history/sailing-recorder';
import { recordSimulatedHistory, storeSimulatedHistory } from '../../server/history/simulated-history';
import { HSB_LNG, publishedSailing } from '../kit/sailing';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['recorded_sailings', 'sailing_observations'] });

const DEPARTURE = Date.parse('2026-11-20T17:30:00Z'); // Friday 10:30 am at the terminal
const MIN = 60_000;

function sailing(minutesBefore: number, figures: Partial<Sailing> = {}, departure = DEPARTURE): Sailing {
  return publishedSailing(
    { ...HSB_LNG, departure, observedAt: departure - minutesBefore * MIN },
    { vesselName: 'Queen of Coquitlam', ...figures },
  );
}

async function observations() {
  return t.database.db.select().from(sailingObservations).orderBy(asc(sailingObservations.observedAt));
}

describe('recording the sailing history', () => {
  it('stores a row only when a sailing’s figures change', async () => {
    const recorder = createSailingRecorder(t.database);
    await recorder.record([sailing(90, { carFill: 10 })]);
    await recorder.record([sailing(89, { carFill: 10 })]);
    await recorder.record([sailing(88, { carFill: 10 })]);
    await recorder.record([sailing(60, { carFill: 40 })]);
    const rows = await observations();
    expect(rows.map((r) => r.carFill)).toEqual([10, 40]);
    expect(rows[0]?.observedAt.toISOString()).toBe(new Date(DEPARTURE - 90 * MIN).toISOString());
  });

  it('does not record a second time after a restart (a new recorder reads what is stored)', async () => {
    await createSailingRecorder(t.database).record([sailing(90, { carFill: 10 })]);
    await createSailingRecorder(t.database).record([sailing(85, { carFill: 10 })]);
    expect(await observations()).toHaveLength(1);
  });

  it('keeps the fill over time, when it became full, and the final figures after departure', async () => {
    const recorder = createSailingRecorder(t.database);
    await recorder.record([sailing(120, { carFill: 5, fill: 3 })]);
    await recorder.record([sailing(62, { carFill: 50, fill: 30 })]);
    await recorder.record([sailing(25, { carFill: 100, fill: 60, status: 'boarding' })]);
    await recorder.record([sailing(10, { carFill: 100, fill: 64, status: 'boarding' })]);
    const { finalized } = await recorder.record([
      sailing(-2, {
        carFill: 100,
        fill: 66,
        oversizeFill: 80,
        status: 'departed',
        expectedDeparture: new Date(DEPARTURE + 2 * MIN).toISOString(),
      }),
    ]);
    expect(finalized).toBe(1);
    await recorder.record([sailing(-95, { carFill: 100, fill: 66, oversizeFill: 80, status: 'arrived' })]);

    const [row] = await t.database.db.select().from(recordedSailings);
    expect(row?.curve).toEqual([
      [120, 5],
      [60, 50],
      [25, 100],
      [10, 100],
    ]);
    expect(row?.fullAt?.toISOString()).toBe(new Date(DEPARTURE - 25 * MIN).toISOString());
    expect(row?.departedAt?.toISOString()).toBe(new Date(DEPARTURE + 2 * MIN).toISOString());
    expect(row?.finalCarFill).toBe(100);
    expect(row?.finalFill).toBe(66);
    expect(row?.finalOversizeFill).toBe(80);
    expect(row?.status).toBe('arrived');
    expect(await observations()).toHaveLength(6);
  });

  it('records a cancelled sailing without a fill curve, and skips bare timetable entries', async () => {
    const recorder = createSailingRecorder(t.database);
    const later = DEPARTURE + 3 * 86_400_000;
    await recorder.record([sailing(600, { status: 'cancelled', carFill: 20 }), sailing(600, {}, later)]);
    const rows = await t.database.db.select().from(recordedSailings);
    expect(rows.map((r) => [r.status, r.curve])).toEqual([['cancelled', []]]);
  });

  it('follows the feed, writing only the newest list while a write is in progress', async () => {
    const listeners: Array<(s: Sailing[]) => void> = [];
    const stream: SailingStream = {
      sailings: () => [sailing(100, { carFill: 1 })],
      subscribeSailings(listener) {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1);
      },
    };
    const recorder = createSailingRecorder(t.database);
    const stop = recorder.follow(stream);
    for (let fill = 2; fill <= 30; fill += 1) for (const l of listeners) l([sailing(100 - fill, { carFill: fill })]);
    await recorder.idle();
    stop();
    expect(listeners).toHaveLength(0);
    const fills = (await observations()).map((r) => r.carFill);
    expect(fills[0]).toBe(1);
    expect(fills.at(-1)).toBe(30);
    expect(fills.length).toBeLessThan(30);
  });

  it('retries a failed write with the next list', async () => {
    let down = true;
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'transaction' && down) return () => Promise.reject(new Error('database unreachable'));
        return Reflect.get(target, prop, receiver);
      },
    });
    const recorder = createSailingRecorder({ ...t.database, db });
    await expect(recorder.record([sailing(50, { carFill: 30 })])).rejects.toThrow('database unreachable');
    down = false;
    await recorder.record([sailing(49, { carFill: 30 })]);
    expect((await observations()).map((r) => r.carFill)).toEqual([30]);
  });
});

describe('keeping the history a year', () => {
  it('deletes the sailings and observations older than the retention period, and nothing newer', async () => {
    const recorder = createSailingRecorder(t.database);
    const yearAgo = DEPARTURE - 400 * 86_400_000;
    await recorder.record([sailing(30, { carFill: 50 }, yearAgo), sailing(30, { carFill: 50 })]);
    const pruned = await pruneSailingHistory(t.database, 365, DEPARTURE + 86_400_000);
    expect(pruned).toEqual({ sailings: 1, observations: 1 });
    const left = await t.database.db.select().from(recordedSailings);
    expect(left.map((r) => r.scheduledDeparture.getTime())).toEqual([DEPARTURE]);
    const oldObservations = await t.database.db
      .select()
      .from(sailingObservations)
      .where(eq(sailingObservations.sailingId, sailingId('hsb-lng', 'horseshoe-bay', yearAgo)));
    expect(oldObservations).toHaveLength(0);
  });
});

describe('simulated history for a simulated terminal', () => {
  it('stores the simulator’s sailings that left as recorded history, once', async () => {
    const end = Date.parse('2026-11-20T20:00:00Z');
    const records = recordSimulatedHistory(end - 3 * 60 * MIN, end, 5 * MIN, (at) => simulatedSailings(at, 2));
    const added = await storeSimulatedHistory(t.database, records);
    expect(added).toBeGreaterThan(5);
    expect(await storeSimulatedHistory(t.database, records)).toBe(0);
    const rows = await t.database.db.select().from(recordedSailings);
    expect(rows).toHaveLength(added);
    for (const row of rows) {
      expect(row.source).toBe('simulator');
      expect(row.finalCarFill).not.toBeNull();
      expect(row.scheduledDeparture.getTime()).toBeLessThan(end);
    }
    const history = await readFillHistory(t.database, end);
    expect([...history.byRouteEnd.values()].flat()).toHaveLength(added);
  });
});
