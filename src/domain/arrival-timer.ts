/**
 * Arrival timer (rider-core §2, §3, §4, §5, §9): when to leave for the terminal.
 *
 * Formulas (rider-core §9): travel time 45 min; cutoff = now + (45 + buffer) min; alarm = now + (40 +
 * buffer) min; buffer default 15, range 5-60, falling back to 15 when not a number. The alarm is the
 * moment to leave: the leave-in display counts down to it, and the alerts fire 15 minutes before it
 * and at it. The server recomputes cutoff and alarm from its own clock.
 *
 * Alert keys are shared by the server's push (server/alerts/sources/arrival-timer.ts) and the page's
 * in-app alert, so a rider gets each alert once.
 */
import { z } from 'zod/mini';

export const ARRIVAL_TRAVEL_MINUTES = 45;
/** alarm = now + (ARRIVAL_TRAVEL_MINUTES - ARRIVAL_ALARM_LEAD_MINUTES + buffer): 5 min before the cutoff. */
export const ARRIVAL_ALARM_LEAD_MINUTES = 5;
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

export interface TimerTimes {
  cutoffTime: string;
  alarmTime: string;
}

export function timerTimes(now: number, bufferMinutes: number): TimerTimes {
  return {
    cutoffTime: new Date(now + (ARRIVAL_TRAVEL_MINUTES + bufferMinutes) * 60_000).toISOString(),
    alarmTime: new Date(now + (ARRIVAL_TRAVEL_MINUTES - ARRIVAL_ALARM_LEAD_MINUTES + bufferMinutes) * 60_000).toISOString(),
  };
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

/** Whole minutes until `alarmTime`, rounded up (so "1 min" shows until the very moment). */
export function minutesUntilLeave(alarmTime: string, now: number): number {
  const at = Date.parse(alarmTime);
  if (Number.isNaN(at)) return 0;
  return Math.ceil((at - now) / 60_000);
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
export function timerAlerts(timer: Pick<ArrivalTimer, 'id' | 'alarmTime' | 'departureLocation'>): [TimerAlert, TimerAlert] {
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
