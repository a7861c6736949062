/**
 * The same server on real PostgreSQL (DATABASE_URL), on a throwaway cluster
 * (./support/postgres-cluster.ts), and the rules that must hold when requests race there: under
 * READ COMMITTED a rule that reads and then inserts lets concurrent requests through unless the
 * database enforces it (a row lock, an advisory lock, a unique index). Each race below fires its
 * requests at once through a pool of real connections and counts the outcomes.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { complaintSchema } from '@/domain/complaint';
import { DAILY_POINTS_CAP } from '@/domain/contributions';
import { TERMINALS } from '@/domain/terminals';

import { openDatabase } from '../../server/db/client';
import {
  arrivalTimers,
  contributions,
  fares,
  ninjaRequests,
  storeItems,
  terminals,
  users,
} from '../../server/db/schema';
import { AMENITY_ROWS } from '../../server/db/seed';
import { asGuest, asRider, type Actor } from '../kit/server/actor';
import { createTestApp, type TestApp } from '../kit/server/app';
import { multipartBody } from './support/multipart';
import { ninjaRequestBody } from './support/ninja-request';
import { startThrowawayPostgres, type ThrowawayPostgres } from './support/postgres-cluster';

/** Migrations committed in server/db/migrations (drizzle-kit's journal lists each once). */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;
let cluster: ThrowawayPostgres | undefined;
let databaseUrl: string;
let clusterDir: string;
let t: TestApp | undefined;

beforeAll(async () => {
  cluster = await startThrowawayPostgres();
  databaseUrl = cluster.url;
  clusterDir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-pg-app-'));
});

afterAll(async () => {
  await t?.close();
  await cluster?.stop();
  if (clusterDir) await fs.rm(clusterDir, { recursive: true, force: true });
});

describe('PostgreSQL via DATABASE_URL', () => {
  it('migrates and seeds, and doing it again (also from two instances at once) changes nothing', async () => {
    const first = await openDatabase({ DATABASE_URL: databaseUrl, dataDir: clusterDir });
    expect(first.kind).toBe('postgres');
    const count = async (db: typeof first.db) => ({
      terminals: (await db.select().from(terminals)).length,
      storeItems: (await db.select().from(storeItems)).length,
      fares: (await db.select().from(fares)).length,
    });
    const seeded = await count(first.db);
    expect(seeded.terminals).toBe(7);
    expect(seeded.fares).toBe(5);
    await first.close();

    const [a, b] = await Promise.all([
      openDatabase({ DATABASE_URL: databaseUrl, dataDir: clusterDir }),
      openDatabase({ DATABASE_URL: databaseUrl, dataDir: clusterDir }),
    ]);
    expect(await count(a.db)).toEqual(seeded);
    // Both drivers answer execute() with node-postgres' result shape.
    const migrations = (await a.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: unknown[];
    };
    // Each committed migration is recorded exactly once, however many instances ran them.
    expect(migrations.rows).toEqual([{ n: MIGRATION_COUNT }]);
    await Promise.all([a.close(), b.close()]);
  });

  it('serves the API on PostgreSQL: post a complaint and read it back', async () => {
    t = await createTestApp({ env: { DATABASE_URL: databaseUrl } });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ status: 'ok', db: 'postgres' });

    const phone = asGuest(t);
    const posted = await phone.post(
      '/api/complaints',
      { category: 'cleanliness', description: 'Facility cleanliness issues observed' },
      { idempotencyKey: 'pg-complaint-0001' },
    );
    expect(posted.statusCode).toBe(201);
    const created = complaintSchema.parse(posted.json());
    expect(phone.cookie).toMatch(/^dh_session=./);

    const list = await phone.get('/api/complaints');
    expect(list.json()).toEqual([created]);
  });
});

/** A fixed afternoon, so every race runs inside one terminal day and one 10-minute window. */
const RACE_NOW = Date.parse('2026-11-17T22:30:00Z');

