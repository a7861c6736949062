import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import type { Ferry } from '@/domain/ferry';
import { sailingTimeText } from '@/domain/sailing-day';
import { formatClockLower } from '@/domain/time';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { freshDatabase } from '../kit/client/fresh-database';
import { sampleFerry } from './sample-data';
import { changeValue } from './user-input';

let database: DeckhandDB;

function ferry(overrides: Partial<Ferry> = {}): Ferry {
  return sampleFerry({
    departureTime: new Date(Date.now() + 12.5 * 60_000).toISOString(),
    ...overrides,
  });
}

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
});

afterEach(() => {
  cleanup();
});

/** A sailing from another terminal than the rider's (Swartz Bay). */
function swartzBayFerry(overrides: Partial<Ferry> = {}): Ferry {
  return ferry({
    id: 'swb',
    name: 'Spirit of Vancouver Island',
    route: 'Swartz Bay - Tsawwassen',
    terminalId: 'swartz-bay',
    routeId: 'tsa-swb',
    ...overrides,
  });
}

describe('NextFerryCard', () => {
  it('says it is loading until a ferry is stored', async () => {
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Loading ferry information...')).toBeTruthy();
  });

  it("shows the next sailing from the rider's terminal: route, departs in, time, car deck and passengers", async () => {
    const next = ferry();
    await storeFerries(database, [
      // Earlier, but from another terminal: never the rider's sailing.
      swartzBayFerry({ departureTime: new Date(Date.now() + 5 * 60_000).toISOString() }),
      ferry({
        id: 'later',
        name: 'Queen of Cowichan',
        departureTime: new Date(Date.now() + 90 * 60_000).toISOString(),
      }),
      next,
    ]);
    render(<NextFerryCard database={database} />);

    expect(await screen.findByText('Horseshoe Bay - Departure Bay')).toBeTruthy();
    expect(screen.getByText('Queen of Oak Bay')).toBeTruthy();
    // 12.5 minutes to go: the one countdown rounds up, as every card does.
    expect(screen.getByText('Departs in 13 min')).toBeTruthy();
    expect(screen.getByText(sailingTimeText(next.departureTime, Date.now()))).toBeTruthy();
    expect(screen.getByTestId('next-ferry-car-deck').textContent).toBe('38% full');
    expect(screen.getByText('45%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Car deck' }).getAttribute('aria-valuenow')).toBe('38');
    expect(screen.queryByText('Swartz Bay - Tsawwassen')).toBeNull();
    expect((screen.getByLabelText('Your terminal') as HTMLSelectElement).value).toBe('horseshoe-bay');
  });

  it("while the vessel is still crossing, shows its coming departure's load, never the crossing's", async () => {
    // Queen of Oak Bay (sample: 1,200 passengers, 320 cars) on its way in, full of another sailing's cars.
    const crossing = { status: 'en_route', currentPassengers: 1100, currentVehicles: 290 } as const;
    await storeFerries(database, [ferry({ ...crossing, departureLoad: { passengers: 120, vehicles: 32 } })]);
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Horseshoe Bay - Departure Bay')).toBeTruthy();
    expect(screen.getByTestId('next-ferry-car-deck').textContent).toBe('10% full');
    expect(screen.getByText('10%')).toBeTruthy();
    expect(screen.queryByText('91% full')).toBeNull();

    // No source reported that departure's load: said so, not the crossing's figure.
    cleanup();
    await storeFerries(database, [ferry(crossing)]);
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Horseshoe Bay - Departure Bay')).toBeTruthy();
    expect(screen.getByTestId('next-ferry-car-deck').textContent).toBe('Not reported');
    expect(screen.queryByText('Passengers')).toBeNull();
  });

  it('follows the terminal the rider picks, remembered on the device', async () => {
    await storeFerries(database, [ferry(), swartzBayFerry()]);
    render(<NextFerryCard database={database} />);
    const picker = (await screen.findByLabelText('Your terminal')) as HTMLSelectElement;
    changeValue(picker, { target: { value: 'swartz-bay' } });
    expect(await screen.findByText('Swartz Bay - Tsawwassen')).toBeTruthy();
    expect((await database.meta.get(META.chosenTerminal))?.value).toBe('swartz-bay');
  });

  it("uses the queue position's terminal and the sailing the car boards, over the rider's pick", async () => {
    await storeFerries(database, [
      ferry(),
      ferry({
        id: 'hsb-later',
        name: 'Queen of Cowichan',
        departureTime: new Date(Date.now() + 130 * 60_000).toISOString(),
      }),
      swartzBayFerry(),
    ]);
    await database.meta.put({ key: META.chosenTerminal, value: 'swartz-bay', updatedAt: Date.now() });
    await database.meta.put({
      key: META.queuePosition,
      value: {
        positionInQueue: 300,
        estimatedBoardingTime: new Date(Date.now() + 100 * 60_000).toISOString(),
        confidence: 0.9,
        basedOn: 'gps_and_cameras',
        lastUpdated: new Date().toISOString(),
        terminalId: 'horseshoe-bay',
        ferryId: 'hsb-later',
      },
      updatedAt: Date.now(),
    });
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Queen of Cowichan')).toBeTruthy();
    expect(screen.getByText('Departs in 130 min')).toBeTruthy();
    const picker = screen.getByLabelText('Your terminal') as HTMLSelectElement;
    expect(picker.value).toBe('horseshoe-bay');
    expect(picker.disabled).toBe(true);
    expect(screen.getByText('Set by your place in the lane.')).toBeTruthy();
  });

  it('says "Now boarding" when departure is now or past', async () => {
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() - 30_000).toISOString() })]);
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Now boarding')).toBeTruthy();
  });

  it('says how old the data is, and "Live" while the realtime channel is connected', async () => {
    const fetchedAt = Date.now() - 3 * 60_000;
    await storeFerries(database, [ferry()], fetchedAt);
    render(<NextFerryCard database={database} />);

    expect((await screen.findByTestId('next-ferry-data-age')).textContent).toBe(
      `Data from ${formatClockLower(fetchedAt)} (3 min ago)`,
    );
    expect(screen.queryByText('Live')).toBeNull();

    useConnectivityStore.setState({ realtime: 'connected' });
    expect(await screen.findByText('Live')).toBeTruthy();
  });

  it('updates when new ferry data lands in the local store', async () => {
    await storeFerries(database, [ferry()]);
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('45%')).toBeTruthy();

    await storeFerries(database, [ferry({ currentPassengers: 900 })]);
    expect(await screen.findByText('75%')).toBeTruthy();
  });

  it('says whether a car arriving now makes this sailing (sailing waits), with the cars waiting, as an estimate', async () => {
    // Two hours ahead: check-in is still open, so only the space on board decides.
    const departureTime = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    await storeFerries(database, [ferry({ departureTime, sailingWaits: 1, vehiclesWaiting: 340 })]);
    render(<NextFerryCard database={database} />);
    const waits = await screen.findByTestId('next-ferry-sailing-waits');
    expect(waits.textContent).toContain(
      '1 sailing wait: arrive now and you board the next one (340 vehicles waiting for this route)',
    );
    expect(waits.textContent).toContain('estimated');
    expect(screen.getByTestId('next-ferry-will-make-it').textContent).toBe(
      'This sailing looks full for you: expect the next one',
    );
  });

  it('after the check-in cut-off says check-in has closed, even when the stored figure predates it', async () => {
    // 12.5 min to go, past the 30-minute cut-off; the feed's figure (board this sailing) was computed earlier.
    await storeFerries(database, [ferry({ sailingWaits: 0, vehiclesWaiting: 0 })]);
    render(<NextFerryCard database={database} />);
    const waits = await screen.findByTestId('next-ferry-sailing-waits');
    expect(waits.textContent).toContain('1 sailing wait: arrive now and you board the next one');
    expect(screen.getByTestId('next-ferry-will-make-it').textContent).toBe(
      'Check-in for this sailing has closed (30 min before departure)',
    );
  });
});
