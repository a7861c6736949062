/**
 * The back office on the wire (membership §2 Admin login, admin and staff dashboards, §7 polling
 * calls): sign-in, accounts, User Management, the audit log and the dashboards' figures, as the
 * server accepts and answers them. Every figure comes from the database or, where the answer says
 * so, from the server process.
 */
import { z } from 'zod/mini';

import { BACK_OFFICE_PASSWORD_MIN_LENGTH } from './constants';
import { MEMBERSHIP_TYPES } from './membership';

export const BACK_OFFICE_ROLES = ['admin', 'staff'] as const;

/** POST /api/admin/login: `role` 'admin' refuses a staff account (403). */
export const signInInputSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Enter a username'), z.maxLength(100)),
  password: z.string().check(z.minLength(1, 'Enter a password'), z.maxLength(1000)),
  role: z.optional(z.enum(BACK_OFFICE_ROLES)),
});

/** Who is signed in to the back office (also what the browser remembers for display). */
export const adminSessionSchema = z.object({ username: z.string(), role: z.enum(BACK_OFFICE_ROLES) });
export type AdminSession = z.infer<typeof adminSessionSchema>;
export const signedInSchema = z.object({ admin: adminSessionSchema });

export const accountSummarySchema = z.object({
  id: z.int(),
  username: z.string(),
  role: z.enum(BACK_OFFICE_ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.nullable(z.string()),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** POST /api/admin/accounts (the password's length is checked with the account rules: 400 weak_password). */
export const newAccountSchema = z.object({
  username: z
    .string()
    .check(
      z.trim(),
      z.minLength(3),
      z.maxLength(50),
      z.regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, ".", "_" or "-"'),
    ),
  password: z.string().check(z.maxLength(1000)),
  role: z.enum(BACK_OFFICE_ROLES),
});

export const riderSearchSchema = z.object({ q: z._default(z.string().check(z.trim(), z.maxLength(100)), '') });
export const riderSummarySchema = z.object({
  id: z.int(),
  username: z.string(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  createdAt: z.string(),
});
export type RiderSummary = z.infer<typeof riderSummarySchema>;
export const riderTierInputSchema = z.object({ membershipType: z.enum(MEMBERSHIP_TYPES) });
export const accountDisabledInputSchema = z.object({ disabled: z.boolean() });
export const passwordResetInputSchema = z.object({
  password: z
    .string()
    .check(
      z.minLength(BACK_OFFICE_PASSWORD_MIN_LENGTH, `Use at least ${BACK_OFFICE_PASSWORD_MIN_LENGTH} characters`),
      z.maxLength(1000),
    ),
});

export const auditEntrySchema = z.object({
  id: z.int(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
  createdAt: z.string(),
});

/** A figure's last 7 terminal-zone days, today last; `now` where the figure also has a count right now. */
export const trendSchema = z.object({
  days: z.array(z.string()),
  values: z.array(z.number()),
  today: z.number(),
  now: z.optional(z.number()),
});
export type Trend = z.infer<typeof trendSchema>;

/** GET /api/admin/metrics: the Overview's figures. Order values, not revenue (riders pay at the car). */
export const metricsSchema = z.object({
  ridersActiveToday: trendSchema,
  ordersToday: trendSchema,
  orderValuePlaced: trendSchema,
  orderValueDelivered: trendSchema,
  openComplaints: trendSchema,
  activeAwaySessions: trendSchema,
  pushSubscriptions: trendSchema,
  exceptionPasses: trendSchema,
  ninjaRequests: z.extend(trendSchema, { active: z.number(), booked: z.number() }),
  contributionsToday: trendSchema,
  generatedAt: z.string(),
});
export type Metrics = z.infer<typeof metricsSchema>;

export const activeRiderSchema = z.object({
  id: z.int(),
  username: z.string(),
  membershipType: z.string(),
  lastSeenAt: z.string(),
});

/** What the booking agent watches: riders' active Ninja requests and the console's monitors. */
export const bookingRequestSchema = z.object({
  id: z.string(),
  kind: z.string(),
  route: z.string(),
  status: z.string(),
  rider: z.string(),
  lastChecked: z.nullable(z.string()),
});

/** An alert a rider was sent (staff dashboard's Active Alerts). */
export const sentAlertSchema = z.object({
  id: z.int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  rider: z.string(),
  createdAt: z.string(),
});

/**
 * GET /api/{admin|staff}/system-status. Push sent/failed/gone are this server process's counts since
 * `since`, null when it runs no push loops; the bridge's mode is null when none runs.
 */
export const systemStatusSchema = z.object({
  database: z.object({ kind: z.string(), queryMs: z.number() }),
  websocketClients: z.number(),
  feed: z.object({ lastChangeAgoSeconds: z.nullable(z.number()) }),
  push: z.object({
    subscriptions: z.number(),
    sent: z.nullable(z.number()),
    failed: z.nullable(z.number()),
    gone: z.nullable(z.number()),
    since: z.nullable(z.string()),
  }),
  outboundMessages: z.array(z.object({ channel: z.enum(['email', 'sms']), status: z.string(), n: z.number() })),
  schedulers: z.array(
    z.object({ name: z.string(), intervalMs: z.number(), lastTickAt: z.nullable(z.string()), lagMs: z.number() }),
  ),
  realtimeBridge: z.object({
    mode: z.nullable(z.enum(['emulator', 'hosted'])),
    state: z.enum(['connected', 'restarting', 'failing', 'disabled']),
    restarts: z.number(),
  }),
  memory: z.object({ rssMb: z.number(), heapUsedMb: z.number() }),
  uptimeSeconds: z.number(),
  tables: z.object({ idempotencyKeys: z.number(), idempotencyKeysPending: z.number(), outboundMessages: z.number() }),
  checkedAt: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
