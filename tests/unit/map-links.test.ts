import { describe, expect, it } from 'vitest';

import { googleMapsDirectionsUrl, wazeNavigationUrl } from '@/domain/map-links';
import { terminalById } from '@/domain/terminals';

describe('deep links to the terminal entrance (rider-core §2 Queue detection widget: "a navigation app and a maps service")', () => {
  it('open directions to the terminal entrance', () => {
    const p = { lat: 49.3742, lng: -123.2728 };
    expect(googleMapsDirectionsUrl(p)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=49.374200%2C-123.272800&travelmode=driving',
    );
    expect(wazeNavigationUrl(p)).toBe('https://waze.com/ul?ll=49.374200%2C-123.272800&navigate=yes');
  });

  it('gives six decimals, rounding, with the sign of each coordinate', () => {
    const p = { lat: 49.00694449, lng: -123.1305557 };
    expect(googleMapsDirectionsUrl(p)).toContain('destination=49.006944%2C-123.130556&');
    expect(wazeNavigationUrl({ lat: 0, lng: 0 })).toBe('https://waze.com/ul?ll=0.000000%2C0.000000&navigate=yes');
  });

  it('leads to a terminal the app knows', () => {
    const terminal = terminalById('tsawwassen')!;
    expect(wazeNavigationUrl(terminal)).toBe('https://waze.com/ul?ll=49.006900%2C-123.130600&navigate=yes');
  });
});
