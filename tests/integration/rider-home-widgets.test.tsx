import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import { pullNotifications } from '@/data/notifications';
import { listNotifications } from '@/domain/contracts/notifications';
import type { Ferry } from '@/domain/ferry';
import { BannerCarousel } from '@/features/banners/banner-carousel';
import { NotificationBell } from '@/features/inbox/notification-bell';
import { MembershipCards } from '@/features/membership/membership-cards';
import { PeaceOfMindCard } from '@/features/peace-of-mind/peace-of-mind-card';
import { ProfilePage } from '@/features/profile/profile-page';
import { LiveTrackerCard } from '@/features/tracker/live-tracker-card';
import { useConnectivityStore } from '@/sync/connectivity-store';

import { fakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { SETTLED } from '../kit/settled';
import { sampleFerry } from './sample-data';

let database: DeckhandDB;

function ferry(overrides: Partial<Ferry> = {}): Ferry {
  return sampleFerry({
    departureTime: new Date(Date.now() + 40 * 60_000 + 30_000).toISOString(),
    capacity: 1494,
    currentPassengers: 312,
    currentVehicles: 87,
    status: 'en_route',
    speed: 18.4,
    arrivalTime: new Date(Date.now() + 11 * 60_000 + 30_000).toISOString(),
    delayMinutes: 4,
    routeId: 'hsb-nan',
    terminalId: 'horseshoe-bay',
    ...overrides,
  });
}

const put = (key: string, value: unknown) => database.meta.put({ key, value, updatedAt: Date.now() });

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: true, realtime: 'connected', flushing: false });
});

afterEach(() => {
  cleanup();
});

