/**
 * The pages whose first screen the build renders into their own HTML file (src/app/prerender.tsx),
 * so a phone paints them before any JavaScript has run. The server and the service worker answer a
 * navigation to exactly one of these paths with its file; every other path gets index.html, whose
 * empty #root the app fills (a shell of home shown at /app/tracker would flash the wrong page).
 */
export const PRERENDERED_SHELLS = [
  { path: '/app', file: 'shells/app.html', page: 'src/app/pages/home-page.tsx' },
  { path: '/landing', file: 'shells/landing.html', page: 'src/features/landing/landing-page.tsx' },
] as const;

/** The prerendered file for a navigation to `pathname` (a trailing slash allowed), or undefined. */
export function prerenderedShellFor(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PRERENDERED_SHELLS.find((shell) => shell.path === path)?.file;
}
