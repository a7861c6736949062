import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../../server/db/schema';
import { createTestApp, sessionCookieFrom, truncateTables, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await truncateTables(t.database, ['users', 'sessions']);
});

const profile = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile', headers: cookie ? { cookie } : {} });

describe('rider sessions', () => {
  it('creates an account and an HttpOnly, SameSite=Lax session cookie on first visit', async () => {
    const res = await profile();
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'dh_session');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(364 * 24 * 3600);
    expect(cookie?.secure).toBeFalsy();
    expect(await t.database.db.select().from(users)).toHaveLength(1);
  });

  it('answers the profile fields of a new rider', async () => {
    const body = (await profile()).json();
    expect(body).toEqual({
      id: expect.any(Number),
      username: expect.stringMatching(/^rider-[0-9a-f]{10}$/),
      role: 'rider',
      membershipType: 'free',
      carNumber: null,
      phoneNumber: null,
      contributionScore: 0,
      freeMonthsEarned: 0,
      premiumExpiresAt: null,
      totalPhotoContributions: 0,
      totalDataPoints: 0,
      rewardPointsBalance: 0,
      travelingWithAnimals: false,
      animalTypes: [],
      animalCount: 0,
      prefersPetArea: false,
      prefersStayInVehicle: true,
      specialAnimalNeeds: '',
      notifyQueueUpdates: true,
      notifyBoardingAlerts: true,
      notifyAnimalReminders: true,
      trialsUsed: [],
      hasPasskey: false,
    });
  });

  it('recognises the rider on later visits and stores only a hash of the token', async () => {
    const first = await profile();
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
    const first = (await profile()).json();
    const forged = await profile('dh_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.statusCode).toBe(200);
    expect(forged.json().id).not.toBe(first.id);
    const garbage = await profile('dh_session=%%%not-a-token');
    expect(garbage.statusCode).toBe(200);
    expect(garbage.cookies.find((c) => c.name === 'dh_session')).toBeDefined();
  });

  it('starts a new account when the session has expired', async () => {
    const first = await profile();
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const later = await profile(sessionCookieFrom(first));
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('slides an old session forward and renews the cookie', async () => {
    const first = await profile();
    const cookie = sessionCookieFrom(first);
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
    await t.database.db.update(sessions).set({ lastSeenAt: weekAgo, expiresAt: new Date(weekAgo.getTime() + 365 * 24 * 3600_000) });
    const later = await profile(cookie);
    expect(later.json().id).toBe(first.json().id);
    expect(later.cookies.find((c) => c.name === 'dh_session')?.value).toBe(cookie.split('=')[1]);
    const [row] = await t.database.db.select().from(sessions);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 364 * 24 * 3600_000);
  });

  it('survives two first requests racing without an error', async () => {
    const answers = await Promise.all([profile(), profile()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
  });

  it('ends the session on logout and clears the cookie', async () => {
    const cookie = sessionCookieFrom(await profile());
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
