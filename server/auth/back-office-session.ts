/**
 * Back-office (staff and admin) sessions, separate from rider sessions (DESIGN.md "Roles are enforced
 * by the server"). A successful sign-in sets `dh_backoffice`: HttpOnly, SameSite=Strict, a random
 * 32-byte token of which only the SHA-256 is stored. The session ends after
 * BACK_OFFICE_IDLE_TIMEOUT_MS without use; use slides the expiry forward (at most every
 * BACK_OFFICE_TOUCH_INTERVAL_MS). A disabled account's sessions stop working at once.
 *
 * Route roles: a route's role is its contract's `access` (src/domain/contracts/), and one onRequest
 * hook enforces it — before the body is parsed or validated — with 401 for a caller without a
 * back-office session and 403 for a staff account on an admin route ('staff' routes admit staff and
 * admins); the account it admitted is the handler's caller (server/http/contract-route.ts). Any
 * other access is 'public' here: the few routes a signed-out caller must reach under the back-office
 * paths (sign-in, sign-out) are 'anyone' routes. A route under /api/admin/, /api/staff/ or
 * /api/booking-agent/ without a contract makes the app fail to start, so none can be added
 * unprotected.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

import { BACK_OFFICE_IDLE_TIMEOUT_MS, BACK_OFFICE_TOUCH_INTERVAL_MS } from '@/domain/constants';

import type { Database } from '../db/client';
import { backOfficeAccounts, backOfficeSessions, type BackOfficeRole } from '../db/schema';
import { httpError } from '../http/errors';
import { addRouteHook } from '../http/route-hooks';
import { hashToken } from './session';

export const BACK_OFFICE_COOKIE = 'dh_backoffice';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Paths whose every route must declare a role. */
export const PROTECTED_PREFIXES = ['/api/admin/', '/api/staff/', '/api/booking-agent/'] as const;

export type RouteRole = BackOfficeRole | 'public';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route with a declared role, as collected by onRoute (the enumeration test reads it). */
    declaredRoles: Array<{ method: string; url: string; role: RouteRole }>;
  }
}

declare module '../http/contract-route' {
  interface CallerByAccess {
    staff: BackOfficeAccount;
    admin: BackOfficeAccount;
  }
}

export interface BackOfficeAccount {
  id: number;
  username: string;
  role: BackOfficeRole;
}

interface Resolved {
  account: BackOfficeAccount;
  tokenHash: string;
  lastSeenAt: Date;
}

/** Secure whenever the request arrived over HTTPS (directly or per a trusted proxy) or it is forced, as the rider cookie. */
function cookieOptions(forceSecure: boolean, request: FastifyRequest) {
  const secure = forceSecure || request.protocol === 'https';
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure,
    maxAge: Math.floor(BACK_OFFICE_IDLE_TIMEOUT_MS / 1000),
  };
}

/** The back-office role a route needs, from its contract's access; undefined for a route without a contract. */
function roleOf(route: Pick<RouteOptions, 'config'>): RouteRole | undefined {
  const access = route.config?.contract?.access;
  if (!access) return undefined;
  return access === 'admin' || access === 'staff' ? access : 'public';
}

export function isProtectedPath(url: string): boolean {
  return PROTECTED_PREFIXES.some((prefix) => url.startsWith(prefix));
}

async function lookup(database: Database, request: FastifyRequest, now: number): Promise<Resolved | null> {
  const token = request.cookies?.[BACK_OFFICE_COOKIE];
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const [row] = await database.db
    .select({
      id: backOfficeAccounts.id,
      username: backOfficeAccounts.username,
      role: backOfficeAccounts.role,
      lastSeenAt: backOfficeSessions.lastSeenAt,
    })
    .from(backOfficeSessions)
    .innerJoin(backOfficeAccounts, eq(backOfficeAccounts.id, backOfficeSessions.accountId))
    .where(
      and(
        eq(backOfficeSessions.tokenHash, tokenHash),
        gt(backOfficeSessions.expiresAt, new Date(now)),
        eq(backOfficeAccounts.disabled, false),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { account: { id: row.id, username: row.username, role: row.role }, tokenHash, lastSeenAt: row.lastSeenAt };
}

export interface BackOfficeSessionDeps {
  database: Database;
  cookieSecure: boolean;
  now?: () => number;
}

/** Opens a session for `accountId`, ending the one the request carried (a sign-in always gets a new token). */
export async function openBackOfficeSession(
  deps: BackOfficeSessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: number,
): Promise<void> {
  await endBackOfficeSession(deps, request, reply);
  const token = randomBytes(32).toString('base64url');
  const now = (deps.now ?? Date.now)();
  await deps.database.db.insert(backOfficeSessions).values({
    tokenHash: hashToken(token),
    accountId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + BACK_OFFICE_IDLE_TIMEOUT_MS),
  });
  reply.setCookie(BACK_OFFICE_COOKIE, token, cookieOptions(deps.cookieSecure, request));
}

export async function endBackOfficeSession(
  deps: BackOfficeSessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies?.[BACK_OFFICE_COOKIE];
  if (token && TOKEN_PATTERN.test(token)) {
    await deps.database.db.delete(backOfficeSessions).where(eq(backOfficeSessions.tokenHash, hashToken(token)));
  }
  reply.clearCookie(BACK_OFFICE_COOKIE, { path: '/' });
}

/** Registers the role declaration check (onRoute) and its enforcement (onRequest). Call before any route. */
export function registerRouteRoles(app: FastifyInstance, deps: BackOfficeSessionDeps): void {
  const clock = deps.now ?? Date.now;
  app.decorate('declaredRoles', []);
  app.addHook('onRoute', (route) => {
    const role = roleOf(route);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (role) {
      for (const method of methods) app.declaredRoles.push({ method, url: route.url, role });
      return;
    }
    if (isProtectedPath(route.url)) {
      throw new Error(
        `${methods.join(',')} ${route.url} must declare its back-office role: register it with route() from a contract whose access names it`,
      );
    }
  });

  // Only routes that declare a back-office role run the check (server/http/route-hooks.ts).
  const guarded = (route: RouteOptions) => {
    const role = roleOf(route);
    return role === 'admin' || role === 'staff';
  };
  addRouteHook(app, 'onRequest', guarded, async (request: FastifyRequest, reply: FastifyReply) => {
    const role = request.routeOptions.config?.contract?.access;
    if (role !== 'admin' && role !== 'staff') return;
    const now = clock();
    const session = await lookup(deps.database, request, now);
    if (!session) throw httpError(401, 'unauthorized', 'Sign in to the back office to continue');
    if (role === 'admin' && session.account.role !== 'admin') {
      throw httpError(403, 'forbidden', 'This needs an admin account');
    }
    request.caller = session.account;
    if (now - session.lastSeenAt.getTime() >= BACK_OFFICE_TOUCH_INTERVAL_MS) {
      await deps.database.db
        .update(backOfficeSessions)
        .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + BACK_OFFICE_IDLE_TIMEOUT_MS) })
        .where(eq(backOfficeSessions.tokenHash, session.tokenHash));
      const token = request.cookies[BACK_OFFICE_COOKIE];
      if (token) reply.setCookie(BACK_OFFICE_COOKIE, token, cookieOptions(deps.cookieSecure, request));
    }
  });
}
