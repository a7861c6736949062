/**
 * Rider accounts and sessions (DESIGN.md "No hard-coded user"). A rider never signs up: the first
 * request that needs a rider creates an account and a session, and the browser keeps an HttpOnly,
 * SameSite=Lax cookie `dh_session` holding a random 32-byte token. Only the token's SHA-256 is stored.
 *
 * Sessions last SESSION_TTL_MS and slide: when a session is used and was last refreshed more than
 * SESSION_TOUCH_INTERVAL_MS ago, its expiry and the cookie's Max-Age move forward.
 *
 * Two first requests from one browser may race and each create an account; the browser keeps the
 * last cookie it receives and the other account is simply never used again. Neither request fails.
 *
 * Only a write creates an account: a route whose contract's access is 'rider' (writes) is handed
 * its rider by `requireRider` (any account, created on demand) once its input is valid; reads are
 * 'anyone' routes and call `currentRider` (the account if the caller has one, else null, and the
 * read answers what a rider with nothing stored would see), so a crawler or a burst of cookie-less
 * GETs leaves no accounts behind.
 * Staff and admins have their own accounts and sessions (./back-office-session.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { SESSION_TOUCH_INTERVAL_MS, SESSION_TTL_MS } from '@/domain/constants';
import { endSession as endSessionContract } from '@/domain/contracts/users';

import type { Config } from '../config';
import type { Database } from '../db/client';
import { sessions, users, type MembershipType, type Role } from '../db/schema';
import { route } from '../http/contract-route';
import { addRouteHook } from '../http/route-hooks';

export const SESSION_COOKIE = 'dh_session';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  id: number;
  role: Role;
  membershipType: MembershipType;
}

interface ResolvedSession {
  user: SessionUser;
  tokenHash: string;
  lastSeenAt: Date;
}

interface SessionStore {
  database: Database;
  /** COOKIE_SECURE: Secure even on plain-http requests (a proxy that does not say it is HTTPS). */
  cookieSecure: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deckhandSessions: SessionStore;
  }
}

declare module '../http/contract-route' {
  interface CallerByAccess {
    rider: SessionUser;
  }
}

/** One lookup per request, shared by the idempotency hook and the route. */
const resolved = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function store(request: FastifyRequest): SessionStore {
  return request.server.deckhandSessions;
}

/** Secure whenever the request arrived over HTTPS (directly or per a trusted proxy) or it is forced. */
function cookieOptions(request: FastifyRequest) {
  const secure = store(request).cookieSecure || request.protocol === 'https';
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: Math.floor(SESSION_TTL_MS / 1000) };
}

async function lookup(request: FastifyRequest): Promise<ResolvedSession | null> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const { db } = store(request).database;
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      membershipType: users.membershipType,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    user: { id: row.id, role: row.role, membershipType: row.membershipType },
    tokenHash,
    lastSeenAt: row.lastSeenAt,
  };
}

function resolve(request: FastifyRequest): Promise<ResolvedSession | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = lookup(request);
    resolved.set(request, pending);
  }
  return pending;
}

/** The caller's account if the request carries a valid session; never creates one. */
export async function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  return (await resolve(request))?.user ?? null;
}

/** The caller's account id, or null without a valid session (the idempotency hook's `callerId`). */
export async function sessionUserId(request: FastifyRequest): Promise<number | null> {
  return (await getSessionUser(request))?.id ?? null;
}

/** Slides a session forward at most once per SESSION_TOUCH_INTERVAL_MS. */
async function touch(request: FastifyRequest, reply: FastifyReply, session: ResolvedSession): Promise<void> {
  const now = Date.now();
  if (now - session.lastSeenAt.getTime() < SESSION_TOUCH_INTERVAL_MS) return;
  const { database } = store(request);
  await database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
    .where(eq(sessions.tokenHash, session.tokenHash));
  const token = request.cookies[SESSION_COOKIE];
  if (token) reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
}

/** Creates a session for `userId`, sets the cookie on `reply` and returns the stored token hash. */
export async function openSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<string> {
  const { database } = store(request);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const now = Date.now();
  await database.db.insert(sessions).values({
    tokenHash,
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_TTL_MS),
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
  return tokenHash;
}

/** Ends the request's session, if any, and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (token && TOKEN_PATTERN.test(token)) {
    await store(request)
      .database.db.delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
  }
  resolved.set(request, Promise.resolve(null));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

async function createRider(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const { db } = store(request).database;
  const [user] = await db
    .insert(users)
    .values({ username: `rider-${randomBytes(5).toString('hex')}` })
    .returning({ id: users.id, role: users.role, membershipType: users.membershipType });
  if (!user) throw new Error('Creating a rider account returned no row');
  const tokenHash = await openSession(request, reply, user.id);
  resolved.set(request, Promise.resolve({ user, tokenHash, lastSeenAt: new Date() }));
  return user;
}

/**
 * The caller's account. Without a valid session (no cookie, unknown, expired) a new rider account and
 * session are created and the cookie is set on `reply`.
 */
export async function requireRider(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser> {
  const session = await resolve(request);
  if (!session) return createRider(request, reply);
  await touch(request, reply, session);
  return session.user;
}

/** The caller's account (its session slid forward), or null: never creates one. For reads. */
export async function currentRider(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  const session = await resolve(request);
  if (!session) return null;
  await touch(request, reply, session);
  return session.user;
}

export function registerSessions(
  app: FastifyInstance,
  deps: { config: Pick<Config, 'cookieSecure'>; database: Database },
): void {
  app.decorate('deckhandSessions', { database: deps.database, cookieSecure: deps.config.cookieSecure });
  // A rider route's caller, once its input is valid (a bad request creates no account).
  addRouteHook(
    app,
    'preHandler',
    (route) => route.config?.contract?.access === 'rider',
    async (request: FastifyRequest, reply: FastifyReply) => {
      request.caller = await requireRider(request, reply);
    },
  );
  route(app, endSessionContract, {}, async (request, reply) => {
    await endSession(request, reply);
    return reply.code(204).send();
  });
}
