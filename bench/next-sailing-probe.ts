/**
 * For the page-load benchmarks: records, in the page, when the Next Ferry card first shows the next
 * sailing ("Departs in N min" or "Now boarding"), with a MutationObserver and performance.now(), so
 * polling from the test adds nothing to what is measured.
 */
import type { BrowserContext, Page } from 'playwright';

const NEXT_SAILING = /Departs in \d+ min|Now boarding/;

declare global {
  interface Window {
    __nextSailingShownAt?: number;
  }
}

/** Adds the recorder to every page the context opens. */
export async function recordNextSailingShown(context: BrowserContext): Promise<void> {
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  await context.addInitScript(`
    new MutationObserver(() => {
      if (window.__nextSailingShownAt !== undefined) return;
      const card = [...document.querySelectorAll('section')].find((s) => s.textContent.startsWith('Next Ferry'));
      if (card && ${NEXT_SAILING}.test(card.textContent)) window.__nextSailingShownAt = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  `);
}

/** Milliseconds from navigation start to the next sailing on screen, once it is. */
export async function nextSailingShownAt(page: Page): Promise<number> {
  await page.waitForFunction(() => window.__nextSailingShownAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => window.__nextSailingShownAt!);
}
