/**
 * Live Tracker figures (rider-core §2 Widgets; DESIGN.md "Placeholders become live values"): the ETA
 * and the on-time text computed from the feed instead of the spec's fixed "ETA: 8 min" / "+2 min".
 *
 * - en_route: minutes until arrivalTime (the crossing under way); docked (or any other status): minutes
 *   until departureTime, by the one countdown every card uses (./countdown.ts); null when the time
 *   needed is missing or unreadable.
 * - delayMinutes 0 or missing → "On Time"; N > 0 → "+N min".
 * - The data is stale when it is older than STALE_AFTER_MS, or the channel is not live.
 */
import { departsInText, minutesUntil } from './countdown';
import type { Ferry } from './ferry';

export function trackerEtaMinutes(ferry: Pick<Ferry, 'status' | 'arrivalTime' | 'departureTime'>, now: number): number | null {
  return minutesUntil(ferry.status === 'en_route' ? ferry.arrivalTime : ferry.departureTime, now);
}

/** "ETA: 12 min" while en route (arrival), "Departs in 12 min" otherwise; "ETA: N/A" without data. */
export function trackerEtaText(ferry: Pick<Ferry, 'status' | 'arrivalTime' | 'departureTime'>, now: number): string {
  const minutes = trackerEtaMinutes(ferry, now);
  if (minutes === null) return 'ETA: N/A';
  return ferry.status === 'en_route' ? `ETA: ${minutes} min` : departsInText(minutes);
}

export function onTimeText(ferry: Pick<Ferry, 'delayMinutes'>): string {
  const delay = ferry.delayMinutes ?? 0;
  return delay > 0 ? `+${delay} min` : 'On Time';
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
