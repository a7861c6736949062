import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SETTLED } from '../kit/settled';

const alert = { key: 'away-return-7', title: 'Time to head back', body: 'Boarding starts in 10 minutes.' };
const toast = { warning: vi.fn() };
const vibrate = vi.fn();
let toastCodeReachable = true;

beforeEach(() => {
  vi.resetModules();
  vi.doMock('@/lib/toast', () => {
    // As a dynamic import fails when the phone is offline and the service worker has not stored the app.
    if (!toastCodeReachable) throw new Error('Failed to fetch dynamically imported module');
    return { toast };
  });
  localStorage.clear();
  toast.warning.mockClear();
  vibrate.mockClear();
  toastCodeReachable = true;
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});

afterEach(() => vi.restoreAllMocks());

describe('in-app alerts', () => {
  it('shows an alert once per key, as a toast that stays until closed, with a buzz', async () => {
    const { showAlert } = await import('@/lib/alerts');
    expect(showAlert(alert)).toBe(true);
    await vi.waitFor(
      () =>
        expect(toast.warning).toHaveBeenCalledWith(
          alert.title,
          expect.objectContaining({ id: alert.key, description: alert.body, duration: Infinity }),
        ),
      SETTLED,
    );
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(showAlert(alert)).toBe(false);
    expect(toast.warning).toHaveBeenCalledTimes(1);
  });

  it('an alert whose display cannot be loaded is not counted as shown: the next check shows it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    toastCodeReachable = false;
    const { showAlert, wasAlertShown } = await import('@/lib/alerts');
    expect(showAlert(alert)).toBe(true);
    await vi.waitFor(() => expect(wasAlertShown(alert.key)).toBe(false), SETTLED);
    expect(vibrate).not.toHaveBeenCalled();

    toastCodeReachable = true;
    expect(showAlert(alert)).toBe(true);
    await vi.waitFor(() => expect(toast.warning).toHaveBeenCalledTimes(1), SETTLED);
    expect(wasAlertShown(alert.key)).toBe(true);
  });
});
