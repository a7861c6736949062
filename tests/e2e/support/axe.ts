/** axe (WCAG 2.2 AA) on a page that has stopped moving. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

import { ALERT_TOAST_TEST_ID } from '../../../src/lib/alerts';
import { waitForStillPage } from './app';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until no toast that times out is on screen and nothing is animating, then runs axe. axe
 * reads colours as they are painted, and its analysis takes a second or more: a toast that times out
 * meanwhile fades under it and reads as low contrast, so those toasts (5 s each) are let go first.
 * An in-app alert stays until the rider closes it (e.g. "Your queue is moving" when away mode starts
 * on a sailing already boarding, which depends on the hour): it is scanned with the page. The toast
 * region mounts as soon as code that can raise a toast has loaded, so a toast shows as it is raised;
 * a test whose last action raises a toast waits for that toast itself.
 */
export async function axeResults(page: Page) {
  await expect(page.locator(`[data-sonner-toast]:not([data-testid="${ALERT_TOAST_TEST_ID}"])`)).toHaveCount(0);
  await waitForStillPage(page);
  // One run in the page itself: the default mode (built for cross-origin frames, which Deckhand has
  // none of) loads axe a second time in a new blank page to merge the frames' results. The two scan
  // specs, 2 workers on a 2-core host: 200 s and 200 s that way, 182 s and 172 s this way.
  return new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode(true).analyze();
}

/** axe's WCAG 2.2 AA violations, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await axeResults(page);
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
