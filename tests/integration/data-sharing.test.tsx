import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { DeckhandDB } from '@/data/db';
import { DataSharingToggle } from '@/features/queue/data-sharing-toggle';
import { calculatePosition, verifyPhoto } from '@/features/queue/queue-sync';
import { freshDatabase } from '../kit/client/fresh-database';

let database: DeckhandDB;
const bodies: Array<{ url: string; shareData: unknown }> = [];

beforeEach(() => {
  database = freshDatabase();
  bodies.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body ?? '{}')) as { shareData?: unknown };
      bodies.push({ url, shareData: body.shareData });
      if (url === '/api/queue/verify-photo') {
        return Response.json({ verified: true, reason: 'verified', message: 'Your position is verified.', reportedPosition: 4, computedPosition: 4 });
      }
      return Response.json({ positionInQueue: 4, estimatedBoardingTime: new Date().toISOString(), confidence: 0.9, basedOn: 'gps', lastUpdated: new Date().toISOString() });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('data-sharing toggle', () => {
  it('is on by default, names both the position and the counts, and governs every call that reports', async () => {
    render(<DataSharingToggle database={database} />);
    const toggle = screen.getByRole('switch', { name: 'Share my position and queue counts with other riders' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await calculatePosition(database, { lat: 49.37, lng: -123.27 });
    await verifyPhoto(database, 'data:image/png;base64,AAAA', 4);
    expect(bodies.map((b) => b.shareData)).toEqual([true, true]);

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await calculatePosition(database, { lat: 49.37, lng: -123.27 });
    await verifyPhoto(database, 'data:image/png;base64,AAAA', 4);
    expect(bodies.slice(2)).toEqual([
      { url: '/api/queue/calculate-position', shareData: false },
      { url: '/api/queue/verify-photo', shareData: false },
    ]);
  });
});
