/**
 * What home's first render reads before it runs (src/app/router.tsx loads this beside home's code):
 * the sailings and banners /app's HTML came with, if the server rendered it
 * (src/app/first-screen-data.ts), and the device store's stored ferries, the rider's terminal and the
 * banners. A module of its own, loaded only for home: the entry, which every page runs first
 * (/landing too), carries no device database.
 */
import { takeFirstScreenData } from '@/app/first-screen-data';
import { storedBannersFirstRead } from '@/data/banners';
import { storedFerriesFirstRead } from '@/data/ferries';
import { riderTerminalFirstRead } from '@/data/rider-terminal';
import { yieldToMain } from '@/lib/time-slice';

/**
 * Starts home's first reads; settles when they have, or after `waitMs`; never rejects. They start in
 * a task of their own: checking and seeding the page's data block ran in the task that had just
 * evaluated the start-up files (one task of 10-28 ms at full speed, a long one on a slow phone).
 */
export async function startHomeFirstReads(waitMs: number): Promise<unknown> {
  await yieldToMain();
  if (typeof document !== 'undefined') void takeFirstScreenData();
  return Promise.all([
    storedFerriesFirstRead.start(waitMs),
    riderTerminalFirstRead.start(waitMs),
    storedBannersFirstRead.start(waitMs),
  ]);
}
