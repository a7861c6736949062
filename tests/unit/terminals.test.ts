import { describe, expect, it } from 'vitest';

import {
  DEFAULT_TERMINAL_ID,
  directedRouteName,
  QUEUE_TERMINAL_IDS,
  routeById,
  ROUTES,
  terminalById,
  TERMINALS,
} from '@/domain/terminals';

describe('terminals and routes (rider-core §1 terminals, §2 Contribute selector, §3 camera feed ids, §9 fares)', () => {
  it("names the spec's seven terminals", () => {
    expect(TERMINALS.map((t) => t.name)).toEqual([
      'Horseshoe Bay',
      'Tsawwassen',
      'Swartz Bay',
      'Nanaimo Departure Bay',
      'Nanaimo Duke Point',
      'Langdale',
      'Snug Cove',
    ]);
  });

  it('queues at the five camera terminals, in the Contribute selector order, Horseshoe Bay first and by default', () => {
    expect(QUEUE_TERMINAL_IDS.map((id) => terminalById(id)!.name)).toEqual([
      'Horseshoe Bay',
      'Tsawwassen',
      'Swartz Bay',
      'Nanaimo Departure Bay',
      'Nanaimo Duke Point',
    ]);
    expect(DEFAULT_TERMINAL_ID).toBe('horseshoe-bay');
  });

  it('gives each camera terminal its camera id prefix, and the others none', () => {
    expect(QUEUE_TERMINAL_IDS.map((id) => terminalById(id)!.cameraPrefix)).toEqual([
      'hsb_',
      'tsa_',
      'swb_',
      'nan_',
      'duk_',
    ]);
    expect(terminalById('langdale')!.cameraPrefix).toBeUndefined();
    expect(terminalById('snug-cove')!.cameraPrefix).toBeUndefined();
  });

  it('places every terminal on the BC coast', () => {
    for (const t of TERMINALS) {
      expect(t.lat, t.id).toBeGreaterThan(48.5);
      expect(t.lat, t.id).toBeLessThan(49.5);
      expect(t.lng, t.id).toBeGreaterThan(-124.5);
      expect(t.lng, t.id).toBeLessThan(-123);
    }
  });

  it('knows no terminal or route by an id it does not have', () => {
    expect(terminalById('bella-coola')).toBeUndefined();
    expect(terminalById('')).toBeUndefined();
    expect(routeById('hsb-xyz')).toBeUndefined();
  });

  it('joins two known terminals on different land with each route', () => {
    for (const route of ROUTES) {
      const from = terminalById(route.from);
      const to = terminalById(route.to);
      expect(from && to, route.id).toBeTruthy();
      expect(from!.landmass, route.id).not.toBe(to!.landmass);
      expect(route.name, route.id).toContain(' - ');
      expect(route.crossingMinutes, route.id).toBeGreaterThan(0);
    }
  });

  it('prices the routes of the fare table: the three main routes, Langdale and Snug Cove', () => {
    expect(ROUTES.map((r) => r.id)).toEqual(['hsb-nan', 'tsa-swb', 'tsa-duk', 'hsb-lng', 'hsb-snug']);
  });

  it('names a route in the direction of travel', () => {
    const route = routeById('hsb-nan')!;
    expect(directedRouteName(route, 'horseshoe-bay')).toBe('Horseshoe Bay - Departure Bay');
    expect(directedRouteName(route, 'departure-bay')).toBe('Departure Bay - Horseshoe Bay');
    expect(directedRouteName(route, 'tsawwassen')).toBe('Horseshoe Bay - Departure Bay');
  });
});
