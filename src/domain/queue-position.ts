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
  /** The lane number the car stands in (the delivery location says it). */
  lane: z.optional(z.int().check(z.positive())),
});
export type QueuePosition = z.infer<typeof queuePositionSchema>;

/** rider-core §2, §9: the example position shown while none is known; the bar scale is 30. */
export const PLACEHOLDER_QUEUE_POSITION = 23;
export const QUEUE_BAR_SCALE = 30;

/** Cars ahead of the car at `position` (1 = front): every car in front of it. One rule everywhere. */
export function carsAheadOf(position: number): number {
  return Math.max(0, Math.floor(position) - 1);
}
