/**
 * Where the rider is (rider-core §2, §5, §8): the browser's GPS with high accuracy and a 10 s
 * timeout; when that fails (denied, unavailable, timed out) the Horseshoe Bay terminal coordinates,
 * flagged so the widget can say so.
 */
import { DEFAULT_TERMINAL_ID, terminalById } from '@/domain/terminals';
import type { LatLng } from '@/domain/lane-geometry';

/** rider-core §5: GPS is requested with high accuracy and a 10 s timeout. */
export const GPS_TIMEOUT_MS = 10_000;

export interface RiderLocation {
  point: LatLng;
  accuracy?: number;
  /** True when GPS failed and the Horseshoe Bay coordinates stand in. */
  fallback: boolean;
}

export function fallbackLocation(): RiderLocation {
  const terminal = terminalById(DEFAULT_TERMINAL_ID)!;
  return { point: { lat: terminal.lat, lng: terminal.lng }, fallback: true };
}

export function locateRider(): Promise<RiderLocation> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve(fallbackLocation());
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          point: { lat: position.coords.latitude, lng: position.coords.longitude },
          accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : undefined,
          fallback: false,
        }),
      () => resolve(fallbackLocation()),
      { enableHighAccuracy: true, timeout: GPS_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
