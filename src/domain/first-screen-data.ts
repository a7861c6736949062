/**
 * /app as the server sends it: the server renders the first screen again per request, with the
 * sailings and the banners it has (server/http/first-screen.ts), so a first visit paints the next
 * sailing and the announcements from the HTML alone. The page carries what it was rendered from in a
 * data block, so the app's first render shows the same (src/app/first-screen-data.ts) instead of
 * "Loading ferry information..." and an empty banner strip.
 * The service worker keeps answering with the build's shell: an installed app reads the device.
 */
import { z } from 'zod/mini';

import { bannerListSchema } from './banner';
import { ferryListSchema } from './ferry';
import type { ZoneOffset } from './time';

export const FIRST_SCREEN_DATA_ELEMENT_ID = 'first-screen-data';

/**
 * What /app's first screen was rendered from: the ferry list and when the server read it (epoch ms),
 * the active banners in their order, absent when the server could not read them (the strip then
 * keeps its reserved room until the app's pull, as in the build's shell), and the instant the page
 * shows (its clock and countdowns; epoch ms), so the app's first render over the HTML shows the same.
 */
export const firstScreenDataSchema = z.object({
  ferries: ferryListSchema,
  fetchedAt: z.number(),
  banners: z.optional(bannerListSchema),
  renderedAt: z.optional(z.number()),
});
export type FirstScreenData = z.infer<typeof firstScreenDataSchema>;

/** What the server renders /app's first screen with (src/app/prerender.tsx, server/http/first-screen.ts). */
export interface LiveRender {
  data: FirstScreenData;
  /** The instant the page shows (epoch ms). */
  now: number;
  /** The server's terminal-zone offset (server/time/terminal-zone.ts): the renderer's bundle has its own copy of the clock. */
  zoneOffset: ZoneOffset;
}

/** The data block for `data`: JSON with "<" escaped, so no text in it can end the element early. */
export function firstScreenDataScript(data: FirstScreenData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_DATA_ELEMENT_ID}">${json}</script>`;
}
