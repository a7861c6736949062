/**
 * The Ninja Booking and exception-pass forms as a rider sees them: no select option with an empty
 * value (rider-core §5), "Any time" still means any time, and Active Ninja Requests lists only the
 * requests still being watched.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster, toast } from 'sonner';
import { DeckhandDB } from '@/data/db';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { NinjaRequestForm } from '@/features/ninja/ninja-request-form';
import { NinjaRequestList } from '@/features/ninja/ninja-request-list';
import { PassForm } from '@/features/exception-pass/pass-form';

let database: DeckhandDB;

beforeEach(() => {
  database = new DeckhandDB(`test-${crypto.randomUUID()}`);
  useConnectivityStore.setState({ online: false, realtime: 'disconnected', flushing: false });
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'offline', message: 'offline' }, { status: 503 })));
});

afterEach(async () => {
  toast.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  await database.delete();
});

function renderForms({ pass = true } = {}) {
  return render(
    <MemoryRouter>
      <Toaster />
      <NinjaRequestForm database={database} />
      {pass ? <PassForm database={database} /> : null}
    </MemoryRouter>,
  );
}

describe('select options', () => {
  it('no option of either form carries an empty-string value; placeholders cannot be chosen', () => {
    const { container } = renderForms();
    const options = [...container.querySelectorAll('option')];
    expect(options.length).toBeGreaterThan(10);
    expect(options.filter((o) => o.value === '').map((o) => o.textContent)).toEqual([]);
    for (const label of ['Choose a pass type', 'Choose a route', 'Select a route']) {
      const option = options.find((o) => o.textContent === label)!;
      expect(option.disabled).toBe(true);
    }
    expect((screen.getByLabelText('Pass type') as HTMLSelectElement).value).toBe('unchosen');
  });

  it('"Any time" stores a request with no departure time', async () => {
    renderForms({ pass: false });
    fireEvent.change(screen.getByLabelText('Route'), { target: { value: 'Horseshoe Bay - Langdale' } });
    fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: '2099-01-05' } });
    fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: 'any' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate Ninja Booking' }));
    await waitFor(async () => expect(await database.ninjaRequests.count()).toBe(1));
    const [row] = await database.ninjaRequests.toArray();
    expect(row).toMatchObject({ route: 'Horseshoe Bay - Langdale', departureTime: null });
  });
});

describe('Active Ninja Requests', () => {
  it('lists only the requests still watched; booked and cancelled ones are listed apart', async () => {
    const base = {
      departureDate: '2099-01-05',
      departureTime: null,
      returnDate: null,
      returnTime: null,
      vehicleType: 'standard' as const,
      vehicleLength: null,
      passengerCount: 2,
      maxServiceFee: 25,
      isFlexible: true,
      flexibilityHours: 2,
      priority: 'medium' as const,
      autoBookEnabled: false,
      notifyViaEmail: false,
      notifyViaSms: false,
      contactEmail: null,
      currentAttempts: 3,
      lastCheckedAt: null,
      expiresAt: '2099-02-01T00:00:00.000Z',
      syncState: 'sent' as const,
    };
    await database.ninjaRequests.bulkPut([
      { ...base, id: 'a', route: 'Horseshoe Bay - Langdale', status: 'active', createdAt: '2099-01-01T00:00:00.000Z' },
      { ...base, id: 'b', route: 'Tsawwassen - Swartz Bay', status: 'booked', createdAt: '2099-01-01T00:01:00.000Z' },
      { ...base, id: 'c', route: 'Tsawwassen - Duke Point', status: 'cancelled', createdAt: '2099-01-01T00:02:00.000Z' },
    ] as never);
    render(
      <MemoryRouter>
        <NinjaRequestList database={database} />
      </MemoryRouter>,
    );
    const active = await screen.findByRole('list', { name: 'Active Ninja Requests' });
    expect(within(active).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Horseshoe Bay - Langdale on 2099-01-05']);
    const past = screen.getByRole('list', { name: 'Booked, Expired and Cancelled' });
    expect(within(past).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Tsawwassen - Duke Point on 2099-01-05',
      'Tsawwassen - Swartz Bay on 2099-01-05',
    ]);
  });
});
