/**
 * The feed status's readers (every figure label on home reads it): once the stored status is on
 * screen, nothing reads the device again until it changes. A reader that subscribed anew on every
 * render re-read it without end (hundreds of reads a second on a phone, every label rendered again).
 */
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { META, type DeckhandDB } from '@/data/db';
import { useFeedStatus } from '@/data/feed-status';
import type { FeedStatus } from '@/domain/feed-status';

import { freshDatabase } from '../kit/client/fresh-database';

const STATUS: FeedStatus = {
  configured: 'auto',
  fallbackReason: 'BC Ferries could not be reached',
  simulatedLaneCounts: true,
  sources: [],
};

let database: DeckhandDB;
let renders = 0;

function Reader({ name }: { name: string }) {
  renders += 1;
  const status = useFeedStatus(database);
  return (
    <p>
      {name}: {status === undefined ? 'reading' : (status?.fallbackReason ?? 'none')}
    </p>
  );
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  database = freshDatabase();
  renders = 0;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useFeedStatus', () => {
  it('reads the device once per change, however many labels show the status', async () => {
    await database.meta.put({ key: META.feedStatus, value: STATUS, updatedAt: Date.now() });
    const reads = vi.spyOn(database.meta, 'get');
    render(
      <>
        <Reader name="Sailing" />
        <Reader name="Car deck" />
        <Reader name="Lane" />
      </>,
    );
    expect(await screen.findByText('Lane: BC Ferries could not be reached')).toBeTruthy();
    await settle(100);
    const readsOnScreen = reads.mock.calls.length;
    const rendersOnScreen = renders;
    await settle(400);
    expect(reads.mock.calls.length).toBe(readsOnScreen);
    expect(renders).toBe(rendersOnScreen);

    // A new status reaches every label.
    await database.meta.put({
      key: META.feedStatus,
      value: { ...STATUS, fallbackReason: null },
      updatedAt: Date.now(),
    });
    expect(await screen.findByText('Sailing: none')).toBeTruthy();
    expect(screen.getByText('Car deck: none')).toBeTruthy();
  });
});
