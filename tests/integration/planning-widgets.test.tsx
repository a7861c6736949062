/**
 * The two planning forms (tracker page's Departure Calculator, home's Arrival Timer) work from Dexie
 * alone: the calculator plans and warns on the device, and a timer started offline shows its figures
 * and says it is only saved on this device until it syncs.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import type { Ferry } from '@/domain/ferry';
import { sailingId, type Sailing } from '@/domain/sailing';
import { formatClock } from '@/domain/time';
import { ArrivalTimerWidget } from '@/features/arrival-timer/arrival-timer-widget';
import { DepartureCalculator } from '@/features/departure-calculator/departure-calculator';
import { preloadAlertDisplay } from '@/lib/alerts';

import { freshDatabase } from '../kit/client/fresh-database';
import { goOffline } from '../kit/client/offline-device';
import { sampleFerry } from './sample-data';
import { changeValue } from './user-input';

vi.mock('@/lib/alerts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/alerts')>()),
  preloadAlertDisplay: vi.fn(),
}));

let database: DeckhandDB;

function ferry(overrides: Partial<Ferry> = {}): Ferry {
  return sampleFerry({
    currentVehicles: 300,
    ...overrides,
  });
}

beforeEach(() => {
  database = freshDatabase();
  goOffline();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A Swartz Bay - Tsawwassen sailing `hours` from now (Swartz Bay is on Vancouver Island). */
function swartzBayFerry(hours: number): Ferry {
  return ferry({
    id: 'swb',
    route: 'Swartz Bay - Tsawwassen',
    terminalId: 'swartz-bay',
    routeId: 'tsa-swb',
    departureTime: new Date(Date.now() + hours * 60 * 60_000).toISOString(),
  });
}

