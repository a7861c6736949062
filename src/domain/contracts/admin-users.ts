/**
 * User Management (admin dashboard): riders and their tiers, back-office accounts switched off and
 * on or given a new password, and the audit log every change is written to. Admin only.
 */
import { z } from 'zod/mini';

import {
  accountDisabledInputSchema,
  accountSummarySchema,
  auditEntrySchema,
  passwordResetInputSchema,
  riderSearchSchema,
  riderSummarySchema,
  riderTierInputSchema,
} from '../back-office';
import { serialIdParam } from '../value-ranges';
import { defineContract } from './contract';

/** At most this many riders come back for a search. */
export const RIDER_SEARCH_LIMIT = 50;
/** The audit log's newest entries listed. */
export const AUDIT_LOG_LIMIT = 100;

const idParams = z.object({ id: serialIdParam });

export const searchRiders = defineContract({
  method: 'GET',
  path: '/api/admin/riders',
  summary: `Riders whose username contains q (any case), by name, at most ${RIDER_SEARCH_LIMIT}`,
  tag: 'User management',
  access: 'admin',
  query: riderSearchSchema,
  responses: { 200: z.array(riderSummarySchema) },
});

export const setRiderTier = defineContract({
  method: 'PUT',
  path: '/api/admin/riders/:id/tier',
  summary: "Sets a rider's membership tier; an open trial ends so it does not revert the new tier",
  tag: 'User management',
  access: 'admin',
  params: idParams,
  body: riderTierInputSchema,
  responses: { 200: riderSummarySchema },
});

export const setAccountDisabled = defineContract({
  method: 'PATCH',
  path: '/api/admin/accounts/:id',
  summary: "Disables (ending its sessions) or enables a back-office account; never the caller's own (409)",
  tag: 'User management',
  access: 'admin',
  params: idParams,
  body: accountDisabledInputSchema,
  responses: { 200: accountSummarySchema },
});

export const resetAccountPassword = defineContract({
  method: 'POST',
  path: '/api/admin/accounts/:id/password',
  summary: "Sets a back-office account's password; its sessions end",
  tag: 'User management',
  access: 'admin',
  params: idParams,
  body: passwordResetInputSchema,
  responses: { 200: accountSummarySchema },
});

export const auditLog = defineContract({
  method: 'GET',
  path: '/api/admin/audit-log',
  summary: `The audit log's newest ${AUDIT_LOG_LIMIT} entries`,
  tag: 'User management',
  access: 'admin',
  responses: { 200: z.array(auditEntrySchema) },
});
