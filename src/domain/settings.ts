/**
 * The rider's settings (membership §2 Settings, §3 Profile and Animal preferences, §5 animal count
 * 0-10, §9 pet guidelines): the shapes both the settings page and the server validate with, and the
 * rules for account fields. Notification preferences are saved and honoured by the server
 * (DESIGN.md "Settings that say they are saved are saved").
 */
import { z } from 'zod/mini';

import { alertTimingSchema } from './quiet-hours';

export const ANIMAL_TYPES = ['dog', 'cat', 'bird', 'ferret', 'hamster', 'other'] as const;
export type AnimalType = (typeof ANIMAL_TYPES)[number];
export const ANIMAL_COUNT_MAX = 10;
export const SPECIAL_NEEDS_MAX_LENGTH = 500;

/** membership §9 pet guidelines. */
export const PET_GUIDELINES = {
  leash: 'Leash maximum 1 m / 3 ft',
  travelFree: 'Dogs, cats, ferrets, birds and hamsters travel free',
} as const;

export const animalPreferencesSchema = z.object({
  travelingWithAnimals: z.boolean(),
  animalTypes: z.array(z.enum(ANIMAL_TYPES)).check(z.maxLength(ANIMAL_TYPES.length)),
  animalCount: z.int().check(z.minimum(0), z.maximum(ANIMAL_COUNT_MAX)),
  prefersPetArea: z.boolean(),
  prefersStayInVehicle: z.boolean(),
  specialAnimalNeeds: z.string().check(z.maxLength(SPECIAL_NEEDS_MAX_LENGTH)),
});

export const notificationPreferencesSchema = z.object({
  notifyQueueUpdates: z.boolean(),
  notifyBoardingAlerts: z.boolean(),
  notifyAnimalReminders: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * PATCH /api/users/animal-preferences: the animal preferences, and optionally the notification ones
 * and the alert timing (quiet hours, the daily digest).
 */
export const animalPreferencesInputSchema = z.extend(animalPreferencesSchema, {
  ...z.partial(notificationPreferencesSchema).shape,
  ...z.partial(alertTimingSchema).shape,
});
export type AnimalPreferencesInput = z.infer<typeof animalPreferencesInputSchema>;

/** A licence plate: 2-10 letters, digits, spaces or dashes. */
export const CAR_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,8}[A-Za-z0-9]$/;
/** A phone number: digits with optional +, spaces, dashes, dots or brackets; 7-15 digits. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,20}$/;

/** Why a car number is not acceptable, or null when it is (blank clears it). */
export function carNumberProblem(value: string): string | null {
  const v = value.trim();
  if (v === '' || CAR_NUMBER_PATTERN.test(v)) return null;
  return 'Car number: use 2-10 letters, digits, spaces or dashes';
}

export function phoneNumberProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  const digits = v.replace(/\D/g, '').length;
  if (!PHONE_PATTERN.test(v) || digits < 7 || digits > 15)
    return 'Phone number: use 7-15 digits, with + ( ) - or spaces';
  return null;
}

/** PATCH /api/users/profile: blank clears a field. */
export const accountInputSchema = z.object({
  carNumber: z.nullable(
    z.string().check(
      z.maxLength(20),
      z.refine((v) => carNumberProblem(v) === null, 'use 2-10 letters, digits, spaces or dashes'),
    ),
  ),
  phoneNumber: z.nullable(
    z.string().check(
      z.maxLength(30),
      z.refine((v) => phoneNumberProblem(v) === null, 'use 7-15 digits, with + ( ) - or spaces'),
    ),
  ),
});
export type AccountInput = z.infer<typeof accountInputSchema>;

/** Blank → null, otherwise trimmed (car numbers upper-cased, as plates are). */
export function normaliseAccount(input: AccountInput): AccountInput {
  const car = input.carNumber?.trim() ?? '';
  const phone = input.phoneNumber?.trim() ?? '';
  return { carNumber: car ? car.toUpperCase() : null, phoneNumber: phone || null };
}

export type AlertPreferenceKind = 'away_alert' | 'queue_moving' | 'arrival_timer' | 'animal_reminder' | string;

/**
 * Which alert kinds each preference silences (the server skips them; nothing is stored or pushed):
 * "Queue position updates" → the queue moving; "Boarding alerts" → away mode's head-back alert and
 * the arrival timer's leave-now alerts; "Animal reminders" → the reminder when loading starts. Order
 * updates and membership notices are not governed by these switches.
 */
export function alertAllowed(kind: AlertPreferenceKind, prefs: NotificationPreferences): boolean {
  switch (kind) {
    case 'queue_moving':
      return prefs.notifyQueueUpdates;
    case 'away_alert':
    case 'arrival_timer':
      return prefs.notifyBoardingAlerts;
    case 'animal_reminder':
      return prefs.notifyAnimalReminders;
    default:
      return true;
  }
}
