import { describe, expect, it } from 'vitest';

import {
  ferryStatusLabel,
  knotsText,
  onTimeText,
  onTimeTile,
  trackerDepartsInMinutes,
  trackerEtaMinutes,
  trackerEtaText,
  trackerStatusLine,
} from '@/domain/live-tracker';

describe('Live Tracker figures (rider-core §2 Widgets "Live Tracker card")', () => {
  const now = Date.parse('2026-03-02T18:00:00Z');
  it('gives the ETA as the arrival, rounded up and never below 0, and says when a docked vessel leaves', () => {
    const enRoute = { status: 'en_route', arrivalTime: '2026-03-02T18:07:30Z', departureTime: '2026-03-02T19:00:00Z' };
    expect(trackerEtaMinutes(enRoute, now)).toBe(8);
    expect(trackerEtaText(enRoute, now)).toBe('ETA: 8 min');
    const docked = { status: 'docked', departureTime: '2026-03-02T18:20:00Z', arrivalTime: '2026-03-02T19:00:00Z' };
    expect(trackerEtaText(docked, now)).toBe('ETA: 60 min · Departs in 20 min');
    expect(trackerEtaText({ status: 'docked', departureTime: '2026-03-02T18:20:00Z' }, now)).toBe(
      'ETA: N/A · Departs in 20 min',
    );
    expect(
      trackerEtaMinutes(
        { status: 'docked', departureTime: '2026-03-02T17:00:00Z', arrivalTime: '2026-03-02T17:40:00Z' },
        now,
      ),
    ).toBe(0);
    expect(trackerEtaText({ status: 'en_route', departureTime: '2026-03-02T18:20:00Z' }, now)).toBe('ETA: N/A');
  });

  it('says "On Time" or "+N min" from delayMinutes', () => {
    expect(onTimeText({})).toBe('On Time');
    expect(onTimeText({ delayMinutes: 0 })).toBe('On Time');
    expect(onTimeText({ delayMinutes: 7 })).toBe('+7 min');
  });

  it('labels status and speed', () => {
    expect(ferryStatusLabel('en_route')).toBe('En route');
    expect(ferryStatusLabel('delayed')).toBe('Delayed');
    expect(knotsText(18.46)).toBe('18.5 kn');
  });
});

describe('the tracker status line (rider-core §2 Live Tracker card "status line")', () => {
  const entry = { route: 'Horseshoe Bay - Departure Bay', terminalId: 'horseshoe-bay', speed: 18.44 };
  it('names where a vessel under way is heading, not the route of its next departure', () => {
    expect(trackerStatusLine({ ...entry, status: 'en_route' })).toBe('En route to Horseshoe Bay · 18.4 kn');
  });
  it('names the route of the coming departure at the berth', () => {
    expect(trackerStatusLine({ ...entry, status: 'docked', speed: 0 })).toBe(
      'Docked · Horseshoe Bay - Departure Bay · 0 kn',
    );
    expect(trackerStatusLine({ ...entry, status: 'delayed', speed: 0 })).toBe(
      'Delayed · Horseshoe Bay - Departure Bay · 0 kn',
    );
  });
});

describe('the third tile and the departure countdown (rider-core §2 Live Tracker card "On Time" tile)', () => {
  const now = Date.parse('2026-03-02T18:00:00Z');

  it('labels a delayed sailing "Delay" rather than "On Time" above "+N min"', () => {
    expect(onTimeTile({ delayMinutes: 4 })).toEqual({ label: 'Delay', value: '+4 min', delayed: true });
    expect(onTimeTile({ delayMinutes: 0 })).toEqual({ label: 'On Time', value: 'On Time', delayed: false });
    expect(onTimeTile({})).toEqual({ label: 'On Time', value: 'On Time', delayed: false });
  });

  it('counts down to departure only while the vessel has not left', () => {
    const at = { departureTime: '2026-03-02T18:12:00Z' };
    expect(trackerDepartsInMinutes({ ...at, status: 'docked' }, now)).toBe(12);
    expect(trackerDepartsInMinutes({ ...at, status: 'delayed' }, now)).toBe(12);
    expect(trackerDepartsInMinutes({ ...at, status: 'en_route' }, now)).toBeNull();
    expect(trackerDepartsInMinutes({ status: 'docked', departureTime: '' }, now)).toBeNull();
  });

  it('says "Unknown" for a status the feed left blank', () => {
    expect(ferryStatusLabel('')).toBe('Unknown');
    expect(ferryStatusLabel('  ')).toBe('Unknown');
    expect(ferryStatusLabel('at_berth')).toBe('At berth');
  });

  it('names the route when the heading terminal is not known', () => {
    expect(trackerStatusLine({ route: 'Tsawwassen - Swartz Bay', status: 'en_route', speed: 17 })).toBe(
      'En route · Tsawwassen - Swartz Bay · 17 kn',
    );
  });
});
