import { describe, expect, it } from 'vitest';

import {
  formatClock,
  isImageFile,
  isSolved,
  neighbourCell,
  secondsLeft,
  shuffledOrder,
  swapCells,
} from '@/domain/jigsaw';
import {
  canStartTrial,
  canUseMemberPerks,
  canUseNinjaBooking,
  earnsContributor,
  trialDaysLeft,
} from '@/domain/membership';
import { alertAllowed, carNumberProblem, phoneNumberProblem } from '@/domain/settings';

describe('tier gates (membership §6)', () => {
  it.each([
    ['free', false, false],
    ['premium', false, true],
    ['ninja', true, true],
    ['premium_plus', true, true],
    ['contributor', true, true],
    [undefined, false, false],
  ])('%s: ninja booking %s, games and passes %s', (tier, ninja, perks) => {
    expect(canUseNinjaBooking(tier)).toBe(ninja);
    expect(canUseMemberPerks(tier)).toBe(perks);
  });
});

describe('trials (membership §9)', () => {
  it('offers Premium to free riders and Ninja to free and premium riders, each once', () => {
    expect(canStartTrial('premium', 'free', [])).toBe(true);
    expect(canStartTrial('premium', 'free', ['premium'])).toBe(false);
    expect(canStartTrial('premium', 'premium', [])).toBe(false);
    expect(canStartTrial('ninja', 'premium', ['premium'])).toBe(true);
    expect(canStartTrial('ninja', 'contributor', [])).toBe(false);
  });

  it('counts the days left', () => {
    const now = Date.parse('2026-07-01T00:00:00Z');
    const day = 86_400_000;
    expect(trialDaysLeft(new Date(now + 7 * day + 60_000).toISOString(), now)).toBe(7);
    expect(trialDaysLeft(new Date(now + 3 * day).toISOString(), now)).toBe(3);
    expect(trialDaysLeft(new Date(now + 3_600_000).toISOString(), now)).toBe(1);
    expect(trialDaysLeft(new Date(now - 1).toISOString(), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });

  it('earns Contributor with 50 accurate photos or 95 % accuracy', () => {
    expect(earnsContributor({ accuratePhotos: 50, validationAccuracy: null })).toBe(true);
    expect(earnsContributor({ accuratePhotos: 49, validationAccuracy: 0.94 })).toBe(false);
    expect(earnsContributor({ accuratePhotos: 0, validationAccuracy: 0.95 })).toBe(true);
  });
});

describe('settings rules', () => {
  it('validates car and phone numbers (blank clears)', () => {
    expect(carNumberProblem('ABC 123')).toBeNull();
    expect(carNumberProblem('')).toBeNull();
    expect(carNumberProblem('!')).toMatch(/Car number/);
    expect(phoneNumberProblem('+1 (604) 555-0199')).toBeNull();
    expect(phoneNumberProblem('12')).toMatch(/Phone number/);
  });

  it('maps notification preferences to alert kinds', () => {
    const prefs = { notifyQueueUpdates: false, notifyBoardingAlerts: true, notifyAnimalReminders: false };
    expect(alertAllowed('queue_moving', prefs)).toBe(false);
    expect(alertAllowed('away_alert', prefs)).toBe(true);
    expect(alertAllowed('animal_reminder', prefs)).toBe(false);
    expect(alertAllowed('order_update', prefs)).toBe(true);
  });
});

describe('jigsaw rules (membership §4)', () => {
  it('shuffles into an unsolved order of every piece', () => {
    const order = shuffledOrder(3, () => 0.5);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(isSolved(order)).toBe(false);
  });

  it('swaps, detects solved, finds neighbours', () => {
    expect(isSolved(swapCells([1, 0, 2, 3], 0, 1))).toBe(true);
    expect(neighbourCell(0, 'left', 3)).toBeNull();
    expect(neighbourCell(4, 'up', 3)).toBe(1);
    expect(neighbourCell(8, 'down', 3)).toBeNull();
  });

  it('counts down 300 seconds as mm:ss', () => {
    expect(formatClock(secondsLeft(0, 0))).toBe('05:00');
    expect(formatClock(secondsLeft(0, 10_500))).toBe('04:50');
    expect(formatClock(secondsLeft(0, 400_000))).toBe('00:00');
  });

  it('accepts image files only', () => {
    expect(isImageFile({ type: 'image/png' })).toBe(true);
    expect(isImageFile({ type: 'text/plain' })).toBe(false);
    expect(isImageFile({ type: '' })).toBe(false);
  });
});
