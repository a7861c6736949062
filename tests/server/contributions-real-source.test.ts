/**
 * Under a real ferry source the terminal cameras' counts are still the simulator's (no public source
 * publishes lane counts), so a rider's photo of a real lane is not scored against them: it is
 * "unchecked" and earns the default points, whatever it agrees or disagrees with.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { PHOTO_POINTS_DEFAULT } from '@/domain/contributions';

import { simulate } from '../../server/feed/simulator';
import type { FeedSource } from '../../server/feed/sources/feed-source';
import { asRider, type Actor } from '../kit/server/actor';
import { useTestApp } from '../kit/server/app';
import { multipartBody, type Part } from './support/multipart';

const NOW = Date.parse('2026-11-17T22:30:00Z');
/** A BC Ferries source that has read nothing yet: enough to run the feed on a real source. */
const bcferries: FeedSource = {
  name: 'bcferries',
  sailings: () => [],
  status: () => ({}),
  start: () => undefined,
  stop: () => undefined,
};
const t = useTestApp({
  now: () => NOW,
  feedSources: [bcferries],
  reset: ['users', 'sessions', 'idempotency_keys', 'contributions'],
});

async function upload(rider: Actor, vehicleCount: number): Promise<{ statusCode: number; body: unknown }> {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
  const parts: Part[] = [
    { name: 'terminal', value: 'horseshoe-bay' },
    { name: 'lane', value: 'General Queue' },
    { name: 'vehicleCount', value: String(vehicleCount) },
    { name: 'timeOfDay', value: new Date(NOW).toISOString() },
    { name: 'photo', value: photo, filename: 'lane.jpg' },
  ];
  const { payload, contentType } = multipartBody(parts);
  const res = await rider.post('/api/contributions/photo', payload, { headers: { 'content-type': contentType } });
  return { statusCode: res.statusCode, body: res.json() };
}

describe('a photo count under a real ferry source', () => {
  it('is not scored against the simulated cameras: unchecked, default points', async () => {
    const rider = await asRider(t);
    // The count the simulated cameras show: under the simulator it would earn the "accurate" points.
    const simulatedCount = simulate(NOW).queueCounts.find((c) => c.terminalId === 'horseshoe-bay')!.vehicleCount;
    const sent = await upload(rider, Math.max(1, simulatedCount));
    expect(sent.statusCode).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'photo', rewardPointsEarned: PHOTO_POINTS_DEFAULT });
    const recent = await rider.get('/api/contributions/recent');
    expect(recent.json()).toMatchObject([
      { kind: 'photo', points: PHOTO_POINTS_DEFAULT, status: 'unchecked', terminal: 'horseshoe-bay' },
    ]);
  });
});
