import { describe, expect, it } from 'vitest';

import { fromLocalMeters, type Lane } from '@/domain/lane-geometry';
import {
  approachRoadCars,
  cameraCount,
  cameraForSlot,
  cameraSlotRange,
  fillLanes,
  slotsSeenBy,
  splitCount,
} from '@/domain/lane-occupancy';

const O = { lat: 49.37, lng: -123.27 };
const at = (x: number, y: number) => fromLocalMeters(O, { x, y });
const lane = (id: string, routeId: string, laneNumber: number, x: number, length: number): Lane => ({
  id,
  terminalId: 't',
  routeId,
  laneNumber,
  points: [at(x, 0), at(x, length)],
});
// a1 and a2 hold 30 cars each (195 m), b1 holds 9 (58.5 m).
const layout = { lanes: [lane('a2', 'a', 2, 5, 195.01), lane('a1', 'a', 1, 0, 195.01), lane('b1', 'b', 1, 10, 58.51)] };

describe('fillLanes', () => {
  it("fills a route's lanes front first in lane order and overflows onto the approach road", () => {
    expect(fillLanes(layout, { a: 40, b: 3 })).toEqual({ filled: { a2: 10, a1: 30, b1: 3 }, overflow: {} });
    const full = fillLanes(layout, { a: 65, b: 9 });
    expect(full.filled).toEqual({ a2: 30, a1: 30, b1: 9 });
    expect(full.overflow).toEqual({ a: 5 });
    expect(approachRoadCars(full)).toBe(5);
    expect(fillLanes(layout, { a: 0 }).filled).toEqual({ a2: 0, a1: 0, b1: 0 });
  });
});

describe('cameras', () => {
  it('splits each lane into thirds: booth at the front, then queue area, then entrance', () => {
    expect(cameraForSlot(0, 30)).toBe('booth');
    expect(cameraForSlot(9, 30)).toBe('booth');
    expect(cameraForSlot(10, 30)).toBe('queue_area');
    expect(cameraForSlot(19, 30)).toBe('queue_area');
    expect(cameraForSlot(20, 30)).toBe('entrance');
    expect(cameraForSlot(0, 0)).toBe('entrance');
    expect(cameraSlotRange(layout.lanes[1]!, 'queue_area')).toEqual([10, 20]);
    expect(cameraSlotRange(lane('tiny', 'a', 9, 0, 1), 'booth')).toEqual([0, 0]);
  });

  it('counts every car exactly once across the three cameras, overflow at the entrance', () => {
    const occupancy = fillLanes(layout, { a: 65, b: 4 });
    const counts = (['booth', 'queue_area', 'entrance'] as const).map((loc) => cameraCount(layout, occupancy, loc));
    expect(counts.reduce((s, c) => s + c, 0)).toBe(69);
    expect(counts).toEqual([10 + 10 + 3, 10 + 10 + 1, 10 + 10 + 5]);
    expect(
      slotsSeenBy(layout, occupancy, 'booth')
        .filter((s) => s.laneId === 'b1')
        .map((s) => s.slot),
    ).toEqual([0, 1, 2]);
  });
});

describe('splitCount', () => {
  it('splits in proportion and always adds up to the total', () => {
    expect(splitCount(10, { a: 1, b: 1 })).toEqual({ a: 5, b: 5 });
    expect(splitCount(7, { a: 2, b: 1 })).toEqual({ a: 5, b: 2 });
    const odd = splitCount(101, { a: 1, b: 1, c: 1 });
    expect(Object.values(odd).reduce((s, n) => s + n, 0)).toBe(101);
  });

  it('gives nothing to routes without weight and everything to the first route with no weight at all', () => {
    expect(splitCount(9, { a: 0, b: 3 })).toEqual({ a: 0, b: 9 });
    expect(splitCount(4, { a: 0, b: 0 })).toEqual({ a: 4, b: 0 });
    expect(splitCount(0, { a: 1 })).toEqual({ a: 0 });
    expect(splitCount(5, {})).toEqual({});
  });
});
