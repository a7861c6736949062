/**
 * One sailing for the rider everywhere: Next Ferry, the queue card and away mode (its card and its
 * overlay) show the same sailing of the rider's route, with the same departure, boarding start and
 * countdown, read from the stored timetable (not each vessel's next departure), and all move to the
 * route's next sailing once that one has left.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { storeFerries } from '@/data/ferries';
import { sailingId } from '@/domain/sailing';
import { sailingTimeInText, sailingTimeText } from '@/domain/sailing-day';
import { formatClock } from '@/domain/time';
import { useAwayOverlayStore } from '@/features/explore/away-overlay-store';
import { ExploreSafelyCard } from '@/features/explore/explore-safely-card';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { QueueDetectionWidget } from '@/features/queue/queue-detection-widget';

import { freshDatabase } from '../kit/client/fresh-database';
import { goOffline } from '../kit/client/offline-device';
import { sailingMaker } from '../kit/sailing';
import { sampleFerry } from './sample-data';

const MINUTE = 60_000;
let database: DeckhandDB;

/** A departure `minutesAhead` from now, on a whole minute (as timetables are). */
const departureIn = (minutesAhead: number) =>
  new Date(Math.ceil((Date.now() + minutesAhead * MINUTE) / MINUTE) * MINUTE).toISOString();

const sailing = sailingMaker({
  observedAt: () => Date.now(),
  carFill: 50,
  vesselId: 'queen-of-coquitlam',
  vesselName: 'Queen of Coquitlam',
  source: 'simulator',
});

beforeEach(() => {
  database = freshDatabase();
  // Offline: every card reads the device only; the away session waits in the outbox.
  goOffline();
  useAwayOverlayStore.setState({ open: false });
});

afterEach(() => {
  cleanup();
});

function renderHome() {
  return render(
    <MemoryRouter>
      <NextFerryCard database={database} />
      <QueueDetectionWidget database={database} />
      <ExploreSafelyCard database={database} />
    </MemoryRouter>,
  );
}

