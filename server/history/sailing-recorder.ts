/**
 * Records the ferry feed's sailings (src/domain/sailing.ts) in the database as they are observed:
 * one `recorded_sailings` row per sailing (what ./recorded-state.ts keeps: its latest figures, its
 * car-deck fill over time before departure, when it was first seen full, and its final figures once
 * it has left) and one `sailing_observations` row per change of its figures. A feed that repeats
 * itself adds nothing.
 *
 * Writes are serialised: while one list is being written, only the newest list that arrives is
 * kept for the next write, so a flooding feed never piles up work. A failed write is reported and
 * the next list tries again (the figures it carries are then still "changed").
 */
import { inArray, sql } from 'drizzle-orm';

import type { Sailing } from '@/domain/sailing';

import type { Database } from '../db/client';
import { recordedSailings, sailingObservations } from '../db/schema';
import { hasFigures, observeSailing, sailingFigures, type RecordedState } from './recorded-state';

/** The part of the ferry feed the recorder listens to. */
export interface SailingStream {
  sailings(): Sailing[];
  subscribeSailings(listener: (sailings: Sailing[]) => void): () => void;
}

/** Sailings that left longer ago than this are forgotten by the in-memory cache (not the database). */
const CACHE_KEEP_MS = 2 * 86_400_000;
const LOOKUP_CHUNK = 500;
/** Every column but the sailing's identity is replaced by the newer state. */
const UPDATED_COLUMNS = [
  'source',
  'vesselName',
  'status',
  'delayMinutes',
  'fill',
  'carFill',
  'oversizeFill',
  'lastObservedAt',
  'curve',
  'fullAt',
  'departedAt',
  'finalCarFill',
  'finalFill',
  'finalOversizeFill',
] as const;
const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The `recorded_sailings` row of a sailing last observed as `s`, with what the history keeps of it. */
export function recordedRow(s: Sailing, state: RecordedState): typeof recordedSailings.$inferInsert {
  return {
    sailingId: s.id,
    routeId: s.routeId,
    fromTerminal: s.from,
    toTerminal: s.to,
    scheduledDeparture: new Date(state.depMs),
    source: s.source,
    vesselName: s.vesselName ?? null,
    status: s.status,
    delayMinutes: s.delayMinutes ?? null,
    fill: state.fill,
    carFill: state.carFill,
    oversizeFill: state.oversizeFill,
    lastObservedAt: new Date(s.observedAt),
    curve: state.curve,
    fullAt: dateOrNull(state.fullAt),
    departedAt: dateOrNull(state.departedAt),
    finalCarFill: state.finalCarFill,
    finalFill: state.finalFill,
    finalOversizeFill: state.finalOversizeFill,
  };
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
  /**
   * Records the stream's current list, then every new one, while `when()` says this instance records
   * (default always); the returned function stops listening.
   */
  follow(stream: SailingStream, when?: () => boolean): () => void;
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
  const known = new Map<string, RecordedState>();

  async function lookUp(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
      const rows = await database.db
        .select()
        .from(recordedSailings)
        .where(inArray(recordedSailings.sailingId, ids.slice(i, i + LOOKUP_CHUNK)));
      for (const row of rows) {
        known.set(row.sailingId, {
          figures: sailingFigures({
            status: row.status as Sailing['status'],
            delayMinutes: row.delayMinutes ?? undefined,
            fill: row.fill ?? undefined,
            carFill: row.carFill ?? undefined,
            oversizeFill: row.oversizeFill ?? undefined,
            vesselName: row.vesselName ?? undefined,
          }),
          depMs: row.scheduledDeparture.getTime(),
          status: row.status as Sailing['status'],
          carFill: row.carFill,
          fill: row.fill,
          oversizeFill: row.oversizeFill,
          curve: row.curve,
          fullAt: row.fullAt?.getTime() ?? null,
          departedAt: row.departedAt?.getTime() ?? null,
          finalCarFill: row.finalCarFill,
          finalFill: row.finalFill,
          finalOversizeFill: row.finalOversizeFill,
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
    const next = new Map<string, RecordedState>();
    let finalized = 0;
    for (const s of candidates) {
      const change = observeSailing(known.get(s.id), s);
      if (!change) continue;
      const { state } = change;
      if (change.finalized) finalized += 1;
      const observedAt = new Date(s.observedAt);
      rows.push(recordedRow(s, state));
      observations.push({
        sailingId: s.id,
        observedAt,
        source: s.source,
        status: s.status,
        delayMinutes: s.delayMinutes ?? null,
        fill: state.fill,
        carFill: state.carFill,
        oversizeFill: state.oversizeFill,
        vesselName: s.vesselName ?? null,
      });
      next.set(s.id, state);
    }
    if (rows.length) {
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += LOOKUP_CHUNK) {
          await tx
            .insert(recordedSailings)
            .values(rows.slice(i, i + LOOKUP_CHUNK))
            .onConflictDoUpdate({
              target: recordedSailings.sailingId,
              set: Object.fromEntries(
                UPDATED_COLUMNS.map((column) => [column, sql.raw(`excluded.${recordedSailings[column].name}`)]),
              ),
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
    follow(stream, when = () => true) {
      if (when()) enqueue(stream.sailings());
      return stream.subscribeSailings((sailings) => {
        if (when()) enqueue(sailings);
      });
    },
    async idle() {
      while (running) await running;
    },
  };
}
