import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { amenitySchema } from '@/domain/away';
import { BANNER_ICONS } from '@/domain/banner';
import { QUEUE_TERMINAL_IDS } from '@/domain/terminals';

import { useTestApp } from '../kit/server/app';

const t = useTestApp();

describe('GET /api/amenities', () => {
  it('answers every seeded amenity in the Amenity shape, by terminal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/amenities' });
    expect(res.statusCode).toBe(200);
    const amenities = z.array(z.strictObject(amenitySchema.shape)).parse(res.json());
    expect(new Set(amenities.map((a) => a.terminalId))).toEqual(new Set(QUEUE_TERMINAL_IDS));
    expect(new Set(amenities.map((a) => a.type))).toEqual(new Set(['coffee', 'food', 'restroom', 'shop']));
    const terminals = amenities.map((a) => a.terminalId ?? '');
    expect(terminals).toEqual([...terminals].sort());
  });

  it('narrows to one terminal with ?terminalId=', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/amenities?terminalId=tsawwassen' });
    expect(res.json()).toEqual([
      { id: 'tsawwassen-coffee', name: 'Coffee Kiosk', type: 'coffee', terminalId: 'tsawwassen', riderStatus: null },
      { id: 'tsawwassen-food', name: 'Food Counter', type: 'food', terminalId: 'tsawwassen', riderStatus: null },
      { id: 'tsawwassen-newsstand', name: 'Newsstand', type: 'shop', terminalId: 'tsawwassen', riderStatus: null },
      { id: 'tsawwassen-restroom', name: 'Washrooms', type: 'restroom', terminalId: 'tsawwassen', riderStatus: null },
    ]);
  });

  it('answers 400 for an unknown terminal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/amenities?terminalId=atlantis' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request', message: expect.stringMatching(/terminalId/) });
  });
});

describe('GET /api/banners', () => {
  const bannerShape = z.strictObject({
    id: z.string(),
    title: z.string().min(1),
    message: z.string().min(1),
    icon: z.enum(BANNER_ICONS),
    backgroundColor: z.string().min(1),
    textColor: z.string().min(1),
    dismissible: z.boolean(),
    actionText: z.string().nullable(),
    actionUrl: z.string().nullable(),
  });

  it('answers the active banners in order, with several icons, dismissible and not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/banners' });
    expect(res.statusCode).toBe(200);
    const banners = z.array(bannerShape).parse(res.json());
    expect(banners.map((b) => b.id)).toEqual(['boarding-window', 'busy-afternoons', 'step-away', 'count-cars']);
    expect(new Set(banners.map((b) => b.icon)).size).toBeGreaterThanOrEqual(4);
    expect(banners.some((b) => b.dismissible)).toBe(true);
    expect(banners.some((b) => !b.dismissible)).toBe(true);
    expect(banners.find((b) => b.id === 'busy-afternoons')).toMatchObject({
      actionText: 'Open Tracker',
      actionUrl: '/app/tracker',
    });
  });
});
