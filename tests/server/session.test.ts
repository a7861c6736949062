import { beforeEach, describe, expect, it } from 'vitest';

import { GUEST_PROFILE } from '@/domain/user-profile';

import { sessions, users } from '../../server/db/schema';
import { sessionCookieFrom } from '../kit/server/actor';
import { truncateTables, useTestApp } from '../kit/server/app';

const t = useTestApp();
beforeEach(async () => {
  await truncateTables(t.database, ['users', 'sessions']);
});

const profile = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers: cookie ? { cookie } : {} });
/** POST /api/session: the write that opens an account (reads never do). */
const open = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/session', headers: cookie ? { cookie } : {} });

describe('rider sessions', () => {
  it('creates an account and an HttpOnly, SameSite=Lax session cookie on the first write', async () => {
    const res = await open();
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'dh_session');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(364 * 24 * 3600);
    expect(cookie?.secure).toBeFalsy();
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('answers the profile fields of a new rider: the defaults a guest sees, with its id and name', async () => {
    const body = (await open()).json();
    expect(body).toEqual({
      ...GUEST_PROFILE,
      id: expect.any(Number),
      username: expect.stringMatching(/^rider-[0-9a-f]{10}$/),
    });
  });

  it('recognises the rider on later visits and stores only a hash of the token', async () => {
    const first = await open();
    const cookie = sessionCookieFrom(first);
    const again = await profile(cookie);
    expect(again.json().id).toBe(first.json().id);
    expect(again.cookies.find((c) => c.name === 'dh_session')).toBeUndefined();

    const token = cookie.split('=')[1] ?? '';
    const rows = await t.database.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('starts a new account for an unknown or malformed cookie', async () => {
    const first = (await open()).json();
    const forged = await open('dh_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.statusCode).toBe(201);
    expect(forged.json().id).not.toBe(first.id);
    const garbage = await open('dh_session=%%%not-a-token');
    expect(garbage.statusCode).toBe(201);
    expect(garbage.cookies.find((c) => c.name === 'dh_session')).toBeDefined();
  });

  it('starts a new account when the session has expired', async () => {
    const first = await open();
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const later = await open(sessionCookieFrom(first));
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('slides an old session forward and renews the cookie', async () => {
    const first = await open();
    const cookie = sessionCookieFrom(first);
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: weekAgo, expiresAt: new Date(weekAgo.getTime() + 365 * 24 * 3600_000) });
    const later = await profile(cookie);
    expect(later.json().id).toBe(first.json().id);
    expect(later.cookies.find((c) => c.name === 'dh_session')?.value).toBe(cookie.split('=')[1]);
    const [row] = await t.database.db.select().from(sessions);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 364 * 24 * 3600_000);
  });

  it('survives two first requests racing without an error', async () => {
    const answers = await Promise.all([open(), open()]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
  });

  it('ends the session on logout and clears the cookie', async () => {
    const cookie = sessionCookieFrom(await open());
    const before = (await profile(cookie)).json();
    const out = await t.app.inject({ method: 'POST', url: '/api/session/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'dh_session');
    expect(cleared?.value).toBe('');
    expect(await t.database.db.select().from(sessions)).toHaveLength(0);
    const after = (await profile(cookie)).json();
    expect(after.id).not.toBe(before.id);
  });
});

describe('reads never create an account', () => {
  it('answers cookie-less GETs without creating riders or setting a cookie', async () => {
    const urls = [
      '/api/users/profile',
      '/api/complaints',
      '/api/orders',
      '/api/notifications',
      '/api/arrival-timers',
      '/api/away-sessions/active',
    ];
    for (let round = 0; round < 5; round += 1) {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(
          res.cookies.find((c) => c.name === 'dh_session'),
          url,
        ).toBeUndefined();
      }
    }
    expect(await t.database.db.select().from(users)).toHaveLength(0);
    expect((await profile()).json()).toMatchObject({ id: null, username: 'Guest', membershipType: 'free' });
  });

  it('a second POST /api/session with the cookie keeps the same account', async () => {
    const first = await open();
    const again = await open(sessionCookieFrom(first));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
  });
});
