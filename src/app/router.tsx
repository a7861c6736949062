/**
 * Every route of both specs (membership §2 route table). Rider pages exist twice: under /app, always
 * in the phone frame, and at the root, where desktop visitors get the landing page instead. Pages are
 * lazy-loaded so /app downloads only the shell and the home page; the landing page loads only for
 * desktop visitors, and the rider pages at the root only for mobile ones. Anything unmatched is 404.
 *
 * Declarative routes (matched and rendered as `useRoutes` does) rather than a data router: the app
 * loads no data through the router, and the data router's code is about half of react-router's
 * weight in the start-up bundle.
 */
import { Suspense } from 'react';
import { matchRoutes, renderMatches, useLocation, type RouteMatch, type RouteObject } from 'react-router-dom';

import { lazyPage, type LazyPage } from '@/app/lazy-page';
import { LoadingScreen } from '@/app/loading-screen';
import { PlainLayout } from '@/app/plain-layout';
import { RootLayout } from '@/app/root-layout';
import { readDevice } from '@/app/use-device';
import type { AdminSession } from '@/lib/back-office';

/** What a route whose page is loaded before it first renders carries (see `preloadRoute`). */
interface PreloadHandle {
  preload: LazyPage['preload'];
}

/**
 * Home's first screen reads the device store (the stored ferries, the rider's terminal, the banners)
 * while its code loads, so its first render already shows the next sailing and the banner strip; the
 * render waits at most this long for those reads.
 */
const HOME_FIRST_READ_WAIT_MS = 250;

function loadHomePage() {
  return Promise.all([
    import('@/app/pages/home-page'),
    import('@/app/home-first-reads').then((m) => m.startHomeFirstReads(HOME_FIRST_READ_WAIT_MS)),
  ]).then(([m]) => m.HomePage);
}

/**
 * The phone frame (clock bar, connectivity, bottom bar) at `basePath`, loaded before its first render
 * like a page: its connectivity indicator reads the device database, which pages outside the frame
 * (/landing, the back office) never load.
 */
function frame(basePath: '' | '/app'): LazyPage {
  return lazyPage(() =>
    import('@/app/mobile-frame').then(({ MobileFrame }) => {
      const Frame = () => <MobileFrame basePath={basePath} />;
      return Frame;
    }),
  );
}

const APP_FRAME = frame('/app');
const ROOT_FRAME = frame('');

const RIDER_PAGES: ReadonlyArray<{ path?: string; page: LazyPage }> = [
  { page: lazyPage(loadHomePage) },
  { path: 'tracker', page: lazyPage(() => import('@/app/pages/tracker-page').then((m) => m.TrackerPage)) },
  { path: 'store', page: lazyPage(() => import('@/features/store/store-page').then((m) => m.StorePage)) },
  {
    path: 'contributions',
    page: lazyPage(() => import('@/features/contributions/contributions-page').then((m) => m.ContributionsPage)),
  },
  { path: 'profile', page: lazyPage(() => import('@/features/profile/profile-page').then((m) => m.ProfilePage)) },
  { path: 'settings', page: lazyPage(() => import('@/features/settings/settings-page').then((m) => m.SettingsPage)) },
  { path: 'ninja', page: lazyPage(() => import('@/features/ninja/ninja-page').then((m) => m.NinjaPage)) },
  { path: 'games', page: lazyPage(() => import('@/features/games/games-page').then((m) => m.GamesPage)) },
  {
    path: 'exception-pass',
    page: lazyPage(() => import('@/features/exception-pass/exception-pass-page').then((m) => m.ExceptionPassPage)),
  },
  { path: 'help', page: lazyPage(() => import('@/features/help/help-page').then((m) => m.HelpPage)) },
  {
    path: 'data-sources',
    page: lazyPage(() => import('@/features/data-sources/data-sources-page').then((m) => m.DataSourcesPage)),
  },
  {
    path: 'membership',
    page: lazyPage(() => import('@/features/membership/membership-page').then((m) => m.MembershipPage)),
  },
];

function position(path: string | undefined): Pick<RouteObject, 'path'> & { index?: true } {
  return path ? { path } : { index: true };
}

/** A route whose page is loaded before the first render (`preloadRoute`): no flash of a fallback. */
function preloaded(path: string | undefined, page: LazyPage): RouteObject {
  return {
    ...position(path),
    element: page.element,
    handle: { preload: page.preload } satisfies PreloadHandle,
  } as RouteObject;
}

/** Under /app the page's code loads before the page first renders. */
const FRAMED_PAGES = RIDER_PAGES.map(({ path, page }) => preloaded(path, page));

/**
 * At the root the page's code loads before its first render only on a phone (src/app/use-device.ts),
 * where the page is shown in the frame: desktop visitors get the landing page and never download the
 * rider pages. A phone turned into a desktop-sized window later is covered by the frame's Suspense.
 */
