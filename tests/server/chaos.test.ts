/**
 * Exactly-once under crashes (loopback only, bounded, stops by itself): riders write complaints,
 * away sessions and orders with Idempotency-Keys while the server is kill -9'ed at random moments and
 * restarted on the same data (tests/server/support/chaos-run.ts). Every acknowledged write is stored
 * exactly once, nothing is stored twice, and nothing is stored that was never acknowledged.
 * A few kills here; bench/chaos-kill.ts runs many and its figures are in bench/README.md.
 */
import { describe, expect, inject, it } from 'vitest';

import { CHAOS_ROUTES, describeFigures, runChaos, type ChaosFigures } from './support/chaos-run';

const KILLS = 3;

function expectExactlyOnce(figures: ChaosFigures): void {
  console.info(describeFigures(figures));
  expect(figures.lostMarkers).toEqual([]);
  expect(figures.doubled).toBe(0);
  expect(figures.storedUnacknowledged).toBe(0);
  expect(figures.present).toBe(figures.acknowledged);
  // Every route was written through the kills, not just before the first one.
  for (const route of CHAOS_ROUTES) expect(figures.perRoute[route].acknowledged, route).toBeGreaterThan(1);
}

describe('chaos: kill -9 while riders write', () => {
  it(`PGlite: ${KILLS} kills on one data directory, every acknowledged write stored exactly once`, async () => {
    expectExactlyOnce(
      await runChaos({ database: 'pglite', kills: KILLS, pgliteTemplateDir: inject('pgliteTemplateDir') }),
    );
  }, 600_000);

  it(`PostgreSQL: two instances behind round-robin, ${KILLS} kills, every acknowledged write stored exactly once`, async () => {
    expectExactlyOnce(await runChaos({ database: 'postgres', kills: KILLS }));
  }, 600_000);
});
