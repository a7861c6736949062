/**
 * The Ninja Booking and exception-pass forms as a rider sees them: no select option with an empty
 * value (rider-core §5), "Any time" still means any time, and Active Ninja Requests lists only the
 * requests still being watched.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { sailingId } from '@/domain/sailing';
import { terminalOffsetMs } from '@/domain/time';
import { PassForm } from '@/features/exception-pass/pass-form';
import { NinjaHowItWorks } from '@/features/ninja/ninja-how-it-works';
import { NinjaRequestForm } from '@/features/ninja/ninja-request-form';
import { bookingText, NinjaRequestList } from '@/features/ninja/ninja-request-list';
import { AlertChannels } from '@/features/settings/alert-channels';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { fakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { changeValue } from './user-input';

let database: DeckhandDB;

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: false, realtime: 'disconnected', flushing: false });
  fakeApi().down(503);
});

afterEach(() => {
  toast.dismiss();
  cleanup();
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
    changeValue(screen.getByLabelText('Route'), { target: { value: 'Horseshoe Bay - Langdale' } });
    changeValue(screen.getByLabelText('Departure Date'), { target: { value: '2099-01-05' } });
    changeValue(screen.getByLabelText('Departure Time'), { target: { value: 'any' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate Ninja Booking' }));
    await waitFor(async () => expect(await database.ninjaRequests.count()).toBe(1));
    const [row] = await database.ninjaRequests.toArray();
    expect(row).toMatchObject({ route: 'Horseshoe Bay - Langdale', departureTime: null });
  });
});

describe("Ninja Booking's departure times", () => {
  it("offers the chosen route's own sailings from the stored timetable, and stores the one picked", async () => {
    // 6:20 and 8:40 am from Horseshoe Bay to Langdale on a stored day, one from Langdale, one to Departure Bay.
    const at = (hour: number, minute: number) => {
      const day = Date.parse('2099-01-05T00:00:00Z');
      return new Date(day + (hour * 60 + minute) * 60_000 - terminalOffsetMs(day + 12 * 3_600_000)).toISOString();
    };
    const row = (routeId: string, from: string, to: string, departure: string) => ({
      id: sailingId(routeId, from, Date.parse(departure)),
      routeId,
      from,
      to,
      scheduledDeparture: departure,
      status: 'scheduled' as const,
      source: 'simulator' as const,
      observedAt: new Date().toISOString(),
    });
    await database.sailings.bulkPut([
      row('hsb-lng', 'horseshoe-bay', 'langdale', at(6, 20)),
      row('hsb-lng', 'horseshoe-bay', 'langdale', at(8, 40)),
      row('hsb-lng', 'langdale', 'horseshoe-bay', at(7, 30)),
      row('hsb-nan', 'horseshoe-bay', 'departure-bay', at(8, 20)),
    ]);
    renderForms({ pass: false });
    changeValue(screen.getByLabelText('Route'), { target: { value: 'Horseshoe Bay - Langdale' } });
    changeValue(screen.getByLabelText('Departure Date'), { target: { value: '2099-01-05' } });
    const time = screen.getByLabelText('Departure Time') as HTMLSelectElement;
    await waitFor(() =>
      expect([...time.options].map((o) => o.textContent)).toEqual(['Any time', '06:20 AM', '08:40 AM']),
    );
    expect(
      [...(screen.getByLabelText('Return Time (optional)') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(['Any time', '07:30 AM']);
    changeValue(time, { target: { value: '08:40 AM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate Ninja Booking' }));
    await waitFor(async () => expect(await database.ninjaRequests.count()).toBe(1));
    expect((await database.ninjaRequests.toArray())[0]).toMatchObject({
      route: 'Horseshoe Bay - Langdale',
      departureTime: '08:40 AM',
    });
  });

  it('says when no timetable for the route is stored, and offers only "Any time"', async () => {
    renderForms({ pass: false });
    changeValue(screen.getByLabelText('Route'), { target: { value: 'Horseshoe Bay - Langdale' } });
    expect(
      await screen.findByText(
        'No timetable for this route is stored on this device yet: only "Any time" can be chosen.',
      ),
    ).toBeTruthy();
    expect(
      [...(screen.getByLabelText('Departure Time') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(['Any time']);
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
      {
        ...base,
        id: 'c',
        route: 'Tsawwassen - Duke Point',
        status: 'cancelled',
        createdAt: '2099-01-01T00:02:00.000Z',
      },
    ] as never);
    render(
      <MemoryRouter>
        <NinjaRequestList database={database} services={null} />
      </MemoryRouter>,
    );
    const active = await screen.findByRole('list', { name: 'Active Ninja Requests' });
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Horseshoe Bay - Langdale on 2099-01-05']);
    const past = screen.getByRole('list', { name: 'Booked, Expired and Cancelled' });
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Tsawwassen - Duke Point on 2099-01-05', 'Tsawwassen - Swartz Bay on 2099-01-05']);
  });
});

describe('what Ninja Booking offers is what the server can do', () => {
  const SERVICES_NONE = {
    booking: null,
    channels: { inbox: true, push: true, email: false, sms: false },
    payments: null,
    ninjaCheckIntervalSeconds: 120,
  };
  const SERVICES_DEMO = {
    booking: { name: 'the Deckhand simulator', simulated: true },
    channels: { inbox: true, push: true, email: true, sms: true },
    payments: null,
    ninjaCheckIntervalSeconds: 30,
  };

  it('without a booking provider or channels: no auto-book, e-mail or SMS; says the rider books; the configured interval', async () => {
    await database.meta.put({ key: META.services, value: SERVICES_NONE, updatedAt: 1 });
    render(
      <MemoryRouter>
        <NinjaRequestForm database={database} />
        <NinjaHowItWorks services={SERVICES_NONE} />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText(
        'Deckhand finds the opening and alerts you; you book it yourself with BC Ferries. Auto-book is offered once a booking provider is connected.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Alerts reach you in your Deckhand inbox and push notifications (when you allow them).'),
    ).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Auto-book when a space opens' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'E-mail notifications' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /SMS notifications/ })).toBeNull();
    expect(
      screen.getByText('Deckhand checks for cancelled reservations every 2 minutes for up to 30 days.'),
    ).toBeTruthy();
    expect(screen.queryByText(/every 30 seconds/)).toBeNull();
    expect(screen.getByText('You book it')).toBeTruthy();
  });

  it('with the simulator and both channels: offers them, and auto-book says it is simulated', async () => {
    await database.meta.put({ key: META.services, value: SERVICES_DEMO, updatedAt: 1 });
    render(
      <MemoryRouter>
        <NinjaRequestForm database={database} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('switch', { name: 'Auto-book when a space opens' })).toBeTruthy();
    expect(
      screen.getByText(
        'Simulated: the Deckhand simulator makes a practice booking, not a reservation, and nothing is charged.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'E-mail notifications' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'SMS notifications (to the phone number in Settings)' })).toBeTruthy();
    expect(
      screen.getByText(
        'Alerts reach you in your Deckhand inbox, push notifications (when you allow them), e-mail and SMS.',
      ),
    ).toBeTruthy();
  });

  it("Settings shows which of the rider's channels are live", async () => {
    await database.meta.put({
      key: META.services,
      value: { ...SERVICES_NONE, channels: { ...SERVICES_NONE.channels, sms: true } },
      updatedAt: 1,
    });
    render(<AlertChannels database={database} phoneNumber="604-555-0100" />);
    await waitFor(() =>
      expect(screen.getByTestId('channel-SMS').textContent).toBe('Live to 604-555-0100 (Ninja Booking alerts)'),
    );
    expect(screen.getByTestId('channel-E-mail').textContent).toBe('Not available on this server');
    expect(screen.getByTestId('channel-In-app inbox').textContent).toBe('Live');
  });

  it('labels a simulator booking as simulated, never as a reservation', () => {
    const booking = { departureTime: '2026-01-05T16:40:00.000Z', successFee: '25.00' };
    expect(bookingText(booking, SERVICES_DEMO)).toBe(
      'Simulated booking, not a reservation: 8:40 AM sailing · success fee $25.00 recorded, not charged',
    );
    expect(bookingText(booking, { ...SERVICES_DEMO, booking: { name: 'BC Ferries', simulated: false } })).toBe(
      'Booked: 8:40 AM sailing · success fee $25.00',
    );
  });
});
