/**
 * The pages whose first screen the build renders into their own HTML file (src/app/prerender.tsx),
 * so a phone paints them before any JavaScript has run. The server and the service worker answer a
 * navigation to exactly one of these paths with its file; every other path gets index.html, whose
 * empty #root the app fills (a shell of home shown at /app/tracker would flash the wrong page).
 */
export const PRERENDERED_SHELLS: ReadonlyArray<{
  path: string;
  file: string;
  page: string;
  /**
   * The page the server fills with the first screen rendered per request (server/http/first-screen.ts):
   * complete in its HTML, it starts its scripts after its first paint. Not precached: offline, and
   * once the app is installed, the service worker answers with `file`.
   */
  serverRendered?: string;
}> = [
  {
    path: '/app',
    file: 'shells/app.html',
    page: 'src/app/pages/home-page.tsx',
    serverRendered: 'shells/app.server.html',
  },
  { path: '/landing', file: 'shells/landing.html', page: 'src/features/landing/landing-page.tsx' },
];

/**
 * The attribute on a brochure's <html> (/landing: its HTML is the whole page, with a script of its own,
 * src/landing-main.ts). The app's entry does not start there: it may be loaded as a library (the
 * toast area of a trial press), and must not take the page over.
 */
export const BROCHURE_MARK = 'data-brochure';

/** The files the server fills per request: the service worker does not precache them. */
export const SERVER_RENDERED_GLOB = 'shells/*.server.html';

function shellAt(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PRERENDERED_SHELLS.find((shell) => shell.path === path);
}

/** The prerendered file for a navigation to `pathname` (a trailing slash allowed), or undefined. */
export function prerenderedShellFor(pathname: string): string | undefined {
  return shellAt(pathname)?.file;
}

/** The file the server fills with the first screen for a navigation to `pathname`, or undefined. */
export function serverRenderedFor(pathname: string): string | undefined {
  return shellAt(pathname)?.serverRendered;
}

/**
 * The module that renders those first screens (src/app/prerender.tsx), as the build bundles it for
 * Node: the build renders the shells with it, and the server renders /app with it per request.
 * Relative to the project's root; outside the static root, so it is never served.
 */
export const FIRST_SCREEN_RENDERER = { dir: 'dist-ssr', file: 'first-screen.js' } as const;
