import { describe, expect, it } from 'vitest';

import { photoProblem } from '@/domain/contributions';
import type { TerminalLayout } from '@/domain/lane-geometry';
import { laneCameraCount, photoPlaceProblem, terminalOfFix } from '@/domain/photo-count';

const at = (lat: number, lng: number) => ({ lat, lng });
/** Two routes side by side, lanes 1 and 2 each, plus a third route with a lane 3 only. */
const layout: TerminalLayout = {
  terminalId: 'horseshoe-bay',
  entrance: at(49.3745, -123.2728),
  booth: at(49.3723, -123.2749),
  lanes: [
    {
      id: 'a1',
      terminalId: 'horseshoe-bay',
      routeId: 'A',
      laneNumber: 1,
      points: [at(49.3724, -123.2749), at(49.3744, -123.2729)],
    },
    {
      id: 'a2',
      terminalId: 'horseshoe-bay',
      routeId: 'A',
      laneNumber: 2,
      points: [at(49.3723, -123.2748), at(49.3743, -123.2728)],
    },
    {
      id: 'b1',
      terminalId: 'horseshoe-bay',
      routeId: 'B',
      laneNumber: 1,
      points: [at(49.3721, -123.2745), at(49.3741, -123.2725)],
    },
    {
      id: 'c3',
      terminalId: 'horseshoe-bay',
      routeId: 'C',
      laneNumber: 3,
      points: [at(49.3719, -123.2742), at(49.3739, -123.2722)],
    },
  ],
};
const occupancy = { filled: { a1: 30, a2: 12, b1: 7, c3: 4 }, overflow: {} };

describe('laneCameraCount: what a photo count is scored against', () => {
  it('is the whole queue for General Queue', () => {
    expect(laneCameraCount(layout, occupancy, 90, 'General Queue', null)).toBe(90);
  });
  it("is the lane's own count, not the terminal's total, when the lane is known", () => {
    expect(laneCameraCount(layout, occupancy, 90, 'Lane 3', null)).toBe(4);
    expect(laneCameraCount(layout, occupancy, 90, 'Lane 1', at(49.3724, -123.2749))).toBe(30);
    expect(laneCameraCount(layout, occupancy, 90, 'Lane 1', at(49.3721, -123.2745))).toBe(7);
  });
  it('is unknown (null) when two routes have that lane and no fix says which', () => {
    expect(laneCameraCount(layout, occupancy, 90, 'Lane 1', null)).toBeNull();
    expect(laneCameraCount(layout, occupancy, 90, 'Lane 4', null)).toBeNull();
  });
});

describe('where a photo count may be taken', () => {
  it('finds the terminal of a fix, or none far from every terminal', () => {
    expect(terminalOfFix([layout], at(49.3724, -123.2749))).toBe('horseshoe-bay');
    expect(terminalOfFix([layout], at(49.2827, -123.1207))).toBeNull();
  });
  it('refuses another terminal than the fix, in words; takes any terminal without a fix', () => {
    expect(photoPlaceProblem('horseshoe-bay', 'horseshoe-bay', true)).toBeNull();
    expect(photoPlaceProblem('tsawwassen', null, false)).toBeNull();
    expect(photoPlaceProblem('tsawwassen', 'horseshoe-bay', true)).toBe(
      "Your phone's location is at Horseshoe Bay, not Tsawwassen. Choose Horseshoe Bay as the terminal and count the lane you are in.",
    );
    expect(photoPlaceProblem('tsawwassen', null, true)).toMatch(/^Your phone's location is not at Tsawwassen\./);
  });
  it("checks the count in the form with the server's limits", () => {
    const photo = { size: 1000 };
    expect(photoProblem({ photo, vehicleCount: 394, lane: 'Lane 1' })).toBe('countOutOfRange');
    expect(photoProblem({ photo, vehicleCount: 2.5, lane: 'Lane 1' })).toBe('countOutOfRange');
    expect(photoProblem({ photo, vehicleCount: 0, lane: 'Lane 1' })).toBe('missing');
    expect(photoProblem({ photo, vehicleCount: 200, lane: 'Lane 1' })).toBeNull();
  });
});
