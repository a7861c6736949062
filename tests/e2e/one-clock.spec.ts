/**
 * One clock: the server and the rider's browser read the same wall-clock time at the terminals.
 * The server formats terminal time with its pinned tz database (server/time/terminal-zone.ts), the
 * browser with its own data (the app reads the offset through Temporal, else Intl); these tests
 * fail when the two disagree, e.g. when Node's built-in data (not the pinned one) creeps back into a
 * server formatter, or when browsers move on to newer tz data than the pinned package carries.
 */
import { expect, test } from '@playwright/test';

import { formatTerminalTime, TERMINAL_TIME_ZONE } from '@/domain/time';

import { TZDATA_VERSION } from '../../server/time/terminal-zone';

const WALL_CLOCK = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
} as const;
const HOUR_MS = 3_600_000;

/** Every 7 hours from a year ago to two years ahead: every offset change in between is crossed. */
function sampleInstants(): number[] {
  const start = Date.now() - 365 * 24 * HOUR_MS;
  return Array.from({ length: Math.ceil((3 * 365 * 24) / 7) }, (_, i) => start + i * 7 * HOUR_MS);
}

test('the server formats terminal time as Chromium does, for three years of instants', async ({ page }) => {
  const instants = sampleInstants();
  const server = instants.map((t) => formatTerminalTime(t, WALL_CLOCK));
  const browser = await page.evaluate(
    ({ instants, zone, options }) => {
      const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
      return instants.map((t) => format.format(t));
    },
    { instants, zone: TERMINAL_TIME_ZONE, options: WALL_CLOCK },
  );
  const disagreements = instants
    .map((t, i) => ({ instant: new Date(t).toISOString(), server: server[i], browser: browser[i] }))
    .filter((row) => row.server !== row.browser);
  expect(disagreements, `server tzdata ${TZDATA_VERSION} vs Chromium's`).toEqual([]);
});

test("Chromium's Temporal, which the app reads the terminal's offset from, agrees with its Intl", async ({ page }) => {
  const instants = sampleInstants();
  const disagreements = await page.evaluate(
    ({ instants, zone }) => {
      const temporal = (
        globalThis as {
          Temporal?: {
            Instant: {
              fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): { offsetNanoseconds: number } };
            };
          };
        }
      ).Temporal;
      if (!temporal) return ['this Chromium has no Temporal'];
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
      return instants.flatMap((t) => {
        const w = Object.fromEntries(parts.formatToParts(t).map((p) => [p.type, Number(p.value)]));
        const intl = Date.UTC(w.year!, w.month! - 1, w.day!, w.hour!, w.minute!) - Math.floor(t / 60_000) * 60_000;
        const fromTemporal = temporal.Instant.fromEpochMilliseconds(t).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;
        return intl === fromTemporal ? [] : [`${new Date(t).toISOString()}: Intl ${intl}, Temporal ${fromTemporal}`];
      });
    },
    { instants, zone: TERMINAL_TIME_ZONE },
  );
  expect(disagreements).toEqual([]);
});

test("a camera frame's stamp is the terminal time Chromium shows for that instant", async ({ page, request }) => {
  const response = await request.get(`/api/cameras/hsb_entrance/frame?t=${Date.now()}`);
  expect(response.ok()).toBe(true);
  const svg = await response.text();
  const instant = Date.parse(response.headers()['last-modified'] ?? '');
  const stamp = /<text[^>]*text-anchor="end">([^<]+)<\/text>/.exec(svg)?.[1];
  const browserStamp = await page.evaluate(
    ({ instant, zone }) =>
      new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: zone,
      }).format(instant),
    { instant, zone: TERMINAL_TIME_ZONE },
  );
  expect(stamp).toBe(browserStamp);
});

test("the departure time in /app's HTML, rendered by the server, is the one the app then shows", async ({
  page,
  browser,
}) => {
  const beforeScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    const html = await beforeScripts.newPage();
    await html.goto('/app');
    const firstHtmlTime = await html
      .getByRole('region', { name: 'Next Ferry' })
      .getByRole('definition')
      .first()
      .textContent();
    expect(firstHtmlTime).toMatch(/^(?:(?:Tomorrow|[A-Z][a-z]+day|[A-Z][a-z]{2} \d{1,2}) )?\d{1,2}:\d{2} [AP]M$/); // with its day when not today

    await page.goto('/app');
    const card = page.getByRole('region', { name: 'Next Ferry' });
    await expect(card.getByLabel('Your terminal')).toBeEnabled(); // the app has rendered over the HTML
    // The same sailing's time, read from the HTML and from the app at the same moment: a sailing's
    // expected departure may move between two reads (its delay becomes known), but two clocks, or
    // two lists, that disagree never meet.
    const shown = () => card.getByRole('definition').first().textContent();
    const fromHtml = async () => {
      await html.goto('/app');
      return html.getByRole('region', { name: 'Next Ferry' }).getByRole('definition').first().textContent();
    };
    await expect
      .poll(async () => {
        const [app, server] = [await shown(), await fromHtml()];
        return app === server && app === (await shown()) ? 'the same' : `app ${app}, HTML ${server}`;
      })
      .toBe('the same');
  } finally {
    await beforeScripts.close();
  }
});
