import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';

import { preloadRoute } from '@/app/router';
import { storedBannersFirstRead } from '@/data/banners';
import { db, META } from '@/data/db';
import { storedFerriesFirstRead, storeFerries } from '@/data/ferries';
import { firstRead } from '@/data/first-read';
import { firstVisitTerminal, riderTerminalFirstRead } from '@/data/rider-terminal';
import { BannerCarousel } from '@/features/banners/banner-carousel';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';

import { phone, resetDevice, setDevice } from './device-support';
import { sampleFerry } from './sample-data';

afterEach(() => cleanup());

describe('a read made before the first render', () => {
  it('hands its result to the first render until a live query answers, then drops it', async () => {
    let reads = 0;
    const read = firstRead(async () => {
      reads += 1;
      return 'stored';
    });
    expect(read.initial()).toBeUndefined();
    await read.start(1_000);
    await read.start(1_000);
    expect(reads).toBe(1);
    expect(read.initial()).toBe('stored');
    read.done();
    expect(read.initial()).toBeUndefined();
  });

  it('keeps its result for a reader still waiting for its own answer, and drops it once the last has one', async () => {
    const read = firstRead(async () => 'stored');
    await read.start(1_000);
    const releaseCard = read.hold();
    const releaseTracker = read.hold();
    releaseTracker(); // the tracker's live query answered first
    read.done();
    // The card, re-rendered by its clock before its own answer, still shows what it showed.
    expect(read.initial()).toBe('stored');
    releaseCard();
    releaseCard(); // a second release (an effect run twice) changes nothing
    expect(read.initial()).toBeUndefined();
  });

  it("tells the render that takes over the page's HTML what the HTML shows, apart from the device's early read", async () => {
    const read = firstRead(async () => 'on the device');
    expect(read.inHtml()).toBeUndefined();
    // The server rendered a first visit's value; the device's own read follows right after.
    read.seedHtml('in the HTML');
    await read.start(1_000);
    expect(read.inHtml()).toBe('in the HTML');
    expect(read.initial()).toBe('on the device');
    read.done();
    expect(read.inHtml()).toBeUndefined();
    // A list sent with the page is both what the HTML shows and the early result.
    read.seed('sent with the page');
    expect(read.inHtml()).toBe('sent with the page');
    expect(read.initial()).toBe('sent with the page');
  });

  it('while the device read is slower than the wait (a slow phone opening its store), keeps what the HTML shows', async () => {
    let finish: (value: string) => void = () => undefined;
    const read = firstRead(() => new Promise<string>((resolve) => (finish = resolve)));
    read.seedHtml('in the HTML');
    await read.start(30);
    // The render after the take-over must not fall back to nothing ("loading") for what the page showed.
    expect(read.initial()).toBe('in the HTML');
    finish('on the device');
    await read.start(30);
    expect(read.initial()).toBe('on the device');
    read.done();
    expect(read.initial()).toBeUndefined();
  });

  it('does not hold the render longer than asked, and a read that fails gives nothing', async () => {
    let finish: (value: string) => void = () => undefined;
    const slow = firstRead(() => new Promise<string>((resolve) => (finish = resolve)));
    const started = Date.now();
    await slow.start(30);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(slow.initial()).toBeUndefined();
    finish('late');
    await slow.start(30);
    expect(slow.initial()).toBe('late');

    const failing = firstRead(() => Promise.reject(new Error('IndexedDB unavailable')));
    await expect(failing.start(1_000)).resolves.toBeUndefined();
    expect(failing.initial()).toBeUndefined();
  });

  it("lets the Next Ferry card's first render show the stored next sailing, not the loading line", async () => {
    await storeFerries(db, [sampleFerry({ departureTime: new Date(Date.now() + 20.5 * 60_000).toISOString() })]);
    await Promise.all([storedFerriesFirstRead.start(5_000), riderTerminalFirstRead.start(5_000)]);

    render(<NextFerryCard />);
    // No waiting: the first render already has the sailing.
    expect(screen.getByText('Departs in 21 min')).toBeTruthy();
    expect(screen.queryByText('Loading ferry information...')).toBeNull();

    // Once the card's live query has answered, a card mounted later starts from the live query.
    await waitFor(() => {
      expect(storedFerriesFirstRead.initial()).toBeUndefined();
      expect(riderTerminalFirstRead.initial()).toBeUndefined();
    });
    await db.ferries.clear();
  });

  it('keeps the list the page came with while the device, not yet holding it, answers that it has none (a slow phone reading before the write)', async () => {
    // The page's list is seeded; the device store is empty: its write has not landed yet.
    await db.ferries.clear();
    await db.meta.delete(META.ferriesFetchedAt);
    storedFerriesFirstRead.seed({
      ferries: [sampleFerry({ departureTime: new Date(Date.now() + 20.5 * 60_000).toISOString() })],
      fetchedAt: Date.now(),
    });
    riderTerminalFirstRead.seedHtml(firstVisitTerminal(Date.now()));
    try {
      render(<NextFerryCard />);
      expect(screen.getByText('Departs in 21 min')).toBeTruthy();
      // The card's live queries answer (nothing stored): the sailing stays, no loading line.
      await waitFor(() => expect(riderTerminalFirstRead.initial()).toBeUndefined());
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.getByText('Departs in 21 min')).toBeTruthy();
      expect(screen.queryByText('Loading ferry information...')).toBeNull();
      // The write lands: the device's own answer takes over, and the early read is dropped.
      await storeFerries(db, [sampleFerry({ departureTime: new Date(Date.now() + 30.5 * 60_000).toISOString() })]);
      await waitFor(() => expect(screen.getByText('Departs in 31 min')).toBeTruthy());
      await waitFor(() => expect(storedFerriesFirstRead.initial()).toBeUndefined());
    } finally {
      cleanup();
      storedFerriesFirstRead.done();
      riderTerminalFirstRead.done();
      await db.ferries.clear();
      await db.meta.delete(META.ferriesFetchedAt);
    }
  });

  it('on a warm start, opening home reads the stored banners before the first render: the strip shows at once, not its empty room', async () => {
    await db.banners.put({
      id: 'rule',
      title: 'Lanes move before departure',
      message: 'Be back at your vehicle.',
      order: 0,
    });
    await db.meta.put({ key: META.bannersFetchedAt, value: Date.now(), updatedAt: Date.now() });
    setDevice(phone);
    try {
      await preloadRoute('/app');
      render(<BannerCarousel />);
      // No waiting: the first render already has the banner.
      expect(screen.getByRole('region', { name: 'Announcements' }).textContent).toContain(
        'Lanes move before departure.',
      );
      await waitFor(() => expect(storedBannersFirstRead.initial()).toBeUndefined());
    } finally {
      resetDevice();
      storedFerriesFirstRead.done();
      riderTerminalFirstRead.done();
      await db.banners.clear();
      await db.meta.delete(META.bannersFetchedAt);
    }
  });
});
