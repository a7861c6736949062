import { act, cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import { queuePosition } from '@/domain/contracts/queue';
import { getProfile } from '@/domain/contracts/users';
import { QUEUE_REFRESH_MS } from '@/domain/queue-estimate';
import { QueueDetectionWidget } from '@/features/queue/queue-detection-widget';

import { riderProfile } from '../kit/client/answers';
import { fakeApi, reply } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';
import { SETTLED } from '../kit/settled';

let database: DeckhandDB;

/** The server: rider 7 has a position there (found on another device); the device has none cached. */
function serverWithPosition() {
  let positionInQueue = 14;
  const api = fakeApi()
    .answer(getProfile, riderProfile({ id: 7 }))
    .answer(queuePosition, ({ params }) =>
      params.userId === '7'
        ? {
            positionInQueue,
            estimatedBoardingTime: new Date(Date.now() + 40 * 60_000).toISOString(),
            confidence: 0.9,
            basedOn: 'gps_and_cameras',
            lastUpdated: new Date().toISOString(),
            terminalId: 'horseshoe-bay',
          }
        : reply(403, { error: 'forbidden', message: "Another rider's position" }),
    );
  return {
    /** The requests for rider 7's position. */
    positionRequests: () => api.callsTo(queuePosition).filter((c) => c.path === '/api/queue/position/7'),
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
});

describe('queue position refresh', () => {
  it('fetches the position from the server on the first visit, with nothing cached, then every 15 s', async () => {
    const server = serverWithPosition();
    // Only the refresh interval is faked: fake-indexeddb needs the real setTimeout/setImmediate.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    render(<QueueDetectionWidget database={database} />);
    expect((await screen.findByTestId('queue-position-number')).textContent).toBe('14');
    expect(server.positionRequests()).toHaveLength(1);

    server.moveTo(11);
    await act(async () => {
      await vi.advanceTimersByTime(QUEUE_REFRESH_MS);
    });
    await vi.waitFor(() => expect(screen.getByTestId('queue-position-number').textContent).toBe('11'), SETTLED);
    expect(server.positionRequests()).toHaveLength(2);
  });
});
