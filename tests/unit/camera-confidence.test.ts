import { describe, expect, it } from 'vitest';

import { cameraConfidence } from '@/domain/camera-confidence';

describe("each camera's confidence in its count (rider-core §3 Camera detection: count, confidence)", () => {
  it('starts from where the camera looks: the booth closest, the entrance furthest', () => {
    expect(cameraConfidence('booth', 5)).toBe(0.92);
    expect(cameraConfidence('queue_area', 5)).toBe(0.87);
    expect(cameraConfidence('entrance', 5)).toBe(0.82);
  });

  it('is surer of an empty view', () => {
    expect(cameraConfidence('booth', 0)).toBe(0.95);
    expect(cameraConfidence('entrance', 0)).toBe(0.85);
  });

  it('loses 0.004 a car past 10 cars in view, at most 0.12', () => {
    expect(cameraConfidence('booth', 10)).toBe(0.92);
    expect(cameraConfidence('booth', 11)).toBe(0.92);
    expect(cameraConfidence('booth', 20)).toBe(0.88);
    expect(cameraConfidence('booth', 40)).toBe(0.8);
    expect(cameraConfidence('booth', 200)).toBe(0.8);
  });

  it('loses 0.01 a car queued on the approach road, at most 0.10, at the entrance camera only', () => {
    expect(cameraConfidence('entrance', 5, 5)).toBe(0.77);
    expect(cameraConfidence('entrance', 5, 10)).toBe(0.72);
    expect(cameraConfidence('entrance', 5, 50)).toBe(0.72);
    expect(cameraConfidence('booth', 5, 50)).toBe(0.92);
    expect(cameraConfidence('entrance', 5, -4)).toBe(0.82);
  });

  it('stays within 0.50-0.97 in hundredths at its worst', () => {
    expect(cameraConfidence('entrance', 500, 500)).toBe(0.6);
  });

  it('counts whole cars, and no fewer than none', () => {
    expect(cameraConfidence('booth', 20.9)).toBe(0.88);
    expect(cameraConfidence('booth', -3)).toBe(0.95);
  });
});
