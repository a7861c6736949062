/**
 * Back-office sign-in and accounts (membership §2 Admin login, §7 POST /api/admin/login). A wrong
 * password, an unknown or a disabled username all answer the same 401; repeated failures are
 * throttled (429 with Retry-After). The back-office cookie is HttpOnly.
 */
import { z } from 'zod/mini';

import { accountSummarySchema, newAccountSchema, signedInSchema, signInInputSchema } from '../back-office';
import { defineContract } from './contract';

export const signIn = defineContract({
  method: 'POST',
  path: '/api/admin/login',
  summary: "Signs in to the back office; role 'admin' refuses a staff account (403)",
  tag: 'Back office',
  access: 'anyone',
  body: signInInputSchema,
  responses: { 200: signedInSchema },
});

export const signOut = defineContract({
  method: 'POST',
  path: '/api/admin/logout',
  summary: 'Ends the back-office session and clears its cookie',
  tag: 'Back office',
  access: 'anyone',
  responses: { 204: z.null() },
});

export const currentSession = defineContract({
  method: 'GET',
  path: '/api/admin/session',
  summary: 'Who is signed in to the back office',
  tag: 'Back office',
  access: 'staff',
  responses: { 200: signedInSchema },
});

export const listAccounts = defineContract({
  method: 'GET',
  path: '/api/admin/accounts',
  summary: 'Every back-office account, oldest first',
  tag: 'Back office',
  access: 'admin',
  responses: { 200: z.array(accountSummarySchema) },
});

export const createAccount = defineContract({
  method: 'POST',
  path: '/api/admin/accounts',
  summary: 'Creates a staff or admin account (409 for a username taken in any case, 400 for a short password)',
  tag: 'Back office',
  access: 'admin',
  body: newAccountSchema,
  responses: { 201: accountSummarySchema },
});
