/**
 * /app as the server sends it carries the list its first screen was rendered from; the app's first
 * render takes it, so it shows the same sailing (tests/integration/prerender.test.tsx: the render).
 */
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';

import { readFirstScreenData, takeFirstScreenData } from '@/app/first-screen-data';
import { readStoredBanners, storedBannersFirstRead } from '@/data/banners';
import { db, META } from '@/data/db';
import { readStoredFerries, storedFerriesFirstRead, storeFerries } from '@/data/ferries';
import { riderTerminalFirstRead } from '@/data/rider-terminal';
import { FIRST_SCREEN_DATA_ELEMENT_ID, firstScreenDataScript } from '@/domain/first-screen-data';
import { BannerCarousel } from '@/features/banners/banner-carousel';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';

import { SAMPLE_BANNERS, sampleFerry } from './sample-data';

const MINUTE = 60_000;

afterEach(async () => {
  cleanup();
  document.body.innerHTML = '';
  await db.ferries.clear();
  await db.banners.clear();
  await db.meta.bulkDelete([META.ferriesFetchedAt, META.bannersFetchedAt]);
  storedBannersFirstRead.done();
});

const BANNERS = SAMPLE_BANNERS;

/** The page's data block, as the server writes it behind #root. */
function pageWith(block: string): Document {
  document.body.innerHTML = `<div id="root"></div>${block}`;
  return document;
}

describe("the list /app's HTML came with", () => {
  it("gives the Next Ferry card's first render the same sailing, is taken once, and is kept on the device", async () => {
    const fetchedAt = Date.now();
    const ferry = sampleFerry({ departureTime: new Date(fetchedAt + 20.5 * MINUTE).toISOString() });
    const doc = pageWith(firstScreenDataScript({ ferries: [ferry], fetchedAt }));

    const kept = takeFirstScreenData(doc, db);
    expect(kept).toBeDefined();
    expect(doc.getElementById(FIRST_SCREEN_DATA_ELEMENT_ID)).toBeNull();
    await riderTerminalFirstRead.start(5_000);
    render(<NextFerryCard />);
    // The first render, with nothing stored on the device yet: the server's sailing.
    expect(screen.getByText('Departs in 21 min')).toBeTruthy();
    expect(screen.queryByText('Loading ferry information...')).toBeNull();

    await kept;
    expect(await readStoredFerries(db)).toEqual({ ferries: [ferry], fetchedAt });
    expect(takeFirstScreenData(doc, db)).toBeUndefined();
    // Once the card's live query has answered, the page's list is dropped.
    await waitFor(() => expect(storedFerriesFirstRead.initial()).toBeUndefined());
  });

  it('does not replace a list the device fetched later', async () => {
    const sent = Date.now() - 5 * MINUTE;
    const newer = sampleFerry({ currentVehicles: 300 });
    await storeFerries(db, [newer], Date.now());
    await takeFirstScreenData(
      pageWith(firstScreenDataScript({ ferries: [sampleFerry({ currentVehicles: 10 })], fetchedAt: sent })),
      db,
    );
    expect((await readStoredFerries(db)).ferries).toEqual([newer]);
    storedFerriesFirstRead.done();
  });

  it("gives the banner strip's first render the page's banners, and keeps them on the device", async () => {
    const fetchedAt = Date.now();
    const kept = takeFirstScreenData(
      pageWith(firstScreenDataScript({ ferries: [sampleFerry()], fetchedAt, banners: BANNERS })),
      db,
    );
    render(<BannerCarousel />);
    // The first render, with nothing stored on the device yet: the strip as the HTML has it.
    expect(screen.getByRole('region', { name: 'Announcements' }).textContent).toContain('Lanes move before departure.');
    expect(screen.getAllByRole('button', { name: /^Show banner/ })).toHaveLength(2);

    await kept;
    expect(await readStoredBanners(db)).toEqual({
      banners: BANNERS.map((banner, order) => ({ ...banner, order })),
      pulled: true,
    });
    expect(await db.meta.get(META.bannersFetchedAt)).toMatchObject({ value: fetchedAt });
    // Once the strip's live query has answered, the page's banners are dropped.
    await waitFor(() => expect(storedBannersFirstRead.initial()).toBeUndefined());
  });

  it('does not replace banners the device fetched later', async () => {
    await db.banners.put({ id: 'newer', title: 'Fetched after the page', message: '', order: 0 });
    await db.meta.put({ key: META.bannersFetchedAt, value: Date.now(), updatedAt: Date.now() });
    await takeFirstScreenData(
      pageWith(
        firstScreenDataScript({ ferries: [sampleFerry()], fetchedAt: Date.now() - 5 * MINUTE, banners: BANNERS }),
      ),
      db,
    );
    expect((await readStoredBanners(db)).banners.map((b) => b.id)).toEqual(['newer']);
    storedFerriesFirstRead.done();
  });

  it('leaves the strip to the device when the page has no banners', async () => {
    const kept = takeFirstScreenData(
      pageWith(firstScreenDataScript({ ferries: [sampleFerry()], fetchedAt: Date.now() })),
      db,
    );
    await kept;
    expect(storedBannersFirstRead.initial()).toBeUndefined();
    expect(await readStoredBanners(db)).toEqual({ banners: [], pulled: false });
    storedFerriesFirstRead.done();
  });

  it('ignores a page without one, or with one that is not a ferry list', () => {
    expect(readFirstScreenData(pageWith(''))).toBeUndefined();
    expect(
      readFirstScreenData(
        pageWith(`<script type="application/json" id="${FIRST_SCREEN_DATA_ELEMENT_ID}">{not json</script>`),
      ),
    ).toBeUndefined();
    expect(
      readFirstScreenData(
        pageWith(
          `<script type="application/json" id="${FIRST_SCREEN_DATA_ELEMENT_ID}">{"ferries":[{"id":1}],"fetchedAt":1}</script>`,
        ),
      ),
    ).toBeUndefined();
    expect(takeFirstScreenData(pageWith(''), db)).toBeUndefined();
  });
});
