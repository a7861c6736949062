/**
 * The feed's sailings on the device: pulled and sent on /ws into Dexie, shown on the rider's route
 * with each figure's source and age, and that age still counted from the source's observation
 * offline (not from when the device stored it).
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import { handleRealtimeMessage } from '@/data/realtime-messages';
import { pullFeed, pullForecasts, pullSailings } from '@/data/sailings-and-vessels';
import { listForecasts } from '@/domain/contracts/forecasts';
import { listSailings, listVessels } from '@/domain/contracts/sailings';
import { sailingId, type Sailing } from '@/domain/sailing';
import { sailingTimeInText, sailingTimeText } from '@/domain/sailing-day';
import type { SailingForecast } from '@/domain/sailing-forecast';
import { formatClockLower } from '@/domain/time';
import type { VesselPosition } from '@/domain/vessel-position';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { LiveTrackerCard } from '@/features/tracker/live-tracker-card';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { fakeApi, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { sampleFerry } from './sample-data';
import { changeValue } from './user-input';

let database: DeckhandDB;

function sailing(
  routeId: string,
  from: string,
  to: string,
  minutesAhead: number,
  overrides: Partial<Sailing> = {},
): Sailing {
  const departs = Math.round((Date.now() + minutesAhead * 60_000) / 60_000) * 60_000;
  return {
    id: sailingId(routeId, from, departs),
    routeId,
    from,
    to,
    scheduledDeparture: new Date(departs).toISOString(),
    status: 'scheduled',
    carFill: 62,
    fill: 48,
    vesselName: 'Queen of Coquitlam',
    source: 'simulator',
    observedAt: new Date(Date.now() - 30_000).toISOString(),
    ...overrides,
  };
}

/** The server's forecast for `s` when it has too little history to give a number. */
function tooLittleHistory(s: Sailing): SailingForecast {
  return {
    sailingId: s.id,
    routeId: s.routeId,
    from: s.from,
    scheduledDeparture: s.scheduledDeparture,
    status: 'insufficient-history',
    basisCount: 1,
    computedAt: new Date().toISOString(),
  };
}

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('sailings, vessel positions and forecasts on the device', () => {
  it('pulls all three and keeps each figure with its source and observedAt', async () => {
    const s = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 60, { source: 'bcferries' });
    const position: VesselPosition = {
      vesselId: 'queen-of-coquitlam',
      name: 'Queen of Coquitlam',
      lat: 49.4,
      lng: -123.3,
      source: 'ais',
      observedAt: s.observedAt,
    };
    const forecast: SailingForecast = {
      sailingId: s.id,
      routeId: 'hsb-lng',
      from: 'horseshoe-bay',
      scheduledDeparture: s.scheduledDeparture,
      status: 'insufficient-history',
      basisCount: 2,
      computedAt: s.observedAt,
    };
    fakeApi().answer(listSailings, [s]).answer(listVessels, [position]).answer(listForecasts, [forecast]);
    await pullFeed(database, () => () => undefined);
    expect(await database.sailings.toArray()).toEqual([s]);
    expect(await database.vesselPositions.toArray()).toEqual([position]);
    expect(await database.forecasts.toArray()).toEqual([forecast]);
    expect(typeof (await database.meta.get(META.sailingsFetchedAt))?.value).toBe('number');
  });

  it('asks for the sailings and forecasts of today and tomorrow first, the days after them once the page has been quiet', async () => {
    const soon = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 60);
    const nextWeek = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 5 * 24 * 60);
    // As the server answers: `before` keeps the sailings that leave before it, `after` those at or after it.
    const leaving = <T extends { scheduledDeparture: string }>(rows: T[], query: URLSearchParams) =>
      rows.filter((r) => {
        const departs = Date.parse(r.scheduledDeparture);
        return departs < Date.parse(query.get('before') ?? '9999') && departs >= Date.parse(query.get('after') ?? '0');
      });
    const api = fakeApi()
      .answer(listSailings, ({ query }) => leaving([soon, nextWeek], query))
      .answer(listForecasts, ({ query }) => leaving([tooLittleHistory(soon), tooLittleHistory(nextWeek)], query));
    let quiet!: () => void;
    const pageQuiet = new Promise<void>((resolve) => (quiet = resolve));
    const asked = Date.now();
    await pullSailings(database, () => pageQuiet);
    await pullForecasts(database, () => pageQuiet);
    for (const contract of [listSailings, listForecasts]) {
      const [first, ...others] = api.callsTo(contract);
      expect(others).toEqual([]);
      const before = Date.parse(first?.query.get('before') ?? '');
      expect(before - asked).toBeGreaterThanOrEqual(48 * 60 * 60_000);
      expect(before - asked).toBeLessThan(48 * 60 * 60_000 + 60_000);
    }
    expect((await database.sailings.toArray()).map((s) => s.id)).toEqual([soon.id]);
    expect((await database.forecasts.toArray()).map((f) => f.sailingId)).toEqual([soon.id]);
    quiet();
    await waitFor(async () => expect(await database.sailings.count()).toBe(2));
    await waitFor(async () => expect(await database.forecasts.count()).toBe(2));
    // The second asks only for the days after the first's: nothing is fetched or checked twice.
    for (const contract of [listSailings, listForecasts]) {
      const [first, second] = api.callsTo(contract).map((call) => Object.fromEntries(call.query));
      expect(second).toEqual({ after: first?.before });
    }
  });

  it('keeps the stored sailings when an answer is not a sailing list', async () => {
    const s = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 60);
    await database.sailings.put(s);
    // A reply is sent as it is: here an answer the contract refuses.
    fakeApi().answer(listSailings, reply(200, 'BC Ferries Data Currently Down'));
    await expect(pullSailings(database)).rejects.toThrow();
    expect(await database.sailings.toArray()).toEqual([s]);
  });

  it('a /ws "sailings" message updates the sailings it carries; "vessels" the positions', async () => {
    const first = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 60);
    const other = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 200);
    await database.sailings.bulkPut([first, other]);
    const delayed = {
      ...first,
      delayMinutes: 12,
      expectedDeparture: new Date(Date.parse(first.scheduledDeparture) + 12 * 60_000).toISOString(),
    };
    expect(await handleRealtimeMessage(database, JSON.stringify({ type: 'sailings', data: [delayed] }))).toBe(true);
    expect(await database.sailings.get(first.id)).toEqual(delayed);
    expect(await database.sailings.get(other.id)).toEqual(other);
    const position: VesselPosition = {
      vesselId: 'v',
      name: 'V',
      lat: 49,
      lng: -123,
      source: 'simulator',
      observedAt: new Date().toISOString(),
    };
    expect(await handleRealtimeMessage(database, { type: 'vessels', data: [position] })).toBe(true);
    expect(await database.vesselPositions.get('v')).toEqual(position);
    expect(await handleRealtimeMessage(database, { type: 'sailings', data: [{ id: 'broken' }] })).toBe(false);
  });
});

