/**
 * Back-office sign-in and accounts (membership §2 Admin login, §7 POST /api/admin/login).
 *
 * POST /api/admin/login {username, password, role?} → {admin:{username, role}} and the back-office
 * cookie (server/auth/back-office-session.ts). A wrong password, an unknown or a disabled username all
 * answer the same 401 after the same argon2 work. A correct password with role 'admin' on a staff
 * account is 403. Throttled per (username, address) and per address, and slowed per username except
 * for a browser that signed in to it before (src/domain/login-throttle.ts, server/auth/login-throttle.ts).
 * POST /api/admin/logout ends the session; GET /api/admin/session answers who is signed in.
 * GET/POST /api/admin/accounts lets an admin list and create accounts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { httpError, parseBody } from '../http/errors';
import { AccountError, createAccount, findAccount, listAccounts, recordSignIn, usernameKey } from '../auth/back-office-accounts';
import { backOfficeAccount, endBackOfficeSession, openBackOfficeSession } from '../auth/back-office-session';
import { verifyPassword } from '../auth/passwords';
import { recordAudit } from '../back-office/audit';
import { isKnownClient, loginRetryAfterSeconds, recordLoginFailure, rememberGoodSignIn } from '../auth/login-throttle';
import { retryText } from '@/domain/login-throttle';

const ROLE = z.enum(['admin', 'staff']);
const loginSchema = z.object({
  username: z.string().trim().min(1, 'Enter a username').max(100),
  password: z.string().min(1, 'Enter a password').max(1000),
  role: ROLE.optional(),
});
const createAccountSchema = z.object({
  username: z.string().trim().min(3).max(50).regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, ".", "_" or "-"'),
  password: z.string().max(1000),
  role: ROLE,
});

export const INVALID_CREDENTIALS = 'Invalid username or password';

export interface AdminAuthDeps {
  database: Database;
  config: { cookieSecure: boolean };
  now?: () => number;
}

export function registerAdminAuthRoutes(api: FastifyInstance, deps: AdminAuthDeps): void {
  const { database } = deps;
  const clock = deps.now ?? Date.now;
  const sessionDeps = { database, cookieSecure: deps.config.cookieSecure, now: deps.now };

  api.post('/admin/login', { config: { role: 'public' } }, async (request, reply) => {
    const input = parseBody(loginSchema, request.body);
    const key = usernameKey(input.username);
    const now = clock();
    const known = await isKnownClient(database, request, key);
    const retryAfter = await loginRetryAfterSeconds(database, key, request.ip, known, now);
    if (retryAfter !== null) {
      reply.header('Retry-After', String(retryAfter));
      throw httpError(429, 'too_many_attempts', `Too many failed sign-in attempts. ${retryText(retryAfter)}`);
    }
    const account = await findAccount(database, input.username);
    const usable = account && !account.disabled ? account : null;
    const ok = await verifyPassword(usable?.passwordHash ?? null, input.password);
    if (!usable || !ok) {
      await recordLoginFailure(database, key, input.username, request.ip, now);
      throw httpError(401, 'invalid_credentials', INVALID_CREDENTIALS);
    }
    if (input.role === 'admin' && usable.role !== 'admin') {
      throw httpError(403, 'forbidden', 'This account has staff access only. Choose the Staff access level.');
    }
    await rememberGoodSignIn(database, request, reply, key, { cookieSecure: deps.config.cookieSecure, now });
    await recordSignIn(database, usable.id, new Date(now));
    await openBackOfficeSession(sessionDeps, request, reply, usable.id);
    reply.header('Cache-Control', 'no-store');
    return { admin: { username: usable.username, role: usable.role } };
  });

  api.post('/admin/logout', { config: { role: 'public' } }, async (request, reply) => {
    await endBackOfficeSession(sessionDeps, request, reply);
    return reply.code(204).send();
  });

  api.get('/admin/session', { config: { role: 'staff' } }, async (request, reply) => {
    const account = backOfficeAccount(request);
    reply.header('Cache-Control', 'no-store');
    return { admin: { username: account.username, role: account.role } };
  });

  api.get('/admin/accounts', { config: { role: 'admin' } }, async () => listAccounts(database));

  api.post('/admin/accounts', { config: { role: 'admin' } }, async (request, reply) => {
    const input = parseBody(createAccountSchema, request.body);
    try {
      const created = await createAccount(database, input);
      await recordAudit(database.db, backOfficeAccount(request), 'account.create', `${created.role} ${created.username}`);
      return reply.code(201).send(created);
    } catch (error) {
      if (error instanceof AccountError) throw httpError(error.code === 'username_taken' ? 409 : 400, error.code, error.message);
      throw error;
    }
  });
}