describe("the rider's sailing on home, the queue card and away mode", () => {
  it('is the same sailing with the same times on all three, and all move on once it has left', async () => {
    const first = departureIn(70);
    const second = departureIn(200);
    const langdaleSide = departureIn(30);
    await database.sailings.bulkPut([
      sailing('hsb-lng', 'horseshoe-bay', 'langdale', first),
      sailing('hsb-lng', 'horseshoe-bay', 'langdale', second),
      sailing('hsb-lng', 'langdale', 'horseshoe-bay', langdaleSide),
      sailing('hsb-nan', 'horseshoe-bay', 'departure-bay', departureIn(20), {
        vesselId: 'queen-of-oak-bay',
        vesselName: 'Queen of Oak Bay',
      }),
    ]);
    // The vessel list: the Langdale vessel's next departure is from the far side (the old way's pick).
    await storeFerries(database, [
      sampleFerry({
        id: 'queen-of-coquitlam',
        name: 'Queen of Coquitlam',
        route: 'Langdale - Horseshoe Bay',
        routeId: 'hsb-lng',
        terminalId: 'langdale',
        departureTime: langdaleSide,
        status: 'en_route',
      }),
      sampleFerry({ departureTime: departureIn(20) }),
    ]);
    await database.meta.put({ key: META.chosenRoute, value: 'hsb-lng', updatedAt: Date.now() });
    await database.meta.put({
      key: META.queuePosition,
      value: {
        positionInQueue: 12,
        estimatedBoardingTime: new Date(Date.parse(first) - 30 * MINUTE).toISOString(),
        confidence: 0.9,
        basedOn: 'gps_and_cameras',
        lastUpdated: new Date().toISOString(),
        terminalId: 'horseshoe-bay',
        ferryId: 'queen-of-coquitlam',
        sailingDepartureTime: first,
      },
      updatedAt: Date.now(),
    });
    await database.amenities.bulkPut([
      { id: 'a1', name: 'Coffee Bar', type: 'coffee', terminalId: 'horseshoe-bay', order: 1 },
    ]);
    renderHome();

    const home = await screen.findByTestId('next-ferry-card');
    const queue = screen.getByRole('region', { name: 'Queue Position' });
    const shows = async (departure: string) => {
      const boardingStarts = formatClock(Date.parse(departure) - 40 * MINUTE);
      // With its day when it is not today ("Tomorrow 12:10 AM"), on both cards.
      const when = sailingTimeText(departure, Date.now());
      await waitFor(() => expect(within(home).getByTestId('next-ferry-departure').textContent).toBe(when));
      expect(within(home).getByTestId('next-ferry-route').textContent).toBe('Horseshoe Bay - Langdale');
      expect(within(home).getByTestId('next-ferry-boarding-starts').textContent).toBe(boardingStarts);
      // No source publishes a boarding start: modelled from the departure, and labelled so.
      expect(
        within(home).getByTestId('next-ferry-boarding-starts').parentElement?.parentElement?.textContent,
      ).toContain('estimated');
      await waitFor(() => expect(within(queue).getByTestId('queue-sailing-departure').textContent).toBe(when));
      expect(within(queue).getByTestId('queue-sailing').textContent).toContain('Horseshoe Bay - Langdale');
      expect(within(queue).getByTestId('queue-boarding-starts').textContent).toBe(boardingStarts);
      expect(within(queue).getByTestId('queue-boarding-starts').parentElement?.textContent).toContain('estimated');
      // The countdown on both is the same number of minutes.
      const departsIn = within(home).getByTestId('next-ferry-countdown').textContent!;
      expect(within(queue).getByTestId('queue-sailing').textContent).toContain(departsIn);
    };

    await shows(first);
    const explore = screen.getByRole('region', { name: 'Explore Safely' });
    await waitFor(() =>
      expect(within(explore).getByTestId('step-away-verdict').textContent).toContain(
        `your ${sailingTimeInText(first, Date.now())} sailing`,
      ),
    );
    expect(within(explore).getByTestId('step-away-verdict').textContent).toContain(
      `boarding starts ${formatClock(Date.parse(first) - 40 * MINUTE)}, estimated`,
    );
    fireEvent.click(within(explore).getByRole('button', { name: 'Coffee Bar' }));
    const overlay = await screen.findByRole('dialog', { name: 'EXPLORE MODE' });
    const nextSailing = () => within(overlay).getByText('Next Sailing').nextElementSibling?.textContent;
    expect(nextSailing()).toBe(sailingTimeText(first, Date.now()));
    // Head back 5 minutes before boarding starts: the session is timed by the sailing home shows.
    const [session] = await database.awaySessions.toArray();
    expect(session).toMatchObject({
      ferryId: 'queen-of-coquitlam',
      estimatedBoardingTime: new Date(Date.parse(first) - 40 * MINUTE).toISOString(),
    });
    // The countdown was rendered at the page's last tick, a moment (on a loaded machine, seconds)
    // before this reads the clock: a minute may have turned in between, either way.
    const headBack = Math.floor((Date.parse(first) - 45 * MINUTE - Date.now()) / MINUTE);
    const countdown = Number(within(overlay).getByTestId('away-countdown').textContent!.replace(/\D/g, ''));
    expect(countdown).toBeGreaterThanOrEqual(headBack - 1);
    expect(countdown).toBeLessThanOrEqual(headBack + 1);

    // The sailing leaves (the feed says so): every card shows the route's next one, not the far side's.
    const left = await database.sailings.get(sailingId('hsb-lng', 'horseshoe-bay', Date.parse(first)));
    await database.sailings.put({ ...left!, status: 'departed' });
    await waitFor(() => expect(nextSailing()).toBe(sailingTimeText(second, Date.now())));
    await shows(second);
    expect(within(home).queryByText(formatClock(langdaleSide))).toBeNull();
  }, 30_000);
});