describe("Next Ferry on the rider's route", () => {
  it("shows the chosen route's next sailing, not another route's earlier one, each figure labelled", async () => {
    const langdale = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 95);
    await database.sailings.bulkPut([
      sailing('hsb-lng', 'horseshoe-bay', 'langdale', -20, { status: 'departed' }),
      sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 30, { vesselName: 'Queen of Oak Bay' }),
      sailing('hsb-lng', 'langdale', 'horseshoe-bay', 10),
      langdale,
    ]);
    render(<NextFerryCard database={database} />);
    // The terminal's first route until the rider picks a destination.
    expect(await screen.findByText('Horseshoe Bay - Departure Bay')).toBeTruthy();
    changeValue(screen.getByLabelText('Going to'), { target: { value: 'hsb-lng' } });
    expect(await screen.findByText('Horseshoe Bay - Langdale')).toBeTruthy();
    expect(screen.getByText(sailingTimeText(langdale.scheduledDeparture, Date.now()))).toBeTruthy();
    expect(screen.getByTestId('next-ferry-car-deck').textContent).toBe('62% full');
    // Every figure the simulator gave is "simulated"; the boarding start, which no source gives, is modelled.
    const boardingLine = screen.getByTestId('next-ferry-boarding-starts').parentElement!.parentElement!;
    expect(within(boardingLine).getByTestId('figure-source').textContent).toBe('estimated');
    const labels = screen
      .getAllByTestId('figure-source')
      .filter((el) => !boardingLine.contains(el))
      .map((el) => el.textContent);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    for (const label of labels) expect(label).toMatch(/^simulated · \d+ s ago$/);
    expect((await database.meta.get(META.chosenRoute))?.value).toBe('hsb-lng');
  });

  it('offline, a stored figure keeps the age of its observation, not of when it was stored', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const observed = new Date(Date.now() - 5 * 60_000).toISOString();
    await database.sailings.put(
      sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 180, { source: 'bcferries', observedAt: observed }),
    );
    useConnectivityStore.setState({ online: false });
    render(<NextFerryCard database={database} />);
    expect((await screen.findAllByText('BC Ferries · 5 min ago')).length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(40 * 60_000);
    });
    expect((await screen.findAllByText('BC Ferries · 45 min ago')).length).toBeGreaterThan(0);
  });

  it('shows a delay with its own source, and a sailing without capacity data as not reported', async () => {
    const s = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 60, {
      carFill: undefined,
      fill: undefined,
      source: 'bcferries',
      delayMinutes: 15,
      expectedDeparture: new Date(Date.now() + 75 * 60_000).toISOString(),
      delayProvenance: { source: 'ais', observedAt: new Date(Date.now() - 40_000).toISOString() },
    });
    await database.sailings.put(s);
    render(<NextFerryCard database={database} />);
    expect((await screen.findByTestId('next-ferry-delay')).textContent).toContain('Delayed 15 min');
    expect(screen.getByTestId('next-ferry-delay').textContent).toMatch(/AIS · 4\d s ago/);
    expect(screen.getByTestId('next-ferry-car-deck').textContent).toBe('Not reported');
  });

  it('a reported car-deck fill never stands beside "not known yet": full says so, space says so', async () => {
    await database.sailings.put(
      sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 90, { source: 'bcferries', carFill: 100, fill: 100 }),
    );
    render(<NextFerryCard database={database} />);
    expect((await screen.findByTestId('next-ferry-car-deck')).textContent).toBe('100% full');
    expect(screen.getByTestId('next-ferry-will-make-it').textContent).toBe(
      'The car deck is full: expect the next sailing',
    );
    expect(screen.queryByText('Space on this sailing is not known yet')).toBeNull();
    cleanup();
    await database.sailings.clear();
    await database.sailings.put(
      sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 90, { source: 'bcferries', carFill: 70, fill: 64 }),
    );
    render(<NextFerryCard database={database} />);
    expect((await screen.findByTestId('next-ferry-car-deck')).textContent).toBe('70% full');
    expect(screen.getByTestId('next-ferry-will-make-it').textContent).toBe('The car deck had space at the last report');
    // A real source's overall fill, not the vessel list's passengers (that list's load is another crossing's).
    expect(screen.getByText('Overall')).toBeTruthy();
    expect(screen.getByText('64% full')).toBeTruthy();
  });

  it("on a real source, the overall fill is the sailing's own, never the passengers of the crossing its vessel is on", async () => {
    const next = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 90, {
      source: 'bcferries',
      carFill: 100,
      fill: 100,
      vesselName: 'Queen of Oak Bay',
    });
    await database.sailings.put(next);
    await storeFerries(database, [
      sampleFerry({
        departureTime: next.scheduledDeparture,
        scheduledDepartureTime: next.scheduledDeparture,
        currentPassengers: 300,
        source: 'bcferries',
        observedAt: next.observedAt,
      }),
    ]);
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Overall')).toBeTruthy();
    expect(screen.queryByText('Passengers')).toBeNull();
  });

  it('a route without capacity data: times, vessel and source, its fill "not published", no forecast number', async () => {
    const bowen = sailing('hsb-snug', 'horseshoe-bay', 'snug-cove', 90, {
      source: 'bcferries',
      carFill: undefined,
      fill: undefined,
      vesselName: 'Queen of Capilano',
    });
    await database.sailings.put(bowen);
    await database.forecasts.put({
      sailingId: bowen.id,
      routeId: 'hsb-snug',
      from: 'horseshoe-bay',
      scheduledDeparture: bowen.scheduledDeparture,
      status: 'insufficient-history',
      basisCount: 0,
      computedAt: bowen.observedAt,
    });
    await database.meta.put({ key: META.chosenRoute, value: 'hsb-snug', updatedAt: Date.now() });
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Horseshoe Bay - Snug Cove')).toBeTruthy();
    expect(screen.getByText('Queen of Capilano')).toBeTruthy();
    expect(screen.getByText(sailingTimeText(bowen.scheduledDeparture, Date.now()))).toBeTruthy();
    expect(screen.getByTestId('next-ferry-car-deck').textContent).toBe('Not published for this route');
    expect(screen.getByTestId('next-ferry-will-make-it').textContent).toBe(
      'BC Ferries does not publish space on this route',
    );
    expect(screen.queryByTestId('forecast-note')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('next-ferry-card').textContent).not.toContain('%');
    expect(screen.getAllByTestId('figure-source').map((el) => el.textContent)).toContainEqual(
      expect.stringMatching(/^BC Ferries · \d+ s ago$/),
    );
  });

  it('names a cancelled sailing before the next one that sails', async () => {
    const cancelled = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 40, {
      source: 'bcferries',
      status: 'cancelled',
      carFill: 0,
      fill: 0,
    });
    const next = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 160, { source: 'bcferries' });
    await database.sailings.bulkPut([cancelled, next]);
    render(<NextFerryCard database={database} />);
    expect((await screen.findByTestId('next-ferry-cancelled')).textContent).toMatch(
      new RegExp(
        `^The ${sailingTimeInText(cancelled.scheduledDeparture, Date.now())} sailing is cancelledBC Ferries · \\d+ s ago$`,
      ),
    );
    expect(screen.getByText(sailingTimeText(next.scheduledDeparture, Date.now()))).toBeTruthy();
  });

  it('says so when the route has no sailing listed', async () => {
    await database.sailings.put(sailing('tsa-swb', 'tsawwassen', 'swartz-bay', 60));
    render(<NextFerryCard database={database} />);
    expect(
      await screen.findByText('No sailing from Horseshoe Bay to Nanaimo Departure Bay is listed yet.'),
    ).toBeTruthy();
  });
});

