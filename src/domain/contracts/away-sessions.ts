/**
 * Away mode sessions (rider-core §2, §7, §9 "Explore Safely"): only the caller's sessions are ever
 * read or changed. A session's id is the client's UUID, so one started offline can be ended offline.
 */
import { z } from 'zod/mini';

import { awaySessionInputSchema, awaySessionSchema } from '../away';
import { defineContract } from './contract';

export const activeAwaySession = defineContract({
  method: 'GET',
  path: '/api/away-sessions/active',
  summary: "The caller's active away session, or null (never cached)",
  tag: 'Away mode',
  access: 'anyone',
  responses: { 200: z.nullable(awaySessionSchema) },
});

export const startAwaySession = defineContract({
  method: 'POST',
  path: '/api/away-sessions',
  summary:
    "Starts an away session (201), ending the caller's other active one; the same id again answers the stored session (200). An id another rider holds is 409; alertAt is boarding minus the threshold (5 min when missing)",
  tag: 'Away mode',
  access: 'rider',
  body: awaySessionInputSchema,
  responses: { 201: awaySessionSchema, 200: awaySessionSchema },
});

export const endAwaySession = defineContract({
  method: 'DELETE',
  path: '/api/away-sessions/:id',
  summary:
    "Ends the caller's session and answers it; a repeat answers the same session (404 for an id that is not theirs)",
  tag: 'Away mode',
  access: 'rider',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  responses: { 200: awaySessionSchema },
});

export const acknowledgeAwayAlarm = defineContract({
  method: 'POST',
  path: '/api/away-sessions/:id/acknowledge',
  summary:
    "Acknowledges the session's alarm: its return alert stops repeating. Answers the session; a repeat answers the same (404 for an id that is not theirs, 409 no_alarm when the session has no alarm)",
  tag: 'Away mode',
  access: 'rider',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
  responses: { 200: awaySessionSchema },
});
