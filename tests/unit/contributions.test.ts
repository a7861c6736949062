import { describe, expect, it } from 'vitest';

import {
  canClaim,
  cappedPoints,
  DAILY_POINTS_CAP,
  earnedText,
  isQuietHour,
  nextClaimStatus,
  photoAccuracy,
  photoPoints,
  photoProblem,
  terminalDayStart,
  terminalWeekStart,
  validationAccuracy,
} from '@/domain/contributions';
import { earnsContributor } from '@/domain/membership';
import { terminalWallClock } from '@/domain/time';

describe('photo points (rider-core §9: 10-25, 10 default)', () => {
  it('judges a count against the cameras', () => {
    expect(photoAccuracy(40, 41)).toBe('accurate');
    expect(photoAccuracy(100, 109)).toBe('accurate');
    expect(photoAccuracy(40, 45)).toBe('close');
    expect(photoAccuracy(40, 80)).toBe('off');
    expect(photoAccuracy(40, null)).toBe('unchecked');
  });

  it('pays 25 for an accurate count, 15 for a close one, 10 otherwise and nothing for a duplicate', () => {
    expect(photoPoints('accurate', false)).toBe(25);
    expect(photoPoints('close', false)).toBe(15);
    expect(photoPoints('off', false)).toBe(10);
    expect(photoPoints('unchecked', false)).toBe(10);
    expect(photoPoints('accurate', true)).toBe(0);
  });

  it('caps the day at DAILY_POINTS_CAP', () => {
    expect(cappedPoints(25, 0)).toBe(25);
    expect(cappedPoints(25, DAILY_POINTS_CAP - 10)).toBe(10);
    expect(cappedPoints(25, DAILY_POINTS_CAP)).toBe(0);
  });

  it('words the toast with the points, 10 when unknown', () => {
    expect(earnedText(25)).toBe('You earned 25 points.');
    expect(earnedText(null)).toBe('You earned 10 points.');
    expect(earnedText(0, 'This photo was already submitted.')).toBe(
      'You earned 0 points. This photo was already submitted.',
    );
  });
});

describe('photo form (rider-core §5)', () => {
  it('needs a photo under 10 MB, a count above 0 and a lane', () => {
    const photo = { size: 1000 };
    expect(photoProblem({ photo, vehicleCount: 12, lane: 'Lane 1' })).toBeNull();
    expect(photoProblem({ photo: { size: 10 * 1024 * 1024 + 1 }, vehicleCount: 12, lane: 'Lane 1' })).toBe('tooLarge');
    expect(photoProblem({ photo: null, vehicleCount: 12, lane: 'Lane 1' })).toBe('missing');
    expect(photoProblem({ photo, vehicleCount: 0, lane: 'Lane 1' })).toBe('missing');
    expect(photoProblem({ photo, vehicleCount: null, lane: 'Lane 1' })).toBe('missing');
    expect(photoProblem({ photo, vehicleCount: 12, lane: '' })).toBe('missing');
  });
});

describe('claims and contributor status', () => {
  it('disables a claim below the cost, at stock 0 and while one is pending', () => {
    expect(canClaim({ pointsCost: 50, stockQuantity: null }, 50, false)).toBe(true);
    expect(canClaim({ pointsCost: 50, stockQuantity: null }, 49, false)).toBe(false);
    expect(canClaim({ pointsCost: 50, stockQuantity: 0 }, 500, false)).toBe(false);
    expect(canClaim({ pointsCost: 50, stockQuantity: 3 }, 500, true)).toBe(false);
  });

  it('counts validation accuracy only from 20 validations on', () => {
    expect(validationAccuracy(19, 19)).toBeNull();
    expect(validationAccuracy(19, 20)).toBe(0.95);
    expect(earnsContributor({ accuratePhotos: 0, validationAccuracy: validationAccuracy(19, 19) })).toBe(false);
    expect(earnsContributor({ accuratePhotos: 0, validationAccuracy: validationAccuracy(19, 20) })).toBe(true);
    expect(earnsContributor({ accuratePhotos: 50, validationAccuracy: null })).toBe(true);
  });
});

describe('terminal calendar', () => {
  it('starts the day and the week (Monday) at terminal midnight', () => {
    const at = Date.parse('2026-11-19T20:00:00Z'); // a Thursday
    const day = terminalDayStart(at);
    expect(terminalWallClock(day)).toMatchObject({ day: 19, hour: 0, minute: 0 });
    const week = terminalWeekStart(at);
    expect(terminalWallClock(week)).toMatchObject({ month: 11, day: 16, hour: 0, minute: 0 });
    expect(new Date(week + terminalWallClockOffsetFree(week)).getUTCDay()).toBe(1);
  });

  it('calls before 7 am and from 9 pm quiet', () => {
    expect(isQuietHour(6)).toBe(true);
    expect(isQuietHour(7)).toBe(false);
    expect(isQuietHour(20)).toBe(false);
    expect(isQuietHour(21)).toBe(true);
  });
});

/** The weekday of a terminal wall-clock date, read without time-zone arithmetic. */
function terminalWallClockOffsetFree(epoch: number): number {
  const { year, month, day } = terminalWallClock(epoch);
  return Date.UTC(year, month - 1, day) - epoch;
}

describe('nextClaimStatus', () => {
  it('moves a physical claim one step at a time and stops at delivered; redeemed digital claims never move', () => {
    expect(nextClaimStatus('pending')).toBe('approved');
    expect(nextClaimStatus('approved')).toBe('shipped');
    expect(nextClaimStatus('shipped')).toBe('delivered');
    expect(nextClaimStatus('delivered')).toBeNull();
    expect(nextClaimStatus('redeemed')).toBeNull();
  });
});
