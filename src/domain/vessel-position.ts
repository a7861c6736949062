/**
 * Vessel positions: the feed's second stream beside the sailings (./sailing.ts). From an AIS stream
 * (`ais`) or the simulator (`simulator`). A vessel silent for longer than POSITION_STALE_MS is shown
 * as "position unknown since …", never at its last position as if it were current; so is one whose
 * stream went silent and had to be reconnected (`stale`), however recent its time.
 */
import { z } from 'zod/mini';

import { figureSourceSchema } from './sailing';

/** A position older than this is no longer shown as the vessel's position. */
export const POSITION_STALE_MS = 10 * 60_000;

export const vesselPositionSchema = z.object({
  /** Deckhand's vessel id (the fleet table), e.g. "queen-of-coquitlam". */
  vesselId: z.string(),
  name: z.string(),
  mmsi: z.optional(z.int()),
  lat: z.number(),
  lng: z.number(),
  /** Speed over ground (knots) and course over ground (degrees); absent when not reported. */
  speedKnots: z.optional(z.number().check(z.minimum(0))),
  courseDeg: z.optional(z.number()),
  /** AIS navigational status code (0 under way using engine, 5 moored, …), when reported. */
  navStatus: z.optional(z.int()),
  source: figureSourceSchema,
  /** When the position was observed (ISO instant). */
  observedAt: z.string(),
  /** Set when the stream that carried it went silent: it is no longer shown as current. */
  stale: z.optional(z.boolean()),
});
export type VesselPosition = z.infer<typeof vesselPositionSchema>;
export const vesselPositionListSchema = z.array(vesselPositionSchema);

/** True when the position is too old to show as the vessel's current position. */
export function positionIsStale(position: Pick<VesselPosition, 'observedAt' | 'stale'>, now: number): boolean {
  if (position.stale === true) return true;
  const at = Date.parse(position.observedAt);
  return Number.isNaN(at) || now - at > POSITION_STALE_MS;
}
