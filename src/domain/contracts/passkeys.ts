/**
 * Rider passkeys (DESIGN.md "Accounts that survive a lost phone"): add one to the caller's account,
 * or sign in to the account a passkey belongs to. Each ceremony is options, then the browser's
 * answer; a challenge serves once and expires after 5 minutes.
 */
import { z } from 'zod/mini';

import { passkeyAnswerSchema, passkeyOptionsSchema } from '../passkey';
import { defineContract } from './contract';

export const registrationOptions = defineContract({
  method: 'POST',
  path: '/api/passkeys/register/options',
  summary: "Creation options for a passkey on the caller's account (a discoverable credential)",
  tag: 'Passkeys',
  access: 'rider',
  responses: { 200: passkeyOptionsSchema },
});

export const registerPasskey = defineContract({
  method: 'POST',
  path: '/api/passkeys/register/verify',
  summary: "Checks the browser's new passkey against its challenge and stores it on the caller's account",
  tag: 'Passkeys',
  access: 'rider',
  body: passkeyAnswerSchema,
  responses: { 201: z.object({ registered: z.literal(true) }) },
});

export const loginOptions = defineContract({
  method: 'POST',
  path: '/api/passkeys/login/options',
  summary: 'Request options for signing in with a passkey (no username needed)',
  tag: 'Passkeys',
  access: 'anyone',
  responses: { 200: passkeyOptionsSchema },
});

export const signInWithPasskey = defineContract({
  method: 'POST',
  path: '/api/passkeys/login/verify',
  summary: "Checks the passkey's assertion, ends this browser's rider session and opens one for the passkey's rider",
  tag: 'Passkeys',
  access: 'anyone',
  body: passkeyAnswerSchema,
  responses: { 200: z.object({ signedIn: z.literal(true) }) },
});
