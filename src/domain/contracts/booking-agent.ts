/**
 * The booking-agent console's API (membership §2 "Booking-agent console", §7), admin only: the
 * automation system's start, one monitor per rider, the openings found for them, the agent's
 * settings and the outgoing mailbox.
 */
import { z } from 'zod/mini';

import {
  activeMonitorViewSchema,
  agentAlertViewSchema,
  agentSettingsSchema,
  agentStatusViewSchema,
  monitorInputSchema,
} from '../booking-agent';
import { defineContract } from './contract';
import { serialIdParam } from './params';

/** The console lists this many of a rider's alerts and of the outgoing messages. */
export const AGENT_ALERTS_LISTED = 20;
export const MAILBOX_LISTED = 50;

const userParams = z.object({ userId: serialIdParam });
const TAG = 'Booking agent';

export const startAgent = defineContract({
  method: 'POST',
  path: '/api/booking-agent/start',
  summary: 'Starts the booking automation system (a repeat keeps the first start time)',
  tag: TAG,
  access: 'admin',
  responses: { 200: z.object({ started: z.boolean(), startedAt: z.string(), message: z.string() }) },
});

export const startMonitor = defineContract({
  method: 'POST',
  path: '/api/booking-agent/monitor',
  summary:
    "Monitors sailings on behalf of a rider, replacing their monitor (404 rider_not_found; 409 max_monitors when the admin's maximum are monitoring)",
  tag: TAG,
  access: 'admin',
  body: monitorInputSchema,
  responses: { 201: agentStatusViewSchema },
});

export const stopMonitor = defineContract({
  method: 'POST',
  path: '/api/booking-agent/stop/:userId',
  summary: "Cancels the rider's monitor (404 when they have none)",
  tag: TAG,
  access: 'admin',
  params: userParams,
  responses: { 200: agentStatusViewSchema },
});

export const monitorStatus = defineContract({
  method: 'GET',
  path: '/api/booking-agent/status/:userId',
  summary: "The rider's monitor status, or null when they have no monitor",
  tag: TAG,
  access: 'admin',
  params: userParams,
  responses: { 200: z.nullable(agentStatusViewSchema) },
});

export const monitorAlerts = defineContract({
  method: 'GET',
  path: '/api/booking-agent/alerts/:userId',
  summary: `The openings found for the rider, newest first (the latest ${AGENT_ALERTS_LISTED})`,
  tag: TAG,
  access: 'admin',
  params: userParams,
  responses: { 200: z.array(agentAlertViewSchema) },
});

export const activeMonitors = defineContract({
  method: 'GET',
  path: '/api/booking-agent/active',
  summary: 'The monitors monitoring or booking, oldest first',
  tag: TAG,
  access: 'admin',
  responses: { 200: z.array(activeMonitorViewSchema) },
});

const agentSettingsAnswer = z.extend(agentSettingsSchema, { systemStartedAt: z.nullable(z.string()) });

export const agentSettings = defineContract({
  method: 'GET',
  path: '/api/booking-agent/settings',
  summary: "The agent's check interval and maximum monitors, and when the system was started",
  tag: TAG,
  access: 'admin',
  responses: { 200: agentSettingsAnswer },
});

export const saveAgentSettings = defineContract({
  method: 'PUT',
  path: '/api/booking-agent/settings',
  summary: "Sets the agent's check interval (5-3600 s) and maximum monitors",
  tag: TAG,
  access: 'admin',
  body: agentSettingsSchema,
  responses: { 200: agentSettingsAnswer },
});

/** An outgoing e-mail or SMS and what happened to it (the local mailbox). */
export const mailboxMessageSchema = z.object({
  id: z.int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.nullable(z.string()),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['stored', 'sent', 'failed', 'no_address']),
  error: z.nullable(z.string()),
  createdAt: z.string(),
});

export const agentMailbox = defineContract({
  method: 'GET',
  path: '/api/booking-agent/mailbox',
  summary: `The latest ${MAILBOX_LISTED} outgoing e-mails and SMS, newest first, with what happened to each`,
  tag: TAG,
  access: 'admin',
  responses: { 200: z.array(mailboxMessageSchema) },
});
