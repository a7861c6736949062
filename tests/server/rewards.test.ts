import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { contributions, notifications, photoContributions, rewards, users } from '../../server/db/schema';
import { REWARD_ROWS } from '../../server/db/seed';
import { asRider, type Actor } from '../kit/server/actor';
import { RIDER_TABLES, useTestApp } from '../kit/server/app';

const NOW = Date.parse('2026-11-17T22:30:00Z');
const clock = NOW;
const t = useTestApp({
  now: () => clock,
  reset: [
    ...RIDER_TABLES,
    'contributions',
    'reward_claims',
    'notifications',
    'membership_trials',
    'leaderboard_names',
    'challenge_completions',
  ],
});

async function giveBalance(id: number, points: number) {
  await t.database.db
    .update(users)
    .set({ rewardPointsBalance: points, contributionScore: points })
    .where(eq(users.id, id));
}

function claim(rider: Actor, rewardId: string, idempotencyKey?: string) {
  return rider.post('/api/rewards/claim', { rewardId }, { idempotencyKey });
}

describe('rewards and claims', () => {
  it('lists the rewards with cost and stock', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rewards' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(REWARD_ROWS.length);
    expect(res.json()[0]).toMatchObject({
      id: expect.any(String),
      pointsCost: expect.any(Number),
      rewardType: expect.any(String),
    });
  });

  it('deducts the cost, lists the claim and refuses a claim the rider cannot afford', async () => {
    const rider = await asRider(t);
    await giveBalance(rider.id, 120);
    const res = await claim(rider, 'sticker-orca');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reward: { id: 'sticker-orca' }, status: 'redeemed', rewardPointsBalance: 70 });
    const poor = await claim(rider, REWARD_ROWS.find((r) => r.rewardType === 'free_months')!.id);
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toEqual({ error: 'claim_failed', message: 'Not enough points or reward unavailable.' });
    const claims = await rider.get('/api/rewards/claims');
    expect(claims.json()).toMatchObject([{ reward: { id: 'sticker-orca' }, status: 'redeemed' }]);
    expect((await rider.get('/api/users/profile')).json()).toMatchObject({ rewardPointsBalance: 70 });
  });

  it('gives exactly one claim to 20 concurrent claims by a rider who can afford one', async () => {
    const rider = await asRider(t);
    const reward = REWARD_ROWS.find((r) => r.stockQuantity !== null && r.stockQuantity !== undefined)!;
    const [before] = await t.database.db.select().from(rewards).where(eq(rewards.id, reward.id));
    await giveBalance(rider.id, reward.pointsCost);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claim(rider, reward.id, `race-claim-${i}-abcdef`)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(user!.rewardPointsBalance).toBe(0);
    const [after] = await t.database.db.select().from(rewards).where(eq(rewards.id, reward.id));
    expect(after!.stockQuantity).toBe(before!.stockQuantity! - 1);
    const claims = await rider.get('/api/rewards/claims');
    expect(claims.json()).toHaveLength(1);
  });

  it('refuses a reward that is out of stock and leaves the balance alone', async () => {
    const rider = await asRider(t);
    const reward = REWARD_ROWS.find((r) => r.rewardType === 'physical_item')!;
    await t.database.db.update(rewards).set({ stockQuantity: 0 }).where(eq(rewards.id, reward.id));
    await giveBalance(rider.id, 1000);
    const res = await claim(rider, reward.id);
    expect(res.statusCode).toBe(409);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(user!.rewardPointsBalance).toBe(1000);
    await t.database.db.update(rewards).set({ stockQuantity: reward.stockQuantity }).where(eq(rewards.id, reward.id));
  });

  it('a free month makes a free rider Premium for a month; physical items wait for staff', async () => {
    const rider = await asRider(t);
    await giveBalance(rider.id, 2000);
    const month = REWARD_ROWS.find((r) => r.rewardType === 'free_months')!;
    expect((await claim(rider, month.id)).json()).toMatchObject({ status: 'redeemed' });
    const profile = (await rider.get('/api/users/profile')).json();
    expect(profile.membershipType).toBe('premium');
    expect(Date.parse(profile.premiumExpiresAt)).toBe(NOW + 30 * 24 * 60 * 60_000);
    const physical = REWARD_ROWS.find((r) => r.rewardType === 'physical_item')!;
    expect((await claim(rider, physical.id)).json()).toMatchObject({ status: 'pending' });
    const discount = REWARD_ROWS.find((r) => r.rewardType === 'discount')!;
    expect((await claim(rider, discount.id)).json()).toMatchObject({
      status: 'redeemed',
      code: expect.stringMatching(/^DH-/),
    });
  });

  it('shows a claimed digital sticker on the profile, once however often it is claimed', async () => {
    const rider = await asRider(t);
    const profileOf = async () => (await rider.get('/api/users/profile')).json();
    expect((await profileOf()).stickers).toEqual([]);
    await giveBalance(rider.id, 1000);
    await claim(rider, 'sticker-lighthouse');
    await claim(rider, 'sticker-orca');
    await claim(rider, 'sticker-lighthouse');
    await claim(rider, REWARD_ROWS.find((r) => r.rewardType === 'discount')!.id);
    const lighthouse = REWARD_ROWS.find((r) => r.id === 'sticker-lighthouse')!;
    const orca = REWARD_ROWS.find((r) => r.id === 'sticker-orca')!;
    expect((await profileOf()).stickers).toEqual([
      { rewardId: lighthouse.id, name: lighthouse.name, description: lighthouse.description },
      { rewardId: orca.id, name: orca.name, description: orca.description },
    ]);
  });

  it('answers 404 for an unknown reward and 400 for a missing id', async () => {
    const rider = await asRider(t);
    expect((await claim(rider, 'no-such-reward')).statusCode).toBe(404);
    const bad = await rider.post('/api/rewards/claim', {});
    expect(bad.statusCode).toBe(400);
  });
});

