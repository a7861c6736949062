/**
 * What BC Ferries says of a sailing, as every card shows it: a cancellation keeps its reason (the
 * document's vesselStatus, "Mechanical difficulty") on Next Ferry and in the departure calculator;
 * a crossing whose load no source read is "Not reported" on the tracker, never 0.
 */
import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import type { Sailing } from '@/domain/sailing';
import { sailingTimeInText } from '@/domain/sailing-day';
import { formatClock } from '@/domain/time';
import { DepartureCalculator } from '@/features/departure-calculator/departure-calculator';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { LiveTrackerCard } from '@/features/tracker/live-tracker-card';

import { freshDatabase } from '../kit/client/fresh-database';
import { goOffline } from '../kit/client/offline-device';
import { HSB_NAN, publishedSailing } from '../kit/sailing';
import { sampleFerry } from './sample-data';

let database: DeckhandDB;
const at = (minutes: number) => Math.round((Date.now() + minutes * 60_000) / 60_000) * 60_000;

/** Horseshoe Bay - Departure Bay `minutes` from now, as the BC Ferries reader serves it. */
function listed(minutes: number, extra: Partial<Sailing> = {}): Sailing {
  return publishedSailing(
    { ...HSB_NAN, departure: at(minutes), observedAt: Date.now() - 30_000 },
    { carFill: 40, fill: 35, vesselName: 'Queen of Oak Bay', ...extra },
  );
}
/** Cancelled as the reader serves it: no fill (its row's 0 is not one), the reason from vesselStatus. */
const cancelled = (minutes: number) =>
  listed(minutes, {
    status: 'cancelled',
    statusReason: 'Mechanical difficulty',
    carFill: undefined,
    fill: undefined,
    vesselName: 'Queen of Cowichan',
  });

beforeEach(() => {
  database = freshDatabase();
  goOffline();
});

afterEach(() => {
  cleanup();
});

describe('a cancelled sailing keeps its reason', () => {
  it('on Next Ferry, before the sailing that goes', async () => {
    const off = cancelled(40);
    await database.sailings.bulkPut([off, listed(160)]);
    render(<NextFerryCard database={database} />);
    expect((await screen.findByTestId('next-ferry-cancelled')).textContent).toMatch(
      new RegExp(
        `^The ${sailingTimeInText(off.scheduledDeparture, Date.now())} sailing is cancelled: Mechanical difficultyBC Ferries · \\d+ s ago$`,
      ),
    );
  });

  it('in the departure calculator: listed among the departures, not choosable', async () => {
    const off = cancelled(100);
    await database.sailings.bulkPut([listed(40), off, listed(160)]);
    render(<DepartureCalculator database={database} random={() => 0} />);
    const select = await screen.findByLabelText('Ferry departure');
    const option = await within(select).findByRole('option', {
      name: `${formatClock(off.scheduledDeparture)} · Cancelled: Mechanical difficulty`,
    });
    expect((option as HTMLOptionElement).disabled).toBe(true);
    expect(within(select).getAllByRole('option')).toHaveLength(4);
  });
});

describe('a crossing whose load no source read', () => {
  it('shows "Not reported" on the tracker, not 0 passengers and 0 vehicles', async () => {
    const next = listed(40);
    await database.sailings.put(next);
    await storeFerries(database, [
      sampleFerry({
        departureTime: next.scheduledDeparture,
        scheduledDepartureTime: next.scheduledDeparture,
        status: 'en_route',
        currentPassengers: 0,
        currentVehicles: 0,
        source: 'bcferries',
        observedAt: next.observedAt,
        loadReported: false,
      }),
    ]);
    render(<LiveTrackerCard database={database} />);
    const card = await screen.findByRole('region', { name: 'Live Tracker' });
    const passengers = await within(card).findByText('Passengers', { selector: 'dt' });
    expect(passengers.nextElementSibling?.textContent).toBe('Not reported');
    expect(within(card).getByText('Vehicles', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Not reported');
  });
});
