/**
 * The back-office dashboards' figures (membership §7 polling calls): the admin Overview, the riders
 * seen today, what the booking agent watches, the alerts riders were sent, System Status, and the
 * booking agent's settings. The staff dashboard reads the same figures under /api/staff.
 */
import { z } from 'zod/mini';

import {
  activeRiderSchema,
  bookingRequestSchema,
  metricsSchema,
  sentAlertSchema,
  systemStatusSchema,
} from '../back-office';
import { agentSettingsSchema } from '../booking-agent';
import { defineContract } from './contract';

export const ACTIVE_USERS_LIMIT = 100;
export const RECENT_ALERTS_LIMIT = 50;
export const BOOKING_REQUESTS_LISTED = 100;

export const overviewMetrics = defineContract({
  method: 'GET',
  path: '/api/admin/metrics',
  summary: 'Each Overview figure with its last 7 days, and the counts right now where a figure has one',
  tag: 'Dashboards',
  access: 'admin',
  responses: { 200: metricsSchema },
});

export const ridersSeenToday = defineContract({
  method: 'GET',
  path: '/api/admin/users/active',
  summary: `Riders seen today (session activity), most recently seen first, at most ${ACTIVE_USERS_LIMIT}`,
  tag: 'Dashboards',
  access: 'admin',
  responses: { 200: z.array(activeRiderSchema) },
});

const bookingRequests = {
  summary: `Riders' active Ninja requests and the booking agent's monitors, newest first (at most ${BOOKING_REQUESTS_LISTED} of each)`,
  tag: 'Dashboards',
  responses: { 200: z.array(bookingRequestSchema) },
} as const;

export const adminBookingRequests = defineContract({
  method: 'GET',
  path: '/api/admin/booking-requests',
  access: 'admin',
  ...bookingRequests,
});
export const staffBookingRequests = defineContract({
  method: 'GET',
  path: '/api/staff/booking-requests',
  access: 'staff',
  ...bookingRequests,
});

export const recentAlerts = defineContract({
  method: 'GET',
  path: '/api/staff/alerts',
  summary: `The latest ${RECENT_ALERTS_LIMIT} alerts riders were sent, newest first`,
  tag: 'Dashboards',
  access: 'staff',
  responses: { 200: z.array(sentAlertSchema) },
});

const systemStatus = {
  summary: 'Database, sockets, feed, push, outbox, schedulers, realtime bridge, memory and uptime figures',
  tag: 'Dashboards',
  responses: { 200: systemStatusSchema },
} as const;

export const adminSystemStatus = defineContract({
  method: 'GET',
  path: '/api/admin/system-status',
  access: 'admin',
  ...systemStatus,
});
export const staffSystemStatus = defineContract({
  method: 'GET',
  path: '/api/staff/system-status',
  access: 'staff',
  ...systemStatus,
});

export const agentSettings = defineContract({
  method: 'GET',
  path: '/api/admin/settings',
  summary: "The booking agent's max monitors and check interval",
  tag: 'Dashboards',
  access: 'admin',
  responses: { 200: agentSettingsSchema },
});

export const saveAgentSettings = defineContract({
  method: 'PUT',
  path: '/api/admin/settings',
  summary: "Saves the booking agent's max monitors and check interval (what the engine then does)",
  tag: 'Dashboards',
  access: 'admin',
  body: agentSettingsSchema,
  responses: { 200: agentSettingsSchema },
});
