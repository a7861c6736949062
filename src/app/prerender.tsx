/**
 * The build renders the first screen of /app and /landing into their HTML (vite.config.ts,
 * scripts/prerender-shells.ts), so a phone paints the page from the HTML and its inlined CSS while
 * the JavaScript is still on its way: the real components, rendered once in Node with no local data
 * (the Next Ferry card at its reserved size saying "Loading ferry information...", every lazy widget
 * as its reserved box). The client then renders the same tree over it (src/main.tsx loads the
 * route's code first, so nothing in between flashes or moves).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadRoute } from '@/app/router';

/** The clock bar's time: drawn by the client, since the build's own time would be wrong on any phone. */
const CLOCK_TIME = /<time dateTime="[^"]*">[^<]*<\/time>/i;

export async function renderShell(path: string): Promise<string> {
  await preloadRoute(path);
  const html = renderToString(
    <StaticRouter location={path}>
      <AppRoutes />
    </StaticRouter>,
  );
  return html.replace(CLOCK_TIME, '<time></time>');
}
