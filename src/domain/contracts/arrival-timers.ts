/**
 * Arrival timers (rider-core §2, §3, §7, §9). A rider has one active timer; a timer's id is the
 * client's UUID, so re-sending it answers the stored timer.
 */
import { z } from 'zod/mini';

import { arrivalTimerListSchema, arrivalTimerSchema } from '../arrival-timer';
import { arrivalTimerInputSchema } from '../arrival-timer-input';
import { defineContract } from './contract';

export const listArrivalTimers = defineContract({
  method: 'GET',
  path: '/api/arrival-timers',
  summary: "The caller's active timers, newest first (empty without a session)",
  tag: 'Arrival timers',
  access: 'anyone',
  responses: { 200: arrivalTimerListSchema },
});

export const createArrivalTimer = defineContract({
  method: 'POST',
  path: '/api/arrival-timers',
  summary:
    "Sets the caller's one arrival timer for a sailing (its others are deleted); the cutoff and leave-by times are computed here. 422 too_late, unknown_sailing or sailing_mismatch; an id another rider holds is 409",
  tag: 'Arrival timers',
  access: 'rider',
  body: arrivalTimerInputSchema,
  responses: { 201: arrivalTimerSchema },
});

export const deleteArrivalTimer = defineContract({
  method: 'DELETE',
  path: '/api/arrival-timers/:id',
  summary: "Deletes the caller's timer (404 when they have none by that id)",
  tag: 'Arrival timers',
  access: 'rider',
  params: z.object({ id: z.uuid() }),
  responses: { 204: z.undefined() },
});
