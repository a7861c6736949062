/**
 * A rider's sailing cancelled or running late (issue "Real ferries": "Riders whose sailing is
 * cancelled or delayed 10 minutes or more get one inbox and push alert, with the next sailings that
 * still have car space").
 *
 * - A sailing is disrupted when it is cancelled, or its delay (from any source) is at least
 *   DISRUPTION_DELAY_MINUTES while it has not arrived.
 * - The alert names the next sailings on the same route from the same terminal that still have car
 *   space: known car-deck fill under 100 %, not cancelled, not yet gone; at most ALTERNATIVES_SHOWN.
 *   A sailing whose fill no source knows is not offered as having space.
 * - One alert per rider, sailing and kind of change (key `sailing:{sailingId}:{cancelled|delayed}`,
 *   the trip alerts' "one alert per change, never the same news twice"): a delay is told once however
 *   it grows; a delayed sailing that is then cancelled is new news and is told.
 * - A cancellation's alert says its reason when the source gave one ("… is cancelled: Mechanical
 *   difficulty.", "… is cancelled due to a mechanical problem.", ./sailing-cancellation.ts).
 */
import type { Sailing } from './sailing';
import { cancelledClause } from './sailing-cancellation';
import { directedRouteName, routeById } from './terminals';
import { formatClock } from './time';

/** A delay of this many minutes or more is worth an alert. */
export const DISRUPTION_DELAY_MINUTES = 10;
/** How many later sailings with car space the alert names. */
export const ALTERNATIVES_SHOWN = 3;

export type Disruption = { kind: 'cancelled' } | { kind: 'delayed'; minutes: number };

export function disruptionOf(sailing: Sailing): Disruption | undefined {
  if (sailing.status === 'cancelled') return { kind: 'cancelled' };
  if (sailing.status === 'arrived') return undefined;
  const minutes = sailing.delayMinutes ?? 0;
  return minutes >= DISRUPTION_DELAY_MINUTES ? { kind: 'delayed', minutes } : undefined;
}

const departs = (s: Sailing) => Date.parse(s.expectedDeparture ?? s.scheduledDeparture);

/** Later sailings on `sailing`'s route and direction that still have car space at `now`, earliest first. */
export function nextSailingsWithCarSpace(sailings: readonly Sailing[], sailing: Sailing, now: number): Sailing[] {
  const after = Math.max(now, Date.parse(sailing.scheduledDeparture));
  return sailings
    .filter(
      (s) =>
        s.id !== sailing.id &&
        s.routeId === sailing.routeId &&
        s.from === sailing.from &&
        (s.status === 'scheduled' || s.status === 'boarding') &&
        departs(s) > after &&
        s.carFill !== undefined &&
        s.carFill < 100,
    )
    .sort((a, b) => departs(a) - departs(b))
    .slice(0, ALTERNATIVES_SHOWN);
}

export function sailingDisruptionAlertKey(sailingId: string, disruption: Disruption): string {
  return `sailing:${sailingId}:${disruption.kind}`;
}

/** The alert's words: what happened to which sailing, and where there is still room. */
export function sailingDisruptionText(
  sailing: Sailing,
  disruption: Disruption,
  alternatives: readonly Sailing[],
): { title: string; body: string } {
  const route = routeById(sailing.routeId);
  const name = route ? directedRouteName(route, sailing.from) : sailing.routeId;
  const at = formatClock(sailing.scheduledDeparture);
  const title =
    disruption.kind === 'cancelled'
      ? `Your ${at} sailing is cancelled`
      : `Your ${at} sailing is delayed ${disruption.minutes} min`;
  const what =
    disruption.kind === 'cancelled'
      ? `${name} ${at} is cancelled${cancelledClause(sailing)}.`
      : `${name} ${at} now leaves about ${formatClock(departs(sailing))}.`;
  const room =
    alternatives.length === 0
      ? 'No later sailing today is known to have car space.'
      : `Next sailings with car space: ${alternatives.map((s) => `${formatClock(departs(s))} (${s.carFill}% full)`).join(', ')}.`;
  return { title, body: `${what} ${room}` };
}
