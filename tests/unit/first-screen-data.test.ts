import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  FIRST_SCREEN_DATA_ELEMENT_ID,
  firstScreenDataSchema,
  firstScreenDataScript,
  type FirstScreenData,
} from '@/domain/first-screen-data';

const data: FirstScreenData = {
  ferries: [
    {
      id: 'queen-of-surrey',
      name: 'Queen of Surrey',
      route: 'Horseshoe Bay - Langdale',
      departureTime: '2026-07-10T23:20:00.000Z',
      capacity: 1400,
      currentPassengers: 700,
      currentVehicles: 200,
      vehicleCapacity: 310,
      status: 'docked',
      speed: 0,
    },
  ],
  fetchedAt: Date.parse('2026-07-10T23:00:00Z'),
  banners: [{ id: 'b1', title: 'Heads up', message: 'Lanes close at </script><script>alert(1)</script>' }],
  renderedAt: Date.parse('2026-07-10T23:00:05Z'),
};

const blockText = (script: string) =>
  /^<script type="application\/json" id="first-screen-data">(.*)<\/script>$/s.exec(script)?.[1];

describe('/app\'s first screen data block (rider-core §2 Next Ferry "Loading ferry information..."; docs/ARCHITECTURE.md first screen)', () => {
  it('writes one JSON data block under the id the app reads', () => {
    const script = firstScreenDataScript(data);
    expect(FIRST_SCREEN_DATA_ELEMENT_ID).toBe('first-screen-data');
    expect(blockText(script)).toBeDefined();
  });

  it('reads back exactly what it was rendered from', () => {
    const json = blockText(firstScreenDataScript(data))!;
    expect(z.parse(firstScreenDataSchema, JSON.parse(json))).toEqual(data);
  });

  it('lets no text in it end the element early', () => {
    const script = firstScreenDataScript(data);
    expect(script.indexOf('</script>')).toBe(script.length - '</script>'.length);
    expect(script).not.toContain('<script>');
    expect(script).toContain('\\u003c/script>');
  });

  it('takes a page rendered without the banners, which the server could not read', () => {
    const { banners: _, ...withoutBanners } = data;
    expect(z.safeParse(firstScreenDataSchema, withoutBanners).success).toBe(true);
  });

  it('refuses data without the ferry list or the time it was read', () => {
    expect(z.safeParse(firstScreenDataSchema, { ...data, fetchedAt: undefined }).success).toBe(false);
    expect(z.safeParse(firstScreenDataSchema, { ...data, ferries: undefined }).success).toBe(false);
  });
});
