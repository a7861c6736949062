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

import { createAccount, currentSession, listAccounts, signIn, signOut } from '@/domain/contracts/back-office-auth';
import { retryText } from '@/domain/login-throttle';

import { recordAudit } from '../audit/audit-log';
import * as accounts from '../auth/back-office-accounts';
import { endBackOfficeSession, openBackOfficeSession } from '../auth/back-office-session';
import { isKnownClient, loginRetryAfterSeconds, recordLoginFailure, rememberGoodSignIn } from '../auth/login-throttle';
import { verifyPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { route } from '../http/contract-route';
import { httpError } from '../http/errors';

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

  route(api, signIn, {}, async (request, reply) => {
    const input = request.body;
    const key = accounts.usernameKey(input.username);
    const now = clock();
    const known = await isKnownClient(database, request, key);
    const retryAfter = await loginRetryAfterSeconds(database, key, request.ip, known, now);
    if (retryAfter !== null) {
      reply.header('Retry-After', String(retryAfter));
      throw httpError(429, 'too_many_attempts', `Too many failed sign-in attempts. ${retryText(retryAfter)}`);
    }
    const account = await accounts.findAccount(database, input.username);
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
    await accounts.recordSignIn(database, usable.id, new Date(now));
    await openBackOfficeSession(sessionDeps, request, reply, usable.id);
    return reply.header('Cache-Control', 'no-store').send({ admin: { username: usable.username, role: usable.role } });
  });

  route(api, signOut, {}, async (request, reply) => {
    await endBackOfficeSession(sessionDeps, request, reply);
    return reply.code(204).send();
  });

  route(api, currentSession, {}, async (_request, reply, account) => {
    return reply
      .header('Cache-Control', 'no-store')
      .send({ admin: { username: account.username, role: account.role } });
  });

  route(api, listAccounts, {}, async () => accounts.listAccounts(database));

  route(api, createAccount, {}, async (request, reply, account) => {
    try {
      const created = await accounts.createAccount(database, request.body);
      await recordAudit(database.db, account, 'account.create', `${created.role} ${created.username}`);
      return reply.code(201).send(created);
    } catch (error) {
      if (error instanceof accounts.AccountError)
        throw httpError(error.code === 'username_taken' ? 409 : 400, error.code, error.message);
      throw error;
    }
  });
}
