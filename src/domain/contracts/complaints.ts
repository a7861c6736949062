/** The complaint engine's endpoints (rider-core §2, §7): a rider files complaints and reads their own. */
import { z } from 'zod/mini';

import { complaintInputSchema, complaintSchema } from '../complaint';
import { defineContract } from './contract';

/** At most this many of the caller's complaints come back, newest first. */
export const COMPLAINT_LIST_LIMIT = 50;

export const fileComplaint = defineContract({
  method: 'POST',
  path: '/api/complaints',
  summary: "Files a complaint as the session's rider (any userId in the body is ignored)",
  tag: 'Complaints',
  access: 'rider',
  body: complaintInputSchema,
  responses: { 201: complaintSchema },
});

export const listComplaints = defineContract({
  method: 'GET',
  path: '/api/complaints',
  summary: `The caller's own complaints, newest first, at most ${COMPLAINT_LIST_LIMIT} (empty without a session)`,
  tag: 'Complaints',
  access: 'anyone',
  responses: { 200: z.array(complaintSchema) },
});
