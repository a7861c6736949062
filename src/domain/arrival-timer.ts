/**
 * Arrival timer (rider-core §2, §3, §4, §5, §9): when to leave for the terminal, for ONE chosen sailing.
 *
 * The spec's formulas (cutoff = now + (45 + buffer), alarm = now + (40 + buffer)) ignored the sailing,
 * so the timer said "arrive by 3:52 PM" above that ferry's "Departs in 32 min (3:20 PM)". The timer now
 * targets the sailing the rider picks (targetDeparture, an instant):
 * - arrive by (cutoffTime) = the terminal's check-in cutoff, 30 min before departure, exactly as the
 *   departure calculator counts it (CHECKIN_CUTOFF_MINUTES);
 * - leave by (alarmTime) = cutoff − travel time (45 min, rider-core §9) − buffer (default 15, 5-60;
 *   outside that range the form says so);
 * - alerts 15 minutes before leaving and at the leave time;
 * - when the leave time has already passed the sailing cannot be made: the form says so and offers the
 *   next sailing; the server refuses such a timer (422 too_late).
 * Client and server compute with the same function (arrivalPlan), from instants only.
 *
 * Alert keys are shared by the server's push (server/alerts/sources/arrival-timer.ts) and the page's
 * in-app alert, so a rider gets each alert once.
 */
import { z } from 'zod/mini';

import { CHECKIN_CUTOFF_MINUTES } from './constants';
import { minutesUntil } from './countdown';
import type { Ferry } from './ferry';
import { followingSailing } from './rider-terminal';

export const ARRIVAL_TRAVEL_MINUTES = 45;
export const ARRIVAL_BUFFER_DEFAULT = 15;
export const ARRIVAL_BUFFER_MIN = 5;
export const ARRIVAL_BUFFER_MAX = 60;
/** rider-core §2: alerts 15 minutes before leaving and at the exact time. */
export const ARRIVAL_EARLY_ALERT_MINUTES = 15;
/** rider-core §9 leave-in display: urgent up to 5 min, then a 15 min band. */
export const LEAVE_URGENT_MINUTES = 5;
export const LEAVE_SOON_MINUTES = 15;
export const ARRIVAL_LOCATION_MAX = 200;

/** rider-core §5: a number in range is kept; anything not numeric falls back to 15. */
export function normalizeBuffer(raw: unknown): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) return ARRIVAL_BUFFER_DEFAULT;
  return Math.round(value);
}

export function bufferInRange(buffer: number): boolean {
  return Number.isInteger(buffer) && buffer >= ARRIVAL_BUFFER_MIN && buffer <= ARRIVAL_BUFFER_MAX;
}

/** What the form says for a buffer outside 5-60. */
export const BUFFER_RANGE_MESSAGE = `Buffer must be between ${ARRIVAL_BUFFER_MIN} and ${ARRIVAL_BUFFER_MAX} minutes.`;

export interface ArrivalPlan {
  /** ISO: arrive by (the check-in cutoff). */
  cutoffTime: string;
  /** ISO: leave by (cutoff − travel − buffer); the leave-in countdown and the alerts aim here. */
  alarmTime: string;
  /** The leave time has passed at `now`: this sailing cannot be made. */
  tooLate: boolean;
}

/** The timer for the sailing departing at `departureTime`, as seen at `now`. */
export function arrivalPlan(
  departureTime: string | number,
  bufferMinutes: number,
  now: number,
  travelMinutes: number = ARRIVAL_TRAVEL_MINUTES,
): ArrivalPlan {
  const departs = typeof departureTime === 'number' ? departureTime : Date.parse(departureTime);
  const cutoff = departs - CHECKIN_CUTOFF_MINUTES * 60_000;
  const leave = cutoff - (travelMinutes + bufferMinutes) * 60_000;
  return { cutoffTime: new Date(cutoff).toISOString(), alarmTime: new Date(leave).toISOString(), tooLate: leave < now };
}

/**
 * The sailing to offer when `chosen` is too late: the first later one from the same terminal that can
 * still be made with this buffer (the same route first, as followingSailing picks), or null. Offering
 * merely the next sailing could offer one that is too late as well.
 */
