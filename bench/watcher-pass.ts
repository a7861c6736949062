/**
 * The watcher engine on PGlite: 1,000 active Ninja requests (200 riders, the seven simulated Ninja
 * routes, every preset time, mixed flexibility, 10 % auto-book) for one day of sailings; times the
 * first pass (which reports every already-open sailing once) and then one pass a minute for 10
 * simulated minutes (the steady state: mostly nothing new). Prints each pass, the median of the
 * steady passes, and the process's heap and RSS after them.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { runWatcherPass } from '../server/booking-agent/engine';
import { ninjaRequests, users } from '../server/db/schema';
import {
  NINJA_FLEXIBILITY_HOURS,
  NINJA_PRIORITIES,
  NINJA_REQUEST_LIFETIME_MS,
  NINJA_ROUTES,
  PRESET_DEPARTURE_TIMES,
} from '../src/domain/ninja';
import { openEmbeddedApp } from '../tests/fixtures/embedded-app';

const REQUESTS = 1_000;
const RIDERS = 200;
const STEADY_PASSES = 10;
const START = Date.parse('2026-07-15T14:00:00Z'); // 07:00 in Vancouver
const DATE = '2026-07-15';
const MB = 1024 * 1024;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-bench-watcher-'));
const embedded = await openEmbeddedApp({
  dataDir,
  staticDir: path.join(dataDir, 'no-build'),
  env: { NODE_ENV: 'production' },
  now: () => START,
});
const { database } = embedded;
try {
  const riders = await database.db
    .insert(users)
    .values(
      Array.from({ length: RIDERS }, (_, i) => ({ username: `bench-rider-${i}`, membershipType: 'ninja' as const })),
    )
    .returning({ id: users.id });
  const simulated = NINJA_ROUTES.filter((r) => r.routeId);
  const rows = Array.from({ length: REQUESTS }, (_, i) => ({
    id: randomUUID(),
    userId: riders[i % RIDERS]!.id,
    route: simulated[i % simulated.length]!.name,
    departureDate: DATE,
    departureTime: PRESET_DEPARTURE_TIMES[i % PRESET_DEPARTURE_TIMES.length]!,
    vehicleType: (['standard', 'standard', 'standard', 'oversized', 'motorcycle'] as const)[i % 5]!,
    vehicleLength: 18,
    passengerCount: 1 + (i % 4),
    maxServiceFee: 25,
    isFlexible: i % 2 === 0,
    flexibilityHours: NINJA_FLEXIBILITY_HOURS[i % 4]!,
    priority: NINJA_PRIORITIES[i % 3]!,
    autoBookEnabled: i % 10 === 0,
    notifyViaEmail: i % 3 === 0,
    notifyViaSms: false,
    contactEmail: `rider${i}@example.com`,
    expiresAt: new Date(START + NINJA_REQUEST_LIFETIME_MS),
    createdAt: new Date(START - (REQUESTS - i) * 1000),
  }));
  for (let i = 0; i < rows.length; i += 250) await database.db.insert(ninjaRequests).values(rows.slice(i, i + 250));

  const deps = {
    database,
    push: { send: async () => 'sent' as const },
    transports: {},
    onError: (error: unknown) => console.error(error),
  };
  const time = async (at: number) => {
    const started = performance.now();
    const result = await runWatcherPass(deps, new Date(at));
    return { ms: performance.now() - started, result };
  };
  const first = await time(START);
  console.log(
    `first pass: ${first.ms.toFixed(1)} ms (${first.result.ninja.checked} checked, ${first.result.ninja.alerts} alerts, ${first.result.ninja.booked} booked)`,
  );
  const steady: number[] = [];
  for (let minute = 1; minute <= STEADY_PASSES; minute += 1) {
    const pass = await time(START + minute * 60_000);
    steady.push(pass.ms);
    console.log(
      `pass +${minute} min: ${pass.ms.toFixed(1)} ms (${pass.result.ninja.checked} checked, ${pass.result.ninja.alerts} alerts, ${pass.result.ninja.booked} booked)`,
    );
  }
  steady.sort((a, b) => a - b);
  const median = steady[Math.floor(steady.length / 2)]!;
  const memory = process.memoryUsage();
  console.log(
    `watcher pass over ${REQUESTS} requests: median ${median.toFixed(1)} ms (min ${steady[0]!.toFixed(1)}, max ${steady.at(-1)!.toFixed(1)}); heap ${(memory.heapUsed / MB).toFixed(0)} MB, rss ${(memory.rss / MB).toFixed(0)} MB`,
  );
} finally {
  await embedded.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
