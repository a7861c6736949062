/**
 * Rider membership on the server: tier gates (403 membership_required), 7-day trials with a pinned
 * clock (started once per tier, expired back to the previous tier), Contributor, settings writes and
 * notification preferences honoured by the alert scheduler.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { MEMBERSHIP_TRIAL_MS } from '@/domain/constants';

import type { AlertSource } from '../../server/alerts/alert-source';
import { notifications, users } from '../../server/db/schema';
import { REWARD_ROWS } from '../../server/db/seed';
import { runAlertTick } from '../../server/jobs/alert-scheduler';
import { expireTrials, grantContributor, requireMembership } from '../../server/membership/tiers';
import { asRider, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';

let clock = Date.parse('2026-07-01T16:00:00Z');
const DAY = 24 * 60 * 60_000;

const t = useTestApp({
  now: () => clock,
  reset: ['users', 'sessions', 'membership_trials', 'notifications', 'reward_claims', 'idempotency_keys'],
  setup: (app) => {
    // Stand-ins for the Ninja Booking and exception-pass routes, gated exactly as those are.
    app.get('/api/test/ninja', async (request, reply) => {
      await requireMembership({ database: t.database, now: () => clock }, request, reply, 'ninjaBooking');
      return { ok: true };
    });
    app.get('/api/test/perks', async (request, reply) => {
      await requireMembership({ database: t.database, now: () => clock }, request, reply, 'memberPerks');
      return { ok: true };
    });
  },
});

async function setTier(id: number, membershipType: typeof users.$inferSelect.membershipType) {
  await t.database.db.update(users).set({ membershipType }).where(eq(users.id, id));
}

const profile = async (rider: Actor) => (await rider.get('/api/users/profile')).json();
const startTrial = (rider: Actor, tier: string) => rider.post('/api/membership/trials', { tier });

describe('tier gates', () => {
  it.each([
    ['free', 403, 403],
    ['premium', 403, 200],
    ['ninja', 200, 200],
    ['premium_plus', 200, 200],
    ['contributor', 200, 200],
  ] as const)('%s: ninja booking %i, member perks %i', async (tier, ninja, perks) => {
    const rider = await asRider(t);
    await setTier(rider.id, tier);
    const n = await rider.get('/api/test/ninja');
    expect(n.statusCode).toBe(ninja);
    if (ninja === 403)
      expect(n.json()).toEqual({ error: 'membership_required', message: expect.stringMatching(/Ninja/) });
    const p = await rider.get('/api/test/perks');
    expect(p.statusCode).toBe(perks);
    if (perks === 403) expect(p.json().error).toBe('membership_required');
  });
});

describe('7-day trials', () => {
  it('gives a free rider Premium for 7 days, then returns them to free', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    const res = await startTrial(rider, 'premium');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      membershipType: 'premium',
      premiumExpiresAt: new Date(clock + MEMBERSHIP_TRIAL_MS).toISOString(),
      trialsUsed: ['premium'],
    });
    expect((await rider.get('/api/test/perks')).statusCode).toBe(200);

    clock += 7 * DAY - 1000;
    expect((await profile(rider)).membershipType).toBe('premium');
    clock += 2000;
    // The gate sees the expiry at once, before any job pass.
    expect((await rider.get('/api/test/perks')).statusCode).toBe(403);
    expect(await profile(rider)).toMatchObject({ membershipType: 'free', premiumExpiresAt: null });
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, rider.id));
    expect(inbox.map((n) => n.title)).toEqual(['Your Premium trial has ended']);
  });

  it('offers each tier once', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    expect((await startTrial(rider, 'premium')).statusCode).toBe(201);
    clock += 8 * DAY;
    expect((await profile(rider)).membershipType).toBe('free');
    const again = await startTrial(rider, 'premium');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('trial_used');
  });

  it('answers a repeated request (same Idempotency-Key, from the outbox) with the first answer, not a refusal', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    const send = () => rider.post('/api/membership/trials', { tier: 'premium' }, { idempotencyKey: 'trial-key-0001' });
    const first = await send();
    const repeat = await send();
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
  });

  it('moves a Premium trial up to a Ninja trial and later back to the tier before both', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    await startTrial(rider, 'premium');
    clock += DAY;
    const ninja = await startTrial(rider, 'ninja');
    expect(ninja.json()).toMatchObject({
      membershipType: 'ninja',
      trialsUsed: expect.arrayContaining(['premium', 'ninja']),
    });
    expect((await rider.get('/api/test/ninja')).statusCode).toBe(200);
    clock += 7 * DAY + 1000;
    expect(await expireTrials(t.database, new Date(clock))).toBe(1);
    expect((await profile(rider)).membershipType).toBe('free');
  });

  it('returns a premium subscriber on a Ninja trial to premium', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    await setTier(rider.id, 'premium');
    expect((await startTrial(rider, 'premium')).statusCode).toBe(409);
    expect((await startTrial(rider, 'ninja')).statusCode).toBe(201);
    clock += 7 * DAY + 1;
    expect((await profile(rider)).membershipType).toBe('premium');
  });

  it('refuses trials to members who already have the tier, and unknown tiers', async () => {
    const rider = await asRider(t);
    await setTier(rider.id, 'contributor');
    expect((await startTrial(rider, 'ninja')).statusCode).toBe(409);
    expect((await startTrial(rider, 'gold')).statusCode).toBe(400);
  });
});

describe('free month of Premium (rewards)', () => {
  const month = REWARD_ROWS.find((r) => r.rewardType === 'free_months')!;
  const claimMonth = async (rider: Actor) => {
    await t.database.db.update(users).set({ rewardPointsBalance: month.pointsCost }).where(eq(users.id, rider.id));
    const res = await rider.post('/api/rewards/claim', { rewardId: month.id });
    expect(res.statusCode).toBe(201);
  };

  it('returns a free rider to free when the month runs out, by the job and at the gate', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    const other = await asRider(t);
    await claimMonth(rider);
    await claimMonth(other);
    expect(await profile(rider)).toMatchObject({
      membershipType: 'premium',
      premiumExpiresAt: new Date(clock + 30 * DAY).toISOString(),
    });
    clock += 30 * DAY - 1000;
    expect(await expireTrials(t.database, new Date(clock))).toBe(0);
    expect((await rider.get('/api/test/perks')).statusCode).toBe(200);
    clock += 2000;
    expect((await rider.get('/api/test/perks')).statusCode).toBe(403);
    expect(await profile(rider)).toMatchObject({ membershipType: 'free', premiumExpiresAt: null });
    // The job ends the other rider's month, once.
    expect(await expireTrials(t.database, new Date(clock))).toBe(1);
    expect(await expireTrials(t.database, new Date(clock))).toBe(0);
    expect((await profile(other)).membershipType).toBe('free');
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, rider.id));
    expect(inbox.map((n) => n.title)).toEqual(['Your free month of Premium has ended']);
  });

  it('lengthens a trial by the month, then returns the rider to the tier before the trial', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    await startTrial(rider, 'premium');
    await claimMonth(rider);
    clock += 7 * DAY + 1000;
    expect((await profile(rider)).membershipType).toBe('premium');
    clock += 30 * DAY;
    expect(await profile(rider)).toMatchObject({ membershipType: 'free', premiumExpiresAt: null });
  });

  it('leaves undated memberships alone', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    await setTier(rider.id, 'premium');
    await claimMonth(rider);
    clock += 90 * DAY;
    expect(await expireTrials(t.database, new Date(clock))).toBe(0);
    expect((await profile(rider)).membershipType).toBe('premium');
  });
});

describe('Contributor', () => {
  it('makes the rider a contributor once, with one inbox notification, ending a trial without reverting', async () => {
    clock = Date.parse('2026-07-01T16:00:00Z');
    const rider = await asRider(t);
    await startTrial(rider, 'premium');
    expect(await grantContributor(t.database, rider.id, new Date(clock))).toBe(true);
    expect(await grantContributor(t.database, rider.id, new Date(clock))).toBe(false);
    clock += 30 * DAY;
    expect((await profile(rider)).membershipType).toBe('contributor');
    expect((await rider.get('/api/test/ninja')).statusCode).toBe(200);
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, rider.id));
    expect(inbox.map((n) => [n.kind, n.title])).toEqual([['membership_update', 'You are a Community Contributor']]);
  });
});

describe('settings', () => {
  const animals = {
    travelingWithAnimals: true,
    animalTypes: ['dog', 'cat', 'dog'],
    animalCount: 2,
    prefersPetArea: true,
    prefersStayInVehicle: false,
    specialAnimalNeeds: '  Old dog, needs water  ',
  };

  it('saves animal and notification preferences and answers the profile', async () => {
    const rider = await asRider(t);
    const res = await rider.patch('/api/users/animal-preferences', { ...animals, notifyQueueUpdates: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      travelingWithAnimals: true,
      animalTypes: ['dog', 'cat'],
      animalCount: 2,
      prefersStayInVehicle: false,
      specialAnimalNeeds: 'Old dog, needs water',
      notifyQueueUpdates: false,
      notifyBoardingAlerts: true,
    });
    expect(await profile(rider)).toMatchObject({ animalCount: 2, notifyQueueUpdates: false });
  });

  it.each([
    [{ ...animals, animalCount: 11 }],
    [{ ...animals, animalCount: -1 }],
    [{ ...animals, animalTypes: ['dragon'] }],
    [{ ...animals, travelingWithAnimals: 'yes' }],
    [{ animalCount: 1 }],
  ])('rejects bad animal preferences with 400 (%#)', async (body) => {
    const rider = await asRider(t);
    const res = await rider.patch('/api/users/animal-preferences', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('saves the car number and phone number, validated', async () => {
    const rider = await asRider(t);
    const ok = await rider.patch('/api/users/profile', { carNumber: ' abc 123 ', phoneNumber: '+1 (604) 555-0199' });
    expect(ok.json()).toMatchObject({ carNumber: 'ABC 123', phoneNumber: '+1 (604) 555-0199' });
    expect((await rider.patch('/api/users/profile', { carNumber: '!!', phoneNumber: null })).statusCode).toBe(400);
    expect((await rider.patch('/api/users/profile', { carNumber: null, phoneNumber: '12' })).statusCode).toBe(400);
    expect((await rider.patch('/api/users/profile', { carNumber: '', phoneNumber: '' })).json()).toMatchObject({
      carNumber: null,
      phoneNumber: null,
    });
  });
});

describe('notification preferences are honoured', () => {
  const push = { send: async () => 'sent' as const };
  function sourceFor(
    userId: number,
    kind: 'queue_moving' | 'away_alert' | 'animal_reminder' | 'order_update',
  ): AlertSource {
    return {
      name: kind,
      due: async () => [{ userId, key: `test:${kind}`, kind, title: kind, body: kind, url: '/app' }],
    };
  }

  it('skips the kinds a rider switched off and delivers the rest', async () => {
    const rider = await asRider(t);
    await t.database.db
      .update(users)
      .set({ notifyQueueUpdates: false, notifyAnimalReminders: false })
      .where(eq(users.id, rider.id));
    const kinds = ['queue_moving', 'away_alert', 'animal_reminder', 'order_update'] as const;
    const delivered = await runAlertTick(
      { database: t.database, push, sources: kinds.map((k) => sourceFor(rider.id, k)) },
      new Date(clock),
    );
    expect(delivered).toBe(2);
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, rider.id));
    expect(inbox.map((n) => n.kind).sort()).toEqual(['away_alert', 'order_update']);
  });
});
