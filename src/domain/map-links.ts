/**
 * Deep links to the terminal entrance (rider-core §2 Queue detection widget): a maps service and a
 * navigation app, both opening directions to the given coordinates.
 */
import type { LatLng } from './lane-geometry';

const coords = (p: LatLng) => `${p.lat.toFixed(6)},${p.lng.toFixed(6)}`;

export function googleMapsDirectionsUrl(p: LatLng): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(coords(p))}&travelmode=driving`;
}

export function wazeNavigationUrl(p: LatLng): string {
  return `https://waze.com/ul?ll=${encodeURIComponent(coords(p))}&navigate=yes`;
}
