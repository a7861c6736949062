/**
 * Every route of both specs (membership §2 route table). Rider pages exist twice: under /app, always
 * in the phone frame, and at the root, where desktop visitors get the landing page instead. Pages are
 * lazy-loaded so /app downloads only the shell and the home page; the landing page loads only for
 * desktop visitors, and the rider pages at the root only for mobile ones. Anything unmatched is 404.
 */
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { MobileFrame } from '@/app/mobile-frame';
import { RootLayout } from '@/app/root-layout';
import { PlainLayout } from '@/app/plain-layout';
import { BackOfficeLayout } from '@/app/back-office-layout';
import { LoadingScreen } from '@/app/loading-screen';
import { NotFoundPage } from '@/app/not-found-page';

type PageLoader = () => Promise<ComponentType>;

function page(load: PageLoader): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

const RIDER_PAGES: ReadonlyArray<{ path?: string; load: PageLoader }> = [
  { load: () => import('@/app/pages/home-page').then((m) => m.HomePage) },
  { path: 'tracker', load: () => import('@/app/pages/tracker-page').then((m) => m.TrackerPage) },
  { path: 'store', load: () => import('@/features/store/store-page').then((m) => m.StorePage) },
  { path: 'contributions', load: () => import('@/features/contributions/contributions-page').then((m) => m.ContributionsPage) },
  { path: 'profile', load: () => import('@/features/profile/profile-page').then((m) => m.ProfilePage) },
  { path: 'settings', load: () => import('@/features/settings/settings-page').then((m) => m.SettingsPage) },
  { path: 'ninja', load: () => import('@/features/ninja/ninja-page').then((m) => m.NinjaPage) },
  { path: 'games', load: () => import('@/features/games/games-page').then((m) => m.GamesPage) },
  { path: 'exception-pass', load: () => import('@/features/exception-pass/exception-pass-page').then((m) => m.ExceptionPassPage) },
  { path: 'help', load: () => import('@/features/help/help-page').then((m) => m.HelpPage) },
];

function position(path: string | undefined): Pick<RouteObject, 'path'> & { index?: true } {
  return path ? { path } : { index: true };
}

/** Under /app: the router loads the page's module before it renders (no flash of a fallback). */
function framedPages(): RouteObject[] {
  return RIDER_PAGES.map(({ path, load }) => ({ ...position(path), ...page(load) }) as RouteObject);
}

/**
 * At the root the page's module loads only when it renders, i.e. only for mobile visitors: desktop
 * visitors get the landing page and never download the rider pages. The frame's Suspense covers the load.
 */
const ROOT_PAGES = RIDER_PAGES.map(({ path, load }) => ({
  path,
  Page: lazy(() => load().then((Component) => ({ default: Component }))),
}));

function rootPages(): RouteObject[] {
  return ROOT_PAGES.map(({ path, Page }) => ({ ...position(path), element: <Page /> }) as RouteObject);
}

export function appRoutes(): RouteObject[] {
  return [
    {
      HydrateFallback: LoadingScreen,
      children: [
        { path: '/app', element: <MobileFrame basePath="/app" />, children: framedPages() },
        { path: '/', element: <RootLayout />, children: rootPages() },
        { path: '/landing', ...page(() => import('@/features/landing/landing-page').then((m) => m.LandingPage)) },
        {
          element: <PlainLayout />,
          children: [
            { path: '/admin/login', ...page(() => import('@/features/admin/admin-login-page').then((m) => m.AdminLoginPage)) },
            {
              element: <BackOfficeLayout need="admin" />,
              children: [{ path: '/admin/dashboard', ...page(() => import('@/app/pages/admin-dashboard-page').then((m) => m.AdminDashboardPage)) }],
            },
            {
              element: <BackOfficeLayout need="staff" />,
              children: [
                { path: '/staff/dashboard', ...page(() => import('@/features/staff/staff-dashboard-page').then((m) => m.StaffDashboardPage)) },
                { path: '/staff/verify', ...page(() => import('@/features/staff/verify-pass-page').then((m) => m.VerifyPassPage)) },
              ],
            },
            { path: '/site-tree', ...page(() => import('@/app/site-tree-page').then((m) => m.SiteTreePage)) },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
