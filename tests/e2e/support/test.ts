/**
 * Playwright's `test` for specs that rewrite the page's requests (`page.route`, `context.route`).
 * The app asks for some answers again while it runs (the config, the profile), so a test may end
 * while a route is still rewriting one; Playwright would then report that route's "Test ended"
 * against the next test in the worker. Here the page and its context stop their routes as the test
 * ends, before they close (unless the test closed them itself).
 */
import { test as base } from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, use) => {
    let closed = false;
    context.once('close', () => (closed = true));
    await use(context);
    if (!closed) await context.unrouteAll({ behavior: 'ignoreErrors' });
  },
  page: async ({ page }, use) => {
    await use(page);
    if (!page.isClosed()) await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
});
