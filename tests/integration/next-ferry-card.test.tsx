import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DeckhandDB, META } from '@/data/db';
import type { Ferry } from '@/domain/ferry';
import { formatClock, formatClockLower } from '@/domain/time';
import { useConnectivityStore } from '@/sync/connectivity-store';
import { storeFerries } from '@/sync/pull';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { sampleFerry } from './sample-data';

const queueListeners = vi.hoisted(() => [] as Array<(value: unknown) => void>);

vi.mock('@/lib/firebase', () => ({
  subscribeQueueData: vi.fn(async (_config: unknown, _terminalId: string, onValue: (value: unknown) => void) => {
    queueListeners.push(onValue);
    return () => undefined;
  }),
}));

let database: DeckhandDB;

function ferry(overrides: Partial<Ferry> = {}): Ferry {
  return sampleFerry({
    departureTime: new Date(Date.now() + 12.5 * 60_000).toISOString(),
    ...overrides,
  });
}

beforeEach(() => {
  database = new DeckhandDB(`test-${crypto.randomUUID()}`);
  useConnectivityStore.setState({ online: true, realtime: 'disconnected', flushing: false });
  queueListeners.length = 0;
});

afterEach(async () => {
  cleanup();
  await database.delete();
});

describe('NextFerryCard', () => {
  it('says it is loading until a ferry is stored', async () => {
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Loading ferry information...')).toBeTruthy();
  });

  it('shows the earliest ferry: route, minutes to departure, departure time and capacity', async () => {
    const next = ferry();
    await storeFerries(database, [
      ferry({ id: 'later', name: 'Spirit of Vancouver Island', route: 'Tsawwassen - Swartz Bay', departureTime: new Date(Date.now() + 90 * 60_000).toISOString() }),
      next,
    ]);
    render(<NextFerryCard database={database} />);

    expect(await screen.findByText('Horseshoe Bay - Departure Bay')).toBeTruthy();
    expect(screen.getByText('Departs in 12 min')).toBeTruthy();
    expect(screen.getByText(formatClock(next.departureTime))).toBeTruthy();
    expect(screen.getByText('45%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Capacity' }).getAttribute('aria-valuenow')).toBe('45');
    expect(screen.queryByText('Tsawwassen - Swartz Bay')).toBeNull();
    expect(screen.queryByText('Loading ferry information...')).toBeNull();
  });

  it('says "Now boarding" when departure is now or past', async () => {
    await storeFerries(database, [ferry({ departureTime: new Date(Date.now() - 60_000).toISOString() })]);
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Now boarding')).toBeTruthy();
  });

  it('shows "Live" while the realtime channel is connected, else how old the data is', async () => {
    const fetchedAt = Date.parse('2026-03-02T18:42:00Z');
    await storeFerries(database, [ferry()], fetchedAt);
    render(<NextFerryCard database={database} />);

    expect(await screen.findByText(`Updated ${formatClockLower(fetchedAt)}`)).toBeTruthy();
    expect(screen.queryByText('Live')).toBeNull();

    useConnectivityStore.setState({ realtime: 'connected' });
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(screen.queryByText(/^Updated/)).toBeNull();
  });

  it('updates when new ferry data lands in the local store', async () => {
    await storeFerries(database, [ferry()]);
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('45%')).toBeTruthy();

    await storeFerries(database, [ferry({ currentPassengers: 900 })]);
    expect(await screen.findByText('75%')).toBeTruthy();
  });

  it('shows the estimated vehicles waiting at the departure terminal once a value arrives', async () => {
    await storeFerries(database, [ferry()]);
    await database.meta.put({
      key: META.clientConfig,
      value: { realtime: { databaseURL: 'http://127.0.0.1:9000?ns=deckhand-local', projectId: 'deckhand-local', emulator: { port: 9000 } }, vapidPublicKey: null },
      updatedAt: Date.now(),
    });
    render(<NextFerryCard database={database} />);
    expect(await screen.findByText('Horseshoe Bay - Departure Bay')).toBeTruthy();
    expect(screen.queryByText('estimated')).toBeNull();

    await vi.waitFor(() => expect(queueListeners).toHaveLength(1));
    queueListeners[0]!({
      terminalId: 'horseshoe-bay',
      vehicleCount: 37,
      timestamp: Date.now(),
      userReported: false,
      confidence: 0.85,
      source: 'camera',
    });

    expect(await screen.findByText('37 vehicles waiting in the lanes at Horseshoe Bay')).toBeTruthy();
    expect(screen.getByText('estimated')).toBeTruthy();
  });
});
