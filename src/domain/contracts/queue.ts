/**
 * Queue detection and camera endpoints (rider-core §2, §3, §7). The session decides whose position it
 * is: a userId in a body is ignored (the schemas strip unknown keys).
 */
import { z } from 'zod/mini';

import {
  calculatePositionInputSchema,
  cameraFeedListSchema,
  verifyPhotoInputSchema,
  verifyPhotoResultSchema,
} from '../queue-api';
import { queuePositionSchema } from '../queue-position';
import { defineContract } from './contract';
import { serialIdParam } from './params';

/** The position with how the server reached it (the server always sends the details; the app keeps only the position). */
export const positionWithDetailsSchema = z.extend(queuePositionSchema, {
  details: z.optional(
    z.object({
      laneId: z.string(),
      carsAheadByGeometry: z.int(),
      /** The cameras' count of cars in the rider's lanes; null without one. */
      carsCounted: z.nullable(z.int()),
      carsAhead: z.int(),
    }),
  ),
});

export const calculatePosition = defineContract({
  method: 'POST',
  path: '/api/queue/calculate-position',
  summary:
    'Places the rider in the lane from a GPS fix and stores the fix (422 not_in_lane / not_at_terminal when the point is in no lane; the latter forgets the stored fix). The shared realtime position is written only when shareData is not false',
  tag: 'Queue',
  access: 'rider',
  body: calculatePositionInputSchema,
  responses: { 200: positionWithDetailsSchema },
});

export const queuePosition = defineContract({
  method: 'GET',
  path: '/api/queue/position/:userId',
  summary:
    "The caller's position recomputed from the stored fix and the current camera counts; null when there is none or its visit has ended (403 for another rider's id)",
  tag: 'Queue',
  access: 'rider',
  params: z.object({ userId: serialIdParam }),
  responses: { 200: z.nullable(positionWithDetailsSchema) },
});

export const verifyPhoto = defineContract({
  method: 'POST',
  path: '/api/queue/verify-photo',
  summary:
    "Checks a photo of the lane against the caller's computed position (400 photo_too_large over 10 MB, 400 not_an_image); the photo is never stored",
  tag: 'Queue',
  access: 'rider',
  body: verifyPhotoInputSchema,
  responses: { 200: verifyPhotoResultSchema },
});

export const cameraDetectionsSchema = z.record(
  z.string(),
  z.object({ count: z.int().check(z.nonnegative()), confidence: z.number() }),
);

export const queueDetections = defineContract({
  method: 'GET',
  path: '/api/queue/detections',
  summary: "Each active camera's count of cars and its confidence, by camera id",
  tag: 'Queue',
  access: 'anyone',
  responses: { 200: cameraDetectionsSchema },
});

export const cameraFeeds = defineContract({
  method: 'GET',
  path: '/api/queue/camera-feeds',
  summary: "The terminals' camera feeds, by terminal",
  tag: 'Queue',
  access: 'anyone',
  responses: { 200: cameraFeedListSchema },
});

export const queueDetectionCameraFeeds = defineContract({
  method: 'GET',
  path: '/api/queue-detection/camera-feeds',
  summary: "The terminals' camera feeds, by terminal (the same list as /api/queue/camera-feeds)",
  tag: 'Queue',
  access: 'anyone',
  responses: { 200: cameraFeedListSchema },
});

export const cameraFrame = defineContract({
  method: 'GET',
  path: '/api/cameras/:id/frame',
  summary:
    "The camera's current frame as an SVG image (404 for an unknown camera). With ?t= the URL names one moment and may be cached; without, it is always revalidated",
  tag: 'Queue',
  access: 'anyone',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  query: z.object({ t: z.optional(z.string().check(z.regex(/^\d{1,16}$/, 't must be a timestamp'))) }),
  responses: { 200: z.string() },
});
