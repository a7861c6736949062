/**
 * The sailing: the unit the ferry feed records and serves (DESIGN.md "Real data where a public source
 * exists"). A route's timetable for a service day is a list of sailings, each with its own status and
 * fill; vessels and their positions are a second stream (./vessel-position.ts). Today's `Ferry` list
 * (./ferry.ts, the spec's shape) and every card are derived from these.
 *
 * Every figure says where it came from and when it was observed:
 * - `bcferries`: the BC Ferries v2 document (the open-source BC Ferries API, scraping Current
 *   Conditions);
 * - `ais`: vessel positions from an AIS stream, and what is derived from them (left the berth, the
 *   real delay, the ETA from the remaining distance and speed);
 * - `model`: modelled by Deckhand from what is known (lane counts, boarding start, passengers), shown
 *   as "estimated";
 * - `simulator`: the built-in simulator, the zero-set-up default and the test world, shown as
 *   "simulated" so a demo never passes for real.
 */
import { z } from 'zod/mini';

export const FIGURE_SOURCES = ['bcferries', 'ais', 'model', 'simulator'] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];
export const figureSourceSchema = z.enum(FIGURE_SOURCES);

/** Where one figure came from and when the source observed it (ISO instant). */
export const provenanceSchema = z.object({
  source: figureSourceSchema,
  observedAt: z.string(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

export const SAILING_STATUSES = ['scheduled', 'boarding', 'departed', 'arrived', 'cancelled'] as const;
export type SailingStatus = (typeof SAILING_STATUSES)[number];

const percent = () => z.number().check(z.minimum(0), z.maximum(100));

export const sailingSchema = z.object({
  /** Stable across polls and sources: `${routeId}:${from}:${scheduledDeparture}` (ISO, UTC). */
  id: z.string(),
  /** Deckhand's route id (src/domain/terminals.ts ROUTES), e.g. "hsb-lng". */
  routeId: z.string(),
  /** Departure and arrival terminal ids (src/domain/terminals.ts TERMINALS). */
  from: z.string(),
  to: z.string(),
  /** Timetabled departure and arrival, ISO instants. */
  scheduledDeparture: z.string(),
  scheduledArrival: z.optional(z.string()),
  status: z.enum(SAILING_STATUSES),
  /** Why a cancelled sailing is cancelled, as its source says ("Mechanical difficulty"; ./sailing-cancellation.ts). */
  statusReason: z.optional(z.string()),
  /** Whole minutes behind the timetable; absent when no source knows. */
  delayMinutes: z.optional(z.int()),
  /** Expected (or actual, once left) departure and arrival, ISO instants; absent when unknown. */
  expectedDeparture: z.optional(z.string()),
  expectedArrival: z.optional(z.string()),
  /** Percent FULL (0-100): overall, car deck, oversize; absent when the source has no capacity data. */
  fill: z.optional(percent()),
  carFill: z.optional(percent()),
  oversizeFill: z.optional(percent()),
  vesselId: z.optional(z.string()),
  vesselName: z.optional(z.string()),
  /** Source and age of the schedule, status and fill. */
  source: figureSourceSchema,
  observedAt: z.string(),
  /**
   * Source and age of fill, carFill and oversizeFill when they are older than the status: a sailing
   * that has left or is cancelled keeps its last known fill with the time it was observed
   * (./sailing-fill.ts).
   */
  fillProvenance: z.optional(provenanceSchema),
  /** Source and age of figures that came from elsewhere (e.g. delay and ETA derived from AIS). */
  delayProvenance: z.optional(provenanceSchema),
  arrivalProvenance: z.optional(provenanceSchema),
});
export type Sailing = z.infer<typeof sailingSchema>;
export const sailingListSchema = z.array(sailingSchema);

/** The id every source gives the same sailing. */
export function sailingId(routeId: string, from: string, scheduledDepartureMs: number): string {
  return `${routeId}:${from}:${new Date(scheduledDepartureMs).toISOString()}`;
}