describe('Peace of Mind Alerts card', () => {
  it('invites Find My Position while no position is known (no example figures), then shows the real position', async () => {
    render(<PeaceOfMindCard database={database} />);
    expect(await screen.findByText('Your position is not known yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find My Position' }).getAttribute('href')).toBe('#queue-position');
    expect(screen.queryByText('#23')).toBeNull();
    expect(screen.queryByText(/Approximately/)).toBeNull();
    expect(screen.getByRole('switch', { name: 'Peace of Mind Alerts' }).getAttribute('aria-checked')).toBe('true');
    await act(async () => {
      await put(META.queuePosition, {
        positionInQueue: 12,
        estimatedBoardingTime: new Date().toISOString(),
        confidence: 0.9,
        basedOn: 'gps',
        lastUpdated: new Date().toISOString(),
      });
    });
    expect(await screen.findByText('#12')).toBeTruthy();
    expect(screen.getByText('Approximately 11 cars ahead')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it('drops a position whose sailing has left, and one whose fix is 3 hours old', async () => {
    const fix = {
      positionInQueue: 12,
      estimatedBoardingTime: new Date().toISOString(),
      confidence: 0.9,
      basedOn: 'gps',
    };
    await put(META.queuePosition, {
      ...fix,
      lastUpdated: new Date().toISOString(),
      sailingDepartureTime: new Date(Date.now() - 60_000).toISOString(),
    });
    render(<PeaceOfMindCard database={database} />);
    expect(await screen.findByText('Your position is not known yet')).toBeTruthy();
    await act(async () => {
      await put(META.queuePosition, { ...fix, lastUpdated: new Date(Date.now() - 3 * 60 * 60_000).toISOString() });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('#12')).toBeNull();
    await act(async () => {
      await put(META.queuePosition, {
        ...fix,
        lastUpdated: new Date().toISOString(),
        sailingDepartureTime: new Date(Date.now() + 60 * 60_000).toISOString(),
      });
    });
    expect(await screen.findByText('#12')).toBeTruthy();
  });

  it('remembers the switch on this device', async () => {
    render(<PeaceOfMindCard database={database} />);
    const toggle = await screen.findByRole('switch', { name: 'Peace of Mind Alerts' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect((await database.meta.get(META.alertsEnabled))?.value).toBe(false);
  });
});

describe('Live Tracker card', () => {
  it('says it is loading until a ferry is stored', async () => {
    render(<LiveTrackerCard database={database} />);
    expect(await screen.findByText('Loading ferry tracking data...')).toBeTruthy();
  });

  it('computes the ETA and delay from the feed and shows Ferry Details when expanded', async () => {
    await storeFerries(database, [ferry()]);
    render(<LiveTrackerCard database={database} expanded />);
    const card = await screen.findByRole('region', { name: 'Live Tracker' });
    expect(await within(card).findByText('ETA: 12 min')).toBeTruthy();
    // The third tile is the spec's "On Time" while on time; a late sailing's tile says "Delay", not "On Time" above "+4 min".
    expect(within(card).queryByText('On Time', { selector: 'dt' })).toBeNull();
    const delay = within(card).getByText('Delay', { selector: 'dt' });
    expect(delay.nextElementSibling?.textContent).toBe('+4 min');
    // The passengers, vehicles, speed and ETA are modelled: each says so.
    expect(within(card).getAllByText('estimated').length).toBeGreaterThanOrEqual(3);
    expect(within(card).getByTestId('tracker-status-line').textContent).toBe('En route to Horseshoe Bay · 18.4 kn');
    expect(within(card).getByText('312')).toBeTruthy();
    expect(within(card).getByText('87')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Ferry Details' })).toBeTruthy();
    expect(within(card).getByText('1494')).toBeTruthy();
    expect(card.dataset.tone).toBe('en_route');
  });

  it('carries the ETA while docked, with when the vessel leaves', async () => {
    const arrival = new Date(Date.now() + 80 * 60_000 + 30_000).toISOString();
    await storeFerries(database, [ferry({ status: 'docked', speed: 0, arrivalTime: arrival })]);
    render(<LiveTrackerCard database={database} />);
    const card = await screen.findByRole('region', { name: 'Live Tracker' });
    expect((await within(card).findByTestId('tracker-eta')).textContent).toBe('ETA: 81 min · Departs in 41 min');
  });

  it('uses the destructive style for an unknown status, "On Time" without delay, and shows the data age when not live', async () => {
    useConnectivityStore.setState({ online: false, realtime: 'disconnected' });
    await storeFerries(database, [ferry({ status: 'delayed', delayMinutes: 0 })], Date.parse('2026-03-02T18:42:00Z'));
    render(<LiveTrackerCard database={database} />);
    const card = await screen.findByRole('region', { name: 'Live Tracker' });
    expect(await within(card).findByText('On Time', { selector: 'dd' })).toBeTruthy();
    expect(card.dataset.tone).toBe('destructive');
    expect(within(card).getByText('Offline · Data from 10:42 am')).toBeTruthy();
  });
});

describe('membership cards and profile', () => {
  it('gives a Premium Plus rider the Ninja Booking card (they may use Ninja Booking)', async () => {
    await put(META.userProfile, { username: 'rider-8', membershipType: 'premium_plus', contributionScore: 0 });
    render(
      <MemoryRouter>
        <MembershipCards database={database} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Ninja Booking Active' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/ninja');
    expect(screen.queryByRole('heading', { name: 'Upgrade to Ninja Booking' })).toBeNull();
  });

  it('the Ninja card says it is watching only once a request is being watched', async () => {
    await put(META.userProfile, { username: 'rider-7', membershipType: 'ninja', contributionScore: 0 });
    render(
      <MemoryRouter>
        <MembershipCards database={database} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No route is being watched yet: set up a request to start.')).toBeTruthy();
    expect(screen.queryByText(/We are watching/)).toBeNull();
    await database.ninjaRequests.put({ id: 'r-1', status: 'active' } as never);
    expect(await screen.findByText('We are watching for cancelled reservations on your routes.')).toBeTruthy();
  });

  it('shows the cards of the cached membership type', async () => {
    await put(META.userProfile, { username: 'rider-7', membershipType: 'premium', contributionScore: 120 });
    render(
      <MemoryRouter>
        <MembershipCards database={database} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Upgrade to Ninja Booking' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Emergency Exception Pass' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ninja Booking Active' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request Pass' }).getAttribute('href')).toBe('/exception-pass');
  });

  it('shows the rider profile: badge by score, vehicle "Not set", alerts state', async () => {
    await put(META.userProfile, {
      username: 'rider-7',
      membershipType: 'premium_plus',
      contributionScore: 520,
      carNumber: null,
      phoneNumber: '604-555-0101',
    });
    await put(META.alertsEnabled, false);
    render(
      <MemoryRouter>
        <ProfilePage database={database} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('rider-7')).toBeTruthy();
    expect(screen.getByText('Premium Plus Member')).toBeTruthy();
    expect(screen.getByText('Queue Expert')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(screen.getByText('604-555-0101')).toBeTruthy();
    expect(screen.getByTestId('profile-alerts').textContent).toBe('Off');
  });
});

describe('banners', () => {
  it('rotates every 5 s and remembers a dismissal', async () => {
    await database.banners.bulkPut([
      {
        id: 'b1',
        title: 'First',
        message: 'One',
        icon: 'info',
        backgroundColor: 'blue',
        textColor: 'white',
        dismissible: true,
        order: 0,
      },
      {
        id: 'b2',
        title: 'Second',
        message: 'Two',
        icon: 'clock',
        backgroundColor: null,
        textColor: null,
        dismissible: false,
        order: 1,
      },
    ]);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      render(<BannerCarousel database={database} />);
      expect(await screen.findByText('First.')).toBeTruthy();
      // The rotation's interval is set in an effect, which may still be pending once the text shows.
      await vi.waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0), SETTLED);
      await act(async () => {
        await vi.advanceTimersByTime(5_000);
      });
      expect(screen.getByText('Second.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Show banner 1 of 2' }));
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss banner: First' }));
      await waitFor(() => expect(screen.queryByText('First.')).toBeNull());
      expect((await database.meta.get(META.dismissedBanners))?.value).toEqual(['b1']);
      expect(screen.queryByRole('button', { name: /Show banner/ })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('inbox', () => {
  it('counts unread notifications, keeps local reads over a pull, and marks read through the outbox', async () => {
    const item = (id: number, readAt: string | null) => ({
      id,
      key: `k${id}`,
      kind: 'away_alert',
      title: `Alert ${id}`,
      body: 'Body',
      url: '/app?away=open',
      createdAt: new Date(Date.now() - id * 60_000).toISOString(),
      readAt,
    });
    fakeApi().answer(listNotifications, {
      items: [item(1, null), item(2, null), item(3, '2026-03-01T00:00:00Z')],
      unreadCount: 2,
    });
    useConnectivityStore.setState({ online: false });
    await pullNotifications(database);
    render(
      <MemoryRouter>
        <NotificationBell database={database} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const inbox = screen.getByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(inbox).getByRole('button', { name: 'Mark read: Alert 1' }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await pullNotifications(database);
    expect((await database.notifications.get(1))?.readAt).not.toBeNull();
    fireEvent.click(within(inbox).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect((await database.outbox.toArray()).map((row) => `${row.method} ${row.path}`)).toEqual([
      'POST /api/notifications/1/read',
      'POST /api/notifications/read-all',
    ]);
  });
});
