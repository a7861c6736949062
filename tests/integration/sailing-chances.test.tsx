/**
 * The sailing chance on the cards: Next Ferry shows, for a car arriving now, the sailing it likely
 * makes and the ones either side, each with its chance in words and colour, from the stored sailings
 * and forecasts; Unknown with its reason when the reading is old; offline, the stored chance with its age.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { FILL_CURVE_CHECKPOINTS } from '@/domain/fill-forecast';
import { sailingId, type Sailing } from '@/domain/sailing';
import type { SailingForecast } from '@/domain/sailing-forecast';
import { formatClock, formatClockLower } from '@/domain/time';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;
/** A cap on waiting for the card (findBy's default second is short on a loaded machine); never a wait itself. */
const FIND = { timeout: 60_000 };
const MIN = 60_000;

function sailing(minutesAhead: number, overrides: Partial<Sailing> = {}): Sailing {
  const departs = Math.round((Date.now() + minutesAhead * MIN) / MIN) * MIN;
  return {
    id: sailingId('hsb-nan', 'horseshoe-bay', departs),
    routeId: 'hsb-nan',
    from: 'horseshoe-bay',
    to: 'departure-bay',
    scheduledDeparture: new Date(departs).toISOString(),
    status: 'scheduled',
    carFill: 40,
    source: 'bcferries',
    observedAt: new Date(Date.now() - 30_000).toISOString(),
    ...overrides,
  };
}

/** A forecast whose similar sailings filled as `fills` (at the checkpoints 1440 ... 30 min before). */
function forecastFor(s: Sailing, fills: number[]): SailingForecast {
  return {
    sailingId: s.id,
    routeId: s.routeId,
    from: s.from,
    scheduledDeparture: s.scheduledDeparture,
    status: 'ok',
    expectedCarFill: 90,
    fillChance: 0.5,
    basisCount: 4,
    computedAt: new Date().toISOString(),
    fillCurves: {
      minutesBefore: [...FILL_CURVE_CHECKPOINTS],
      sailings: [1, 2, 3, 4].map(() => ({ weight: 1, fills })),
    },
  };
}

// Checkpoints: 1440, 720, 360, 240, 180, 120, 90, 60, 45, 30 min before departure.
const FULL_BY_90 = [0, 10, 20, 30, 50, 80, 100, 100, 100, 100];
const FILLS_SLOWLY = [0, 5, 10, 15, 20, 30, 40, 50, 55, 60];

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
});

afterEach(() => {
  cleanup();
});

describe('the sailing chance on Next Ferry', () => {
  it('shows Earlier, Estimated and Later with each chance in words and colour, for a car arriving now', async () => {
    // In 60 min: busy, full 90 min before on similar days, and 99% full now.
    const busy = sailing(60, { carFill: 99 });
    const next = sailing(180, { carFill: 20 });
    const after = sailing(300, { carFill: 5 });
    await database.sailings.bulkPut([busy, next, after]);
    await database.forecasts.bulkPut([
      forecastFor(busy, FULL_BY_90),
      forecastFor(next, FILLS_SLOWLY),
      forecastFor(after, FILLS_SLOWLY),
    ]);
    render(<NextFerryCard database={database} />);
    const section = await screen.findByRole('region', { name: 'Chance of a place on board' }, FIND);
    expect(within(section).getByTestId('sailing-chances-arrival').textContent).toBe('If you arrive now');
    const rows = within(section).getAllByTestId('sailing-chance');
    expect(rows.map((r) => r.dataset.place)).toEqual(['Earlier', 'Estimated', 'Later']);
    expect(rows.map((r) => r.dataset.band)).toEqual(['red', 'green', 'green']);
    expect(rows[0]?.textContent).toMatch(
      new RegExp(`^Earlier${formatClock(busy.scheduledDeparture)} sailing\\d+% · unlikely$`),
    );
    expect(rows[1]?.textContent).toMatch(
      new RegExp(`^Estimated${formatClock(next.scheduledDeparture)} sailing\\d+% · likely$`),
    );
  });

  it('says Unknown with the reason when the car-deck reading is over 3 minutes old', async () => {
    const old = new Date(Date.now() - 7 * MIN).toISOString();
    const first = sailing(120, { observedAt: old });
    const second = sailing(240, { observedAt: old });
    await database.sailings.bulkPut([first, second]);
    await database.forecasts.bulkPut([forecastFor(first, FILLS_SLOWLY), forecastFor(second, FILLS_SLOWLY)]);
    render(<NextFerryCard database={database} />);
    const rows = await screen.findAllByTestId('sailing-chance', {}, FIND);
    expect(rows[0]?.dataset.place).toBe('Estimated');
    expect(rows[0]?.dataset.band).toBe('unknown');
    expect(rows[0]?.textContent).toContain('Unknown: the car deck reading is 7 min old');
  });

  it('offline, shows the chance as of the newest stored reading, with its age', async () => {
    const observed = Date.now() - 12 * MIN;
    const first = sailing(120, { observedAt: new Date(observed).toISOString(), carFill: 10 });
    const second = sailing(240, { observedAt: new Date(observed).toISOString(), carFill: 5 });
    await database.sailings.bulkPut([first, second]);
    await database.forecasts.bulkPut([forecastFor(first, FILLS_SLOWLY), forecastFor(second, FILLS_SLOWLY)]);
    useConnectivityStore.setState({ online: false });
    render(<NextFerryCard database={database} />);
    const stored = await screen.findByTestId('sailing-chances-stored', {}, FIND);
    expect(stored.textContent).toBe(`Stored chance as of ${formatClockLower(observed)} (12 min ago): you are offline`);
    const rows = screen.getAllByTestId('sailing-chance');
    expect(rows[0]?.dataset.band).toBe('green');
    // Back online, the same reading is too old to give a chance.
    useConnectivityStore.setState({ online: true });
    await waitFor(() => expect(screen.getAllByTestId('sailing-chance')[0]?.dataset.band).toBe('unknown'));
    expect(screen.queryByTestId('sailing-chances-stored')).toBeNull();
  });

  it('without the forecasts on the device, says the history is not here yet', async () => {
    await database.sailings.bulkPut([sailing(120), sailing(240)]);
    render(<NextFerryCard database={database} />);
    const rows = await screen.findAllByTestId('sailing-chance', {}, FIND);
    expect(rows[0]?.textContent).toContain('Unknown: the history of this sailing is not on this device yet');
  });
});
