/**
 * The rider's place in the lane (rider-core §3 "Queue position"), as the server computes it and the
 * client caches it (Dexie META.queuePosition). Other widgets (Peace of Mind, away mode) read it from
 * there and fall back to the spec's placeholders only while there is none.
 */
import { z } from 'zod/mini';

export const queuePositionSchema = z.object({
  positionInQueue: z.int().check(z.positive()),
  /** ISO timestamp of the estimated boarding. */
  estimatedBoardingTime: z.string(),
  /** 0-1. */
  confidence: z.number().check(z.minimum(0), z.maximum(1)),
  /** Text with underscores, e.g. "gps_and_cameras". */
  basedOn: z.string(),
  /** ISO timestamp. */
  lastUpdated: z.string(),
  /** True once a photo verified the position (rider-core §2: "claims 99% accuracy"). */
  verified: z.optional(z.boolean()),
  terminalId: z.optional(z.string()),
  /** The ferry (vessel id) of the sailing the car is expected to board. */
  ferryId: z.optional(z.string()),
});
export type QueuePosition = z.infer<typeof queuePositionSchema>;

/** rider-core §2, §9: placeholders shown while no position is known; the bar scale is 30. */
export const PLACEHOLDER_QUEUE_POSITION = 23;
export const PLACEHOLDER_CARS_AHEAD = 8;
export const QUEUE_BAR_SCALE = 30;