describe("Live Tracker on the rider's route", () => {
  it("tracks the vessel of the route's next sailing, labels its modelled figures and the delay's source, and a silent vessel's position as unknown", async () => {
    const next = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 40, {
      vesselName: 'Queen of Oak Bay',
      delayMinutes: 4,
      delayProvenance: { source: 'ais', observedAt: new Date(Date.now() - 20_000).toISOString() },
    });
    await database.sailings.put(next);
    await storeFerries(database, [
      sampleFerry({ departureTime: next.scheduledDeparture, scheduledDepartureTime: next.scheduledDeparture }),
    ]);
    const silentSince = Date.now() - 25 * 60_000;
    await database.vesselPositions.put({
      vesselId: 'queen-of-oak-bay',
      name: 'Queen of Oak Bay',
      lat: 49.3,
      lng: -123.4,
      source: 'ais',
      observedAt: new Date(silentSince).toISOString(),
    });
    render(<LiveTrackerCard database={database} />);
    const card = await screen.findByRole('region', { name: 'Live Tracker' });
    const delay = await within(card).findByText('Delay', { selector: 'dt' });
    expect(delay.nextElementSibling?.textContent).toBe('+4 min');
    expect(delay.parentElement?.textContent).toMatch(/AIS · 2\d s ago/);
    expect(within(card).getByTestId('tracker-position').textContent).toContain(
      `position unknown since ${formatClockLower(silentSince)}`,
    );
    expect(within(card).getAllByText('estimated').length).toBeGreaterThanOrEqual(3);
  });
});

