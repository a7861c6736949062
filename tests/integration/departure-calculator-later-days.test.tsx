/**
 * The departure calculator plans a later day's sailing under a source that lists only today: the
 * server's projected sailings (stored forecasts with `timetableRecordedOn`) are offered under a Day
 * choice, and the plan's forecast says where the sailing's time comes from and, while too little
 * history has been checked, that the forecast's accuracy is not measured yet.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { ACCURACY_UNMEASURED_TEXT } from '@/domain/fill-forecast';
import { localDayKey, planningDayLabel } from '@/domain/planning-days';
import { sailingId, type Sailing } from '@/domain/sailing';
import type { SailingForecast } from '@/domain/sailing-forecast';
import { formatClock } from '@/domain/time';
import { DepartureCalculator } from '@/features/departure-calculator/departure-calculator';

import { freshDatabase } from '../kit/client/fresh-database';
import { goOffline } from '../kit/client/offline-device';
import { HSB_NAN, publishedSailing } from '../kit/sailing';
import { changeValue } from './user-input';

let database: DeckhandDB;
const DAY = 86_400_000;
const at = (minutes: number) => Math.round((Date.now() + minutes * 60_000) / 60_000) * 60_000;
/** Horseshoe Bay - Departure Bay `minutes` from now, as BC Ferries lists it. */
const listed = (minutes: number, carFill?: number): Sailing =>
  publishedSailing(
    { ...HSB_NAN, departure: at(minutes), observedAt: Date.now() },
    carFill === undefined ? {} : { carFill },
  );

beforeEach(() => {
  database = freshDatabase();
  goOffline();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("the departure calculator on a later day's sailing", () => {
  it('offers the sailings projected from the recorded timetable by day and says where their time comes from', async () => {
    // Noon at the terminal, so the listed sailing an hour ahead is today's whatever the hour the suite runs.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-26T12:00:00-07:00') });
    const today = listed(60, 30);
    const later = at(60) + 3 * DAY;
    const projected: SailingForecast = {
      sailingId: sailingId('hsb-nan', 'horseshoe-bay', later),
      routeId: 'hsb-nan',
      from: 'horseshoe-bay',
      to: 'departure-bay',
      scheduledDeparture: new Date(later).toISOString(),
      timetableRecordedOn: 4,
      status: 'ok',
      expectedCarFill: 55,
      fillChance: 0.1,
      basisCount: 4,
      computedAt: new Date().toISOString(),
    };
    await database.sailings.put(today);
    await database.forecasts.put(projected);
    render(<DepartureCalculator database={database} random={() => 0} />);

    const dayName = planningDayLabel(localDayKey(later), Date.now());
    const daySelect = await screen.findByLabelText('Day');
    await within(daySelect).findByRole('option', { name: dayName });
    expect(
      within(daySelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Next sailings', dayName]);
    changeValue(daySelect, { target: { value: localDayKey(later) } });
    const departure = screen.getByLabelText('Ferry departure');
    expect(
      within(departure)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a departure', `${formatClock(later)} · Horseshoe Bay - Departure Bay`]);
    changeValue(departure, { target: { value: projected.sailingId } });
    changeValue(screen.getByLabelText('Your location'), { target: { value: 'North Vancouver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));

    const plan = screen.getByTestId('departure-plan');
    expect(plan.textContent).toContain(`Horseshoe Bay - Departure Bay, ${formatClock(later)}, ${dayName}`);
    // No figure, so no source beside it.
    expect(plan.textContent).toContain('Vehicle deck not reported');
    expect(within(plan).queryByTestId('figure-source')).toBeNull();
    const note = await within(plan).findByTestId('forecast-note');
    expect(note.textContent).toContain('usually 55% full at departure');
    expect(note.textContent).toContain('from 4 similar sailings');
    expect(note.textContent).toMatch(
      /time from the timetable recorded on 4 past (Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)days/,
    );
    expect(note.textContent).toContain(ACCURACY_UNMEASURED_TEXT);
  });

  it('shows no Day choice while only today is known', async () => {
    // Noon at the terminal, so a sailing 90 min ahead is today's whatever the hour the suite runs.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-26T12:00:00-07:00') });
    await database.sailings.put(listed(90));
    render(<DepartureCalculator database={database} random={() => 0} />);
    await screen.findByRole('option', { name: /Horseshoe Bay - Departure Bay/ });
    expect(screen.queryByLabelText('Day')).toBeNull();
  });
});
