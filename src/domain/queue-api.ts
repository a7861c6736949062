/**
 * Request and answer shapes of the queue detection and camera calls (rider-core §3, §7), shared by
 * the server's routes and the client. The session decides whose position it is: a `userId` in a
 * body is ignored (zod strips unknown keys).
 *
 * Data sharing (rider-core §4 "Data-sharing toggle (default on)"): the toggle lives on the device
 * (Dexie META.queueShareData) and is sent as `shareData` with each call that computes a position.
 * Only when it is true does the server copy the rider's position to the shared realtime node
 * user_positions/{userId}; when false it removes that node.
 */
import { z } from 'zod/mini';

import { latLngSchema } from './lane-geometry';
import { CAMERA_LOCATIONS } from './lane-occupancy';

/** rider-core §9: upload limit 10 MB (the decoded photo). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Base64 grows data by 4/3. The text may be somewhat longer than 10 MB of photo so the server can
 * decode it and answer with the spec's "under 10MB" message rather than a bare length error.
 */
export const PHOTO_BASE64_MAX_CHARS = 14_500_000;
/** Upper bound for a reported position (no terminal holds more cars). */
export const MAX_REPORTED_POSITION = 5_000;

export const calculatePositionInputSchema = z.object({
  gps: latLngSchema,
  /** The fix's accuracy radius in metres, when the device reports it. */
  accuracy: z.optional(z.number().check(z.gte(0), z.lte(100_000))),
  shareData: z.optional(z.boolean()),
});

export const verifyPhotoInputSchema = z.object({
  photoBase64: z.string().check(z.minLength(1), z.maxLength(PHOTO_BASE64_MAX_CHARS)),
  reportedPosition: z.int().check(z.positive(), z.maximum(MAX_REPORTED_POSITION)),
  shareData: z.optional(z.boolean()),
});

/** Why a photo did or did not verify the position. */
export const VERIFY_REASONS = [
  'verified',
  'no_position',
  'position_mismatch',
  'more_cars_than_counted',
  'image_too_small',
] as const;

export const verifyPhotoResultSchema = z.object({
  verified: z.boolean(),
  reason: z.enum(VERIFY_REASONS),
  message: z.string(),
  reportedPosition: z.int(),
  computedPosition: z.nullable(z.int()),
});
export type VerifyPhotoResult = z.infer<typeof verifyPhotoResultSchema>;

/** rider-core §8: "Photo not verified". */
export const PHOTO_NOT_VERIFIED_TEXT = 'Position could not be verified from this photo';

/** rider-core §3 Camera detection, keyed by camera id. */
export interface CameraDetection {
  count: number;
  confidence: number;
}
export type CameraDetections = Record<string, CameraDetection>;

/**
 * Checks a GET /api/queue/detections answer; null when it is not that shape. Hand-written rather than
 * a zod record, which would add its validator to the client's first-render bundle.
 */
export function parseDetections(value: unknown): CameraDetections | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: CameraDetections = {};
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const { count, confidence } = (entry ?? {}) as Partial<CameraDetection>;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || typeof confidence !== 'number')
      return null;
    out[id] = { count, confidence };
  }
  return out;
}

/** rider-core §3 Camera feed (terminalId added so the client can group by terminal). */
export const cameraFeedSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.enum(CAMERA_LOCATIONS),
  url: z.string(),
  active: z.boolean(),
  terminalId: z.string(),
});
export type CameraFeed = z.infer<typeof cameraFeedSchema>;
export const cameraFeedListSchema = z.array(cameraFeedSchema);

/** rider-core §8: a broken camera image. */
export const CAMERA_UNAVAILABLE_TEXT = 'Camera feed unavailable';