describe('races on PostgreSQL: each rule holds however many requests arrive at once', () => {
  let race: TestApp;
  beforeAll(async () => {
    race = await createTestApp({ env: { DATABASE_URL: databaseUrl }, now: () => RACE_NOW });
  });
  afterAll(async () => {
    await race?.close();
  });

  const statuses = (answers: Array<{ statusCode: number }>) =>
    answers.reduce<Record<number, number>>(
      (counts, a) => ({ ...counts, [a.statusCode]: (counts[a.statusCode] ?? 0) + 1 }),
      {},
    );
  const together = <T>(n: number, run: (i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: n }, (_, i) => run(i)));
  const balance = async (id: number) =>
    (await race.database.db.select().from(users).where(eq(users.id, id)))[0]!.rewardPointsBalance;

  it.each([
    ['/api/contributions/wait-time', { terminal: 'horseshoe-bay', minutesWaited: 30 }],
    ['/api/contributions/capacity', { terminal: 'tsawwassen', level: 'half' }],
    ['/api/contributions/amenity-status', { amenityId: AMENITY_ROWS[0]!.id, status: 'busy' }],
  ])('one report per 10 minutes: 20 concurrent %s from one rider → 1 accepted, 19 too_soon', async (url, body) => {
    const rider = await asRider(race);
    const answers = await together(20, (i) =>
      rider.post(url, body, { idempotencyKey: `race-report-${i}-${randomUUID()}` }),
    );
    expect(statuses(answers)).toEqual({ 201: 1, 409: 19 });
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().error === 'too_soon')).toBe(true);
    const earned = answers.find((a) => a.statusCode === 201)!.json().rewardPointsEarned as number;
    expect(await balance(rider.id)).toBe(earned);
    console.info(`race ${url}: ${JSON.stringify(statuses(answers))}`);
  });

  const photoBytes = (shade: number) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background: { r: shade, g: 80, b: 160 } } })
      .jpeg()
      .toBuffer();
  const uploadPhoto = (rider: Actor, bytes: Buffer, terminal: string) => {
    const { payload, contentType } = multipartBody([
      { name: 'terminal', value: terminal },
      { name: 'lane', value: 'Lane 2' },
      { name: 'vehicleCount', value: '12' },
      { name: 'timeOfDay', value: new Date(RACE_NOW).toISOString() },
      { name: 'photo', value: bytes, filename: 'lane.jpg' },
    ]);
    return rider.inject({
      method: 'POST',
      url: '/api/contributions/photo',
      headers: { 'content-type': contentType },
      payload,
    });
  };

  it('the duplicate-photo rule: one photo sent by 10 riders at once is paid once', async () => {
    const bytes = await photoBytes(201);
    const riders = await together(10, () => asRider(race));
    const answers = await together(10, (i) => uploadPhoto(riders[i]!, bytes, 'horseshoe-bay'));
    expect(statuses(answers)).toEqual({ 201: 10 });
    const paid = answers.filter((a) => (a.json().rewardPointsEarned as number) > 0);
    expect(paid).toHaveLength(1);
    expect(answers.filter((a) => /already submitted/.test(String(a.json().note)))).toHaveLength(9);
    console.info(`race duplicate photo: ${paid.length} paid of ${answers.length}`);
  });

  it('the 2-minute rule: 10 different photos of one terminal from one rider at once earn points once', async () => {
    const rider = await asRider(race);
    const photos = await together(10, (i) => photoBytes(10 + i * 20));
    const answers = await together(10, (i) => uploadPhoto(rider, photos[i]!, 'swartz-bay'));
    expect(statuses(answers)).toEqual({ 201: 10 });
    const paid = answers.filter((a) => (a.json().rewardPointsEarned as number) > 0);
    expect(paid).toHaveLength(1);
    expect(await balance(rider.id)).toBe(paid[0]!.json().rewardPointsEarned);
    console.info(`race 2-minute rule: ${paid.length} paid of ${answers.length}`);
  });

  it('the daily cap: a rider 5 points under it, reporting at every terminal at once, earns 5 more', async () => {
    const rider = await asRider(race);
    await race.database.db.insert(contributions).values({
      userId: rider.id,
      kind: 'wait_time',
      terminalId: 'tsawwassen',
      points: DAILY_POINTS_CAP - 5,
      note: null,
      details: {},
      createdAt: new Date(RACE_NOW - 60 * 60_000),
    });
    const answers = await together(TERMINALS.length, (i) =>
      rider.post('/api/contributions/wait-time', { terminal: TERMINALS[i]!.id, minutesWaited: 20 }),
    );
    expect(statuses(answers)).toEqual({ 201: TERMINALS.length });
    const earned = answers.reduce((sum, a) => sum + (a.json().rewardPointsEarned as number), 0);
    expect(earned).toBe(5);
    console.info(`race daily cap: ${earned} points earned over ${answers.length} reports`);
  });

  const timerBody = (id: string) => ({
    id,
    ferryId: 'queen-of-oak-bay',
    departureLocation: 'Burnaby',
    targetDeparture: new Date(RACE_NOW + 4 * 3_600_000).toISOString(),
    bufferTime: 20,
  });

  it('arrival timers: one id sent 50 times at once answers the same timer 50 times and stores one', async () => {
    const rider = await asRider(race);
    const timerId = randomUUID();
    const answers = await together(50, () => rider.post('/api/arrival-timers', timerBody(timerId)));
    expect(statuses(answers)).toEqual({ 201: 50 });
    expect(new Set(answers.map((a) => a.json().id))).toEqual(new Set([timerId]));
    expect(await race.database.db.select().from(arrivalTimers).where(eq(arrivalTimers.userId, rider.id))).toHaveLength(
      1,
    );
  });

  it('arrival timers: 50 different ids at once leave exactly one active timer', async () => {
    const rider = await asRider(race);
    const answers = await together(50, () => rider.post('/api/arrival-timers', timerBody(randomUUID())));
    expect(statuses(answers)).toEqual({ 201: 50 });
    const active = await race.database.db.select().from(arrivalTimers).where(eq(arrivalTimers.userId, rider.id));
    expect(active).toHaveLength(1);
    const listed = await rider.get('/api/arrival-timers');
    expect(listed.json()).toHaveLength(1);
    console.info(`race arrival timers: ${active.length} active of 50 created`);
  });

  it('Ninja Booking: one request id sent 50 times at once answers the same request 50 times and stores one', async () => {
    const rider = await asRider(race, { membershipType: 'ninja' });
    const requestId = randomUUID();
    // In-app alerts only: this server has no SMTP, so an e-mail alert would be refused (422).
    const body = ninjaRequestBody(
      { route: 'Horseshoe Bay - Departure Bay', departureDate: '2026-11-20', departureTime: '' },
      { id: requestId },
    );

    const answers = await together(50, () => rider.post('/api/ninja-booking/requests', body));
    expect(statuses(answers)).toEqual({ 201: 50 });
    expect(new Set(answers.map((a) => a.json().id))).toEqual(new Set([requestId]));
    expect(await race.database.db.select().from(ninjaRequests).where(eq(ninjaRequests.userId, rider.id))).toHaveLength(
      1,
    );
    const other = await asRider(race, { membershipType: 'ninja' });
    expect((await other.post('/api/ninja-booking/requests', body)).statusCode).toBe(409);
  });
});
