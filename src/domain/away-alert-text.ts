/**
 * The words of the two away-mode alerts (rider-core §2 overlay notice, §4 away mode). The page's
 * in-app alert uses them under the same keys as the server's push (src/domain/away.ts awayAlertKey,
 * queueMovingAlertKey), so whichever arrives first is the one the rider sees.
 */
export interface AlertText {
  title: string;
  body: string;
}

/** At alertAt (boarding − threshold): head back now. */
export function awayReturnAlertText(session: { currentLocation: string; alertThresholdMinutes: number }): AlertText {
  return {
    title: 'Time to head back to your vehicle',
    body: `Boarding starts in about ${session.alertThresholdMinutes} minutes. Leave ${session.currentLocation} now.`,
  };
}

/** When the rider's sailing starts loading: the lane is moving. */
export function queueMovingAlertText(): AlertText {
  return {
    title: 'Your queue is moving',
    body: 'Movement was detected in your row: boarding has started. Return to your vehicle now.',
  };
}

/** The query parameter of that URL: home opens the EXPLORE MODE overlay when it is present. */
export const AWAY_ALERT_PARAM = { name: 'away', value: 'open' } as const;
/** The URL both alerts open: home with the EXPLORE MODE overlay. */
export const AWAY_ALERT_URL = `/app?${AWAY_ALERT_PARAM.name}=${AWAY_ALERT_PARAM.value}`;
