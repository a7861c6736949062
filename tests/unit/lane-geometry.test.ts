import { describe, expect, it } from 'vitest';

import {
  CAR_SPACING_M,
  distanceMeters,
  fromLocalMeters,
  laneCapacity,
  MAX_LANE_OFFSET_M,
  placeInLanes,
  pointAlong,
  polylineLength,
  projectOntoPolyline,
  slotAt,
  toLocalMeters,
  type Lane,
  type LatLng,
} from '@/domain/lane-geometry';

const ORIGIN: LatLng = { lat: 49.3724, lng: -123.275 };
/** A point `x` metres east and `y` metres north of ORIGIN. */
const at = (x: number, y: number) => fromLocalMeters(ORIGIN, { x, y });

/** An L-shaped lane: 100 m north, then 50 m east. */
const L_LANE = [at(0, 0), at(0, 100), at(50, 100)];

function lane(id: string, routeId: string, laneNumber: number, points: LatLng[]): Lane {
  return { id, terminalId: 't', routeId, laneNumber, points };
}

describe('local projection', () => {
  it('round-trips and measures metres', () => {
    const p = at(123.4, -56.7);
    const back = toLocalMeters(ORIGIN, p);
    expect(back.x).toBeCloseTo(123.4, 6);
    expect(back.y).toBeCloseTo(-56.7, 6);
    expect(distanceMeters(ORIGIN, at(30, 40))).toBeCloseTo(50, 6);
  });

  it('agrees with a degree of latitude being about 111 km', () => {
    expect(distanceMeters({ lat: 49, lng: -123 }, { lat: 49.001, lng: -123 })).toBeCloseTo(111.2, 0);
  });
});

describe('projectOntoPolyline', () => {
  it('gives the distance along and the perpendicular offset', () => {
    const p = projectOntoPolyline(L_LANE, at(3, 40));
    expect(p.distanceAlong).toBeCloseTo(40, 6);
    expect(p.offset).toBeCloseTo(3, 6);
  });

  it('follows the bend into the second segment', () => {
    const p = projectOntoPolyline(L_LANE, at(20, 102));
    expect(p.distanceAlong).toBeCloseTo(120, 6);
    expect(p.offset).toBeCloseTo(2, 6);
  });

  it('clamps before the start and past the end', () => {
    const before = projectOntoPolyline(L_LANE, at(0, -10));
    expect(before.distanceAlong).toBe(0);
    expect(before.offset).toBeCloseTo(10, 6);
    const past = projectOntoPolyline(L_LANE, at(60, 100));
    expect(past.distanceAlong).toBeCloseTo(150, 6);
    expect(past.offset).toBeCloseTo(10, 6);
  });

  it('handles a single point and refuses an empty polyline', () => {
    expect(projectOntoPolyline([ORIGIN], at(3, 4)).offset).toBeCloseTo(5, 6);
    expect(() => projectOntoPolyline([], ORIGIN)).toThrow();
  });
});

describe('pointAlong and polylineLength', () => {
  it('walks the polyline and clamps to its ends', () => {
    expect(polylineLength(L_LANE)).toBeCloseTo(150, 2);
    expect(distanceMeters(pointAlong(L_LANE, 125), at(25, 100))).toBeLessThan(0.01);
    expect(pointAlong(L_LANE, -5)).toEqual(L_LANE[0]);
    expect(pointAlong(L_LANE, 1_000)).toEqual(L_LANE[2]);
  });
});

describe('slots and capacity', () => {
  it('turns distance from the front into whole car lengths', () => {
    expect(CAR_SPACING_M).toBe(6.5);
    expect(slotAt(0)).toBe(0);
    expect(slotAt(6.49)).toBe(0);
    expect(slotAt(6.5)).toBe(1);
    expect(slotAt(-3)).toBe(0);
    expect(laneCapacity({ points: L_LANE })).toBe(23); // 150 / 6.5 = 23.07
    expect(laneCapacity({ points: [at(0, 0), at(0, 6.4)] })).toBe(0);
  });
});

describe('placeInLanes', () => {
  const layout = {
    lanes: [
      lane('a1', 'a', 1, [at(0, 0), at(0, 130)]), // 20 cars
      lane('a2', 'a', 2, [at(5, 0), at(5, 130)]),
      lane('b1', 'b', 1, [at(10, 0), at(10, 66)]), // 10 cars
    ],
  };

  it("picks the nearest lane and counts the route's earlier lanes ahead", () => {
    const p = placeInLanes(layout, at(5.4, 33))!;
    expect(p.lane.id).toBe('a2');
    expect(p.slot).toBe(5);
    expect(p.carsAheadByGeometry).toBe(25);
    const first = placeInLanes(layout, at(0, 1))!;
    expect(first.lane.id).toBe('a1');
    expect(first.carsAheadByGeometry).toBe(0);
  });

  it("does not count another route's lanes", () => {
    const p = placeInLanes(layout, at(10.2, 20))!;
    expect(p.lane.id).toBe('b1');
    expect(p.carsAheadByGeometry).toBe(3);
  });

  it("caps the slot at the lane's last one for a point past its end", () => {
    const p = placeInLanes(layout, at(10.5, 70))!;
    expect(p.lane.id).toBe('b1');
    expect(p.slot).toBe(9);
  });

  it('finds no lane beyond the maximum offset, and one just inside it', () => {
    expect(placeInLanes(layout, at(10 + MAX_LANE_OFFSET_M + 0.5, 30))).toBeNull();
    expect(placeInLanes(layout, at(10 + MAX_LANE_OFFSET_M - 0.5, 30))?.lane.id).toBe('b1');
    expect(placeInLanes({ lanes: [] }, ORIGIN)).toBeNull();
  });
});
