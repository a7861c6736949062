/**
 * Live Tracker figures (rider-core §2 Widgets; DESIGN.md "Placeholders become live values"): the ETA
 * and the on-time text computed from the feed instead of the spec's fixed "ETA: 8 min" / "+2 min".
 *
 * - The ETA is always the arrival: of the crossing under way (en_route), or of the coming departure
 *   (docked), so the card reads "ETA: N min" as the spec shows it whatever the vessel is doing.
 * - While the vessel is not under way it also says when it leaves: "ETA: 52 min · Departs in 12 min".
 * - Minutes come from the one countdown every card uses (./countdown.ts: whole minutes rounded up,
 *   never below 0); "N/A" when the time needed is missing or unreadable (rider-core §9).
 * - delayMinutes 0 or missing → "On Time"; N > 0 → "+N min".
 * - The data is stale when it is older than STALE_AFTER_MS, or the channel is not live.
 */
import { departsInText, minutesUntil } from './countdown';
import type { Ferry } from './ferry';
import { terminalById } from './terminals';

type EtaFerry = Pick<Ferry, 'status' | 'arrivalTime' | 'departureTime'>;

/** Minutes until the vessel arrives at the far terminal; null without an arrival time. */
export function trackerEtaMinutes(ferry: EtaFerry, now: number): number | null {
  return minutesUntil(ferry.arrivalTime, now);
}

/** Minutes until the vessel leaves; null while it is under way (it has left) or without a time. */
export function trackerDepartsInMinutes(ferry: EtaFerry, now: number): number | null {
  return ferry.status === 'en_route' ? null : minutesUntil(ferry.departureTime, now);
}

/** "ETA: 12 min" under way; "ETA: 52 min · Departs in 12 min" before it leaves; "ETA: N/A" without data. */
export function trackerEtaText(ferry: EtaFerry, now: number): string {
  const eta = trackerEtaMinutes(ferry, now);
  const etaText = eta === null ? 'ETA: N/A' : `ETA: ${eta} min`;
  const departs = trackerDepartsInMinutes(ferry, now);
  return departs === null ? etaText : `${etaText} · ${departsInText(departs)}`;
}

export function onTimeText(ferry: Pick<Ferry, 'delayMinutes'>): string {
  const delay = ferry.delayMinutes ?? 0;
  return delay > 0 ? `+${delay} min` : 'On Time';
}

/**
 * The third tile: the spec's "On Time" while the sailing is on time; a delayed one is labelled
 * "Delay" ("On Time" above "+4 min" told a rider the opposite of the figure).
 */
export function onTimeTile(ferry: Pick<Ferry, 'delayMinutes'>): { label: string; value: string; delayed: boolean } {
  const delayed = (ferry.delayMinutes ?? 0) > 0;
  return { label: delayed ? 'Delay' : 'On Time', value: onTimeText(ferry), delayed };
}

/**
 * The card's status line. A vessel's entry announces its next departure, so its route names that
 * direction; while it is under way it is crossing towards that departure's terminal, and says so
 * ("En route to Horseshoe Bay · 18.4 kn") instead of naming a route it is sailing the other way.
 */
export function trackerStatusLine(ferry: Pick<Ferry, 'status' | 'route' | 'terminalId' | 'speed'>): string {
  const heading = ferry.status === 'en_route' && ferry.terminalId ? terminalById(ferry.terminalId)?.name : undefined;
  const where = heading
    ? `${ferryStatusLabel(ferry.status)} to ${heading}`
    : `${ferryStatusLabel(ferry.status)} · ${ferry.route}`;
  return `${where} · ${knotsText(ferry.speed)}`;
}

/** "En route", "Docked", "Delayed" … from the feed's status text. */
export function ferryStatusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

/** Knots with one decimal at most: "18.5 kn", "0 kn". */
export function knotsText(speed: number): string {
  return `${Math.round(speed * 10) / 10} kn`;
}
