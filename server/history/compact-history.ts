/**
 * A recorded history kept small enough to commit (tests/fixtures/history/): each sailing that left,
 * with its route end, departure, final car-deck fill, how long before departure it was full, its
 * vessel's car capacity and its car-deck fill at the checkpoints the forecast, the sailing chance and
 * their backtest read (src/domain/fill-forecast.ts FILL_CURVE_CHECKPOINTS, which hold every
 * BACKTEST_HORIZONS). Reading a curve only at those minutes, the forecast and the chance give the
 * same answers from this as from the full history. Gzipped JSON.
 */
import { gunzipSync, gzipSync } from 'node:zlib';

import { FILL_CURVE_CHECKPOINTS, fillAtMinutesBefore } from '@/domain/fill-forecast';
import type { ScoredEntry } from '@/domain/forecast-scoring';

import { vesselByName } from '../feed/fleet-table';
import { historyEntry } from './recorded-state';
import type { SimulatedRecord } from './simulated-history';

const MINUTE = 60_000;

/** [route end index, departure (epoch minutes), final fill, full minutes before | null, car capacity | null, fills]. */
type CompactSailing = [number, number, number, number | null, number | null, Array<number | null>];

export interface CompactHistory {
  about: string;
  minutesBefore: number[];
  /** "routeId|from". */
  routeEnds: string[];
  sailings: CompactSailing[];
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The recorded sailings that left, compacted. */
export function compactHistory(records: Iterable<SimulatedRecord>, about: string): CompactHistory {
  const routeEnds: string[] = [];
  const sailings: CompactSailing[] = [];
  for (const { sailing, state } of records) {
    const entry = historyEntry(sailing, state);
    if (!entry) continue;
    const key = `${entry.routeId}|${entry.from}`;
    let routeEnd = routeEnds.indexOf(key);
    if (routeEnd < 0) routeEnd = routeEnds.push(key) - 1;
    const depMs = Date.parse(entry.scheduledDeparture);
    const curve = [...(entry.curve ?? [])].sort((a, b) => b[0] - a[0]);
    const capacity = sailing.vesselName ? (vesselByName(sailing.vesselName)?.vehicleCapacity ?? null) : null;
    sailings.push([
      routeEnd,
      Math.round(depMs / MINUTE),
      oneDecimal(entry.finalCarFill),
      entry.fullAt ? Math.max(0, Math.round((depMs - Date.parse(entry.fullAt)) / MINUTE)) : null,
      capacity,
      FILL_CURVE_CHECKPOINTS.map((m) => {
        const fill = fillAtMinutesBefore(curve, m);
        return fill === undefined ? null : oneDecimal(fill);
      }),
    ]);
  }
  sailings.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return { about, minutesBefore: [...FILL_CURVE_CHECKPOINTS], routeEnds, sailings };
}

/** The sailings of a compact history, as the forecast and the backtest read them. */
export function expandHistory(history: CompactHistory): ScoredEntry[] {
  return history.sailings.flatMap(([routeEnd, depMinutes, finalCarFill, fullBefore, capacity, fills]) => {
    const [routeId, from] = (history.routeEnds[routeEnd] ?? '').split('|');
    if (!routeId || !from) return [];
    const depMs = depMinutes * MINUTE;
    const curve: Array<[number, number]> = [];
    history.minutesBefore.forEach((m, i) => {
      const fill = fills[i];
      if (fill !== null && fill !== undefined) curve.push([m, fill]);
    });
    return [
      {
        routeId,
        from,
        scheduledDeparture: new Date(depMs).toISOString(),
        finalCarFill,
        ...(fullBefore === null ? {} : { fullAt: new Date(depMs - fullBefore * MINUTE).toISOString() }),
        ...(capacity === null ? {} : { vehicleCapacity: capacity }),
        curve,
      },
    ];
  });
}

export const encodeHistory = (history: CompactHistory): Buffer => gzipSync(JSON.stringify(history), { level: 9 });

export const decodeHistory = (bytes: Buffer): CompactHistory =>
  JSON.parse(gunzipSync(bytes).toString('utf8')) as CompactHistory;
