import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  calculatePositionInputSchema,
  CAMERA_UNAVAILABLE_TEXT,
  cameraFeedListSchema,
  MAX_REPORTED_POSITION,
  parseDetections,
  PHOTO_BASE64_MAX_CHARS,
  PHOTO_MAX_BYTES,
  PHOTO_NOT_VERIFIED_TEXT,
  verifyPhotoInputSchema,
} from '@/domain/queue-api';

describe('finding a position (rider-core §7 POST /api/queue/calculate-position, §4 data-sharing toggle)', () => {
  const accepts = (input: unknown) => z.safeParse(calculatePositionInputSchema, input).success;

  it('takes a GPS fix on the globe, its accuracy when known, and the sharing switch', () => {
    expect(accepts({ gps: { lat: 49.3742, lng: -123.2728 }, accuracy: 12, shareData: false })).toBe(true);
    expect(accepts({ gps: { lat: 90, lng: -180 } })).toBe(true);
    expect(accepts({ gps: { lat: 90.1, lng: 0 } })).toBe(false);
    expect(accepts({ gps: { lat: 0, lng: 180.1 } })).toBe(false);
    expect(accepts({ gps: { lat: 0, lng: 0 }, accuracy: -1 })).toBe(false);
    expect(accepts({ gps: { lat: 0, lng: 0 }, accuracy: 100_001 })).toBe(false);
    expect(accepts({})).toBe(false);
  });

  it('never takes the user from the body: the session decides whose position it is', () => {
    const parsed = z.parse(calculatePositionInputSchema, { userId: 99, gps: { lat: 49, lng: -123 } });
    expect(parsed).toEqual({ gps: { lat: 49, lng: -123 } });
  });
});

describe('verifying a position with a photo (rider-core §7 POST /api/queue/verify-photo, §8, §9 upload limit 10 MB)', () => {
  const accepts = (patch: Record<string, unknown>) =>
    z.safeParse(verifyPhotoInputSchema, { photoBase64: 'iVBORw0KGgo=', reportedPosition: 12, ...patch }).success;

  it('takes the photo as base64 up to the 10 MB limit, with room to answer "under 10MB" itself', () => {
    expect(PHOTO_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(PHOTO_BASE64_MAX_CHARS).toBeGreaterThan(Math.ceil((PHOTO_MAX_BYTES * 4) / 3));
    expect(accepts({ photoBase64: '' })).toBe(false);
    expect(accepts({ photoBase64: 'A'.repeat(PHOTO_BASE64_MAX_CHARS + 1) })).toBe(false);
  });

  it('takes a reported position from 1 to 5,000', () => {
    expect([accepts({ reportedPosition: 1 }), accepts({ reportedPosition: MAX_REPORTED_POSITION })]).toEqual([
      true,
      true,
    ]);
    expect([accepts({ reportedPosition: 0 }), accepts({ reportedPosition: 5_001 })]).toEqual([false, false]);
    expect(accepts({ reportedPosition: 2.5 })).toBe(false);
  });

  it("says the spec's words when a photo does not verify and when a camera image breaks", () => {
    expect(PHOTO_NOT_VERIFIED_TEXT).toBe('Position could not be verified from this photo');
    expect(CAMERA_UNAVAILABLE_TEXT).toBe('Camera feed unavailable');
  });
});

describe('camera detections and feeds (rider-core §3 Camera detection, Camera feed; §7 GET /api/queue/detections)', () => {
  it('reads detections keyed by camera id, and an empty answer as no cameras', () => {
    expect(
      parseDetections({ hsb_booth: { count: 12, confidence: 0.92 }, hsb_entrance: { count: 0, confidence: 0.85 } }),
    ).toEqual({ hsb_booth: { count: 12, confidence: 0.92 }, hsb_entrance: { count: 0, confidence: 0.85 } });
    expect(parseDetections({})).toEqual({});
  });

  it('refuses an answer of another shape rather than showing part of it', () => {
    for (const value of [null, undefined, 'cameras', 3, [], [{ count: 1, confidence: 1 }]]) {
      expect(parseDetections(value), JSON.stringify(value)).toBeNull();
    }
    expect(parseDetections({ a: { count: 1, confidence: 0.9 }, b: { count: -1, confidence: 0.9 } })).toBeNull();
    expect(parseDetections({ a: { count: 1.5, confidence: 0.9 } })).toBeNull();
    expect(parseDetections({ a: { count: 1 } })).toBeNull();
    expect(parseDetections({ a: null })).toBeNull();
  });

  it('lists feeds at the entrance, the queue area or the booth only', () => {
    const feed = {
      id: 'hsb_booth',
      name: 'Booth',
      location: 'booth',
      url: '/cams/hsb_booth.jpg',
      active: true,
      terminalId: 'horseshoe-bay',
    };
    expect(
      z.safeParse(cameraFeedListSchema, [feed, { ...feed, location: 'queue_area' }, { ...feed, location: 'entrance' }])
        .success,
    ).toBe(true);
    expect(z.safeParse(cameraFeedListSchema, [{ ...feed, location: 'roof' }]).success).toBe(false);
  });
});
