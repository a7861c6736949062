import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { DeckhandDB } from '@/data/db';
import {
  calculatePosition as calculatePositionContract,
  verifyPhoto as verifyPhotoContract,
} from '@/domain/contracts/queue';
import { DataSharingToggle } from '@/features/queue/data-sharing-toggle';
import { calculatePosition, verifyPhoto } from '@/features/queue/queue-sync';

import { fakeApi, type FakeApi } from '../kit/client/fake-api';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;
let api: FakeApi;

const POSITION = {
  positionInQueue: 4,
  estimatedBoardingTime: new Date().toISOString(),
  confidence: 0.9,
  basedOn: 'gps',
  lastUpdated: new Date().toISOString(),
};
const DETAILS = { laneId: 'lane-1', carsAheadByGeometry: 3, carsCounted: null, carsAhead: 3 };

beforeEach(() => {
  database = freshDatabase();
  api = fakeApi()
    .answer(verifyPhotoContract, {
      verified: true,
      reason: 'verified',
      message: 'Your position is verified.',
      reportedPosition: 4,
      computedPosition: 4,
    })
    .answer(calculatePositionContract, { ...POSITION, details: DETAILS });
});

/** What each report said about sharing, with where it went. */
const shared = () => api.calls.map((c) => ({ url: c.path, shareData: (c.body as { shareData?: unknown }).shareData }));

afterEach(() => {
  cleanup();
});

describe('data-sharing toggle', () => {
  it('is on by default, names both the position and the counts, and governs every call that reports', async () => {
    render(<DataSharingToggle database={database} />);
    const toggle = screen.getByRole('switch', { name: 'Share my position and queue counts with other riders' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await calculatePosition(database, { lat: 49.37, lng: -123.27 });
    await verifyPhoto(database, 'data:image/png;base64,AAAA', 4);
    expect(shared().map((b) => b.shareData)).toEqual([true, true]);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await calculatePosition(database, { lat: 49.37, lng: -123.27 });
    await verifyPhoto(database, 'data:image/png;base64,AAAA', 4);
    expect(shared().slice(2)).toEqual([
      { url: '/api/queue/calculate-position', shareData: false },
      { url: '/api/queue/verify-photo', shareData: false },
    ]);
  });
});
