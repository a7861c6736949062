/**
 * The BC Ferries documents in tests/fixtures/bcferries/ are what the port of the real scraper makes
 * of the real saved pages (generate.ts): written ones are up to date, and the rows show the real
 * document's semantics (README of that folder, upstream commit 2f91fb8e).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { cancelRow, generatedFiles } from '../fixtures/bcferries/generate';
import { emptySailing, scrapeCapacityRoute } from '../fixtures/bcferries/port/capacity-route';

const DIR = path.join(__dirname, '../fixtures/bcferries');
const files = generatedFiles();
const real = JSON.parse(files['real-tsa-swb.json']!) as {
  capacityRoutes: Array<{ routeCode: string; sailingDuration: string; sailings: Array<Record<string, unknown>> }>;
  nonCapacityRoutes: Array<{ routeCode: string; sailingDuration: string; sailings: Array<Record<string, unknown>> }>;
};
const capacity = real.capacityRoutes[0]!.sailings;

describe('generated BC Ferries documents', () => {
  it('are written as the port makes them now (npx tsx tests/fixtures/bcferries/generate.ts)', () => {
    for (const [file, contents] of Object.entries(files))
      expect(fs.readFileSync(path.join(DIR, file), 'utf8'), file).toBe(contents);
  });

  it('lists the major route in both arrays: live rows in one, the timetable in the other', () => {
    expect(real.capacityRoutes.map((r) => r.routeCode)).toEqual(['TSASWB']);
    expect(real.nonCapacityRoutes.map((r) => r.routeCode)).toEqual(['SWBTSA', 'TSASWB']);
    const timetable = real.nonCapacityRoutes[1]!;
    expect(timetable.sailingDuration).toBe('01:35');
    expect(timetable.sailings[1]).toEqual({
      time: '9:00 am',
      arrivalTime: '10:35 am',
      vesselName: '',
      vesselStatus: '',
    });
    for (const s of real.nonCapacityRoutes.flatMap((r) => r.sailings)) expect(s).not.toHaveProperty('sailingStatus');
  });

  it("reads the real page's rows as the scraper does: actual departures, Full, and 0 where not known", () => {
    expect(real.capacityRoutes[0]!.sailingDuration).toBe('1h 35m');
    expect(capacity).toHaveLength(15);
    expect(capacity[1]).toEqual({
      time: '9:04 am',
      arrivalTime: '10:29 am',
      sailingStatus: 'past',
      fill: 0,
      carFill: 0,
      oversizeFill: 0,
      vesselName: 'Coastal Renaissance',
      vesselStatus: '',
    });
    expect(capacity[2]).toMatchObject({ time: '11:00 am', sailingStatus: 'future', fill: 100, carFill: 100 });
    // "Details" rows: the second fetch failed (no availability page was saved), so 0 means "not known".
    expect(capacity[3]).toMatchObject({ time: '12:00 pm', sailingStatus: 'future', fill: 0, carFill: 0 });
    // Tomorrow's rows lose their "(Tomorrow)": 7:00 am again, after 9:00 pm.
    expect(capacity.slice(11, 13).map((s) => s.time)).toEqual(['9:00 pm', '7:00 am']);
  });

  it('appends rows the rules cannot read, a blank one among them, from the real 2022 page', () => {
    const old = JSON.parse(files['real-2022-layout.json']!) as typeof real;
    const sailings = old.capacityRoutes[0]!.sailings;
    expect(sailings).toHaveLength(17);
    expect(sailings.filter((s) => s.time === '')).toHaveLength(17);
    expect(sailings).toContainEqual(emptySailing());
    expect(sailings.find((s) => s.sailingStatus === 'current')).toMatchObject({ arrivalTime: '...' });
  });

  it('reads a cancelled row with its reason (the one hand-made row)', () => {
    const html = fs.readFileSync(path.join(DIR, 'pages/current_conditions.html'), 'utf8');
    const route = scrapeCapacityRoute(cancelRow(html, '11:00 am', 'Mechanical difficulty'), 'TSA', 'SWB');
    expect(route.sailings[2]).toEqual({
      time: '11:00 am',
      arrivalTime: '',
      sailingStatus: 'cancelled',
      fill: 0,
      carFill: 0,
      oversizeFill: 0,
      vesselName: 'Spirit of British Columbia',
      vesselStatus: 'Mechanical difficulty',
    });
    expect(route.sailings.filter((s) => s.sailingStatus === 'cancelled')).toHaveLength(1);
  });
});
