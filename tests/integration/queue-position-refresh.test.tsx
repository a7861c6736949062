import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { QUEUE_REFRESH_MS } from '@/domain/queue-estimate';
import { QueueDetectionWidget } from '@/features/queue/queue-detection-widget';

import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;

/** The server: rider 7 has a position there (found on another device); the device has none cached. */
function serverWithPosition() {
  const requests: string[] = [];
  let positionInQueue = 14;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url === '/api/users/profile') return Response.json({ id: 7, membershipType: 'free' });
      if (url === '/api/queue/position/7') {
        return Response.json({
          positionInQueue,
          estimatedBoardingTime: new Date(Date.now() + 40 * 60_000).toISOString(),
          confidence: 0.9,
          basedOn: 'gps_and_cameras',
          lastUpdated: new Date().toISOString(),
          terminalId: 'horseshoe-bay',
        });
      }
      return Response.json({ error: 'not_found', message: url }, { status: 404 });
    }),
  );
  return {
    requests,
    moveTo: (value: number) => {
      positionInQueue = value;
    },
  };
}

beforeEach(() => {
  database = freshDatabase();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('queue position refresh', () => {
  it('fetches the position from the server on the first visit, with nothing cached, then every 15 s', async () => {
    const server = serverWithPosition();
    // Only the refresh interval is faked: fake-indexeddb needs the real setTimeout/setImmediate.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    render(<QueueDetectionWidget database={database} />);
    expect((await screen.findByTestId('queue-position-number')).textContent).toBe('14');
    expect(server.requests.filter((url) => url === '/api/queue/position/7')).toHaveLength(1);

    server.moveTo(11);
    await act(async () => vi.advanceTimersByTime(QUEUE_REFRESH_MS));
    await vi.waitFor(() => expect(screen.getByTestId('queue-position-number').textContent).toBe('11'));
    expect(server.requests.filter((url) => url === '/api/queue/position/7')).toHaveLength(2);
  });
});
