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
 * The client then hydrates it (src/main.tsx loads the route's code first, and home's first render
 * takes the lists and the instant the HTML was rendered with, src/app/first-screen-data.ts), so the
 * app adopts the HTML as it is: nothing in between flashes, moves or is built twice.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { AppRoutes, preloadRoute } from '@/app/router';
import { bannerRows, storedBannersFirstRead } from '@/data/banners';
import { storedFerriesFirstRead } from '@/data/ferries';
import { firstVisitTerminal, riderTerminalFirstRead } from '@/data/rider-terminal';
import type { LiveRender } from '@/domain/first-screen-data';
import { setTerminalZoneOffset } from '@/domain/time';
import { setRenderInstant } from '@/ui/use-now';

export async function renderShell(path: string, live?: LiveRender): Promise<string> {
  await preloadRoute(path);
  // The build's shells show no clock: the build's time would be wrong on any phone.
  setRenderInstant(live?.now);
  if (live) {
    setTerminalZoneOffset(live.zoneOffset);
    storedFerriesFirstRead.seed(live.data);
    if (live.data.banners) storedBannersFirstRead.seed({ banners: bannerRows(live.data.banners), pulled: true });
    // A first visit's terminal (the device's pick and queue position are the device's own).
    riderTerminalFirstRead.seed(firstVisitTerminal(live.now));
  }
  try {
    return renderToString(
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>,
    );
  } finally {
    // This render's data is its own: the next render starts without it.
    storedFerriesFirstRead.done();
    riderTerminalFirstRead.done();
    storedBannersFirstRead.done();
  }
}
