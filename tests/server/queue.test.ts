import fs from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { pointAlong } from '@/domain/lane-geometry';
import { cameraFeedListSchema, parseDetections, verifyPhotoResultSchema } from '@/domain/queue-api';
import { queuePositionSchema } from '@/domain/queue-position';

import { HORSESHOE_BAY_LANES } from '../../server/db/seed-lanes';
import { asRider, type Actor } from '../kit/server/actor';
import { createTestApp, truncateTables, type TestApp } from '../kit/server/app';

/** Friday 10 July 2026, 4:00 pm in Vancouver: the afternoon peak, lanes busy. */
const NOW = Date.parse('2026-07-10T16:00:00-07:00');
const writes: Array<Record<string, unknown>> = [];
let t: TestApp;

const png = () => fs.readFile(new URL('../fixtures/photos/lane.png', import.meta.url));
const jpeg = () => fs.readFile(new URL('../fixtures/photos/lane.jpg', import.meta.url));

/** A point 100 m from the front of Horseshoe Bay's lane 2 for Departure Bay, 1.5 m off its centre line. */
function inLaneTwo(metres = 100) {
  const lane = HORSESHOE_BAY_LANES[1]!;
  const p = pointAlong(lane.points as Array<{ lat: number; lng: number }>, metres);
  return { lat: p.lat + 0.00002, lng: p.lng };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, realtimeWriter: async (values) => void writes.push(values) });
  t.feed.tick(NOW);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  writes.length = 0;
  await truncateTables(t.database, ['users', 'sessions', 'idempotency_keys', 'queue_positions']);
});

async function detections() {
  const parsed = parseDetections((await t.app.inject({ method: 'GET', url: '/api/queue/detections' })).json());
  if (!parsed) throw new Error('detections have the wrong shape');
  return parsed;
}

