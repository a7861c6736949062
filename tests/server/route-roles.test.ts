/**
 * Every route under /api/admin/, /api/staff/ and /api/booking-agent/ is enumerated from the app's
 * own route registry (collected by onRoute) and must refuse anonymous callers (401), riders (401:
 * a rider session is not a back-office session) and, for admin routes, staff (403) — before its
 * body is validated, so an empty or malformed body gets the same answer.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { isProtectedPath, registerRouteRoles } from '../../server/auth/back-office-session';
import { asGuest, asRider, asStaff } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({ reset: ['back_office_accounts', 'users', 'sessions'] });

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
}

function protectedRoutes() {
  return t.app.declaredRoles.filter(
    (route) => isProtectedPath(route.url) && route.role !== 'public' && route.method !== 'HEAD',
  );
}

describe('back-office route roles', () => {
  it('finds the protected routes (the list is not empty)', () => {
    const urls = protectedRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/staff/orders/:id/status');
    expect(urls).toContain('GET /api/admin/session');
    expect(urls).toContain('POST /api/admin/accounts');
  });

  it('only sign-in and sign-out are public under the protected prefixes', () => {
    const open = t.app.declaredRoles
      .filter((r) => isProtectedPath(r.url) && r.role === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(['POST /api/admin/login', 'POST /api/admin/logout']);
  });

  it('answers 401 to anonymous callers and riders on every protected route, even with a bad body', async () => {
    const rider = await asRider(t);
    for (const route of protectedRoutes()) {
      for (const caller of [asGuest(t), rider]) {
        const res = await caller.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url),
          headers: { 'content-type': 'application/json' },
          payload: route.method === 'GET' ? undefined : '{"not valid',
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ error: 'unauthorized' });
      }
    }
  });

  it('answers 403 to staff on every admin route, even with a bad body', async () => {
    const staff = await asStaff(t);
    const adminRoutes = protectedRoutes().filter((r) => r.role === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const route of adminRoutes) {
      const res = await staff.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: { 'content-type': 'application/json' },
        payload: route.method === 'GET' ? undefined : '{"not valid',
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('refuses to start an app with a route under a protected prefix that declares no role', async () => {
    const app = Fastify();
    registerRouteRoles(app, { database: t.database, cookieSecure: false });
    expect(() => app.get('/api/admin/forgotten', async () => ({}))).toThrow(/must declare its back-office role/);
    await app.close();
  });
});
