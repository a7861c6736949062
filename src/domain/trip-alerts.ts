/**
 * Alerts on what changes the rider's own trip (the trip alerts: "Alert on what changes it:
 * cancellation (with the next sailings that have space), a delay of 10 minutes or more, the chance
 * dropping below 30 %, a weather level rising, the check-in cut-off approaching ("leave by 9:55 am")";
 * "one alert per change, never the same news twice").
 *
 * The trip is the rider's planned sailing as the server knows it: an arrival timer's sailing, an away
 * session's sailing, or the sailing Ninja Booking booked (server/alerts/rider-trips.ts). Each alert's key
 * names the trip's sailing, the kind of change and its value (`trip:{sailingId}:{kind}:{value}`), so
 * the same news is stored and pushed once (deliverAlert), and a new value is new news. Cancellations
 * and delays are ./sailing-disruption.ts's, weather levels ./weather-risk.ts's (their own keys).
 *
 * - Chance: the rider's sailing's chance (./sailing-chance.ts, for the rider's arrival) under
 *   CHANCE_ALERT_BELOW percent is one alert per trip; an Unknown chance says nothing.
 * - Check-in cut-off: check-in closes CHECKIN_CUTOFF_MINUTES before departure; the rider must leave
 *   their drive time before that. LEAVE_BY_NOTICE_MINUTES before that leave-by instant, and until the
 *   cut-off, the rider is told "leave by 9:55 am". A trip timed by an arrival timer gets the timer's own
 *   "Leave in 15 minutes" alert instead (the same news), so this one is for the other trips.
 */
import { CHECKIN_CUTOFF_MINUTES } from './constants';
import { digestAlertKey } from './quiet-hours';
import type { SailingChance } from './sailing-chance';
import { formatClockLower } from './time';
import { WEATHER_LEVEL_LABELS, type WeatherLevel } from './weather-risk';

/** "The chance dropping below 30 %". */
export const CHANCE_ALERT_BELOW = 30;
/** The cut-off alert goes this long before the rider must leave. */
export const LEAVE_BY_NOTICE_MINUTES = 15;

const MINUTE = 60_000;

export type TripAlertKind = 'chance' | 'checkin';

export function tripAlertKey(sailingId: string, kind: TripAlertKind, value: string): string {
  return `trip:${sailingId}:${kind}:${value}`;
}

export interface TripSailing {
  sailingId: string;
  /** Expected departure (epoch ms). */
  departure: number;
  /** "Tsawwassen to Swartz Bay" style name. */
  routeName: string;
}

export interface TripAlertText {
  key: string;
  title: string;
  body: string;
}

/** The chance alert for the trip's sailing, or null when its chance is known and not under the bar. */
export function chanceDropAlert(trip: TripSailing, chance: SailingChance | undefined): TripAlertText | null {
  if (!chance || chance.percent === null || chance.closed || chance.percent >= CHANCE_ALERT_BELOW) return null;
  const at = formatClockLower(trip.departure);
  return {
    key: tripAlertKey(trip.sailingId, 'chance', `below-${CHANCE_ALERT_BELOW}`),
    title: `Your ${at} sailing: ${chance.percent}% chance of a place`,
    body: `${trip.routeName} ${at}: the chance your car gets on is now ${chance.percent}%, under ${CHANCE_ALERT_BELOW}%. Consider an earlier start or a later sailing.`,
  };
}

/** When the rider must leave to reach check-in: the cut-off less their drive. */
export function leaveByInstant(departure: number, driveMinutes: number): number {
  return departure - (CHECKIN_CUTOFF_MINUTES + driveMinutes) * MINUTE;
}

/** The check-in cut-off alert due at `now`, or null outside its window (notice before leave-by, to cut-off). */
export function checkinCutoffAlert(trip: TripSailing, driveMinutes: number, now: number): TripAlertText | null {
  const cutoff = trip.departure - CHECKIN_CUTOFF_MINUTES * MINUTE;
  const leaveBy = leaveByInstant(trip.departure, driveMinutes);
  if (now < leaveBy - LEAVE_BY_NOTICE_MINUTES * MINUTE || now >= cutoff) return null;
  const leave = formatClockLower(leaveBy);
  return {
    key: tripAlertKey(trip.sailingId, 'checkin', String(cutoff)),
    title: `Leave by ${leave}`,
    body: `Check-in for your ${formatClockLower(trip.departure)} sailing (${trip.routeName}) closes at ${formatClockLower(cutoff)}: leave by ${leave}.`,
  };
}

/** A planned sailing of tomorrow as the daily digest tells it. */
export interface DigestSailing extends TripSailing {
  cancelled: boolean;
  /**
   * Its weather level now (./weather-risk.ts) and the reason in words, when raised; `covered` false
   * when no marine forecast reaches it yet.
   */
  weather: { level: WeatherLevel; reason?: string; covered: boolean };
}

/**
 * The daily digest ("a daily digest option for the next day's risk"): one alert an evening
 * (./quiet-hours.ts digestDayDue, keyed by the day it is about) listing the rider's planned sailings of
 * that day, each with what may stop it: cancelled, its weather level with the reason, or none known.
 * A rider with no planned sailing that day gets none: a digest with no news would be noise.
 */
export function dailyDigestAlert(day: string, sailings: readonly DigestSailing[]): TripAlertText | null {
  if (sailings.length === 0) return null;
  const lines = [...sailings]
    .sort((a, b) => a.departure - b.departure)
    .map((s) => {
      const risk = s.cancelled
        ? 'cancelled'
        : s.weather.level === 'none'
          ? s.weather.covered
            ? 'no weather risk forecast'
            : 'the marine forecast does not reach it yet'
          : `${WEATHER_LEVEL_LABELS[s.weather.level]}${s.weather.reason ? ` (${s.weather.reason})` : ''}`;
      return `${formatClockLower(s.departure)} ${s.routeName}: ${risk}`;
    });
  const atRisk = sailings.filter((s) => s.cancelled || s.weather.level !== 'none').length;
  return {
    key: digestAlertKey(day),
    title:
      atRisk === 0
        ? "Tomorrow's sailings: no risk known"
        : `Tomorrow's sailings: ${atRisk} of ${sailings.length} at risk`,
    body: `${lines.join('. ')}.`,
  };
}
