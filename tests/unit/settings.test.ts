import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';

import {
  accountInputSchema,
  alertAllowed,
  ANIMAL_COUNT_MAX,
  animalPreferencesInputSchema,
  carNumberProblem,
  normaliseAccount,
  PET_GUIDELINES,
  phoneNumberProblem,
} from '@/domain/settings';

describe('settings rules (membership §2 Settings, §3 Profile)', () => {
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

describe('account fields (membership §2 Account Information)', () => {
  it('takes car numbers of 2-10 letters, digits, spaces or dashes', () => {
    expect(carNumberProblem('AB')).toBeNull();
    expect(carNumberProblem('ABC-123-DE')).toBeNull();
    expect(carNumberProblem('A')).toBe('Car number: use 2-10 letters, digits, spaces or dashes');
    expect(carNumberProblem('ABCDEFGHIJK')).toBe('Car number: use 2-10 letters, digits, spaces or dashes');
    expect(carNumberProblem('-ABC')).not.toBeNull();
    expect(carNumberProblem('   ')).toBeNull();
  });

  it('takes phone numbers of 7-15 digits, with + ( ) - or spaces', () => {
    expect(phoneNumberProblem('5550199')).toBeNull();
    expect(phoneNumberProblem('+123456789012345')).toBeNull();
    expect(phoneNumberProblem('555019')).toBe('Phone number: use 7-15 digits, with + ( ) - or spaces');
    expect(phoneNumberProblem('+1234567890123456')).not.toBeNull();
    expect(phoneNumberProblem('604-555-CALL')).not.toBeNull();
    expect(phoneNumberProblem(' ')).toBeNull();
  });

  it('saves a blank field as cleared and a car number in capitals', () => {
    expect(normaliseAccount({ carNumber: ' ab 123 ', phoneNumber: '  ' })).toEqual({
      carNumber: 'AB 123',
      phoneNumber: null,
    });
    expect(normaliseAccount({ carNumber: null, phoneNumber: ' +1 604 555 0199 ' })).toEqual({
      carNumber: null,
      phoneNumber: '+1 604 555 0199',
    });
  });

  it('refuses, on the server too, what the page refuses', () => {
    expect(z.safeParse(accountInputSchema, { carNumber: 'AB 123', phoneNumber: null }).success).toBe(true);
    expect(z.safeParse(accountInputSchema, { carNumber: '', phoneNumber: '' }).success).toBe(true);
    expect(z.safeParse(accountInputSchema, { carNumber: '!', phoneNumber: null }).success).toBe(false);
    expect(z.safeParse(accountInputSchema, { carNumber: null, phoneNumber: '12' }).success).toBe(false);
  });
});

describe('animal preferences (membership §3 Animal preferences, §5 "Animal count 0-10", §9 pet guidelines)', () => {
  const preferences = {
    travelingWithAnimals: true,
    animalTypes: ['dog', 'cat'],
    animalCount: 2,
    prefersPetArea: false,
    prefersStayInVehicle: true,
    specialAnimalNeeds: '',
  };
  const accepts = (patch: Record<string, unknown>) =>
    z.safeParse(animalPreferencesInputSchema, { ...preferences, ...patch }).success;

  it(`counts 0 to ${ANIMAL_COUNT_MAX} animals, in whole numbers`, () => {
    expect(accepts({ animalCount: 0 })).toBe(true);
    expect(accepts({ animalCount: 10 })).toBe(true);
    expect(accepts({ animalCount: 11 })).toBe(false);
    expect(accepts({ animalCount: -1 })).toBe(false);
    expect(accepts({ animalCount: 1.5 })).toBe(false);
  });

  it('offers dog, cat, bird, ferret, hamster and other, and nothing else', () => {
    expect(accepts({ animalTypes: ['dog', 'cat', 'bird', 'ferret', 'hamster', 'other'] })).toBe(true);
    expect(accepts({ animalTypes: ['snake'] })).toBe(false);
  });

  it('keeps special needs to 500 characters', () => {
    expect(accepts({ specialAnimalNeeds: 'x'.repeat(500) })).toBe(true);
    expect(accepts({ specialAnimalNeeds: 'x'.repeat(501) })).toBe(false);
  });

  it('takes the notification switches along, or leaves them out', () => {
    expect(accepts({ notifyQueueUpdates: false })).toBe(true);
    expect(accepts({ notifyBoardingAlerts: 'no' })).toBe(false);
  });

  it("states the spec's pet guidelines", () => {
    expect(PET_GUIDELINES).toEqual({
      leash: 'Leash maximum 1 m / 3 ft',
      travelFree: 'Dogs, cats, ferrets, birds and hamsters travel free',
    });
  });

  it('lets boarding alerts govern the arrival timer too, and no switch silence anything else', () => {
    const allOff = { notifyQueueUpdates: false, notifyBoardingAlerts: false, notifyAnimalReminders: false };
    expect(alertAllowed('arrival_timer', allOff)).toBe(false);
    expect(alertAllowed('membership_notice', allOff)).toBe(true);
  });
});
