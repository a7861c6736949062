/**
 * The first screen of /app and /landing as HTML, so a phone paints the page from the HTML and its
 * inlined CSS while the JavaScript is still on its way: the real components, rendered in Node.
 *
 * - The build renders each page once with no local data into its shell (scripts/prerender-shells.ts):
 *   the Next Ferry card at its reserved size saying "Loading ferry information...", every lazy widget
 *   as its reserved box. The service worker answers with these shells offline and once installed.
 * - The server renders /app again per request with the sailings and banners it has
 *   (server/http/first-screen.ts, through this module as the build bundles it for Node), so a first
 *   visit paints the next sailing and the banner strip from the HTML alone: the terminal a new rider
 *   starts with, the server's clock and zone data.
 *
 * The client then renders the same tree over it (src/main.tsx loads the route's code first, and home
 * takes the lists the HTML was rendered from, src/app/first-screen-data.ts), so nothing in between
 * flashes or moves.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadRoute } from '@/app/router';
import { riderTerminalFirstRead } from '@/data/rider-terminal';
import { storedBannersFirstRead } from '@/data/stored-banners';
import { storedFerriesFirstRead } from '@/data/stored-ferries';
import { riderTerminal } from '@/domain/rider-terminal';
import type { LiveRender } from '@/domain/first-screen-data';
import { setTerminalZoneOffset } from '@/domain/time';
import { bannerRows } from '@/sync/rider-pull';
import { setRenderInstant } from '@/ui/use-now';

/** The clock bar's time in the build's shells: drawn by the client, since the build's time would be wrong on any phone. */
const CLOCK_TIME = /<time dateTime="[^"]*">[^<]*<\/time>/i;

export async function renderShell(path: string, live?: LiveRender): Promise<string> {
  await preloadRoute(path);
  setRenderInstant(live?.now ?? Date.now());
  if (live) {
    setTerminalZoneOffset(live.zoneOffset);
    storedFerriesFirstRead.seed(live.data);
    if (live.data.banners) storedBannersFirstRead.seed({ banners: bannerRows(live.data.banners), pulled: true });
    // A first visit's terminal (the device's pick and queue position are the device's own).
    riderTerminalFirstRead.seed({ ...riderTerminal({ queuePosition: null, chosenTerminalId: undefined, now: live.now }), queuePosition: null });
  }
  try {
    const html = renderToString(
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>,
    );
    return live ? html : html.replace(CLOCK_TIME, '<time></time>');
  } finally {
    // This render's data is its own: the next render starts without it.
    storedFerriesFirstRead.done();
    riderTerminalFirstRead.done();
    storedBannersFirstRead.done();
  }
}
