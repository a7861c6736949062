/**
 * The rider's place in the lane (rider-core §3 "Queue position"), as the server computes it and the
 * client caches it (Dexie META.queuePosition). Other widgets (Peace of Mind, away mode) read it from
 * there; while there is none they say so (no example figures stand in for it).
 *
 * A position belongs to one visit (positionEnded): `lastUpdated` is when the GPS fix was taken (the
 * 15 s refresh recomputes the place with new camera counts but does not renew the fix), and the
 * position ends once the sailing the car was expected to board at that fix has left, or
 * QUEUE_POSITION_LIFETIME_MS after the fix, whichever comes first. The server applies the same rule
 * and forgets the fix; the device applies it to what it stored, offline too.
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
  /** ISO timestamp of the GPS fix the position comes from (not of the latest recomputation). */
  lastUpdated: z.string(),
  /** True once a photo verified the position (rider-core §2: "claims 99% accuracy"). */
  verified: z.optional(z.boolean()),
  terminalId: z.optional(z.string()),
  /** The ferry (vessel id) of the sailing the car is expected to board. */
  ferryId: z.optional(z.string()),
  /** The lane number the car stands in (the delivery location says it). */
  lane: z.optional(z.int().check(z.positive())),
  /**
   * ISO departure of the sailing the car was expected to board when the fix was taken; once it has
   * left the position ends. Absent when no sailing could take the car at that time.
   */
  sailingDepartureTime: z.optional(z.string()),
});
export type QueuePosition = z.infer<typeof queuePositionSchema>;

/** The id of the Queue Position card, where "Find My Position" is (other cards link to it). */
export const QUEUE_POSITION_ANCHOR = 'queue-position';

/** rider-core §2, §9: the bar scale is 30 (the spec's example position 23 is never shown as the rider's). */
export const QUEUE_BAR_SCALE = 30;

/** A fix older than this no longer says where the rider is: they sailed, or went home. */
export const QUEUE_POSITION_LIFETIME_MS = 3 * 60 * 60_000;

export type PositionEnd = 'sailing_left' | 'stale';

/**
 * Why the position of this fix has ended at `now`, or null while it still holds: its sailing has
 * left (departure passed), or the fix is QUEUE_POSITION_LIFETIME_MS old. An unreadable fix time has
 * ended (nothing says when the rider was there).
 */
export function positionEnded(
  position: Pick<QueuePosition, 'lastUpdated' | 'sailingDepartureTime'>,
  now: number,
): PositionEnd | null {
  const departs = Date.parse(position.sailingDepartureTime ?? '');
  if (!Number.isNaN(departs) && departs <= now) return 'sailing_left';
  const fixedAt = Date.parse(position.lastUpdated);
  if (Number.isNaN(fixedAt) || now - fixedAt >= QUEUE_POSITION_LIFETIME_MS) return 'stale';
  return null;
}

/** The position when it still holds at `now`, else null. */
export function currentPosition<T extends Pick<QueuePosition, 'lastUpdated' | 'sailingDepartureTime'>>(
  position: T | null | undefined,
  now: number,
): T | null {
  return position && positionEnded(position, now) === null ? position : null;
}

/** Cars ahead of the car at `position` (1 = front): every car in front of it. One rule everywhere. */
export function carsAheadOf(position: number): number {
  return Math.max(0, Math.floor(position) - 1);
}
