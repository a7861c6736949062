import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  eachInSlices,
  FIRST_BATCH_ROWS,
  inTimedBatches,
  MIN_BATCH_ROWS,
  timeSlice,
  yieldToMain,
} from '@/lib/time-slice';

import { countedYields, restoreScheduler } from '../kit/client/main-thread';

afterEach(() => {
  restoreScheduler();
  vi.restoreAllMocks();
});

/** A clock the test moves by hand: each item of work "costs" what the test says. */
function handClock() {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return { spend: (ms: number) => (now += ms) };
}

describe('work sliced by elapsed time', () => {
  it('yields to the browser each time a slice of the budget has gone by, not after a count', async () => {
    const clock = handClock();
    const yields = countedYields();
    const done: number[] = [];
    // 20 items of 2 ms with a 5 ms budget: a yield before every third item.
    await eachInSlices(
      Array.from({ length: 20 }, (_, i) => i),
      (item) => {
        clock.spend(2);
        done.push(item);
      },
      5,
    );
    expect(done).toHaveLength(20);
    expect(yields()).toBe(6);
  });

  it('yields never while the work is cheap', async () => {
    handClock();
    const yields = countedYields();
    await eachInSlices(Array.from({ length: 500 }), () => undefined, 5);
    expect(yields()).toBe(0);
  });

  it('a slice expires once its budget has gone by and restarts after yielding', async () => {
    const clock = handClock();
    countedYields();
    const slice = timeSlice(5);
    clock.spend(4);
    expect(slice.expired()).toBe(false);
    clock.spend(1);
    expect(slice.expired()).toBe(true);
    await slice.yieldIfExpired();
    expect(slice.expired()).toBe(false);
  });

  it('without scheduler.yield, hands the thread back through a message-channel task', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after yield'));
    await Promise.resolve();
    order.push('same task');
    await yielded;
    expect(order).toEqual(['same task', 'after yield']);
  });
});

describe('batches sized by their measured cost', () => {
  it('grows batches while they are cheap and shrinks them to the budget when each row costs more', async () => {
    const clock = handClock();
    const sizes: number[] = [];
    // 2 ms a row (a slow phone): with a 20 ms budget every batch after the first holds 10 rows.
    await inTimedBatches(
      Array.from({ length: 40 }, (_, i) => i),
      async (batch) => {
        clock.spend(batch.length * 2);
        sizes.push(batch.length);
      },
      20,
    );
    expect(sizes[0]).toBe(FIRST_BATCH_ROWS);
    expect(sizes.slice(1)).toEqual([10, 10, 10, 2]);

    // However much a row seems to cost (a busy phone's measure), a batch holds a few rows.
    const floor: number[] = [];
    await inTimedBatches(
      Array.from({ length: 40 }, (_, i) => i),
      async (batch) => {
        clock.spend(batch.length * 10);
        floor.push(batch.length);
      },
      5,
    );
    expect(floor.slice(1).every((n) => n === MIN_BATCH_ROWS || n < MIN_BATCH_ROWS)).toBe(true);

    const cheap: number[] = [];
    await inTimedBatches(
      Array.from({ length: 200 }, (_, i) => i),
      async (batch) => {
        clock.spend(batch.length * 0.01);
        cheap.push(batch.length);
      },
      5,
    );
    // Growing by half from the first batch: a fast phone gets a few large batches, not many small ones.
    expect(cheap).toEqual([8, 12, 18, 27, 41, 62, 32]);
  });

  it('counts the work that runs after the write returned, in the same task', async () => {
    const clock = handClock();
    const sizes: number[] = [];
    await inTimedBatches(
      Array.from({ length: 40 }, (_, i) => i),
      (batch) => {
        sizes.push(batch.length);
        // Nothing spent before the first await; 3 ms a row in the microtask after it, in the same task.
        const copied = Promise.resolve().then(() => {
          clock.spend(batch.length * 3);
        });
        // The write settles in a later task (IndexedDB's completion event).
        return copied.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
      },
      30,
    );
    // 8 rows cost 24 ms: 10 fit the 30 ms budget (counting only what ran before the write returned,
    // the batches would grow by half each time: 8, 12, 18, 2).
    expect(sizes).toEqual([8, 10, 10, 10, 2]);
  });

  it('a write settling before its task was measured is measured until it settled', async () => {
    const clock = handClock();
    const sizes: number[] = [];
    await inTimedBatches(
      Array.from({ length: 20 }, (_, i) => i),
      (batch) => {
        sizes.push(batch.length);
        return Promise.resolve().then(() => {
          clock.spend(batch.length * 2);
        });
      },
      10,
    );
    expect(sizes).toEqual([8, 8, 4]);
  });

  it('writes every row once, in order', async () => {
    const written: number[] = [];
    const rows = Array.from({ length: 333 }, (_, i) => i);
    await inTimedBatches(rows, async (batch) => void written.push(...batch));
    expect(written).toEqual(rows);
  });
});
