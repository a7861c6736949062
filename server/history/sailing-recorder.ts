/**
 * Records the ferry feed's sailings (src/domain/sailing.ts) in the database as they are observed:
 * one `recorded_sailings` row per sailing (its latest figures, its car-deck fill over time before
 * departure, when it was first seen full, and its final figures once it has left) and one
 * `sailing_observations` row per change of its figures. A feed that repeats itself adds nothing.
 *
 * Writes are serialised: while one list is being written, only the newest list that arrives is
 * kept for the next write, so a flooding feed never piles up work. A failed write is reported and
 * the next list tries again (the figures it carries are then still "changed").
 */
import { inArray, sql } from 'drizzle-orm';
import type { Sailing } from '@/domain/sailing';
import type { Database } from '../db/client';
import { recordedSailings, sailingObservations } from '../db/schema';

/** The part of the ferry feed the recorder listens to. */
export interface SailingStream {
  sailings(): Sailing[];
  subscribeSailings(listener: (sailings: Sailing[]) => void): () => void;
}

const MINUTE = 60_000;
/** The fill curve keeps one point per this many minutes before departure … */
export const CURVE_STEP_MIN = 5;
/** … from this long before departure (earlier observations count as this point). */
export const CURVE_SPAN_MIN = 24 * 60;
/** Sailings that left longer ago than this are forgotten by the in-memory cache (not the database). */
const CACHE_KEEP_MS = 2 * 86_400_000;
const LOOKUP_CHUNK = 500;

type Curve = Array<[number, number]>;

interface Known {
  figures: string;
  depMs: number;
  carFill: number | null;
  fill: number | null;
  oversizeFill: number | null;
  curve: Curve;
  fullAt: Date | null;
  departedAt: Date | null;
  finalCarFill: number | null;
}

/** What counts as a change: status, delay, the three fills and the vessel. */
export function sailingFigures(s: Sailing): string {
  return JSON.stringify([s.status, s.delayMinutes ?? null, s.fill ?? null, s.carFill ?? null, s.oversizeFill ?? null, s.vesselName ?? null]);
}

/** A sailing worth recording: it carries a figure beyond its timetable entry. */
function hasFigures(s: Sailing): boolean {
  return s.status !== 'scheduled' || s.fill !== undefined || s.carFill !== undefined || s.oversizeFill !== undefined || (s.delayMinutes ?? 0) !== 0;
}

const left = (s: Sailing) => s.status === 'departed' || s.status === 'arrived';

/** The curve with the point of `carFill` observed at `observedMs`, one point per CURVE_STEP_MIN. */
export function addCurvePoint(curve: Curve, depMs: number, observedMs: number, carFill: number): Curve {
  const minutesBefore = (depMs - observedMs) / MINUTE;
  if (minutesBefore < 0) return curve;
  const bucket = Math.min(CURVE_SPAN_MIN, Math.floor(minutesBefore / CURVE_STEP_MIN) * CURVE_STEP_MIN);
  return [...curve.filter(([m]) => m !== bucket), [bucket, carFill] as [number, number]].sort((a, b) => b[0] - a[0]);
}

export interface RecordResult {
  /** Observations written (sailings whose figures changed). */
  observations: number;
  /** Sailings seen leaving for the first time (their final figures recorded). */
  finalized: number;
}

export interface SailingRecorder {
  /** Records one list of sailings as the feed published it. */
  record(sailings: readonly Sailing[]): Promise<RecordResult>;
  /** Records the stream's current list, then every new one; the returned function stops listening. */
  follow(stream: SailingStream): () => void;
  /** Resolves once the writes queued so far are done. */
  idle(): Promise<void>;
}

export interface SailingRecorderOptions {
  onError?: (error: unknown) => void;
  /** Called after a write that recorded at least one sailing's final figures. */
  onFinalized?: (count: number) => void;
}

