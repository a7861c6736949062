/**
 * Ninja Booking requests (membership §2, §3, §5, §7), for ninja, premium_plus and contributor riders
 * (403 membership_required otherwise). A request's id is the client's UUID, so re-sending it answers
 * the stored request. The watcher engine does the rest.
 */
import { z } from 'zod/mini';

import { ninjaRequestViewSchema } from '../ninja';
import { ninjaRequestInputSchema } from '../ninja-input';
import { defineContract } from './contract';

export const listNinjaRequests = defineContract({
  method: 'GET',
  path: '/api/ninja-booking/requests',
  summary: "The caller's requests, newest first, with status, attempts, last check and the booking once booked",
  tag: 'Ninja Booking',
  access: 'member',
  responses: { 200: z.array(ninjaRequestViewSchema) },
});

export const createNinjaRequest = defineContract({
  method: 'POST',
  path: '/api/ninja-booking/requests',
  summary:
    'Stores a request (201), active for 30 days. 422 date_past, unknown_sailing, auto_book_unavailable, email_unavailable or sms_unavailable; an id another rider holds is 409',
  tag: 'Ninja Booking',
  access: 'member',
  body: ninjaRequestInputSchema,
  responses: { 201: ninjaRequestViewSchema },
});

export const cancelNinjaRequest = defineContract({
  method: 'POST',
  path: '/api/ninja-booking/requests/:id/cancel',
  summary: "Cancels the caller's active request (a cancelled one answers again; a booked or expired one is 409)",
  tag: 'Ninja Booking',
  access: 'member',
  params: z.object({ id: z.uuid() }),
  responses: { 200: ninjaRequestViewSchema },
});
