import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { checkAwayAlerts, watchAwayAlerts } from '@/data/away-alert-watcher';
import { pullActiveAwaySession } from '@/data/away-sessions';
import { META, type AwaySessionRow, type DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import type { AwaySession } from '@/domain/away';
import { activeAwaySession, endAwaySession, startAwaySession } from '@/domain/contracts/away-sessions';
import type { Ferry } from '@/domain/ferry';
import { sailingId } from '@/domain/sailing';
import { sailingTimeText } from '@/domain/sailing-day';
import { useAwayOverlayStore } from '@/features/explore/away-overlay-store';
import { ExploreSafelyCard } from '@/features/explore/explore-safely-card';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { flushOutbox } from '@/sync/flusher';

import { fakeApi, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { sampleAwaySession, sampleFerry } from './sample-data';

let database: DeckhandDB;

function ferry(overrides: Partial<Ferry> = {}): Ferry {
  return sampleFerry({
    departureTime: new Date(Date.now() + 60 * 60_000).toISOString(),
    capacity: 1494,
    currentPassengers: 300,
    currentVehicles: 80,
    vehicleCapacity: 321,
    ...overrides,
  });
}

/** The server behind the fake API: away sessions keyed by the client's id, like server/routes/away-sessions.ts. */
/** An active session at the Coffee Bar started at `now`: boarding in 30 minutes, its return alert in 25. */
function coffeeBarSession(now: number, overrides: Partial<AwaySessionRow>): AwaySessionRow {
  return sampleAwaySession({
    currentLocation: 'Coffee Bar',
    estimatedBoardingTime: new Date(now + 30 * 60_000).toISOString(),
    alertAt: new Date(now + 25 * 60_000).toISOString(),
    createdAt: new Date(now).toISOString(),
    ...overrides,
  });
}

function fakeServer() {
  const sessions = new Map<string, AwaySession>();
  const api = fakeApi()
    .answer(startAwaySession, ({ body }) => {
      const input = body as Omit<AwaySession, 'alertAt' | 'createdAt' | 'status'>;
      const session: AwaySession = sessions.get(input.id) ?? {
        ...input,
        alertAt: new Date(Date.parse(input.estimatedBoardingTime) - input.alertThresholdMinutes * 60_000).toISOString(),
        createdAt: new Date().toISOString(),
        status: 'active',
      };
      sessions.set(session.id, session);
      return session;
    })
    .answer(endAwaySession, ({ params }) => {
      const session = sessions.get(params.id!);
      if (!session) return reply(404, { error: 'not_found', message: 'No such session' });
      session.status = 'ended';
      return session;
    })
    .answer(activeAwaySession, () => [...sessions.values()].find((s) => s.status === 'active') ?? null);
  return {
    sessions,
    /** `METHOD path` of each request that went out. */
    get requests() {
      return api.calls.map((c) => `${c.method} ${c.path}`);
    },
    setDown: (down: boolean) => (down ? api.offline() : api.online()),
  };
}

function renderCard() {
  return render(
    <MemoryRouter>
      <ExploreSafelyCard database={database} expanded />
    </MemoryRouter>,
  );
}

async function seedAmenities() {
  await database.amenities.bulkPut([
    { id: 'db-kiosk', name: 'Kiosk', type: 'coffee', terminalId: 'departure-bay', riderStatus: 'busy', order: 0 },
    { id: 'a1', name: 'Coffee Bar', type: 'coffee', terminalId: 'horseshoe-bay', order: 1 },
    { id: 'a2', name: 'Food Court', type: 'food', terminalId: 'horseshoe-bay', order: 2 },
    { id: 'a3', name: 'Washrooms', type: 'restroom', terminalId: 'horseshoe-bay', order: 3 },
    { id: 'a4', name: 'Gift Shop', type: 'shop', terminalId: 'horseshoe-bay', order: 4 },
    { id: 'a5', name: 'Viewing Deck', type: 'deck', terminalId: 'horseshoe-bay', order: 5 },
  ]);
}

beforeEach(() => {
  database = freshDatabase();
  useConnectivityStore.setState({ online: false, realtime: 'disconnected', flushing: false });
  useAwayOverlayStore.setState({ open: false });
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

describe('Explore Safely card', () => {
  it('offers at most 4 amenities with their type icons, Ready, and How It Works', async () => {
    fakeServer();
    await storeFerries(database, [ferry()]);
    await seedAmenities();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Explore Safely' });
    await within(card).findByRole('button', { name: 'Coffee Bar' });
    expect(within(card).getByText('Ready')).toBeTruthy();
    expect(within(card).getByText('Safe to Step Away')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'How It Works' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Viewing Deck' })).toBeNull();
    // Departure Bay's kiosk (reported busy there) is not among a Horseshoe Bay rider's amenities.
    expect(within(card).queryByRole('button', { name: /Kiosk/ })).toBeNull();
    expect(within(card).queryByText(/Busy/)).toBeNull();
    const icon = (name: string) =>
      within(card).getByRole('button', { name }).querySelector('svg')?.getAttribute('data-icon');
    expect([icon('Coffee Bar'), icon('Food Court'), icon('Washrooms'), icon('Gift Shop')]).toEqual([
      'coffee',
      'food',
      'restroom',
      'restroom',
    ]);
  });

  it("with no sailing known yet still lists only the rider's terminal's amenities, never another terminal's", async () => {
    fakeServer();
    await seedAmenities();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Explore Safely' });
    await within(card).findByRole('button', { name: 'Coffee Bar' });
    expect(within(card).queryByRole('button', { name: /Kiosk/ })).toBeNull();
    expect(within(card).queryByText(/rider report/)).toBeNull();
  });

  it("starts offline timed by the rider's sailing, shows the overlay, and exits offline; the server then gets one session, ended", async () => {
    const server = fakeServer();
    const sailing = ferry();
    await storeFerries(database, [sailing]);
    await seedAmenities();
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Coffee Bar' }));

    const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
    expect(within(overlay).getByText(/At Coffee Bar/)).toBeTruthy();
    // The sailing leaves in 60 min and boards over the 40 min before; threshold 5: 15 (or 14 once a
    // second has passed) minutes to head back — never the spec's "now + 30 min".
    expect(within(overlay).getByTestId('away-countdown').textContent).toMatch(/^Head back in1[45]min$/);
    expect(await within(overlay).findByText('Stopped')).toBeTruthy();
    expect(within(overlay).getByTestId('away-risk').dataset.risk).toBe('low');
    expect(within(overlay).getByText('You will be alerted if movement is detected in your row')).toBeTruthy();

    const [row] = await database.awaySessions.toArray();
    expect(row).toMatchObject({
      queuePosition: 26,
      alertThresholdMinutes: 5,
      currentLocation: 'Coffee Bar',
      status: 'active',
      syncState: 'queued',
    });
    expect(row!.estimatedBoardingTime).toBe(new Date(Date.parse(sailing.departureTime) - 40 * 60_000).toISOString());
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Coffee Bar' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(overlay).getByRole('button', { name: 'EXIT AWAY MODE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Ready');
    expect(server.requests).toEqual([]);

    // Back online: the outbox sends the start then the exit, in order (then a guest's device asks for
    // the profile, to learn the account its first write created).
    await flushOutbox({ database });
    expect(server.requests.filter((r) => r.includes('/api/away-sessions'))).toEqual([
      'POST /api/away-sessions',
      `DELETE /api/away-sessions/${row!.id}`,
    ]);
    expect(server.requests.at(-1)).toBe('GET /api/users/profile');
    expect([...server.sessions.values()].map((s) => s.status)).toEqual(['ended']);
    await pullActiveAwaySession(database);
    expect(await database.awaySessions.count()).toBe(0);
  });

  it("uses the rider queue position's sailing when one is known", async () => {
    fakeServer();
    await storeFerries(database, [ferry()]);
    await seedAmenities();
    // The position's sailing is the route's sailing after the listed one (the listed one fills up first).
    const listed = (await database.ferries.get('queen-of-oak-bay'))!.departureTime;
    const later = new Date(Date.parse(listed) + 2 * 60 * 60_000).toISOString();
    await database.sailings.bulkPut(
      [listed, later].map((departure) => ({
        id: sailingId('hsb-nan', 'horseshoe-bay', Date.parse(departure)),
        routeId: 'hsb-nan',
        from: 'horseshoe-bay',
        to: 'departure-bay',
        scheduledDeparture: departure,
        status: 'scheduled' as const,
        vesselId: 'queen-of-oak-bay',
        source: 'simulator' as const,
        observedAt: new Date().toISOString(),
      })),
    );
    await database.meta.put({
      key: META.queuePosition,
      value: {
        positionInQueue: 9,
        estimatedBoardingTime: later,
        confidence: 0.9,
        basedOn: 'gps',
        lastUpdated: new Date().toISOString(),
        terminalId: 'horseshoe-bay',
        ferryId: 'queen-of-oak-bay',
        sailingDepartureTime: later,
      },
      updatedAt: Date.now(),
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Food Court' }));
    const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
    const boardingStart = new Date(Date.parse(later) - 40 * 60_000).toISOString();
    expect(await database.awaySessions.toArray()).toMatchObject([
      { queuePosition: 9, estimatedBoardingTime: boardingStart, ferryId: 'queen-of-oak-bay' },
    ]);
    expect(within(overlay).getByText(sailingTimeText(later, Date.now()))).toBeTruthy();
  });

  /** Steps away to the Coffee Bar anyway: the overlay says head back now (0 min), at high risk. */
  async function stepAwayAndExpectHeadBackNow(card: HTMLElement) {
    fireEvent.click(within(card).getByRole('button', { name: 'Coffee Bar' }));
    const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
    expect(within(overlay).getByTestId('away-countdown').textContent).toBe('Head back in0min');
    expect(within(overlay).getByTestId('away-risk').dataset.risk).toBe('high');
  }

  it('says "Stay with your vehicle" when boarding starts this minute, and the overlay then agrees (0 min, risk high)', async () => {
    fakeServer();
    const now = Date.now();
    await storeFerries(database, [
      ferry({
        departureTime: new Date(now + 40 * 60_000).toISOString(),
        boardingStartTime: new Date(now + 30_000).toISOString(),
      }),
    ]);
    await seedAmenities();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Explore Safely' });
    const verdict = await within(card).findByTestId('step-away-verdict');
    expect(verdict.dataset.verdict).toBe('stay');
    expect(within(card).getByText('Stay with your vehicle')).toBeTruthy();
    expect(within(card).queryByText('Safe to Step Away')).toBeNull();
    await stepAwayAndExpectHeadBackNow(card);
  });

  it('counts down to the sailing that leaves in 10 minutes, not to now + 30 min', async () => {
    fakeServer();
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() + 10 * 60_000).toISOString() })]);
    await seedAmenities();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Explore Safely' });
    expect((await within(card).findByTestId('step-away-verdict')).dataset.verdict).toBe('stay');
    await stepAwayAndExpectHeadBackNow(card);
  });

  it("away mode's alarm: the switch sets it, the overlay offers I'm heading back, which acknowledges it", async () => {
    fakeServer();
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() + 10 * 60_000).toISOString() })]);
    await seedAmenities();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Explore Safely' });
    const coffee = await within(card).findByRole('button', { name: 'Coffee Bar' });
    await waitFor(() => expect(coffee.hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(card).getByRole('switch', { name: 'Repeat the alert until I acknowledge it' }));
    fireEvent.click(coffee);
    const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
    expect(within(overlay).getByTestId('away-alarm').textContent).toMatch(
      /^Alarm (ringing: the alert|on: at the alert, it) repeats every 2 minutes until you acknowledge it\./,
    );
    fireEvent.click(within(overlay).getByRole('button', { name: "I'm heading back" }));
    await waitFor(() =>
      expect(within(overlay).getByTestId('away-alarm').textContent).toBe(
        'Alarm acknowledged: the alert will not repeat.',
      ),
    );
    const [row] = await database.awaySessions.toArray();
    expect(row).toMatchObject({ repeatUntilAcknowledged: true, acknowledgedAt: expect.any(String) });
  });

  it('the alarm repeats the return alert every 2 minutes on the page until acknowledged', async () => {
    const now = Date.now();
    await database.awaySessions.put(
      coffeeBarSession(now, { id: 's9', repeatUntilAcknowledged: true, acknowledgedAt: null }),
    );
    const shown: string[] = [];
    const showAlert = (alert: { key: string }) => {
      if (shown.includes(alert.key)) return false;
      shown.push(alert.key);
      return true;
    };
    await checkAwayAlerts(database, showAlert, now + 25 * 60_000);
    await checkAwayAlerts(database, showAlert, now + 27 * 60_000);
    await checkAwayAlerts(database, showAlert, now + 28 * 60_000);
    expect(shown).toEqual(['away:s9:return', 'away:s9:return:repeat:1']);
    await database.awaySessions.update('s9', { acknowledgedAt: new Date(now + 28 * 60_000).toISOString() });
    await checkAwayAlerts(database, showAlert, now + 31 * 60_000);
    expect(shown).toEqual(['away:s9:return', 'away:s9:return:repeat:1']);
  });

  it('shows "Safe to Step Away" with the time to head back only when the overlay would say risk low', async () => {
    fakeServer();
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() + 90 * 60_000 + 30_000).toISOString() })]);
    await seedAmenities();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Explore Safely' });
    expect((await within(card).findByTestId('step-away-verdict')).dataset.verdict).toBe('safe');
    expect(within(card).getByText('Safe to Step Away')).toBeTruthy();
    expect(within(card).getByText(/Head back in 45 min, before your .* sailing starts boarding/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Coffee Bar' }));
    const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
    expect(within(overlay).getByTestId('away-countdown').textContent).toBe('Head back in45min');
    expect(within(overlay).getByTestId('away-risk').dataset.risk).toBe('low');
  });

  it('with no sailing known, says it cannot time the return and starts nothing', async () => {
    fakeServer();
    // Only a sailing from another terminal: nothing leaves the rider's terminal (Horseshoe Bay).
    await storeFerries(database, [
      ferry({ id: 'other', terminalId: 'swartz-bay', routeId: 'swb-tsa', route: 'Swartz Bay - Tsawwassen' }),
    ]);
    await seedAmenities();
    renderCard();
    const card = await screen.findByRole('region', { name: 'Explore Safely' });
    expect(await within(card).findByText('Away mode cannot time your return')).toBeTruthy();
    expect(within(card).queryByText('Safe to Step Away')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Coffee Bar' }).hasAttribute('disabled')).toBe(true);
    expect(await database.awaySessions.count()).toBe(0);
  });

  it('turns the risk yellow at 5 minutes and red at 2, and never counts below 0', async () => {
    fakeServer();
    // Only the clock and intervals: IndexedDB (fake-indexeddb) needs the real setImmediate/setTimeout.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      await storeFerries(database, [ferry({ status: 'en_route' })]);
      const now = Date.now();
      await database.awaySessions.put(
        sampleAwaySession({
          estimatedBoardingTime: new Date(now + 11 * 60_000 + 30_000).toISOString(),
          currentLocation: 'Coffee Bar',
          alertAt: new Date(now + 6 * 60_000 + 30_000).toISOString(),
          createdAt: new Date(now).toISOString(),
        }),
      );
      useAwayOverlayStore.setState({ open: true });
      renderCard();
      const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
      // The vessel is still crossing: the lanes are not moving, so the overlay does not say "Moving".
      // The overlay reads the ferry from the device after its first render (it says "N/A" until then),
      // so wait for that read rather than for the element: on a loaded machine the read comes later.
      await waitFor(() => expect(within(overlay).getByTestId('away-motion').textContent).toBe('On its way'));
      const risk = () => within(overlay).getByTestId('away-risk').dataset.risk;
      const minutes = () => within(overlay).getByTestId('away-countdown').textContent;
      expect(minutes()).toBe('Head back in6min');
      expect(risk()).toBe('low');
      await act(async () => {
        await vi.advanceTimersByTime(60_000);
      });
      expect(minutes()).toBe('Head back in5min');
      expect(risk()).toBe('medium');
      await act(async () => {
        await vi.advanceTimersByTime(3 * 60_000);
      });
      expect(minutes()).toBe('Head back in2min');
      expect(risk()).toBe('high');
      await act(async () => {
        await vi.advanceTimersByTime(10 * 60_000);
      });
      expect(minutes()).toBe('Head back in0min');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the spec fallback "11:50 am" as the next sailing when its ferry is not known', async () => {
    fakeServer();
    await database.awaySessions.put(sampleAwaySession({ id: 's3', ferryId: 'unknown-vessel' }));
    render(
      <MemoryRouter initialEntries={['/app?away=open']}>
        <ExploreSafelyCard database={database} />
      </MemoryRouter>,
    );
    const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
    const nextSailing = within(overlay).getByText('Next Sailing').nextElementSibling;
    await waitFor(() => expect(nextSailing?.textContent).toBe('11:50 am'));
    expect(within(overlay).getByText('Status').nextElementSibling?.textContent).toBe('N/A');
  });

  it('opens the overlay from ?away=open while a session is active', async () => {
    fakeServer();
    await storeFerries(database, [ferry()]);
    await database.awaySessions.put(sampleAwaySession({ id: 's2' }));
    render(
      <MemoryRouter initialEntries={['/app?away=open']}>
        <ExploreSafelyCard database={database} />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('dialog', { name: 'EXPLORE MODE' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide explore mode' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByRole('dialog', { name: 'EXPLORE MODE' })).toBeTruthy();
  });
});

describe('active session reconciliation', () => {
  const base = {
    ferryId: 'queen-of-oak-bay',
    queuePosition: 26,
    estimatedBoardingTime: new Date(Date.now() + 30 * 60_000).toISOString(),
    alertThresholdMinutes: 5,
    currentLocation: 'Coffee Bar',
    alertAt: new Date(Date.now() + 25 * 60_000).toISOString(),
    createdAt: new Date().toISOString(),
    status: 'active' as const,
  };

  it('keeps a session whose start is still queued, whatever the server says', async () => {
    fakeServer();
    await database.awaySessions.put({ ...base, id: 'local', syncState: 'queued' });
    await pullActiveAwaySession(database);
    expect(await database.awaySessions.get('local')).toBeTruthy();
  });

  it('takes the server answer once nothing is queued: its session in, other rows out', async () => {
    const server = fakeServer();
    server.sessions.set('remote', { ...base, id: 'remote' });
    await database.awaySessions.put({ ...base, id: 'stale', syncState: 'sent', syncedAt: Date.now() - 60_000 });
    await pullActiveAwaySession(database);
    expect((await database.awaySessions.toArray()).map((row) => [row.id, row.syncState])).toEqual([['remote', 'sent']]);
  });

  it('ignores an answer to a request started before the server acknowledged the local change', async () => {
    fakeServer();
    await database.awaySessions.put({ ...base, id: 'fresh', syncState: 'sent', syncedAt: Date.now() + 60_000 });
    await pullActiveAwaySession(database);
    expect(await database.awaySessions.get('fresh')).toBeTruthy();
  });
});

describe('local away alerts', () => {
  it('fires the return alert at alertAt and the moving alert when boarding starts, once each', async () => {
    const now = Date.now();
    await storeFerries(database, [ferry({ boardingStartTime: new Date(now + 10 * 60_000).toISOString() })]);
    await database.awaySessions.put(coffeeBarSession(now, { id: 's3' }));
    const shown: string[] = [];
    const showAlert = (alert: { key: string }) => {
      if (shown.includes(alert.key)) return false;
      shown.push(alert.key);
      return true;
    };
    await checkAwayAlerts(database, showAlert, now + 9 * 60_000);
    expect(shown).toEqual([]);
    await checkAwayAlerts(database, showAlert, now + 10 * 60_000);
    expect(shown).toEqual(['away:s3:moving']);
    await checkAwayAlerts(database, showAlert, now + 25 * 60_000);
    await checkAwayAlerts(database, showAlert, now + 26 * 60_000);
    expect(shown).toEqual(['away:s3:moving', 'away:s3:return']);
  });

  it('keeps the alert display loaded while a session is active, so the alert can show offline later', async () => {
    const preloadAlertDisplay = vi.fn();
    const showAlert = () => true;
    const stop = watchAwayAlerts(database, { showAlert, preloadAlertDisplay });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(preloadAlertDisplay).not.toHaveBeenCalled();
      await database.awaySessions.put(sampleAwaySession({ id: 's4' }));
      await vi.waitFor(() => expect(preloadAlertDisplay).toHaveBeenCalled(), { timeout: 3_000 });
    } finally {
      stop();
    }
  });

  it('reads nothing each second while no away session is active, and checks each second once one is', async () => {
    const reads = vi.spyOn(database.awaySessions, 'where');
    const preloadAlertDisplay = vi.fn();
    const stop = watchAwayAlerts(database, { showAlert: () => true, preloadAlertDisplay });
    try {
      // Over three seconds, only the live query's reads of which sessions are active (a check each
      // second would have read four times).
      await new Promise((resolve) => setTimeout(resolve, 3_200));
      expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
      await database.awaySessions.put(sampleAwaySession({ id: 's5' }));
      await vi.waitFor(() => expect(preloadAlertDisplay.mock.calls.length).toBeGreaterThanOrEqual(2), {
        timeout: 3_000,
      });
      // The session ends: the checks stop.
      await database.awaySessions.update('s5', { status: 'ended' });
      // (a check that read the session before it ended may still be answering)
      await new Promise((resolve) => setTimeout(resolve, 500));
      const calls = preloadAlertDisplay.mock.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(preloadAlertDisplay.mock.calls.length).toBe(calls);
    } finally {
      stop();
      reads.mockRestore();
    }
  });
});
