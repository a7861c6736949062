/**
 * The rider's account endpoints (rider-core §3 User profile, membership §3, §9): the profile, the
 * session that holds it, the settings that change it and 7-day trials. Reading never creates an
 * account (a caller without one gets the guest profile, id null); any write opens one.
 */
import { z } from 'zod/mini';

import { TRIAL_TIERS } from '../membership';
import { accountInputSchema, animalPreferencesInputSchema } from '../settings';
import { userProfileSchema } from '../user-profile';
import { defineContract } from './contract';

export const trialInputSchema = z.object({ tier: z.enum(TRIAL_TIERS) });

export const getProfile = defineContract({
  method: 'GET',
  path: '/api/users/profile',
  summary: "The caller's profile, or the guest profile (id null) for a caller without an account",
  tag: 'Users',
  access: 'anyone',
  responses: { 200: userProfileSchema },
});

export const openSession = defineContract({
  method: 'POST',
  path: '/api/session',
  summary:
    "Opens the caller's rider account on purpose: 201 with a new one, 200 with the one the session already holds",
  tag: 'Users',
  access: 'anyone',
  responses: { 200: userProfileSchema, 201: userProfileSchema },
});

export const endSession = defineContract({
  method: 'POST',
  path: '/api/session/logout',
  summary: "Ends the caller's rider session and clears its cookie",
  tag: 'Users',
  access: 'anyone',
  responses: { 204: z.null() },
});

export const saveAnimalPreferences = defineContract({
  method: 'PATCH',
  path: '/api/users/animal-preferences',
  summary: 'Saves the animal and notification preferences; answers the profile',
  tag: 'Users',
  access: 'rider',
  body: animalPreferencesInputSchema,
  responses: { 200: userProfileSchema },
});

export const saveAccount = defineContract({
  method: 'PATCH',
  path: '/api/users/profile',
  summary: 'Saves the car number and phone number (blank clears one); answers the profile',
  tag: 'Users',
  access: 'rider',
  body: accountInputSchema,
  responses: { 200: userProfileSchema },
});

export const startTrial = defineContract({
  method: 'POST',
  path: '/api/membership/trials',
  summary: 'Starts a 7-day trial of a tier the rider has not tried; answers the profile',
  tag: 'Users',
  access: 'rider',
  body: trialInputSchema,
  responses: { 201: userProfileSchema },
});