/** A photo row as the upload route stores it, for validation tests. */
async function seedPhoto(userId: number, accuracy: 'accurate' | 'off', i: number): Promise<number> {
  const [c] = await t.database.db
    .insert(contributions)
    .values({
      userId,
      kind: 'photo',
      terminalId: 'horseshoe-bay',
      points: 10,
      details: { vehicleCount: 10, lane: 'Lane 1' },
      createdAt: new Date(clock),
    })
    .returning();
  await t.database.db.insert(photoContributions).values({
    contributionId: c!.id,
    userId,
    terminalId: 'horseshoe-bay',
    lane: 'Lane 1',
    vehicleCount: 10,
    cameraCount: 10,
    accuracy,
    duplicate: false,
    photoSha256: `sha-${userId}-${i}`,
    photoFile: 'x.jpg',
    thumbnailFile: 'x-thumb.jpg',
    takenAt: new Date(clock),
    createdAt: new Date(clock),
  });
  return c!.id;
}

describe('validation, contributor status, challenges and the leaderboard', () => {
  it("validating photos earns 5 when right, 3 when wrong, once per photo, never one's own", async () => {
    const owner = await asRider(t);
    const checker = await asRider(t);
    const good = await seedPhoto(owner.id, 'accurate', 1);
    const bad = await seedPhoto(owner.id, 'off', 2);
    const offered = await checker.get('/api/contributions/to-validate');
    expect(
      offered
        .json()
        .map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([good, bad].sort());
    const validate = (rider: Actor, photoId: number, countIsRight: boolean) =>
      rider.post('/api/contributions/validate', { photoId, countIsRight });
    expect((await validate(checker, good, true)).json()).toMatchObject({ rewardPointsEarned: 5 });
    expect((await validate(checker, bad, true)).json()).toMatchObject({ rewardPointsEarned: 3 });
    expect((await validate(checker, good, true)).statusCode).toBe(409);
    expect((await validate(owner, good, true)).json()).toMatchObject({ error: 'own_photo' });
  });

  it('makes a rider a Contributor at 95 % accuracy over 20 validations, with an inbox notification', async () => {
    const owner = await asRider(t);
    const checker = await asRider(t);
    for (let i = 0; i < 20; i += 1) {
      const photoId = await seedPhoto(owner.id, 'accurate', 100 + i);
      const res = await checker.post('/api/contributions/validate', { photoId, countIsRight: true });
      expect(res.statusCode).toBe(201);
      const [user] = await t.database.db.select().from(users).where(eq(users.id, checker.id));
      expect(user!.membershipType).toBe(i < 19 ? 'free' : 'contributor');
    }
    const inbox = await t.database.db.select().from(notifications).where(eq(notifications.userId, checker.id));
    expect(inbox.map((n) => n.title)).toContain('You are a Community Contributor');
  });

  it('makes a rider a Contributor at 50 accurate photos', async () => {
    const rider = await asRider(t);
    for (let i = 0; i < 49; i += 1) await seedPhoto(rider.id, 'accurate', 500 + i);
    const checker = await asRider(t);
    const last = await seedPhoto(rider.id, 'accurate', 600);
    // Any contribution re-checks the status; the 50th photo arrives through a validation here.
    await checker.post('/api/contributions/validate', { photoId: last, countIsRight: true });
    const [before] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(before!.membershipType).toBe('free');
    const other = await asRider(t);
    const theirs = await seedPhoto(other.id, 'accurate', 700);
    await rider.post('/api/contributions/validate', { photoId: theirs, countIsRight: true });
    const [after] = await t.database.db.select().from(users).where(eq(users.id, rider.id));
    expect(after!.membershipType).toBe('contributor');
  });

  it('pays a weekly challenge bonus once when its target is reached', async () => {
    const owner = await asRider(t);
    const checker = await asRider(t);
    const validate = async (i: number) => {
      const photoId = await seedPhoto(owner.id, 'accurate', 800 + i);
      return (await checker.post('/api/contributions/validate', { photoId, countIsRight: true })).json();
    };
    for (let i = 0; i < 4; i += 1) await validate(i);
    expect(await validate(4)).toMatchObject({ rewardPointsEarned: 5, rewardPointsBalance: 5 * 5 + 20 });
    expect(await validate(5)).toMatchObject({ rewardPointsBalance: 6 * 5 + 20 });
    const challenges = (await checker.get('/api/contributions/challenges')).json();
    expect(challenges.find((c: { id: string }) => c.id === 'five-validations')).toMatchObject({
      progress: 5,
      target: 5,
      completed: true,
    });
  });

  it("ranks riders by points this week and all time, with the caller's own rank outside the top 10", async () => {
    const riders = [];
    for (let i = 0; i < 12; i += 1) {
      const rider = await asRider(t);
      await t.database.db.insert(contributions).values({
        userId: rider.id,
        kind: 'wait_time',
        terminalId: 'tsawwassen',
        points: 100 - i,
        createdAt: new Date(clock),
      });
      await giveBalance(rider.id, 100 - i);
      riders.push(rider);
    }
    const last = riders[11]!;
    await last.put('/api/contributions/display-name', { displayName: 'Lane Watcher' });
    for (const period of ['week', 'all']) {
      const board = (await last.get(`/api/contributions/leaderboard?period=${period}`)).json();
      expect(board.entries).toHaveLength(10);
      expect(board.entries[0]).toMatchObject({ rank: 1, points: 100, badge: 'Ferry Helper', you: false });
      expect(board.entries[0].displayName).toMatch(/^Rider [0-9A-F]{5}$/);
      expect(board.you).toMatchObject({
        rank: 12,
        points: 89,
        displayName: 'Lane Watcher',
        you: true,
        badge: 'New Contributor',
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/contributions/leaderboard?period=year' })).statusCode).toBe(
      400,
    );
  });
});