export function createSailingRecorder(database: Database, opts: SailingRecorderOptions = {}): SailingRecorder {
  const report = opts.onError ?? ((error: unknown) => console.error('sailing history write failed', error));
  const known = new Map<string, Known>();

  async function lookUp(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
      const rows = await database.db
        .select()
        .from(recordedSailings)
        .where(inArray(recordedSailings.sailingId, ids.slice(i, i + LOOKUP_CHUNK)));
      for (const row of rows) {
        known.set(row.sailingId, {
          figures: JSON.stringify([row.status, row.delayMinutes, row.fill, row.carFill, row.oversizeFill, row.vesselName]),
          depMs: row.scheduledDeparture.getTime(),
          carFill: row.carFill,
          fill: row.fill,
          oversizeFill: row.oversizeFill,
          curve: row.curve,
          fullAt: row.fullAt,
          departedAt: row.departedAt,
          finalCarFill: row.finalCarFill,
        });
      }
    }
  }

  async function record(sailings: readonly Sailing[]): Promise<RecordResult> {
    const candidates = sailings.filter(hasFigures);
    const unknownIds = candidates.filter((s) => !known.has(s.id)).map((s) => s.id);
    if (unknownIds.length) await lookUp(unknownIds);

    const rows: Array<typeof recordedSailings.$inferInsert> = [];
    const observations: Array<typeof sailingObservations.$inferInsert> = [];
    const next = new Map<string, Known>();
    let finalized = 0;
    for (const s of candidates) {
      const figures = sailingFigures(s);
      const before = known.get(s.id);
      if (before?.figures === figures) continue;
      const depMs = Date.parse(s.scheduledDeparture);
      const observedMs = Date.parse(s.observedAt);
      if (Number.isNaN(depMs) || Number.isNaN(observedMs)) continue;
      const observedAt = new Date(observedMs);
      const carFill = s.carFill ?? null;
      let curve = before?.curve ?? [];
      let fullAt = before?.fullAt ?? null;
      let departedAt = before?.departedAt ?? null;
      let finalCarFill = before?.finalCarFill ?? null;
      let finalFill: number | null | undefined;
      let finalOversizeFill: number | null | undefined;
      if (!left(s) && s.status !== 'cancelled' && carFill !== null) {
        curve = addCurvePoint(curve, depMs, observedMs, carFill);
        if (fullAt === null && carFill >= 100) fullAt = observedAt;
      }
      if (left(s) && departedAt === null) {
        const expected = s.expectedDeparture ? Date.parse(s.expectedDeparture) : NaN;
        departedAt = Number.isNaN(expected) ? observedAt : new Date(expected);
        finalCarFill = carFill ?? before?.carFill ?? null;
        finalFill = s.fill ?? before?.fill ?? null;
        finalOversizeFill = s.oversizeFill ?? before?.oversizeFill ?? null;
        finalized += 1;
      }
      rows.push({
        sailingId: s.id,
        routeId: s.routeId,
        fromTerminal: s.from,
        toTerminal: s.to,
        scheduledDeparture: new Date(depMs),
        source: s.source,
        vesselName: s.vesselName ?? null,
        status: s.status,
        delayMinutes: s.delayMinutes ?? null,
        fill: s.fill ?? null,
        carFill,
        oversizeFill: s.oversizeFill ?? null,
        lastObservedAt: observedAt,
        curve,
        fullAt,
        departedAt,
        finalCarFill,
        ...(finalFill === undefined ? {} : { finalFill, finalOversizeFill }),
      });
      observations.push({
        sailingId: s.id,
        observedAt,
        source: s.source,
        status: s.status,
        delayMinutes: s.delayMinutes ?? null,
        fill: s.fill ?? null,
        carFill,
        oversizeFill: s.oversizeFill ?? null,
        vesselName: s.vesselName ?? null,
      });
      next.set(s.id, { figures, depMs, carFill, fill: s.fill ?? null, oversizeFill: s.oversizeFill ?? null, curve, fullAt, departedAt, finalCarFill });
    }
    if (rows.length) {
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += LOOKUP_CHUNK) {
          await tx
            .insert(recordedSailings)
            .values(rows.slice(i, i + LOOKUP_CHUNK))
            .onConflictDoUpdate({
              target: recordedSailings.sailingId,
              set: {
                source: sql`excluded.source`,
                vesselName: sql`excluded.vessel_name`,
                status: sql`excluded.status`,
                delayMinutes: sql`excluded.delay_minutes`,
                fill: sql`excluded.fill`,
                carFill: sql`excluded.car_fill`,
                oversizeFill: sql`excluded.oversize_fill`,
                lastObservedAt: sql`excluded.last_observed_at`,
                curve: sql`excluded.curve`,
                fullAt: sql`excluded.full_at`,
                departedAt: sql`excluded.departed_at`,
                finalCarFill: sql`excluded.final_car_fill`,
                finalFill: sql`coalesce(excluded.final_fill, ${recordedSailings.finalFill})`,
                finalOversizeFill: sql`coalesce(excluded.final_oversize_fill, ${recordedSailings.finalOversizeFill})`,
              },
            });
          await tx.insert(sailingObservations).values(observations.slice(i, i + LOOKUP_CHUNK));
        }
      });
    }
    // Only once written: a failed write leaves the figures "changed" for the next list.
    for (const [id, value] of next) known.set(id, value);
    const forgetBefore = Date.now() - CACHE_KEEP_MS;
    for (const [id, value] of known) if (value.depMs < forgetBefore) known.delete(id);
    if (finalized) opts.onFinalized?.(finalized);
    return { observations: observations.length, finalized };
  }

  let pending: readonly Sailing[] | undefined;
  let running: Promise<void> | undefined;

  function enqueue(sailings: readonly Sailing[]): void {
    pending = sailings;
    if (running) return;
    running = (async () => {
      while (pending) {
        const list = pending;
        pending = undefined;
        try {
          await record(list);
        } catch (error) {
          report(error);
        }
      }
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    record,
    follow(stream) {
      enqueue(stream.sailings());
      return stream.subscribeSailings((sailings) => enqueue(sailings));
    },
    async idle() {
      while (running) await running;
    },
  };
}