export function nextSailingInTime<T extends Pick<Ferry, 'id' | 'departureTime' | 'terminalId' | 'routeId'>>(
  sailings: readonly T[],
  chosen: T,
  bufferMinutes: number,
  now: number,
): T | null {
  const inTime = sailings.filter(
    (f) => f.id === chosen.id || !arrivalPlan(f.departureTime, bufferMinutes, now).tooLate,
  );
  return followingSailing(inTime, chosen);
}

/** rider-core §3 Arrival timer, as the server answers it. */
export const arrivalTimerSchema = z.object({
  id: z.string(),
  ferryId: z.string(),
  departureLocation: z.string(),
  targetDeparture: z.nullable(z.string()),
  bufferTime: z.int(),
  travelTime: z.int(),
  cutoffTime: z.string(),
  alarmTime: z.string(),
  /** Always "active" (cancelling deletes). */
  status: z.string(),
  createdAt: z.string(),
});
export type ArrivalTimer = z.infer<typeof arrivalTimerSchema>;
export const arrivalTimerListSchema = z.array(arrivalTimerSchema);

export type LeaveTone = 'urgent' | 'soon' | 'normal';

export interface LeaveInDisplay {
  text: string;
  tone: LeaveTone;
}

/** Whole minutes until `alarmTime` by the one countdown (./countdown.ts); 0 once it has come. */
export function minutesUntilLeave(alarmTime: string, now: number): number {
  return minutesUntil(alarmTime, now) ?? 0;
}

/** rider-core §9: 0 or less "Time to leave!" (urgent); up to 5 urgent; up to 15; then hours and minutes. */
export function leaveInDisplay(minutes: number): LeaveInDisplay {
  if (minutes <= 0) return { text: 'Time to leave!', tone: 'urgent' };
  if (minutes <= LEAVE_URGENT_MINUTES) return { text: `Leave in ${minutes} min`, tone: 'urgent' };
  if (minutes <= LEAVE_SOON_MINUTES) return { text: `Leave in ${minutes} min`, tone: 'soon' };
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return { text: hours > 0 ? `Leave in ${hours}h ${rest}m` : `Leave in ${rest}m`, tone: 'normal' };
}

export const arrivalEarlyAlertKey = (timerId: string) => `timer:${timerId}:before`;
export const arrivalLeaveAlertKey = (timerId: string) => `timer:${timerId}:leave`;

export interface TimerAlert {
  key: string;
  title: string;
  body: string;
  /** Epoch ms the alert is due. */
  at: number;
}

/** The two alerts of a timer (rider-core §2): 15 minutes before leaving, and at the time. */
export function timerAlerts(
  timer: Pick<ArrivalTimer, 'id' | 'alarmTime' | 'departureLocation'>,
): [TimerAlert, TimerAlert] {
  const at = Date.parse(timer.alarmTime);
  return [
    {
      key: arrivalEarlyAlertKey(timer.id),
      title: `Leave in ${ARRIVAL_EARLY_ALERT_MINUTES} minutes`,
      body: `Get ready to leave ${timer.departureLocation} for the ferry terminal in ${ARRIVAL_EARLY_ALERT_MINUTES} minutes.`,
      at: at - ARRIVAL_EARLY_ALERT_MINUTES * 60_000,
    },
    {
      key: arrivalLeaveAlertKey(timer.id),
      title: 'Time to leave!',
      body: `Leave ${timer.departureLocation} now to reach the terminal before check-in closes.`,
      at,
    },
  ];
}

/** Alerts due at `now` and not yet stale: the early one only until the leave time itself. */
export function dueTimerAlerts(
  timer: Pick<ArrivalTimer, 'id' | 'alarmTime' | 'departureLocation'>,
  now: number,
  staleAfterMs: number,
): TimerAlert[] {
  const [early, leave] = timerAlerts(timer);
  if (now >= leave.at) return now - leave.at <= staleAfterMs ? [leave] : [];
  if (now >= early.at) return [early];
  return [];
}
