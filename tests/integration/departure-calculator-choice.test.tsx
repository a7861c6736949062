/**
 * The departure calculator keeps the rider's pick when the timetable arrives: until the sailings are
 * on the device the route's ferries stand in for them, and the same departure then carries its
 * sailing's id. The pick is kept, not silently dropped with Calculate disabled.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import { DepartureCalculator } from '@/features/departure-calculator/departure-calculator';

import { freshDatabase } from '../kit/client/fresh-database';
import { goOffline } from '../kit/client/offline-device';
import { HSB_NAN, publishedSailing } from '../kit/sailing';
import { sampleFerry } from './sample-data';
import { changeValue } from './user-input';

let database: DeckhandDB;

beforeEach(() => {
  database = freshDatabase();
  goOffline();
});

afterEach(() => cleanup());

describe('the departure calculator as the timetable arrives', () => {
  it("keeps the departure picked among the ferries standing in for the timetable once the timetable's sailings arrive", async () => {
    const departs = Math.round((Date.now() + 150 * 60_000) / 60_000) * 60_000;
    await storeFerries(database, [
      sampleFerry({
        id: 'queen-of-oak-bay',
        routeId: 'hsb-nan',
        terminalId: 'horseshoe-bay',
        departureTime: new Date(departs).toISOString(),
        source: 'simulator',
      }),
    ]);
    render(<DepartureCalculator database={database} random={() => 0} />);
    const departure = await screen.findByLabelText('Ferry departure');
    const standIn = await within(departure).findByRole('option', { name: /Horseshoe Bay - Departure Bay/ });
    changeValue(departure, { target: { value: (standIn as HTMLOptionElement).value } });
    changeValue(screen.getByLabelText('Your location'), { target: { value: 'Surrey' } });
    const calculate = screen.getByRole('button', { name: 'Calculate' });
    expect((calculate as HTMLButtonElement).disabled).toBe(false);

    const sailing = publishedSailing({ ...HSB_NAN, departure: departs, observedAt: Date.now() });
    await database.sailings.put(sailing);
    await waitFor(() => expect((departure as HTMLSelectElement).value).toBe(sailing.id));
    expect((calculate as HTMLButtonElement).disabled).toBe(false);
  });
});
