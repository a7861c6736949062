/**
 * Applies the AIS derivations (src/domain/sailing-from-positions.ts) to a source's sailings: each
 * vessel's position refines its current sailing, the earliest of its sailings that has neither
 * arrived nor been cancelled and is due within the departure window. Remembers when each sailing
 * was first seen leaving its berth (a later position no longer shows it), for a day at most.
 */
import type { Sailing } from '@/domain/sailing';
import { DEPARTURE_WINDOW_MIN, sailingFromPosition } from '@/domain/sailing-from-positions';
import { terminalById } from '@/domain/terminals';
import type { VesselPosition } from '@/domain/vessel-position';

import { vesselIdForName } from './fleet-table';

const MINUTE = 60_000;
const FORGET_AFTER_MS = 24 * 60 * MINUTE;

export type SailingRefiner = (
  sailings: readonly Sailing[],
  positions: readonly VesselPosition[],
  now: number,
) => Sailing[];

export function createSailingRefiner(): SailingRefiner {
  const leftAt = new Map<string, number>();
  return (sailings, positions, now) => {
    for (const [id, at] of leftAt) if (now - at > FORGET_AFTER_MS) leftAt.delete(id);
    const byVessel = new Map(positions.map((p) => [p.vesselId, p]));
    const current = new Map<string, Sailing>();
    const ordered = [...sailings].sort((a, b) => a.scheduledDeparture.localeCompare(b.scheduledDeparture));
    for (const s of ordered) {
      const vesselId = s.vesselId ?? (s.vesselName ? vesselIdForName(s.vesselName) : undefined);
      if (!vesselId || current.has(vesselId) || s.status === 'arrived' || s.status === 'cancelled') continue;
      current.set(vesselId, s);
    }
    const refined = new Map<string, Sailing>();
    for (const [vesselId, s] of current) {
      const from = terminalById(s.from);
      const to = terminalById(s.to);
      if (!from || !to) continue;
      // A vessel's next sailing not due yet: its position says nothing about it.
      if (s.status !== 'departed' && Date.parse(s.scheduledDeparture) - DEPARTURE_WINDOW_MIN * MINUTE > now) continue;
      const result = sailingFromPosition(s, byVessel.get(vesselId), { from, to }, now, leftAt.get(s.id));
      if (result.leftAtMs !== undefined) leftAt.set(s.id, result.leftAtMs);
      refined.set(s.id, result.sailing);
    }
    return sailings.map((s) => refined.get(s.id) ?? s);
  };
}
