import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import {
  BACK_OFFICE_IDLE_TIMEOUT_MS,
  LOGIN_ADDRESS_FAILURES_ALLOWED,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_SLOWDOWN_MAX_MS,
} from '@/domain/constants';

import {
  createAccount,
  disableAccount,
  ensureInitialAdmin,
  INITIAL_ADMIN_PASSWORD_FILE,
  resetPassword,
} from '../../server/auth/back-office-accounts';
import { verifyPassword } from '../../server/auth/passwords';
import { auditLog, backOfficeAccounts, backOfficeSessions } from '../../server/db/schema';
import { asAdmin, asRider, signInBackOffice } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

const t = useTestApp({
  reset: [
    'back_office_accounts',
    'back_office_login_failures',
    'back_office_known_clients',
    'audit_log',
    'users',
    'sessions',
  ],
});

const PASSWORD = 'correct horse battery';

function login(body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') {
  return t.app.inject({ method: 'POST', url: '/api/admin/login', payload: body as object, headers, remoteAddress: ip });
}

function cookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'dh_backoffice');
  if (!cookie) throw new Error('no back-office cookie');
  return `dh_backoffice=${cookie.value}`;
}

describe('back-office accounts', () => {
  it('stores argon2id hashes with m=19456 KiB, t=2, p=1 and never the password', async () => {
    await createAccount(t.database, { username: 'Harbour.Master', password: PASSWORD, role: 'staff' });
    const [row] = await t.database.db.select().from(backOfficeAccounts);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
    expect(await verifyPassword(row!.passwordHash, 'wrong')).toBe(false);
  });

  it('treats usernames case-insensitively and refuses short passwords', async () => {
    await createAccount(t.database, { username: 'Deck', password: PASSWORD, role: 'staff' });
    await expect(createAccount(t.database, { username: 'deck', password: PASSWORD, role: 'admin' })).rejects.toThrow(
      /already taken/,
    );
    await expect(createAccount(t.database, { username: 'other', password: 'short', role: 'staff' })).rejects.toThrow(
      /at least 12/,
    );
    const res = await login({ username: 'DECK', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admin: { username: 'Deck', role: 'staff' } });
  });

  it('creates the first admin from ADMIN_INITIAL_PASSWORD, once', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-admin-'));
    const logs: string[] = [];
    await ensureInitialAdmin({
      database: t.database,
      dataDir,
      password: 'from-the-environment',
      log: (m) => logs.push(m),
    });
    await ensureInitialAdmin({
      database: t.database,
      dataDir,
      password: 'another-one-entirely',
      log: (m) => logs.push(m),
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).not.toContain('from-the-environment');
    expect((await login({ username: 'admin', password: 'from-the-environment', role: 'admin' })).statusCode).toBe(200);
    await expect(fs.stat(path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE))).rejects.toThrow();
  });

  it('otherwise generates the first admin password, prints it once and writes it to a 0600 file', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-admin-'));
    const logs: string[] = [];
    await ensureInitialAdmin({ database: t.database, dataDir, log: (m) => logs.push(m) });
    const file = path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
    const password = (await fs.readFile(file, 'utf8')).trim();
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(password);
    expect((await login({ username: 'admin', password, role: 'admin' })).json()).toEqual({
      admin: { username: 'admin', role: 'admin' },
    });
  });
});

