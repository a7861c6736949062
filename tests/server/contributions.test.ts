import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { PHOTO_POINTS_ACCURATE, PHOTO_POINTS_DEFAULT } from '@/domain/contributions';
import type { QueueDataValue } from '@/domain/realtime';

import { photoDirectory } from '../../server/contributions/photo-files';
import { simulate } from '../../server/feed/simulator';
import { loadLayouts, queueAt } from '../../server/queue/queue-model';
import { asRider, type Actor } from '../kit/server/actor';
import { RIDER_TABLES, useTestApp } from '../kit/server/app';
import { multipartBody, type Part } from './support/multipart';

/** A fixed instant (a Tuesday afternoon) so the cameras' count is known. */
const NOW = Date.parse('2026-11-17T22:30:00Z');
let clock = NOW;
const published: QueueDataValue[] = [];
const t = useTestApp({
  now: () => clock,
  publishQueueCount: async (count) => {
    published.push(count);
  },
  reset: [...RIDER_TABLES, 'contributions', 'reward_claims', 'notifications', 'membership_trials', 'amenity_statuses'],
});

const cameraCount = (terminal: string, at = NOW) =>
  simulate(at).queueCounts.find((c) => c.terminalId === terminal)!.vehicleCount;

let seed = 0;
/** A small distinct JPEG carrying EXIF text, so tests can see the metadata is gone once stored. */
async function photo(): Promise<Buffer> {
  seed += 1;
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: seed % 255, g: (seed * 7) % 255, b: 90 } },
  })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Rider', Copyright: 'GPS 49.37 -123.27' } })
    .toBuffer();
}

async function upload(
  rider: Actor,
  fields: Record<string, string>,
  bytes: Buffer | null,
  headers: Record<string, string> = {},
  filename = 'lane.jpg',
) {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  if (bytes) parts.push({ name: 'photo', value: bytes, filename });
  const { payload, contentType } = multipartBody(parts);
  return rider.post('/api/contributions/photo', payload, { headers: { 'content-type': contentType, ...headers } });
}

const fieldsFor = (vehicleCount: number, terminal = 'horseshoe-bay') => ({
  terminal,
  lane: 'Lane 2',
  vehicleCount: String(vehicleCount),
  timeOfDay: new Date(NOW).toISOString(),
});

/** A GPS fix standing in Horseshoe Bay's lane 1 of the Departure Bay route. */
const IN_HSB_NAN_LANE_1 = { gpsLatitude: '49.372373', gpsLongitude: '-123.274877' };

/** What the cameras count in one lane at NOW. */
async function laneCount(laneId: string): Promise<number> {
  const layout = (await loadLayouts(t.database.db)).find((l) => l.lanes.some((lane) => lane.id === laneId))!;
  const count = simulate(NOW).queueCounts.find((c) => c.terminalId === layout.terminalId)!;
  return queueAt(layout, count).occupancy.filled[laneId]!;
}

