/**
 * Sign-in throttling for the back office, the rule in src/domain/login-throttle.ts: per (account,
 * address), per address, and a progressive slow-down per account that a known browser skips.
 * Failures are rows in the database, so the limits hold across server instances and restarts.
 * A successful sign-in clears that account's failures from that address only: one good sign-in must
 * not give a guesser elsewhere a fresh set of tries.
 *
 * A known browser: a successful sign-in sets KNOWN_CLIENT_COOKIE (a random token, HttpOnly, scoped to
 * /api/admin) and stores its hash with the account (back_office_known_clients). When a throttle
 * starts, the audit log says so (actor "system"), once per start.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { LOGIN_ADDRESS_FAILURES_ALLOWED, LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_ALLOWED } from '@/domain/constants';
import { loginWait, throttlesStarted, type LoginFailures, type LoginThrottle } from '@/domain/login-throttle';

import { recordSystemAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { backOfficeKnownClients, backOfficeLoginFailures } from '../db/schema';

export const KNOWN_CLIENT_COOKIE = 'dh_bo_client';
/** How long a browser stays known after its last sign-in to the account. */
const KNOWN_CLIENT_MAX_AGE_S = 180 * 24 * 60 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

async function failuresFor(database: Database, key: string, address: string, now: number): Promise<LoginFailures> {
  const rows = await database.db
    .select()
    .from(backOfficeLoginFailures)
    .where(
      and(
        gt(backOfficeLoginFailures.failedAt, new Date(now - LOGIN_FAILURE_WINDOW_MS)),
        or(eq(backOfficeLoginFailures.usernameKey, key), eq(backOfficeLoginFailures.address, address)),
      ),
    )
    .orderBy(backOfficeLoginFailures.failedAt);
  const times = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).map((r) => r.failedAt.getTime());
  return {
    pair: times((r) => r.usernameKey === key && r.address === address),
    address: times((r) => r.address === address),
    account: times((r) => r.usernameKey === key),
  };
}

/** Whether this browser signed in to the account before (its cookie's token is on file for it). */
export async function isKnownClient(database: Database, request: FastifyRequest, key: string): Promise<boolean> {
  const token = request.cookies?.[KNOWN_CLIENT_COOKIE];
  if (!token) return false;
  const [row] = await database.db
    .select({ key: backOfficeKnownClients.usernameKey })
    .from(backOfficeKnownClients)
    .where(and(eq(backOfficeKnownClients.tokenHash, hashToken(token)), eq(backOfficeKnownClients.usernameKey, key)))
    .limit(1);
  return row !== undefined;
}

/** Seconds until the caller may try again, or null when an attempt is allowed now. */
export async function loginRetryAfterSeconds(
  database: Database,
  key: string,
  address: string,
  knownClient: boolean,
  now: number,
): Promise<number | null> {
  const { waitMs } = loginWait(await failuresFor(database, key, address, now), knownClient, now);
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : null;
}

const WINDOW_MINUTES = LOGIN_FAILURE_WINDOW_MS / 60_000;
const STARTED_TEXT: Record<LoginThrottle, (username: string, address: string) => [target: string, detail: string]> = {
  pair: (username, address) => [
    `account ${username}`,
    `${LOGIN_FAILURES_ALLOWED} failed sign-ins from ${address}: that address waits up to ${WINDOW_MINUTES} minutes for this account`,
  ],
  address: (_username, address) => [
    `address ${address}`,
    `${LOGIN_ADDRESS_FAILURES_ALLOWED} failed sign-ins from this address: it waits up to ${WINDOW_MINUTES} minutes`,
  ],
  account: (username) => [
    `account ${username}`,
    `${LOGIN_FAILURES_ALLOWED} failed sign-ins from anywhere: new browsers are slowed down; browsers that signed in before are not`,
  ],
};

export async function recordLoginFailure(
  database: Database,
  key: string,
  username: string,
  address: string,
  now: number,
): Promise<void> {
  await database.db.insert(backOfficeLoginFailures).values({ usernameKey: key, address, failedAt: new Date(now) });
  await database.db
    .delete(backOfficeLoginFailures)
    .where(lt(backOfficeLoginFailures.failedAt, new Date(now - LOGIN_FAILURE_WINDOW_MS)));
  const started = throttlesStarted(await failuresFor(database, key, address, now));
  for (const rule of started) {
    const [target, detail] = STARTED_TEXT[rule](username, address);
    await recordSystemAudit(database.db, 'back_office.sign_in_throttled', target, detail);
  }
}

/** After a good sign-in: this pair's failures go, and the browser is (still) known for the account. */
export async function rememberGoodSignIn(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  options: { cookieSecure: boolean; now: number },
): Promise<void> {
  await database.db
    .delete(backOfficeLoginFailures)
    .where(and(eq(backOfficeLoginFailures.usernameKey, key), eq(backOfficeLoginFailures.address, request.ip)));
  const existing = request.cookies?.[KNOWN_CLIENT_COOKIE];
  const token = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : randomBytes(32).toString('base64url');
  await database.db
    .insert(backOfficeKnownClients)
    .values({ tokenHash: hashToken(token), usernameKey: key, lastSignInAt: new Date(options.now) })
    .onConflictDoUpdate({
      target: backOfficeKnownClients.tokenHash,
      set: { usernameKey: key, lastSignInAt: new Date(options.now) },
    });
  reply.setCookie(KNOWN_CLIENT_COOKIE, token, {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: options.cookieSecure || request.protocol === 'https',
    maxAge: KNOWN_CLIENT_MAX_AGE_S,
  });
}