async function frame(id: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/cameras/${id}/frame${query}` });
}

const carsInFrame = (svg: string) => (svg.match(/<g class="car"/g) ?? []).length;

describe('POST /api/queue/calculate-position', () => {
  it('projects the GPS point onto the lane, counts cars ahead and corrects them by the cameras (worked example)', async () => {
    const rider = await asRider(t);
    const res = await rider.post('/api/queue/calculate-position', { gps: inLaneTwo(), accuracy: 5, userId: 999 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown> & { details: Record<string, unknown> };
    const position = queuePositionSchema.parse(body);
    // Lane 1 holds 40 cars; 100 m into lane 2 is slot 15: 55 car lengths ahead. The cameras count 172
    // cars for Departure Bay, so all 55 are real: position 56.
    expect(body.details).toEqual({
      laneId: 'horseshoe-bay:hsb-nan:2',
      carsAheadByGeometry: 55,
      carsCounted: 172,
      carsAhead: 55,
    });
    expect(position).toMatchObject({
      positionInQueue: 56,
      basedOn: 'gps_and_cameras',
      terminalId: 'horseshoe-bay',
      verified: false,
      confidence: 0.95,
    });
    // The 4:45 pm sailing (316 cars) takes position 56; boarding runs over the 40 min before it.
    expect(position.ferryId).toBe('queen-of-cowichan');
    expect(position.estimatedBoardingTime).toBe('2026-07-10T23:12:05.316Z');
    // Shared with the realtime node, under the session's user id (not the body's).
    expect(writes).toContainEqual({
      [`user_positions/${rider.id}`]: {
        userId: String(rider.id),
        positionInQueue: 56,
        timestamp: NOW,
        verified: false,
        terminalId: 'horseshoe-bay',
      },
    });
  });

  it('caps the cars ahead at the cars the cameras count when the rider stands behind them', async () => {
    const rider = await asRider(t);
    // Lane 5 holds only 12 counted cars; 200 m in is slot 30 of that lane.
    const lane = HORSESHOE_BAY_LANES[4]!;
    const p = pointAlong(lane.points as Array<{ lat: number; lng: number }>, 200);
    const res = await rider.post('/api/queue/calculate-position', { gps: p });
    const body = res.json() as {
      positionInQueue: number;
      confidence: number;
      details: { carsAheadByGeometry: number; carsAhead: number };
    };
    expect(body.details.carsAheadByGeometry).toBe(190);
    expect(body.details.carsAhead).toBe(172);
    expect(body.positionInQueue).toBe(173);
    expect(body.confidence).toBeLessThan(0.85);
  });

  it('removes the shared node instead of writing it when data sharing is off', async () => {
    const rider = await asRider(t);
    await rider.post('/api/queue/calculate-position', { gps: inLaneTwo(), shareData: false });
    expect(writes).toEqual([{ [`user_positions/${rider.id}`]: null }]);
  });

  it('answers 422 for a point at the terminal but in no lane, and for a point at no terminal', async () => {
    const rider = await asRider(t);
    const nearby = await rider.post('/api/queue/calculate-position', { gps: { lat: 49.3755, lng: -123.2705 } });
    expect(nearby.statusCode).toBe(422);
    expect(nearby.json()).toMatchObject({ error: 'not_in_lane' });
    expect(nearby.json().message).toContain('Horseshoe Bay');
    const far = await rider.post('/api/queue/calculate-position', { gps: { lat: 49.2827, lng: -123.1207 } });
    expect(far.statusCode).toBe(422);
    expect(far.json()).toMatchObject({ error: 'not_at_terminal' });
  });

  it('answers 400 for bad GPS input', async () => {
    const rider = await asRider(t);
    for (const gps of [{ lat: 91, lng: 0 }, { lat: 'north', lng: 0 }, { lat: 49.37 }, null]) {
      const res = await rider.post('/api/queue/calculate-position', { gps });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request' });
    }
  });
});

describe('GET /api/queue/position/:userId', () => {
  it('answers the caller with the stored position, null before any, and 403 for another rider', async () => {
    const rider = await asRider(t);
    const other = await asRider(t);
    const before = await rider.get(`/api/queue/position/${rider.id}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toBeNull();

    await rider.post('/api/queue/calculate-position', { gps: inLaneTwo(), accuracy: 5 });
    const mine = await rider.get(`/api/queue/position/${rider.id}`);
    expect(queuePositionSchema.parse(mine.json()).positionInQueue).toBe(56);

    const theirs = await other.get(`/api/queue/position/${rider.id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ error: 'forbidden' });
    const bad = await rider.get('/api/queue/position/me');
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/queue/verify-photo', () => {
  async function verify(rider: Actor, photo: Buffer | string, reportedPosition: number) {
    const photoBase64 = typeof photo === 'string' ? photo : photo.toString('base64');
    return rider.post('/api/queue/verify-photo', { photoBase64, reportedPosition, userId: 1 });
  }

  it('verifies a real photo whose reported position matches, and the position then claims 99%', async () => {
    const rider = await asRider(t);
    await rider.post('/api/queue/calculate-position', { gps: inLaneTwo() });
    const res = await verify(rider, await png(), 57);
    expect(res.statusCode).toBe(200);
    expect(verifyPhotoResultSchema.parse(res.json())).toMatchObject({
      verified: true,
      reason: 'verified',
      computedPosition: 56,
    });
    const position = (await rider.get(`/api/queue/position/${rider.id}`)).json();
    expect(position).toMatchObject({ verified: true, confidence: 0.99, basedOn: 'gps_cameras_and_photo' });
    expect(writes.at(-1)).toMatchObject({ [`user_positions/${rider.id}`]: { verified: true } });
  });

  it('keeps a verified photo report out of the shared store while data sharing is off', async () => {
    const rider = await asRider(t);
    await rider.post('/api/queue/calculate-position', { gps: inLaneTwo(), shareData: false });
    const res = await rider.post('/api/queue/verify-photo', {
      photoBase64: (await png()).toString('base64'),
      reportedPosition: 57,
      shareData: false,
    });
    expect(res.json()).toMatchObject({ verified: true });
    expect(writes).toEqual([{ [`user_positions/${rider.id}`]: null }, { [`user_positions/${rider.id}`]: null }]);
  });

  it('accepts a data: URL JPEG but does not verify an implausible position', async () => {
    const rider = await asRider(t);
    await rider.post('/api/queue/calculate-position', { gps: inLaneTwo() });
    const mismatch = await verify(rider, `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`, 20);
    expect(mismatch.json()).toMatchObject({ verified: false, reason: 'position_mismatch', computedPosition: 56 });
    const tooMany = await verify(rider, await png(), 400);
    expect(tooMany.json()).toMatchObject({ verified: false, reason: 'more_cars_than_counted' });
  });

  it('does not verify without a computed position', async () => {
    const rider = await asRider(t);
    const res = await verify(rider, await png(), 5);
    expect(res.json()).toMatchObject({ verified: false, reason: 'no_position', computedPosition: null });
  });

  it('answers 400 for bytes that are not an image and for a photo over 10 MB', async () => {
    const rider = await asRider(t);
    const text = await verify(rider, Buffer.from('This is not an image, just text pretending to be a photo.'), 5);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: 'not_an_image' });
    const svg = await verify(rider, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>'), 5);
    expect(svg.statusCode).toBe(400);
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const oversize = await verify(rider, big, 5);
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json()).toMatchObject({ error: 'photo_too_large', message: 'Please select an image under 10MB.' });
    const notBase64 = await verify(rider, '%%%not base64%%%', 5);
    expect(notBase64.statusCode).toBe(400);
    const badPosition = await verify(rider, await png(), 0);
    expect(badPosition.statusCode).toBe(400);
  });
});

describe('camera detections, feeds and frames', () => {
  it('lists the feeds at both paths, per terminal and location, with the spec id prefixes', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/queue/camera-feeds' });
    const b = await t.app.inject({ method: 'GET', url: '/api/queue-detection/camera-feeds' });
    expect(a.json()).toEqual(b.json());
    const feeds = cameraFeedListSchema.parse(a.json());
    expect(feeds).toHaveLength(15);
    expect(new Set(feeds.map((f) => f.id.slice(0, 4)))).toEqual(new Set(['hsb_', 'tsa_', 'swb_', 'nan_', 'duk_']));
    expect(feeds.find((f) => f.id === 'hsb_queue_area')).toMatchObject({
      location: 'queue_area',
      url: '/api/cameras/hsb_queue_area/frame',
    });
  });

  it('counts per camera add up to the terminal count, each camera with its own confidence', async () => {
    const d = await detections();
    const hsb = ['hsb_entrance', 'hsb_queue_area', 'hsb_booth'].map((id) => d[id]!);
    expect(hsb.reduce((s, x) => s + x.count, 0)).toBe(
      t.feed.queueCounts().find((c) => c.terminalId === 'horseshoe-bay')!.vehicleCount,
    );
    // Not the spec's 85 % for every camera: the booth sees its cars closest, the entrance furthest.
    const [entrance, queueArea, booth] = hsb.map((x) => x.confidence);
    expect(new Set([entrance, queueArea, booth]).size).toBe(3);
    expect(booth).toBeGreaterThan(queueArea!);
    expect(queueArea).toBeGreaterThan(entrance!);
    for (const c of [entrance, queueArea, booth]) expect(c).toBeGreaterThanOrEqual(0.5);
  });

  it('renders each frame with exactly the cars its detection counts, the camera name and a timestamp', async () => {
    const d = await detections();
    for (const id of ['hsb_entrance', 'hsb_queue_area', 'hsb_booth', 'tsa_booth', 'duk_entrance']) {
      const res = await frame(id, `?t=${NOW}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toContain('max-age');
      expect(carsInFrame(res.body)).toBe(d[id]!.count);
    }
    const booth = (await frame('hsb_booth')).body;
    expect(booth).toContain('Horseshoe Bay Ticket Booth');
    expect(booth).toContain('Jul 10, 4:00 PM');
    expect((await frame('hsb_booth')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 JSON for an unknown camera and 400 for a bad t', async () => {
    const res = await frame('zzz_nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect((await frame('hsb_booth', '?t=soon')).statusCode).toBe(400);
  });
});
