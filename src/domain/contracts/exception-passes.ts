/** Exception passes (membership §2, §3, §7): members request them, staff review and revoke them, the booth verifies their QR codes. */
import { z } from 'zod/mini';

import {
  PASS_STATUSES,
  passCodeSchema,
  passDecisionSchema,
  passInputSchema,
  passRevokeSchema,
  passSchema,
  passVerificationSchema,
  staffPassSchema,
} from '../exception-pass';
import { staffPageQuerySchema, staffPageSchema } from '../staff-page';
import { defineContract } from './contract';
import { serialIdParam } from './params';

const idParams = z.object({ id: serialIdParam });

/** At most this many of the caller's passes come back, newest first. */
export const PASS_LIST_LIMIT = 50;

export const requestPass = defineContract({
  method: 'POST',
  path: '/api/exception-passes',
  summary:
    'Requests an exception pass for a sailing: it starts pending, its validity window fixed around the departure and signed into its QR code',
  tag: 'Exception passes',
  access: 'member',
  body: passInputSchema,
  responses: { 201: passSchema },
});

export const listPasses = defineContract({
  method: 'GET',
  path: '/api/exception-passes',
  summary: `The caller's own passes, newest first, at most ${PASS_LIST_LIMIT}, each with its QR image (empty without a session)`,
  tag: 'Exception passes',
  access: 'anyone',
  responses: { 200: z.array(passSchema) },
});

export const staffPassQueue = defineContract({
  method: 'GET',
  path: '/api/staff/exception-passes',
  summary:
    'A page of the review queue: the pending passes (or those of another status, or all), newest first by default',
  tag: 'Exception passes',
  access: 'staff',
  query: z.extend(staffPageQuerySchema, { status: z._default(z.enum([...PASS_STATUSES, 'all']), 'pending') }),
  responses: { 200: staffPageSchema(staffPassSchema) },
});

export const decidePass = defineContract({
  method: 'POST',
  path: '/api/staff/exception-passes/:id/decision',
  summary:
    'Approves a pending pass, or rejects it with a reason; the rider is notified and the audit log records it (409 once decided)',
  tag: 'Exception passes',
  access: 'staff',
  params: idParams,
  body: passDecisionSchema,
  responses: { 200: passSchema },
});

export const revokePass = defineContract({
  method: 'POST',
  path: '/api/staff/exception-passes/:id/revoke',
  summary: 'Revokes an approved pass with a reason: its QR code verifies as revoked from then on (409 unless approved)',
  tag: 'Exception passes',
  access: 'staff',
  params: idParams,
  body: passRevokeSchema,
  responses: { 200: passSchema },
});

export const verifyPass = defineContract({
  method: 'POST',
  path: '/api/staff/exception-passes/verify',
  summary:
    "Checks a scanned pass code: its signature, then the pass's status and validity window (a forged code names no pass)",
  tag: 'Exception passes',
  access: 'staff',
  body: passCodeSchema,
  responses: { 200: passVerificationSchema },
});
