/**
 * Bytes the /ws sailings stream sends per feed change, per socket: the whole live window (what every
 * change cost when each one sent the list, and what a snapshot on connect or resync still costs)
 * against the `sailings_changed` message (server/realtime/sailings-stream.ts). The simulator's feed
 * (every sailing of 7 days) from 9:00 am in Vancouver, one change per simulated minute for 8 hours;
 * prints the window's size and the change messages' median, 95th percentile and largest.
 * Run: `npx tsx bench/ws-sailings-bytes.ts` (a few seconds; deterministic).
 */
import { createFerryFeed } from '../server/feed/ferry-feed';
import { createSailingsStream } from '../server/realtime/sailings-stream';

const START = Date.parse('2026-07-10T09:00:00-07:00');
const MINUTES = 8 * 60;

let now = START;
const feed = createFerryFeed({ now: () => now });
const stream = createSailingsStream(feed.sailings());
const changes: number[] = [];
const windows: number[] = [];
feed.subscribeSailings((list) => {
  const change = stream.change(list);
  if (!change) return;
  changes.push(change.length);
  windows.push(stream.snapshot().length);
});
for (let i = 0; i < MINUTES; i += 1) {
  now += 60_000;
  feed.tick();
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;
const c = sorted(changes);
const w = sorted(windows);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `${feed.sailings().length} sailings in the feed; ${changes.length} changes in ${MINUTES} simulated minutes`,
);
console.log(
  `whole window (a snapshot; before: every change): median ${kb(at(w, 0.5))}, largest ${kb(w.at(-1) ?? NaN)}`,
);
console.log(
  `sailings_changed: median ${kb(at(c, 0.5))}, p95 ${kb(at(c, 0.95))}, largest ${kb(c.at(-1) ?? NaN)}; ${(at(w, 0.5) / at(c, 0.5)).toFixed(0)}× fewer bytes at the median`,
);
