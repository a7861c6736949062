/**
 * /app as the server sends it carries the list its first screen was rendered from; the app's first
 * render takes it, so it shows the same sailing (tests/integration/prerender.test.tsx: the render).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { readServerFerries, takeServerFerries } from '@/app/server-ferries';
import { db, META } from '@/data/db';
import { riderTerminalFirstRead } from '@/data/rider-terminal';
import { readStoredFerries, storedFerriesFirstRead } from '@/data/stored-ferries';
import { serverFerriesScript, SERVER_FERRIES_ELEMENT_ID } from '@/domain/server-ferries';
import { NextFerryCard } from '@/features/next-ferry/next-ferry-card';
import { storeFerries } from '@/sync/pull';
import { sampleFerry } from './sample-data';

const MINUTE = 60_000;

afterEach(async () => {
  cleanup();
  document.body.innerHTML = '';
  await db.ferries.clear();
  await db.meta.delete(META.ferriesFetchedAt);
});

/** The page's data block, as the server writes it behind #root. */
function pageWith(block: string): Document {
  document.body.innerHTML = `<div id="root"></div>${block}`;
  return document;
}

describe("the list /app's HTML came with", () => {
  it("gives the Next Ferry card's first render the same sailing, is taken once, and is kept on the device", async () => {
    const fetchedAt = Date.now();
    const ferry = sampleFerry({ departureTime: new Date(fetchedAt + 20.5 * MINUTE).toISOString() });
    const doc = pageWith(serverFerriesScript({ ferries: [ferry], fetchedAt }));

    const kept = takeServerFerries(doc, db);
    expect(kept).toBeDefined();
    expect(doc.getElementById(SERVER_FERRIES_ELEMENT_ID)).toBeNull();
    await riderTerminalFirstRead.start(5_000);
    render(<NextFerryCard />);
    // The first render, with nothing stored on the device yet: the server's sailing.
    expect(screen.getByText('Departs in 21 min')).toBeTruthy();
    expect(screen.queryByText('Loading ferry information...')).toBeNull();

    await kept;
    expect(await readStoredFerries(db)).toEqual({ ferries: [ferry], fetchedAt });
    expect(takeServerFerries(doc, db)).toBeUndefined();
  });

  it('does not replace a list the device fetched later', async () => {
    const sent = Date.now() - 5 * MINUTE;
    const newer = sampleFerry({ currentVehicles: 300 });
    await storeFerries(db, [newer], Date.now());
    await takeServerFerries(pageWith(serverFerriesScript({ ferries: [sampleFerry({ currentVehicles: 10 })], fetchedAt: sent })), db);
    expect((await readStoredFerries(db)).ferries).toEqual([newer]);
    storedFerriesFirstRead.done();
  });

  it('ignores a page without one, or with one that is not a ferry list', () => {
    expect(readServerFerries(pageWith(''))).toBeUndefined();
    expect(readServerFerries(pageWith(`<script type="application/json" id="${SERVER_FERRIES_ELEMENT_ID}">{not json</script>`))).toBeUndefined();
    expect(readServerFerries(pageWith(`<script type="application/json" id="${SERVER_FERRIES_ELEMENT_ID}">{"ferries":[{"id":1}],"fetchedAt":1}</script>`))).toBeUndefined();
    expect(takeServerFerries(pageWith(''), db)).toBeUndefined();
  });
});