describe('POST /api/admin/login', () => {
  it('signs in with a separate HttpOnly, SameSite=Strict cookie whose token is stored hashed', async () => {
    await createAccount(t.database, { username: 'chief', password: PASSWORD, role: 'admin' });
    const res = await login({ username: 'chief', password: PASSWORD, role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admin: { username: 'chief', role: 'admin' } });
    const cookie = res.cookies.find((c) => c.name === 'dh_backoffice');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(res.cookies.find((c) => c.name === 'dh_session')).toBeUndefined();
    const [session] = await t.database.db.select().from(backOfficeSessions);
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.tokenHash).not.toBe(cookie?.value);
    expect(session!.expiresAt.getTime() - session!.lastSeenAt.getTime()).toBe(BACK_OFFICE_IDLE_TIMEOUT_MS);

    const who = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: cookieOf(res) } });
    expect(who.json()).toEqual({ admin: { username: 'chief', role: 'admin' } });
    const [account] = await t.database.db.select().from(backOfficeAccounts);
    expect(account?.lastLoginAt).not.toBeNull();
  });

  it('rotates the token on every sign-in: the old cookie stops working', async () => {
    await createAccount(t.database, { username: 'chief', password: PASSWORD, role: 'admin' });
    const first = cookieOf(await login({ username: 'chief', password: PASSWORD }));
    const second = await login({ username: 'chief', password: PASSWORD }, { cookie: first });
    expect(cookieOf(second)).not.toBe(first);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: first } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: cookieOf(second) } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers a wrong password and an unknown username with the same 401', async () => {
    await createAccount(t.database, { username: 'chief', password: PASSWORD, role: 'admin' });
    const wrong = await login({ username: 'chief', password: 'not the password' });
    const unknown = await login({ username: 'nobody', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid username or password' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('answers 403 when a staff account asks for the admin access level', async () => {
    await createAccount(t.database, { username: 'deckhand1', password: PASSWORD, role: 'staff' });
    const res = await login({ username: 'deckhand1', password: PASSWORD, role: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/staff access only/);
    expect(res.cookies).toHaveLength(0);
    expect((await login({ username: 'deckhand1', password: PASSWORD, role: 'staff' })).json()).toEqual({
      admin: { username: 'deckhand1', role: 'staff' },
    });
  });

  it('validates the body (400 JSON)', async () => {
    const res = await login({ username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
    expect((await login({ username: 'a', password: 'b', role: 'captain' })).statusCode).toBe(400);
  });

  it('refuses disabled accounts like wrong passwords and ends their sessions', async () => {
    await createAccount(t.database, { username: 'gone', password: PASSWORD, role: 'staff' });
    const cookie = cookieOf(await login({ username: 'gone', password: PASSWORD }));
    await disableAccount(t.database, 'gone');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(
      401,
    );
    expect((await login({ username: 'gone', password: PASSWORD })).statusCode).toBe(401);
    await resetPassword(t.database, 'gone', 'a brand new password');
    expect((await login({ username: 'gone', password: 'a brand new password' })).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After from the 6th failed attempt for one username from one address; other addresses are only slowed', async () => {
    await createAccount(t.database, { username: 'chief', password: PASSWORD, role: 'admin' });
    for (let i = 1; i <= 5; i += 1)
      expect((await login({ username: 'chief', password: `guess-${i}` }, {}, '198.51.100.9')).statusCode).toBe(401);
    const sixth = await login({ username: 'Chief', password: PASSWORD }, {}, '198.51.100.9');
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOGIN_SLOWDOWN_MAX_MS / 1000);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS / 1000);
    expect(sixth.json()).toMatchObject({
      error: 'too_many_attempts',
      message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ minutes\.$/),
    });
    // Another address is slowed (a second or so), never locked out for the window.
    const elsewhere = await login({ username: 'chief', password: PASSWORD }, {}, '198.51.100.10');
    expect(elsewhere.statusCode).toBe(429);
    expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_SLOWDOWN_MAX_MS / 1000);
  });

  it('answers 429 past the per-address limit, whatever the usernames; other addresses are unaffected', async () => {
    await createAccount(t.database, { username: 'chief', password: PASSWORD, role: 'admin' });
    for (let i = 1; i <= LOGIN_ADDRESS_FAILURES_ALLOWED; i += 1) {
      expect((await login({ username: `user${i}`, password: 'guess' }, {}, '192.0.2.50')).statusCode).toBe(401);
    }
    expect((await login({ username: 'chief', password: PASSWORD }, {}, '192.0.2.50')).statusCode).toBe(429);
    expect((await login({ username: 'chief', password: PASSWORD }, {}, '192.0.2.51')).statusCode).toBe(200);
  });

  it("cannot be locked by others: after guesses from 30 addresses, the owner's known browser signs in at once", async () => {
    await createAccount(t.database, { username: 'chief', password: PASSWORD, role: 'admin' });
    const first = await login({ username: 'chief', password: PASSWORD }, {}, '203.0.113.20');
    expect(first.statusCode).toBe(200);
    const known = first.cookies.find((c) => c.name === 'dh_bo_client');
    expect(known).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    for (let i = 1; i <= 30; i += 1)
      await login({ username: 'chief', password: `guess-${i}` }, {}, `198.51.100.${100 + i}`);
    // A new browser is slowed, with a Retry-After within the slow-down's cap...
    const stranger = await login({ username: 'chief', password: PASSWORD }, {}, '203.0.113.21');
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_SLOWDOWN_MAX_MS / 1000);
    // ...the owner's browser, from its own or a new address, is not.
    const owner = await login(
      { username: 'chief', password: PASSWORD },
      { cookie: `dh_bo_client=${known!.value}` },
      '203.0.113.22',
    );
    expect(owner.statusCode).toBe(200);
    // The known-browser token is the account's only: it does not help with another account.
    await createAccount(t.database, { username: 'deputy', password: PASSWORD, role: 'staff' });
    for (let i = 1; i <= 6; i += 1)
      await login({ username: 'deputy', password: `guess-${i}` }, {}, `198.51.100.${200 + i}`);
    expect(
      (
        await login(
          { username: 'deputy', password: PASSWORD },
          { cookie: `dh_bo_client=${known!.value}` },
          '203.0.113.22',
        )
      ).statusCode,
    ).toBe(429);
  });

  it('writes each throttle it starts to the audit log, once', async () => {
    await createAccount(t.database, { username: 'chief', password: PASSWORD, role: 'admin' });
    for (let i = 1; i <= 7; i += 1) await login({ username: 'chief', password: `guess-${i}` }, {}, '198.51.100.9');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'back_office.sign_in_throttled'));
    expect(entries.map((e) => ({ actor: e.actorName, target: e.target }))).toEqual([
      { actor: 'system', target: 'account chief' },
      { actor: 'system', target: 'account chief' },
    ]);
    expect(entries.map((e) => e.detail).join(' | ')).toMatch(/from 198\.51\.100\.9.*\| .*slowed down/);
  });

  it('logs out: the session is gone and the cookie cleared', async () => {
    const cookie = await signInBackOffice(t, 'staff');
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'dh_backoffice')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('ends a session idle for 12 hours', async () => {
    const cookie = await signInBackOffice(t, 'staff');
    await t.database.db.update(backOfficeSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});

describe('admin account management', () => {
  it('lets an admin create a staff account that can then sign in', async () => {
    const admin = await asAdmin(t);
    const created = await admin.post('/api/admin/accounts', { username: 'newhand', password: PASSWORD, role: 'staff' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ username: 'newhand', role: 'staff', disabled: false });
    expect(created.body).not.toContain('argon2');
    expect((await login({ username: 'newhand', password: PASSWORD })).statusCode).toBe(200);
    const again = await admin.post('/api/admin/accounts', { username: 'NewHand', password: PASSWORD, role: 'staff' });
    expect(again.statusCode).toBe(409);
  });

  it('keeps riders out of the back office even with a rider session', async () => {
    const rider = await asRider(t);
    expect((await rider.get('/api/admin/session')).statusCode).toBe(401);
    const [account] = await t.database.db
      .select()
      .from(backOfficeAccounts)
      .where(eq(backOfficeAccounts.username, 'nobody'));
    expect(account).toBeUndefined();
  });
});