const ROOT_PAGES = RIDER_PAGES.map(
  ({ path, page }) =>
    ({
      ...position(path),
      element: page.element,
      handle: {
        preload: () => (readDevice() === 'mobile' ? page.preload() : Promise.resolve()),
      } satisfies PreloadHandle,
    }) as RouteObject,
);

/** What desktop visitors get at the root (the landing page), loaded before its first render and only for them. */
const DESKTOP_ROOT = lazyPage(() => import('@/app/desktop-root').then((m) => m.DesktopRoot));

/** The back office's frame (session check, sign-out), loaded only for back-office pages, before them. */
function backOffice(need: AdminSession['role'], children: RouteObject[]): RouteObject {
  const layout = lazyPage(() =>
    import('@/app/back-office-layout').then(({ BackOfficeLayout }) => {
      const Layout = () => <BackOfficeLayout need={need} />;
      return Layout;
    }),
  );
  return { element: layout.element, handle: { preload: layout.preload } satisfies PreloadHandle, children };
}

const ROUTES: RouteObject[] = [
  {
    path: '/app',
    element: APP_FRAME.element,
    handle: { preload: APP_FRAME.preload } satisfies PreloadHandle,
    children: FRAMED_PAGES,
  },
  {
    path: '/',
    element: <RootLayout desktop={DESKTOP_ROOT.element} mobile={ROOT_FRAME.element} />,
    handle: {
      preload: () => (readDevice() === 'desktop' ? DESKTOP_ROOT.preload() : ROOT_FRAME.preload()),
    } satisfies PreloadHandle,
    children: ROOT_PAGES,
  },
  preloaded(
    '/landing',
    lazyPage(() => import('@/features/landing/landing-page').then((m) => m.LandingPage)),
  ),
  {
    element: <PlainLayout />,
    children: [
      preloaded(
        '/admin/login',
        lazyPage(() => import('@/features/admin/admin-login-page').then((m) => m.AdminLoginPage)),
      ),
      backOffice('admin', [
        preloaded(
          '/admin/dashboard',
          lazyPage(() => import('@/app/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage)),
        ),
      ]),
      backOffice('staff', [
        preloaded(
          '/staff/dashboard',
          lazyPage(() => import('@/features/staff/staff-dashboard-page').then((m) => m.StaffDashboardPage)),
        ),
        preloaded(
          '/staff/verify',
          lazyPage(() => import('@/features/staff/verify-pass-page').then((m) => m.VerifyPassPage)),
        ),
      ]),
      preloaded(
        '/site-tree',
        lazyPage(() => import('@/app/site-tree-page').then((m) => m.SiteTreePage)),
      ),
      preloaded(
        '*',
        lazyPage(() => import('@/app/not-found-page').then((m) => m.NotFoundPage)),
      ),
    ],
  },
];

/**
 * The routes a pathname matches, worked out once per pathname. react-router's `matchRoutes` (and
 * `useRoutes`, which calls it on every render) flattens and ranks the whole table each time: at
 * start-up that was three times before the first screen responded (the page's check for the landing
 * page, its preload, the first render), each a few milliseconds on a slow phone, and again on every
 * render of the routes after. The table never changes, so a pathname's matches never do.
 */
const matchesByPathname = new Map<string, RouteMatch[] | null>();
/** Enough for every page of the app; a stream of unknown paths cannot grow the map without end. */
const MATCHES_KEPT = 64;

function routeMatches(pathname: string): RouteMatch[] | null {
  let matches = matchesByPathname.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(ROUTES, pathname);
    if (matchesByPathname.size >= MATCHES_KEPT) matchesByPathname.clear();
    matchesByPathname.set(pathname, matches);
  }
  return matches;
}

/**
 * The app's pages for the current location; inside a router (browser, memory or static). What
 * `useRoutes(ROUTES)` renders, from the matches worked out once (`routeMatches`).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <Suspense fallback={<LoadingScreen />}>{renderMatches(routeMatches(pathname))}</Suspense>;
}

/**
 * Whether `pathname` shows the landing page: /landing, or the root's pages for a desktop visitor
 * (who gets the landing page there, or the 'Mobile Preview' when the server has it disabled).
 */
export function showsLandingPage(pathname: string): boolean {
  if (pathname.replace(/\/$/, '') === '/landing') return true;
  const top = routeMatches(pathname)?.[0]?.route;
  return top?.path === '/' && readDevice() === 'desktop';
}

/** Loads the code of the page at `pathname`, if its route loads before rendering; never rejects. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = routeMatches(pathname) ?? [];
  const loads = matches.map((match) => (match.route.handle as PreloadHandle | undefined)?.preload());
  await Promise.allSettled(loads);
}
