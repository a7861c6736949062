/**
 * Each terminal camera's own confidence in its count (rider-core §3 "Camera detection: count,
 * confidence"). The spec assumes 0.85 for every camera image; a rider comparing three cameras that all
 * say 85 % learns nothing, so each camera's figure follows what it actually sees:
 *
 * - where it looks from: the booth camera films the front of the lanes close up (0.92), the queue-area
 *   camera the middle from further off (0.87), the entrance camera the back of the lanes and the
 *   approach road at a distance (0.82);
 * - crowding: past CROWD_FREE_CARS cars in view, each car hides part of others (−0.004 a car, at most
 *   −0.12);
 * - cars queued on the approach road (the entrance camera only) are counted at the edge of the frame
 *   (−0.01 a car, at most −0.10);
 * - an empty view is easy to count (+0.03).
 * The result is clamped to 0.50-0.97 and given in hundredths.
 */
import type { CameraLocation } from './lane-occupancy';

export const CAMERA_BASE_CONFIDENCE: Record<CameraLocation, number> = { booth: 0.92, queue_area: 0.87, entrance: 0.82 };
export const CROWD_FREE_CARS = 10;
export const CROWD_PENALTY_PER_CAR = 0.004;
export const CROWD_PENALTY_MAX = 0.12;
export const APPROACH_PENALTY_PER_CAR = 0.01;
export const APPROACH_PENALTY_MAX = 0.1;
export const EMPTY_VIEW_BONUS = 0.03;
export const CAMERA_CONFIDENCE_MIN = 0.5;
export const CAMERA_CONFIDENCE_MAX = 0.97;

export function cameraConfidence(location: CameraLocation, carsInView: number, approachRoadCars = 0): number {
  const cars = Math.max(0, Math.floor(carsInView));
  let confidence = CAMERA_BASE_CONFIDENCE[location];
  if (cars === 0) confidence += EMPTY_VIEW_BONUS;
  confidence -= Math.min(CROWD_PENALTY_MAX, Math.max(0, cars - CROWD_FREE_CARS) * CROWD_PENALTY_PER_CAR);
  if (location === 'entrance')
    confidence -= Math.min(APPROACH_PENALTY_MAX, Math.max(0, approachRoadCars) * APPROACH_PENALTY_PER_CAR);
  const clamped = Math.min(CAMERA_CONFIDENCE_MAX, Math.max(CAMERA_CONFIDENCE_MIN, confidence));
  return Math.round(clamped * 100) / 100;
}
