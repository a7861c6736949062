/**
 * What the server sent with /app's HTML (src/domain/first-screen-data.ts), taken before home's first
 * render: that render takes over the HTML (src/main.tsx hydrates it), so it must show exactly what the
 * HTML shows: the sailing and the banners, at the instant and for the first visit's terminal the
 * server rendered. Both lists are also kept on the device (a later pull replaces them), so they are
 * there offline too.
 */
import { bannerRows, storeBannersUnlessNewer, storedBannersFirstRead } from '@/data/banners';
import { db, type DeckhandDB } from '@/data/db';
import { storedFerriesFirstRead, storeFerriesUnlessNewer } from '@/data/ferries';
import { firstVisitTerminal, riderTerminalFirstRead } from '@/data/rider-terminal';
import { FIRST_SCREEN_DATA_ELEMENT_ID, firstScreenDataSchema, type FirstScreenData } from '@/domain/first-screen-data';
import { logFailure } from '@/sync/log-failure';
import { setRenderInstant } from '@/ui/use-now';

/** The page's data block, if it has a valid one. */
export function readFirstScreenData(doc: Document): FirstScreenData | undefined {
  const text = doc.getElementById(FIRST_SCREEN_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = firstScreenDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Seeds home's first reads with the page's lists and stores them; the block is removed, so it is
 * taken once (a later visit to home reads the device). Returns the storing (it never rejects: a
 * failure is logged), or undefined when the page had no data.
 *
 * The banners are seeded as the server rendered them, none dismissed: a rider who dismissed one on
 * this device before it had the service worker sees it until the device's read replaces the list.
 */
export function takeFirstScreenData(doc: Document = document, database: DeckhandDB = db): Promise<void> | undefined {
  const data = readFirstScreenData(doc);
  doc.getElementById(FIRST_SCREEN_DATA_ELEMENT_ID)?.remove();
  if (!data) return undefined;
  const renderedAt = data.renderedAt ?? data.fetchedAt;
  setRenderInstant(renderedAt);
  storedFerriesFirstRead.seed(data);
  // The server rendered a first visit's terminal; the device's pick follows right after.
  riderTerminalFirstRead.seedHtml(firstVisitTerminal(renderedAt));
  const { banners } = data;
  if (banners) storedBannersFirstRead.seed({ banners: bannerRows(banners), pulled: true });
  return Promise.all([
    storeFerriesUnlessNewer(database, data.ferries, data.fetchedAt).catch(
      logFailure('Keeping the ferries sent with the page'),
    ),
    banners &&
      storeBannersUnlessNewer(database, banners, data.fetchedAt).catch(
        logFailure('Keeping the banners sent with the page'),
      ),
  ]).then(() => undefined);
}
