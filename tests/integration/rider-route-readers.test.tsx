/**
 * The rider's route as home's cards read it (the Next Ferry card, the tracker, the explore and timer
 * cards each show the rider's sailing): one read of the device per change, however many cards show
 * it, and every card sees the same answer. A card shown later starts from the answer already on
 * screen; once no card shows the route, a card opened later starts from a read of its own.
 */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { useRiderRoute } from '@/data/rider-route';
import { riderRoute } from '@/domain/rider-route';

import { freshDatabase } from '../kit/client/fresh-database';
import { publishedSailing } from '../kit/sailing';
import { SETTLED } from '../kit/settled';

let database: DeckhandDB;

function Card({ name }: { name: string }) {
  const state = useRiderRoute(database);
  return (
    <p>
      {name}: {state === undefined ? 'reading' : `${state.sailings.length} sailings`}
    </p>
  );
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The route home shows on a first visit (Horseshoe Bay's first), and one of its sailings `hours` ahead. */
function routeSailing(hours: number) {
  const route = riderRoute('horseshoe-bay', undefined);
  if (!route) throw new Error('Horseshoe Bay has no route');
  return publishedSailing({
    routeId: route.routeId,
    from: route.terminalId,
    to: 'langdale',
    departure: Date.now() + hours * 3_600_000,
    observedAt: Date.now(),
  });
}

beforeEach(() => {
  database = freshDatabase();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useRiderRoute', () => {
  it('reads the device as often for three cards as for one: once per change, shared', async () => {
    /** The device reads that showing `cards` cards and then one change to the sailings cost. */
    const readsFor = async (cards: string[]) => {
      await database.sailings.clear();
      await database.sailings.put(routeSailing(1));
      const reads = vi.spyOn(database.ferries, 'toArray');
      const shown = render(
        <>
          {cards.map((name) => (
            <Card key={name} name={name} />
          ))}
        </>,
      );
      for (const name of cards) expect(await screen.findByText(`${name}: 1 sailings`)).toBeTruthy();
      await database.sailings.put(routeSailing(2));
      for (const name of cards) expect(await screen.findByText(`${name}: 2 sailings`)).toBeTruthy();
      await settle(100);
      const count = reads.mock.calls.length;
      shown.unmount();
      reads.mockRestore();
      return count;
    };
    const one = await readsFor(['Next Ferry']);
    expect(one).toBeGreaterThan(0);
    // Dexie may run a query once more when a write lands while it reads, so allow one read more; a
    // query per card reads three times as often.
    expect(await readsFor(['Next Ferry', 'Tracker', 'Explore'])).toBeLessThanOrEqual(one + 1);
  });

  it('gives a card shown later the answer on screen at once, and a card opened after all are gone a read of its own', async () => {
    await database.sailings.put(routeSailing(1));
    const first = render(<Card name="Next Ferry" />);
    expect(await screen.findByText('Next Ferry: 1 sailings')).toBeTruthy();
    const later = render(<Card name="Tracker" />);
    expect(screen.getByText('Tracker: 1 sailings')).toBeTruthy();

    first.unmount();
    later.unmount();
    await database.sailings.put(routeSailing(2));
    render(<Card name="Explore" />);
    expect(screen.getByText('Explore: reading')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByText('Explore: 2 sailings')).toBeTruthy(), SETTLED);
  });
});
