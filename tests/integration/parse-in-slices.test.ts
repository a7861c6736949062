import { afterEach, describe, expect, it, vi } from 'vitest';
import { safeParse, z } from 'zod/mini';

import { safeParseInSlices, SLICED_FROM_ROWS } from '@/lib/parse-in-slices';

import { countedYields, restoreScheduler } from '../kit/client/main-thread';

afterEach(() => {
  restoreScheduler();
  vi.restoreAllMocks();
});

const row = z.object({ id: z.string(), cars: z.number(), note: z._default(z.string(), '') });
const list = z.array(row);
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s-${i}`, cars: i }));

/** A slow phone: every reading of the clock is 0.5 ms later; counts the tasks the browser got back. */
function slowPhone() {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 0.5));
  return countedYields();
}

describe('a long list checked in slices', () => {
  it('reads the rows as checking the whole list does, handing the thread back between slices', async () => {
    const yields = slowPhone();
    const answer = rows(300);
    const sliced = await safeParseInSlices(list, answer);
    expect(sliced).toEqual({ success: true, data: safeParse(list, answer).data });
    expect(sliced.success && (sliced.data as { note: string }[])[299]!.note).toBe('');
    expect(yields()).toBeGreaterThan(10);
  });

  it('reports every bad row with its index first in the path, as the whole list does', async () => {
    slowPhone();
    const answer: unknown[] = rows(120);
    answer[7] = { id: 7, cars: 1 };
    answer[100] = { id: 's-100' };
    const sliced = await safeParseInSlices(list, answer);
    const whole = safeParse(list, answer);
    expect(sliced.success).toBe(false);
    expect(!sliced.success && sliced.issues.map((i) => [i.path, i.message])).toEqual(
      whole.error!.issues.map((i) => [i.path, i.message]),
    );
    expect(!sliced.success && sliced.issues.map((i) => i.path)).toEqual([
      [7, 'id'],
      [100, 'cars'],
    ]);
  });

  it('checks in one go a short list, a list with a length check, and what is not a list', async () => {
    const yields = slowPhone();
    expect(await safeParseInSlices(list, rows(SLICED_FROM_ROWS - 1))).toMatchObject({ success: true });
    const atMostTen = z.array(row).check(z.maxLength(10));
    const long = await safeParseInSlices(atMostTen, rows(200));
    expect(long.success).toBe(false);
    expect(!long.success && long.issues[0]!.code).toBe('too_big');
    expect(await safeParseInSlices(list, { sailings: [] })).toMatchObject({ success: false });
    expect(yields()).toBe(0);
  });
});
