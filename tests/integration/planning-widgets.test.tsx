/**
 * The two planning forms (tracker page's Departure Calculator, home's Arrival Timer) work from Dexie
 * alone: the calculator plans and warns on the device, and a timer started offline shows its figures
 * and says it is only saved on this device until it syncs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DeckhandDB } from '@/data/db';
import type { Ferry } from '@/domain/ferry';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { storeFerries } from '@/sync/pull';
import { DepartureCalculator } from '@/features/departure-calculator/departure-calculator';
import { ArrivalTimerWidget } from '@/features/arrival-timer/arrival-timer-widget';
import { sampleFerry } from './sample-data';

let database: DeckhandDB;

function ferry(overrides: Partial<Ferry> = {}): Ferry {
  return sampleFerry({
    currentVehicles: 300,
    ...overrides,
  });
}

beforeEach(() => {
  database = new DeckhandDB(`test-${crypto.randomUUID()}`);
  useConnectivityStore.setState({ online: false, realtime: 'disconnected', flushing: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await database.delete();
});

describe('DepartureCalculator', () => {
  it('needs a departure and a location, then warns when the sailing is probably out of reach', async () => {
    await storeFerries(database, [ferry()]);
    render(<DepartureCalculator database={database} random={() => 0} />);
    const calculate = screen.getByRole('button', { name: 'Calculate' }) as HTMLButtonElement;
    const select = (await screen.findByLabelText('Ferry departure')) as HTMLSelectElement;
    await screen.findByRole('option', { name: /Horseshoe Bay - Departure Bay/ });
    expect(calculate.disabled).toBe(true);

    fireEvent.change(select, { target: { value: 'queen-of-oak-bay' } });
    expect(calculate.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your location'), { target: { value: 'Surrey' } });
    expect(calculate.disabled).toBe(false);
    fireEvent.click(calculate);

    const plan = screen.getByTestId('departure-plan');
    expect(plan.textContent).toContain('Travel estimate55 min');
    expect(plan.textContent).toContain('94% full');
    expect(within(plan).getByRole('alert').textContent).toBe('Warning: you may not make this sailing. Leave now or choose a later one.');
    expect(plan.querySelector('[data-advice]')?.getAttribute('data-advice')).toBe('warning');
  });
});

describe('ArrivalTimerWidget', () => {
  it('starts a timer offline, shows its figures and says it syncs later', async () => {
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() + 3 * 60 * 60_000).toISOString() })]);
    render(<ArrivalTimerWidget database={database} />);
    fireEvent.change(await screen.findByLabelText('Departure location'), { target: { value: 'Burnaby' } });
    fireEvent.change(screen.getByLabelText('Buffer minutes'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start Timer' }));

    const timer = await screen.findByTestId('arrival-timer');
    expect(timer.textContent).toContain('FromBurnaby');
    expect(timer.textContent).toContain('Buffer20 min');
    expect(timer.textContent).toContain('Saved on this device; it syncs when you are online.');
    expect(await database.outbox.count()).toBe(1);
  });
});
