import { describe, expect, it } from 'vitest';

import {
  followingSailing,
  isPickableTerminal,
  PICKABLE_TERMINAL_IDS,
  QUEUE_POSITION_TERMINAL_FRESH_MS,
  riderSailing,
  riderTerminal,
  sailingsFrom,
} from '@/domain/rider-terminal';

const NOW = Date.parse('2026-07-10T16:00:00-07:00');
const MIN = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

describe('the rider\'s own terminal (rider-core §2 Contribute selector "default Horseshoe Bay", Queue detection)', () => {
  const inLane = (msAgo: number) => ({ terminalId: 'tsawwassen', lastUpdated: at(NOW - msAgo) });

  it("is the queue position's terminal while the fix holds, for 3 hours", () => {
    expect(QUEUE_POSITION_TERMINAL_FRESH_MS).toBe(3 * 60 * MIN);
    expect(riderTerminal({ queuePosition: inLane(0), chosenTerminalId: 'swartz-bay', now: NOW })).toEqual({
      terminalId: 'tsawwassen',
      source: 'queue',
    });
    expect(riderTerminal({ queuePosition: inLane(3 * 60 * MIN), chosenTerminalId: 'swartz-bay', now: NOW })).toEqual({
      terminalId: 'tsawwassen',
      source: 'queue',
    });
  });

  it('returns to the terminal the rider picked once the fix is older', () => {
    expect(
      riderTerminal({ queuePosition: inLane(3 * 60 * MIN + 1), chosenTerminalId: 'swartz-bay', now: NOW }),
    ).toEqual({ terminalId: 'swartz-bay', source: 'chosen' });
  });

  it('ignores a queue position at a terminal it does not know, and a pick that is not a queue terminal', () => {
    const nowhere = { terminalId: 'atlantis', lastUpdated: at(NOW) };
    expect(riderTerminal({ queuePosition: nowhere, chosenTerminalId: 'duke-point', now: NOW })).toEqual({
      terminalId: 'duke-point',
      source: 'chosen',
    });
    expect(riderTerminal({ chosenTerminalId: 'langdale', now: NOW })).toEqual({
      terminalId: 'horseshoe-bay',
      source: 'default',
    });
    expect(riderTerminal({ chosenTerminalId: 42 })).toEqual({ terminalId: 'horseshoe-bay', source: 'default' });
  });

  it('lets a rider pick only the five queue terminals', () => {
    expect(PICKABLE_TERMINAL_IDS).toEqual(['horseshoe-bay', 'tsawwassen', 'swartz-bay', 'departure-bay', 'duke-point']);
    expect(isPickableTerminal('swartz-bay')).toBe(true);
    expect(isPickableTerminal('snug-cove')).toBe(false);
    expect(isPickableTerminal(undefined)).toBe(false);
  });
});

describe("the rider's sailing (rider-core §2 Next Ferry card; docs/home-and-away.md)", () => {
  const ferry = (id: string, terminalId: string, departsInMin: number, routeId = 'hsb-nan') => ({
    id,
    terminalId,
    routeId,
    departureTime: at(NOW + departsInMin * MIN),
  });
  const ferries = [
    ferry('later', 'horseshoe-bay', 90),
    ferry('other-terminal', 'tsawwassen', 5),
    ferry('soon', 'horseshoe-bay', 20, 'hsb-lng'),
    ferry('left-long-ago', 'horseshoe-bay', -30),
    ferry('just-left', 'horseshoe-bay', -0.5),
    ferry('next-nan', 'horseshoe-bay', 45),
  ];

  it('lists the sailings from the terminal soonest first, keeping one that left under a minute ago', () => {
    expect(sailingsFrom(ferries, 'horseshoe-bay', NOW).map((f) => f.id)).toEqual([
      'just-left',
      'soon',
      'next-nan',
      'later',
    ]);
    expect(sailingsFrom(ferries, 'horseshoe-bay', NOW + 30_000).map((f) => f.id)[0]).toBe('soon');
    expect(sailingsFrom(ferries, 'langdale', NOW)).toEqual([]);
  });

  it("is the sailing the rider's car boards when it leaves from their terminal, else the next one", () => {
    const hsb = { terminalId: 'horseshoe-bay', source: 'queue' as const };
    expect(riderSailing(ferries, hsb, NOW + MIN, 'later')?.id).toBe('later');
    expect(riderSailing(ferries, hsb, NOW + MIN, 'other-terminal')?.id).toBe('soon');
    expect(riderSailing(ferries, hsb, NOW + MIN, null)?.id).toBe('soon');
    expect(riderSailing([], hsb, NOW)).toBeNull();
  });

  it('follows a sailing with the next one on the same route, else the next from the terminal, else none', () => {
    expect(followingSailing(ferries, ferries[5]!)?.id).toBe('later');
    expect(followingSailing(ferries, ferries[2]!)?.id).toBe('next-nan');
    expect(followingSailing(ferries, ferries[0]!)).toBeNull();
  });
});