describe('DepartureCalculator', () => {
  it('needs a departure and a location, then warns when the sailing is probably out of reach', async () => {
    await storeFerries(database, [ferry()]);
    render(<DepartureCalculator database={database} random={() => 0} />);
    const calculate = screen.getByRole('button', { name: 'Calculate' }) as HTMLButtonElement;
    const select = (await screen.findByLabelText('Ferry departure')) as HTMLSelectElement;
    await screen.findByRole('option', { name: /Horseshoe Bay - Departure Bay/ });
    expect(calculate.disabled).toBe(true);

    changeValue(select, { target: { value: 'queen-of-oak-bay' } });
    expect(calculate.disabled).toBe(true);
    changeValue(screen.getByLabelText('Your location'), { target: { value: 'Surrey' } });
    expect(calculate.disabled).toBe(false);
    fireEvent.click(calculate);

    const plan = screen.getByTestId('departure-plan');
    expect(plan.textContent).toContain('Travel estimate55 min');
    expect(plan.textContent).toContain('94% full');
    expect(within(plan).getByRole('alert').textContent).toBe(
      'Warning: you may not make this sailing. Leave now or choose a later one.',
    );
    expect(plan.querySelector('[data-advice]')?.getAttribute('data-advice')).toBe('warning');
  });

  it('offers no drive time from Vancouver to an island terminal: it says a ferry is needed', async () => {
    await storeFerries(database, [swartzBayFerry(5)]);
    // The calculator lists the rider's route's sailings: this rider's terminal is Swartz Bay.
    await database.meta.put({ key: META.chosenTerminal, value: 'swartz-bay', updatedAt: Date.now() });
    render(<DepartureCalculator database={database} random={() => 0} />);
    await screen.findByRole('option', { name: /Swartz Bay - Tsawwassen/ });
    changeValue(screen.getByLabelText('Ferry departure'), { target: { value: 'swb' } });
    changeValue(screen.getByLabelText('Your location'), { target: { value: 'Downtown Vancouver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(screen.getByTestId('departure-ferry-needed').textContent).toContain('you need a ferry to get there');
    expect(screen.queryByTestId('departure-plan')).toBeNull();
  });
});

describe("DepartureCalculator on the rider's route", () => {
  const at = (minutes: number) => Math.round((Date.now() + minutes * 60_000) / 60_000) * 60_000;
  const sailing = (
    routeId: string,
    from: string,
    to: string,
    minutes: number,
    overrides: Partial<Sailing> = {},
  ): Sailing => ({
    id: sailingId(routeId, from, at(minutes)),
    routeId,
    from,
    to,
    scheduledDeparture: new Date(at(minutes)).toISOString(),
    status: 'scheduled',
    carFill: 40,
    source: 'simulator',
    observedAt: new Date().toISOString(),
    ...overrides,
  });

  it("lists only the rider's route's sailings, not every terminal's", async () => {
    await database.sailings.bulkPut([
      sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 120),
      sailing('tsa-swb', 'tsawwassen', 'swartz-bay', 60),
      sailing('hsb-nan', 'departure-bay', 'horseshoe-bay', 90),
    ]);
    render(<DepartureCalculator database={database} random={() => 0} />);
    await screen.findByRole('option', { name: /Horseshoe Bay - Departure Bay/ });
    // The placeholder and the one sailing (late in the evening a Day choice also lists tomorrow: not counted here).
    expect(within(screen.getByLabelText('Ferry departure')).getAllByRole('option')).toHaveLength(2);
  });

  it('refuses a place it has no drive time from, and says check-in has closed instead of a chance', async () => {
    const soon = sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 20, { carFill: undefined });
    await database.sailings.put(soon);
    render(<DepartureCalculator database={database} random={() => 0} />);
    await screen.findByRole('option', { name: /Horseshoe Bay - Departure Bay/ });
    changeValue(screen.getByLabelText('Ferry departure'), { target: { value: soon.id } });
    changeValue(screen.getByLabelText('Your location'), { target: { value: 'asdfgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(screen.getByTestId('departure-unknown-place').textContent).toContain('No drive time is known from "asdfgh"');
    expect(screen.queryByTestId('departure-plan')).toBeNull();
    changeValue(screen.getByLabelText('Your location'), { target: { value: 'Whistler' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(screen.getByTestId('departure-unknown-place').textContent).toContain(
      'No drive time is known from "Whistler"',
    );

    changeValue(screen.getByLabelText('Your location'), { target: { value: 'North Vancouver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    const plan = screen.getByTestId('departure-plan');
    expect(plan.textContent).toContain('Check-in has closed');
    expect(plan.textContent).not.toMatch(/Chance of making it\d/);
    expect(plan.textContent).toContain('Vehicle deck not reported');
    expect(plan.textContent).toContain('simulated');
  });

  it("the arrival timer offers the route's later sailing from the timetable when the first ones are too late", async () => {
    const tooLate = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 32);
    const alsoTooLate = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 80);
    const inTime = sailing('hsb-lng', 'horseshoe-bay', 'langdale', 200);
    await database.sailings.bulkPut([
      tooLate,
      alsoTooLate,
      inTime,
      sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', 150),
    ]);
    await database.meta.put({ key: META.chosenRoute, value: 'hsb-lng', updatedAt: Date.now() });
    render(<ArrivalTimerWidget database={database} />);
    const select = (await screen.findByLabelText('Sailing')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(
      [tooLate, alsoTooLate, inTime].map((s) => `${formatClock(s.scheduledDeparture)} · Horseshoe Bay - Langdale`),
    );
    changeValue(screen.getByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    const warning = await screen.findByTestId('timer-too-late');
    expect(warning.textContent).not.toContain('No later sailing');
    fireEvent.click(
      within(warning).getByRole('button', { name: `Use the ${formatClock(inTime.scheduledDeparture)} sailing` }),
    );
    expect((await screen.findByTestId('timer-preview')).textContent).toContain(formatClock(inTime.scheduledDeparture));
  });
});

/**
 * Two sailings too late to reach from Burnaby: one in 32 minutes, and one in 80 (leaving by 90 minutes
 * before it, check-in 30 + travel 45 + buffer 15, has passed too).
 */
function tooLateSailings() {
  return {
    soon: ferry({ departureTime: new Date(Date.now() + 32 * 60_000).toISOString() }),
    alsoTooLate: ferry({
      id: 'queen-of-alberni',
      name: 'Queen of Alberni',
      departureTime: new Date(Date.now() + 80 * 60_000).toISOString(),
    }),
  };
}

describe('ArrivalTimerWidget', () => {
  it('starts a timer offline, shows its figures and says it syncs later', async () => {
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() + 3 * 60 * 60_000).toISOString() })]);
    render(<ArrivalTimerWidget database={database} />);
    changeValue(await screen.findByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    changeValue(screen.getByLabelText('Buffer minutes'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Timer' }));

    const timer = await screen.findByTestId('arrival-timer');
    expect(timer.textContent).toContain('FromBurnaby');
    expect(timer.textContent).toContain('Buffer20 min');
    expect(timer.textContent).toContain('Saved on this device; it syncs when you are online.');
    expect(await database.outbox.count()).toBe(1);
  });

  it('loads the alert display once a timer runs, so its alerts show offline on a first visit too', async () => {
    vi.mocked(preloadAlertDisplay).mockClear();
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() + 3 * 60 * 60_000).toISOString() })]);
    render(<ArrivalTimerWidget database={database} />);
    changeValue(await screen.findByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    expect(preloadAlertDisplay).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Start Timer' }));
    await screen.findByTestId('arrival-timer');
    // The load starts in an effect of the running timer, which React may run just after the timer shows.
    await waitFor(() => expect(preloadAlertDisplay).toHaveBeenCalled());
  });

  it('targets the chosen sailing: arrive by its check-in cutoff, leave by cutoff − 45 min − buffer', async () => {
    const departs = Date.parse('2030-01-01T20:00:00Z');
    await storeFerries(database, [ferry({ departureTime: new Date(departs).toISOString() })]);
    render(<ArrivalTimerWidget database={database} />);
    changeValue(await screen.findByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    changeValue(screen.getByLabelText('Buffer minutes'), { target: { value: '15' } });
    const cutoff = formatClock(departs - 30 * 60_000);
    const leave = formatClock(departs - (30 + 45 + 15) * 60_000);
    expect(screen.getByTestId('timer-preview').textContent).toBe(
      `Leave by ${leave} to arrive by ${cutoff}, check-in for the ${formatClock(departs)} sailing.`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start Timer' }));
    const timer = await screen.findByTestId('arrival-timer');
    expect(timer.textContent).toContain(`Sailing${formatClock(departs)}`);
    expect(timer.textContent).toContain(`Leave by${leave}`);
    expect(timer.textContent).toContain(`Arrive by${cutoff}`);
    expect((await database.arrivalTimers.toArray())[0]).toMatchObject({
      ferryId: 'queen-of-oak-bay',
      targetDeparture: new Date(departs).toISOString(),
    });
  });

  it('says when it is too late for a sailing and offers the first later one still in time', async () => {
    const { soon, alsoTooLate } = tooLateSailings();
    const later = ferry({
      id: 'queen-of-cowichan',
      name: 'Queen of Cowichan',
      departureTime: new Date(Date.now() + 4 * 60 * 60_000).toISOString(),
    });
    await storeFerries(database, [soon, alsoTooLate, later]);
    render(<ArrivalTimerWidget database={database} />);
    changeValue(await screen.findByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    const tooLate = await screen.findByTestId('timer-too-late');
    expect(tooLate.textContent).toContain(`Too late for the ${formatClock(soon.departureTime)} sailing`);
    expect((screen.getByRole('button', { name: 'Start Timer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(tooLate).getByRole('button', { name: `Use the ${formatClock(later.departureTime)} sailing` }),
    );
    expect((screen.getByLabelText('Sailing') as HTMLSelectElement).value).toBe('queen-of-cowichan');
    expect(screen.queryByTestId('timer-too-late')).toBeNull();
    expect((screen.getByRole('button', { name: 'Start Timer' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says so when every later sailing listed is too late as well', async () => {
    const { soon, alsoTooLate } = tooLateSailings();
    await storeFerries(database, [soon, alsoTooLate]);
    render(<ArrivalTimerWidget database={database} />);
    changeValue(await screen.findByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    const tooLate = await screen.findByTestId('timer-too-late');
    expect(tooLate.textContent).toContain('The later sailings listed are too late as well');
    expect(within(tooLate).queryByRole('button')).toBeNull();
  });

  it('says the buffer must be 5-60, and that no road reaches an island terminal from Vancouver', async () => {
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() + 4 * 60 * 60_000).toISOString() })]);
    await database.meta.put({ key: 'rider.chosenTerminal', value: 'horseshoe-bay', updatedAt: 1 });
    render(<ArrivalTimerWidget database={database} />);
    changeValue(await screen.findByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    changeValue(screen.getByLabelText('Buffer minutes'), { target: { value: '90' } });
    expect(screen.getByRole('alert').textContent).toBe('Buffer must be between 5 and 60 minutes.');
    expect((screen.getByRole('button', { name: 'Start Timer' }) as HTMLButtonElement).disabled).toBe(true);
    changeValue(screen.getByLabelText('Buffer minutes'), { target: { value: '10' } });
    expect(screen.queryByRole('alert')).toBeNull();

    cleanup();
    await storeFerries(database, [swartzBayFerry(4)]);
    await database.meta.put({ key: 'rider.chosenTerminal', value: 'swartz-bay', updatedAt: 2 });
    render(<ArrivalTimerWidget database={database} />);
    changeValue(await screen.findByLabelText('Departure location'), { target: { value: 'Vancouver' } });
    expect(screen.getByTestId('timer-ferry-needed').textContent).toContain(
      'Swartz Bay cannot be reached by road from Vancouver',
    );
    expect((screen.getByRole('button', { name: 'Start Timer' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
