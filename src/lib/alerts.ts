/**
 * In-app alerts: the page's half of the alert path (src/domain/notification.ts). Features call
 * showAlert() from their local countdowns, so an alert fires on time even when the server cannot be
 * reached; the service worker forwards pushes that arrive while a Deckhand window is focused here
 * instead of showing a system notification.
 *
 * Invariant: one alert per key on this device, across reloads (the keys shown are kept in
 * localStorage, newest SHOWN_KEYS_KEPT of them).
 */

/** localStorage key of the shown alert keys (sign-out removes it: the next rider starts with none). */
export const STORAGE_KEY = 'deckhand.alerts.shown';
const SHOWN_KEYS_KEPT = 200;
/** Two long buzzes: noticeable in a pocket, where supported. */
const VIBRATION_PATTERN = [300, 150, 300];
/** The data-testid of an alert's toast: it stays until dismissed, unlike the toasts that time out. */
export const ALERT_TOAST_TEST_ID = 'in-app-alert';

export interface InAppAlert {
  key: string;
  title: string;
  body: string;
}

function readShown(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

export function wasAlertShown(key: string): boolean {
  return readShown().includes(key);
}

/** Remember `key` as shown without showing anything (e.g. the system notification already did). */
export function markAlertShown(key: string): void {
  const shown = readShown().filter((k) => k !== key);
  shown.push(key);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(shown.slice(-SHOWN_KEYS_KEPT)));
  } catch {
    // Storage full or blocked: the alert still shows; at worst it could show again after a reload.
  }
}

function forgetAlertShown(key: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(readShown().filter((k) => k !== key)));
  } catch {
    // Storage blocked: the key was not kept either.
  }
}

let display: Promise<typeof import('./toast')> | null = null;

/** The toast module that shows alerts, loaded once; a failed load is tried again on the next call. */
function loadAlertDisplay(): Promise<typeof import('./toast')> {
  display ??= import('./toast').catch((error: unknown) => {
    display = null;
    throw error;
  });
  return display;
}

/**
 * Load what shows an alert now, while there is signal: for code that holds something that will alert
 * later (an away session, an arrival timer), so the alert shows on time even if the phone is offline
 * by then and the service worker has not stored the app yet (a first visit). Cheap to call often.
 */
export function preloadAlertDisplay(): void {
  loadAlertDisplay().catch((error: unknown) => console.warn('Could not load the alert display', error));
}

/** Show the alert (toast + vibration) unless this key was shown before. Returns whether it showed. */
export function showAlert(alert: InAppAlert): boolean {
  if (wasAlertShown(alert.key)) return false;
  markAlertShown(alert.key);
  // The toast library is not part of the first screen; whatever holds an alert source has loaded it
  // already (preloadAlertDisplay), so this resolves at once, offline too.
  loadAlertDisplay().then(
    ({ toast }) => {
      toast.warning(alert.title, {
        id: alert.key,
        description: alert.body,
        duration: Infinity,
        closeButton: true,
        testId: ALERT_TOAST_TEST_ID,
      });
      if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
        navigator.vibrate(VIBRATION_PATTERN);
    },
    (error: unknown) => {
      // Not shown: forgotten, so the next check shows it once the display can load.
      forgetAlertShown(alert.key);
      console.warn('Could not show the alert', error);
    },
  );
  return true;
}
