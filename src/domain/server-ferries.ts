/**
 * /app as the server sends it: the server renders the first screen again per request, with the
 * sailings it has (server/http/first-screen.ts), so a first visit paints the next sailing from the
 * HTML alone. The page carries the list it was rendered from in a data block, so the app's first
 * render shows the same sailing (src/app/server-ferries.ts) instead of "Loading ferry information...".
 * The service worker keeps answering with the build's shell: an installed app reads the device.
 */
import { z } from 'zod/mini';
import { ferryListSchema } from './ferry';
import type { ZoneOffset } from './time';

export const SERVER_FERRIES_ELEMENT_ID = 'server-ferries';

/** The ferry list /app's first screen was rendered from, and when the server read it (epoch ms). */
export const serverFerriesSchema = z.object({ ferries: ferryListSchema, fetchedAt: z.number() });
export type ServerFerries = z.infer<typeof serverFerriesSchema>;

/** What the server renders /app's first screen with (src/app/prerender.tsx, server/http/first-screen.ts). */
export interface LiveRender {
  data: ServerFerries;
  /** The instant the page shows (epoch ms). */
  now: number;
  /** The server's terminal-zone offset (server/time/terminal-zone.ts): the renderer's bundle has its own copy of the clock. */
  zoneOffset: ZoneOffset;
}

/** The data block for `data`: JSON with "<" escaped, so no text in it can end the element early. */
export function serverFerriesScript(data: ServerFerries): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_FERRIES_ELEMENT_ID}">${json}</script>`;
}
