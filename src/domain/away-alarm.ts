/**
 * Away mode's alarm: "The return-to-car alert in away mode can be set to repeat until acknowledged
 * (alarm-style), for a rider who must not miss boarding."
 *
 * - Off by default; the rider switches it on for the session ("Repeat until I acknowledge").
 * - From the session's alert time (./away.ts awayAlertAt), the "Time to head back" alert sounds again
 *   every AWAY_ALARM_REPEAT_MINUTES until the rider acknowledges it ("I'm heading back"), ends the
 *   session, or AWAY_ALARM_MAX_REPEATS repeats have gone (a bound: 10 repeats, 20 minutes, covers
 *   boarding; an alarm never rings on without end).
 * - Repeat n (1, 2, …) is due at alertAt + n × the interval; its key is the away alert's key with
 *   ":repeat:n", so the page and the server's push each sound it once (src/lib/alerts.ts,
 *   server/alerts/deliver-alert.ts) and a restart does not sound one twice.
 */
import { awayAlertKey } from './away';

export const AWAY_ALARM_REPEAT_MINUTES = 2;
export const AWAY_ALARM_MAX_REPEATS = 10;

const MINUTE = 60_000;

export interface AwayAlarmState {
  alertAt: number;
  repeatUntilAcknowledged: boolean;
  /** Epoch ms the rider acknowledged, or null. */
  acknowledgedAt: number | null;
  active: boolean;
}

/** The latest repeat due at `now` (1…AWAY_ALARM_MAX_REPEATS), or null when none is. */
export function awayAlarmRepeatDue(state: AwayAlarmState, now: number): number | null {
  if (!state.active || !state.repeatUntilAcknowledged || state.acknowledgedAt !== null) return null;
  const n = Math.floor((now - state.alertAt) / (AWAY_ALARM_REPEAT_MINUTES * MINUTE));
  if (n < 1) return null;
  return Math.min(n, AWAY_ALARM_MAX_REPEATS);
}

/** True while the alarm rings: its first alert has come and it is not acknowledged (nor over its bound). */
export function awayAlarmRinging(state: AwayAlarmState, now: number): boolean {
  if (!state.active || !state.repeatUntilAcknowledged || state.acknowledgedAt !== null) return false;
  return (
    now >= state.alertAt && now < state.alertAt + (AWAY_ALARM_MAX_REPEATS + 1) * AWAY_ALARM_REPEAT_MINUTES * MINUTE
  );
}

/** A repeat's words: the return alert's, with the minutes to boarding as they are now. */
export function awayAlarmRepeatText(
  session: { currentLocation: string; estimatedBoardingTime: string },
  now: number,
): { title: string; body: string } {
  const minutes = Math.ceil((Date.parse(session.estimatedBoardingTime) - now) / MINUTE);
  return {
    title: 'Time to head back to your vehicle',
    body:
      minutes > 0
        ? `Boarding starts in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Leave ${session.currentLocation} now.`
        : `Boarding has started. Leave ${session.currentLocation} now.`,
  };
}

export const awayAlarmRepeatKey = (sessionId: string, n: number) => `${awayAlertKey(sessionId)}:repeat:${n}`;