describe('forecasts on screen', () => {
  it('Next Ferry shows the forecast with its basis and accuracy; with too little history it says so and shows no number', async () => {
    const next = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 120);
    await database.sailings.put(next);
    const forecast: SailingForecast = {
      sailingId: next.id,
      routeId: 'hsb-nan',
      from: 'horseshoe-bay',
      scheduledDeparture: next.scheduledDeparture,
      status: 'ok',
      expectedCarFill: 72,
      fillChance: 0.2,
      basisCount: 7,
      accuracy: { weeks: 4, checked: 20, withinTenPoints: 16, meanAbsoluteError: 6, brier: 0.1 },
      computedAt: new Date().toISOString(),
    };
    await database.forecasts.put(forecast);
    render(<NextFerryCard database={database} />);
    const note = await screen.findByTestId('forecast-note');
    expect(note.textContent).toMatch(/usually 72% full at departure on \w+ \(20% chance it fills\)/);
    expect(note.textContent).toContain('from 7 similar sailings');
    expect(note.textContent).toContain('last 4 weeks: within 10 points 8 times in 10');

    await database.forecasts.put({
      ...forecast,
      status: 'insufficient-history',
      expectedCarFill: undefined,
      fillChance: undefined,
      basisCount: 1,
    });
    await waitFor(() =>
      expect(screen.getByTestId('forecast-note').textContent).toBe(
        'Forecast: Not enough history yet to forecast this sailing',
      ),
    );
  });

  it('says the forecast is not on the device yet until the forecasts arrive, in the room the forecast then takes', async () => {
    const next = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 120);
    await database.sailings.put(next);
    render(<NextFerryCard database={database} />);
    const pending = await screen.findByTestId('forecast-pending');
    expect(pending.textContent).toBe(
      'Forecast: not on this device yetit arrives with the next update of the timetable',
    );
    expect(screen.queryByTestId('forecast-note')).toBeNull();

    fakeApi().answer(listForecasts, [tooLittleHistory(next)]);
    await pullForecasts(database);
    await waitFor(() =>
      expect(screen.getByTestId('forecast-note').textContent).toBe(
        'Forecast: Not enough history yet to forecast this sailing',
      ),
    );
    expect(screen.queryByTestId('forecast-pending')).toBeNull();
  });

  it('with the vessel list standing in for a timetable, the forecast waits for the timetable, even once the forecasts are here', async () => {
    const departs = new Date(Math.round((Date.now() + 90 * 60_000) / 60_000) * 60_000).toISOString();
    await storeFerries(database, [
      sampleFerry({ routeId: 'hsb-nan', terminalId: 'horseshoe-bay', departureTime: departs, source: 'simulator' }),
    ]);
    await database.meta.put({ key: META.forecastsFetchedAt, value: Date.now(), updatedAt: Date.now() });
    render(<NextFerryCard database={database} />);
    expect(await screen.findByTestId('next-ferry-will-make-it')).toBeTruthy();
    expect(screen.getByTestId('forecast-pending')).toBeTruthy();
    expect(screen.queryByTestId('forecast-note')).toBeNull();
  });

  it('the forecasts arriving before the timetable: the note goes from pending to the forecast, never empty in between', async () => {
    const next = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 90);
    await storeFerries(database, [
      sampleFerry({
        routeId: 'hsb-nan',
        terminalId: 'horseshoe-bay',
        departureTime: next.scheduledDeparture,
        source: 'simulator',
      }),
    ]);
    await database.forecasts.put(tooLittleHistory(next));
    await database.meta.put({ key: META.forecastsFetchedAt, value: Date.now(), updatedAt: Date.now() });
    const { container } = render(<NextFerryCard database={database} />);
    await screen.findByTestId('forecast-pending');
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const shown = container.querySelector('[data-testid="forecast-pending"], [data-testid="forecast-note"]');
      seen.push(shown?.getAttribute('data-testid') ?? 'none');
    });
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    await database.sailings.put(next);
    await screen.findByTestId('forecast-note');
    observer.disconnect();
    expect(seen).not.toContain('none');
  });

  it('once the forecasts have arrived, a sailing without one shows no forecast; a route without capacity data never waits for one', async () => {
    const next = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 120);
    await database.sailings.put(next);
    await database.meta.put({ key: META.forecastsFetchedAt, value: Date.now(), updatedAt: Date.now() });
    render(<NextFerryCard database={database} />);
    expect(await screen.findByTestId('next-ferry-will-make-it')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('forecast-pending')).toBeNull());
    expect(screen.queryByTestId('forecast-note')).toBeNull();
    cleanup();

    const fresh = freshDatabase();
    await fresh.sailings.put(sailing('hsb-snug', 'horseshoe-bay', 'snug-cove', 90, { carFill: undefined }));
    await fresh.meta.put({ key: META.chosenRoute, value: 'hsb-snug', updatedAt: Date.now() });
    render(<NextFerryCard database={fresh} />);
    expect(await screen.findByText('Horseshoe Bay - Snug Cove')).toBeTruthy();
    expect(screen.queryByTestId('forecast-pending')).toBeNull();
  });
});