describe('POST /api/contributions/photo', () => {
  it("scores a lane's count against the cameras' count of that lane, not the terminal's total", async () => {
    clock = NOW;
    const rider = await asRider(t);
    const inLane = await laneCount('horseshoe-bay:hsb-nan:1');
    const total = cameraCount('horseshoe-bay');
    expect(total - inLane).toBeGreaterThan(10);
    const right = await upload(rider, { ...fieldsFor(inLane), lane: 'Lane 1', ...IN_HSB_NAN_LANE_1 }, await photo());
    expect(right.json()).toMatchObject({ rewardPointsEarned: PHOTO_POINTS_ACCURATE });
    clock = NOW + 3 * 60_000;
    const terminalTotal = await upload(
      rider,
      { ...fieldsFor(total), lane: 'Lane 1', ...IN_HSB_NAN_LANE_1, timeOfDay: new Date(NOW).toISOString() },
      await photo(),
    );
    expect(terminalTotal.json()).toMatchObject({ rewardPointsEarned: PHOTO_POINTS_DEFAULT });
    clock = NOW;
  });

  it('refuses, in words, a count for another terminal than where the GPS fix is; without a fix it is taken', async () => {
    const rider = await asRider(t);
    const elsewhere = await upload(rider, { ...fieldsFor(12, 'tsawwassen'), ...IN_HSB_NAN_LANE_1 }, await photo());
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({
      error: 'not_at_terminal',
      message:
        "Your phone's location is at Horseshoe Bay, not Tsawwassen. Choose Horseshoe Bay as the terminal and count the lane you are in.",
    });
    const atHome = await upload(
      rider,
      { ...fieldsFor(12, 'tsawwassen'), gpsLatitude: '49.2827', gpsLongitude: '-123.1207' },
      await photo(),
    );
    expect(atHome.json().message).toBe(
      "Your phone's location is not at Tsawwassen. Count the lane you are in when you are at the terminal.",
    );
    const noFix = await upload(rider, fieldsFor(12, 'tsawwassen'), await photo());
    expect(noFix.statusCode).toBe(201);
  });

  it("refuses a count over 200 with what to change, never the validator's text", async () => {
    const rider = await asRider(t);
    const res = await upload(rider, fieldsFor(394), await photo());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_request',
      message: 'The vehicle count must be a whole number from 1 to 200: the cars in your lane.',
    });
  });

  it('awards 25 points for a count of the whole queue that agrees with the cameras and 10 for one that does not', async () => {
    clock = NOW;
    const rider = await asRider(t);
    const accurate = await upload(
      rider,
      { ...fieldsFor(cameraCount('horseshoe-bay')), lane: 'General Queue' },
      await photo(),
    );
    expect(accurate.statusCode).toBe(201);
    expect(accurate.json()).toMatchObject({
      kind: 'photo',
      rewardPointsEarned: PHOTO_POINTS_ACCURATE,
      rewardPointsBalance: 25,
    });

    const off = await upload(
      rider,
      { ...fieldsFor(Math.min(200, cameraCount('tsawwassen') + 60), 'tsawwassen'), lane: 'General Queue' },
      await photo(),
    );
    expect(off.json()).toMatchObject({ rewardPointsEarned: PHOTO_POINTS_DEFAULT, rewardPointsBalance: 35 });

    const profile = await rider.get('/api/users/profile');
    expect(profile.json()).toMatchObject({ rewardPointsBalance: 35, contributionScore: 35 });
    const recent = await rider.get('/api/contributions/recent');
    expect(recent.json()).toMatchObject([
      { kind: 'photo', points: 10, status: 'off', terminal: 'tsawwassen' },
      { kind: 'photo', points: 25, status: 'accurate', terminal: 'horseshoe-bay' },
    ]);
  });

  it('publishes the count as a rider report, unless data sharing is off', async () => {
    published.length = 0;
    const rider = await asRider(t);
    await upload(rider, fieldsFor(12), await photo());
    await upload(rider, { ...fieldsFor(14, 'swartz-bay'), shareData: 'false' }, await photo());
    expect(published).toEqual([
      {
        terminalId: 'horseshoe-bay',
        vehicleCount: 12,
        timestamp: NOW,
        userReported: true,
        confidence: 0.7,
        source: 'user',
      },
    ]);
  });

  it('stores a re-encoded photo and thumbnail without the EXIF metadata', async () => {
    const rider = await asRider(t);
    const res = await upload(rider, fieldsFor(10, 'duke-point'), await photo());
    expect(res.statusCode).toBe(201);
    const dir = photoDirectory(t.config.dataDir);
    const files = await readdir(dir);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const file of files) {
      const meta = await sharp(path.join(dir, file)).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    const thumb = await rider.get(`/api/contributions/photos/${res.json().id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  });

  it('gives nothing for an identical photo sent again, and lands once for a repeated Idempotency-Key', async () => {
    clock = NOW;
    const rider = await asRider(t);
    const bytes = await photo();
    const key = { 'idempotency-key': 'photo-once-0001' };
    const first = await upload(rider, fieldsFor(cameraCount('horseshoe-bay')), bytes, key);
    const replay = await upload(rider, fieldsFor(cameraCount('horseshoe-bay')), bytes, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    clock = NOW + 3 * 60_000;
    const again = await upload(rider, fieldsFor(cameraCount('horseshoe-bay')), bytes);
    expect(again.json()).toMatchObject({ rewardPointsEarned: 0, note: expect.stringMatching(/already submitted/) });
    const recent = await rider.get('/api/contributions/recent');
    expect(recent.json()).toHaveLength(2);
    clock = NOW;
  });

  it('answers 413 for a photo over 10 MB and 415 for a file that is not an image, whatever its name', async () => {
    const rider = await asRider(t);
    const big = await upload(rider, fieldsFor(10), Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'photo_too_large', message: 'Please select an image under 10MB.' });
    const text = await upload(rider, fieldsFor(10), Buffer.from('#!/bin/sh\necho not a photo\n'), {}, 'cars.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ error: 'not_an_image' });
    const json = await rider.post('/api/contributions/photo', '{}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(415);
  });

  it.each([
    ['no photo', fieldsFor(10), false, /photo is required/],
    ['a count of 0', fieldsFor(0), true, /vehicle count must be a whole number from 1 to 200/],
    ['a count over 200', fieldsFor(201), true, /vehicle count must be a whole number from 1 to 200/],
    ['an unknown lane', { ...fieldsFor(10), lane: '' }, true, /lane/],
    ['an unknown terminal', { ...fieldsFor(10), terminal: 'atlantis' }, true, /terminal/],
  ])('answers 400 for %s', async (_name, fields, withPhoto, message) => {
    const rider = await asRider(t);
    const res = await upload(rider, fields, withPhoto ? await photo() : null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('other ways to help', () => {
  it('awards wait, capacity and amenity reports and refuses a second one within 10 minutes', async () => {
    clock = NOW;
    const rider = await asRider(t);
    const post = (url: string, payload: unknown) => rider.post(url, payload);
    expect(
      (await post('/api/contributions/wait-time', { terminal: 'tsawwassen', minutesWaited: 40 })).json(),
    ).toMatchObject({ rewardPointsEarned: 5 });
    const again = await post('/api/contributions/wait-time', { terminal: 'tsawwassen', minutesWaited: 45 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'too_soon', message: expect.stringMatching(/again in 10 minutes/) });
    expect(
      (await post('/api/contributions/capacity', { terminal: 'tsawwassen', level: 'nearly_full' })).json(),
    ).toMatchObject({ rewardPointsEarned: 7 });
    const amenity = (await t.app.inject({ method: 'GET', url: '/api/amenities' })).json()[0];
    expect(
      (await post('/api/contributions/amenity-status', { amenityId: amenity.id, status: 'busy' })).json(),
    ).toMatchObject({ rewardPointsEarned: 3, rewardPointsBalance: 15 });
    const statuses = await t.app.inject({ method: 'GET', url: '/api/contributions/amenity-status' });
    expect(statuses.json()[amenity.id]).toMatchObject({ status: 'busy' });
    // The amenity buttons show it: the amenity list carries the riders' latest status.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/amenities' }))
      .json()
      .find((a: { id: string }) => a.id === amenity.id);
    expect(listed).toMatchObject({ riderStatus: 'busy' });
    clock = NOW + 11 * 60_000;
    expect((await post('/api/contributions/wait-time', { terminal: 'tsawwassen', minutesWaited: 45 })).statusCode).toBe(
      201,
    );
    clock = NOW;
  });

  it('stops awarding points at the daily cap', async () => {
    const rider = await asRider(t);
    let last: { rewardPointsEarned: number; note: string | null } | undefined;
    let total = 0;
    // Capacity checks 11 minutes apart, 7 points each, all on one terminal-time day.
    for (let i = 0; i < 45; i += 1) {
      clock = NOW + i * 11 * 60_000;
      const res = await rider.post('/api/contributions/capacity', { terminal: 'swartz-bay', level: 'half' });
      last = res.json();
      total += last!.rewardPointsEarned;
    }
    clock = NOW;
    expect(total).toBe(300);
    expect(last).toMatchObject({ rewardPointsEarned: 0, note: expect.stringMatching(/limit of 300 points/) });
  });
});
