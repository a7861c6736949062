import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import { clientConfigSchema, queueDataSchema, REALTIME_PATHS } from '@/domain/realtime';

describe('the realtime database nodes (rider-core §3 "Shared realtime data nodes", §7)', () => {
  it('writes queue data, history and positions at the spec’s paths', () => {
    expect(REALTIME_PATHS.queueData('horseshoe-bay')).toBe('queue_data/horseshoe-bay');
    expect(REALTIME_PATHS.queueHistory('tsawwassen')).toBe('queue_history/tsawwassen');
    expect(REALTIME_PATHS.userPosition('42')).toBe('user_positions/42');
  });

  const count = {
    terminalId: 'horseshoe-bay',
    vehicleCount: 48,
    timestamp: Date.parse('2026-07-10T23:00:00Z'),
    userReported: false,
    confidence: 0.85,
    source: 'camera',
  };
  const accepts = (patch: Record<string, unknown>) => z.safeParse(queueDataSchema, { ...count, ...patch }).success;

  it('holds a terminal’s vehicle count with the fields the spec names', () => {
    expect(accepts({})).toBe(true);
    expect(accepts({ userReported: true, confidence: 0.7, source: 'rider' })).toBe(true);
  });

  it('refuses a negative or fractional count, a confidence outside 0-1 and a time that is not whole milliseconds', () => {
    expect(accepts({ vehicleCount: -1 })).toBe(false);
    expect(accepts({ vehicleCount: 4.5 })).toBe(false);
    expect(accepts({ confidence: 1.2 })).toBe(false);
    expect(accepts({ confidence: -0.1 })).toBe(false);
    expect(accepts({ timestamp: 1_783_724_400.5 })).toBe(false);
    expect(accepts({ vehicleCount: 0, confidence: 0 })).toBe(true);
  });
});

describe('what the app needs at run time (GET /api/config; membership §2 landing page or "Mobile Preview")', () => {
  const config = {
    realtime: {
      databaseURL: 'http://127.0.0.1:9000?ns=deckhand-local',
      projectId: 'deckhand-local',
      emulator: { port: 9000 },
    },
    vapidPublicKey: null,
  };

  it('takes a config cached before the landing switch existed', () => {
    expect(z.parse(clientConfigSchema, config).landingEnabled).toBeUndefined();
    expect(z.parse(clientConfigSchema, { ...config, landingEnabled: false }).landingEnabled).toBe(false);
  });

  it('needs the push key said, even as null, and a whole emulator port', () => {
    expect(z.safeParse(clientConfigSchema, { realtime: config.realtime }).success).toBe(false);
    const fractionalPort = { ...config, realtime: { ...config.realtime, emulator: { port: 9000.5 } } };
    expect(z.safeParse(clientConfigSchema, fractionalPort).success).toBe(false);
  });
});
