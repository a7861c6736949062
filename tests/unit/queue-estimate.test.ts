import { describe, expect, it } from 'vitest';

import {
  accuracyLabel,
  boardingStartOf,
  cameraAgreement,
  correctedCarsAhead,
  describeBasis,
  estimateBoarding,
  gpsQuality,
  positionBasis,
  positionConfidence,
} from '@/domain/queue-estimate';

describe('accuracyLabel (rider-core §9)', () => {
  it('is High from 0.95, Good from 0.85, else Low', () => {
    expect(accuracyLabel(1)).toBe('High');
    expect(accuracyLabel(0.95)).toBe('High');
    expect(accuracyLabel(0.9499)).toBe('Good');
    expect(accuracyLabel(0.85)).toBe('Good');
    expect(accuracyLabel(0.8499)).toBe('Low');
    expect(accuracyLabel(0)).toBe('Low');
  });
});

describe('correctedCarsAhead', () => {
  it('keeps the geometry while the rider is within the counted cars, caps it at the count beyond', () => {
    expect(correctedCarsAhead(55, 172)).toBe(55);
    expect(correctedCarsAhead(172, 172)).toBe(172);
    expect(correctedCarsAhead(190, 172)).toBe(172);
    expect(correctedCarsAhead(10, 0)).toBe(0);
    expect(correctedCarsAhead(12.7, null)).toBe(12);
    expect(correctedCarsAhead(-3, 5)).toBe(0);
  });
});

describe('confidence', () => {
  it('rates the GPS fix: sharp at 5 m, nothing from 50 m, half when unknown', () => {
    expect(gpsQuality(3)).toBe(1);
    expect(gpsQuality(5)).toBe(1);
    expect(gpsQuality(27.5)).toBeCloseTo(0.5, 6);
    expect(gpsQuality(50)).toBe(0);
    expect(gpsQuality(undefined)).toBe(0.5);
    expect(gpsQuality(Number.NaN)).toBe(0.5);
  });

  it('measures agreement between the geometry and the count', () => {
    expect(cameraAgreement(10, 20)).toBe(1);
    expect(cameraAgreement(20, 20)).toBe(1);
    expect(cameraAgreement(25, 20)).toBeCloseTo(0.5, 6); // gap 5 over at least 10
    expect(cameraAgreement(120, 80)).toBe(0); // gap 40 over 80 / 4
  });

  it('is 0.95 (High) for a sharp fix among camera-counted cars, Good without a known accuracy', () => {
    expect(
      positionConfidence({ carsAheadByGeometry: 55, countedCars: 172, countConfidence: 0.85, gpsAccuracyMeters: 5 }),
    ).toBe(0.95);
    expect(positionConfidence({ carsAheadByGeometry: 55, countedCars: 172, countConfidence: 0.85 })).toBe(0.9);
  });

  it('falls below Good when the rider stands far behind the counted cars', () => {
    const c = positionConfidence({
      carsAheadByGeometry: 190,
      countedCars: 172,
      countConfidence: 0.85,
      gpsAccuracyMeters: 5,
    });
    expect(accuracyLabel(c)).toBe('Low');
    expect(positionConfidence({ carsAheadByGeometry: 500, countedCars: 100, countConfidence: 0.85 })).toBe(0.68);
  });

  it('is low on GPS alone and 0.99 when verified by photo', () => {
    expect(
      positionConfidence({ carsAheadByGeometry: 5, countedCars: null, countConfidence: 0, gpsAccuracyMeters: 5 }),
    ).toBe(0.5);
    expect(
      positionConfidence({ carsAheadByGeometry: 5, countedCars: null, countConfidence: 0, gpsAccuracyMeters: 80 }),
    ).toBe(0.3);
    expect(positionConfidence({ carsAheadByGeometry: 5, countedCars: 3, countConfidence: 0.7, verified: true })).toBe(
      0.99,
    );
  });
});

describe('basis', () => {
  it('names what the position rests on, with underscores, and reads it back for people', () => {
    expect(positionBasis({ counted: true, countSource: 'camera' })).toBe('gps_and_cameras');
    expect(positionBasis({ counted: true, countSource: 'user_report' })).toBe('gps_and_rider_reports');
    expect(positionBasis({ counted: true, countSource: 'timetable_model' })).toBe('gps_and_timetable_model');
    expect(positionBasis({ counted: false })).toBe('gps_only');
    expect(positionBasis({ counted: true, countSource: 'camera', verified: true })).toBe('gps_cameras_and_photo');
    expect(describeBasis('gps_and_cameras')).toBe('GPS and cameras');
    expect(describeBasis('')).toBe('Unknown');
  });
});

describe('estimateBoarding', () => {
  const now = Date.parse('2026-07-10T23:00:00Z');
  const sailings = [
    { ferryId: 'b', departureTime: '2026-07-11T01:50:00.000Z', spaces: 321 },
    { ferryId: 'a', departureTime: '2026-07-10T23:45:00.000Z', spaces: 100 },
  ];

  it("fits the car on the first sailing with room and places it in that sailing's 40 min boarding", () => {
    const first = estimateBoarding(1, sailings, now)!;
    expect(first).toMatchObject({ ferryId: 'a', sailingsToWait: 0 });
    expect(first.boardingTime).toBe('2026-07-10T23:05:24.000Z'); // 23:05 + 1/100 of 40 min
    const last = estimateBoarding(100, sailings, now)!;
    expect(last).toMatchObject({ ferryId: 'a', boardingTime: '2026-07-10T23:45:00.000Z' });
  });

  it('moves to the next sailing once the first is full', () => {
    const next = estimateBoarding(101, sailings, now)!;
    expect(next).toMatchObject({ ferryId: 'b', sailingsToWait: 1, departureTime: '2026-07-11T01:50:00.000Z' });
  });

  it('never estimates a boarding in the past, and says null when no listed sailing can take the car', () => {
    const late = Date.parse('2026-07-10T23:30:00Z');
    expect(estimateBoarding(1, sailings, late)!.boardingTime).toBe('2026-07-10T23:30:00.000Z');
    expect(estimateBoarding(422, sailings, now)).toBeNull();
    expect(estimateBoarding(1, [], now)).toBeNull();
    expect(
      estimateBoarding(1, [{ ferryId: 'x', departureTime: '2026-07-10T23:45:00.000Z', spaces: 0 }], now),
    ).toBeNull();
  });
});

describe('boarding start (docs/home-and-away.md)', () => {
  const NOW = Date.parse('2026-07-10T16:00:00-07:00');
  const MIN = 60_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  it('uses 40 minutes before departure when the feed gives no boarding start', () => {
    expect(boardingStartOf({ departureTime: iso(NOW + 60 * MIN) })).toBe(NOW + 20 * MIN);
  });

  it("uses the feed's boarding start when it gives one", () => {
    expect(boardingStartOf({ departureTime: iso(NOW + 50 * MIN), boardingStartTime: iso(NOW + 15 * MIN) })).toBe(
      NOW + 15 * MIN,
    );
  });
});
