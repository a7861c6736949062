/**
 * The booking-agent console's rules (membership §2 "Booking-agent console", §3 entities, §4 statuses,
 * §5 validation, §7 polling), shared by the console (src/features/booking-agent) and the server's
 * routes and monitor pass (server/booking-agent/*).
 */
import { z } from 'zod/mini';

import type { SpacePool } from './ninja';
import { ROUTES } from './terminals';
import { calendarDateInRange, rowIdSchema } from './value-ranges';

/** membership §7: status and the active list every 5 s, alerts every 10 s; §2: first 3 alerts shown. */
export const AGENT_STATUS_POLL_MS = 5_000;
export const AGENT_ACTIVE_POLL_MS = 5_000;
export const AGENT_ALERTS_POLL_MS = 10_000;
export const AGENT_ALERTS_SHOWN = 3;
/** membership §2 admin settings defaults: 50 max monitors, 30 s check interval. */
export const DEFAULT_MAX_MONITORS = 50;
export const DEFAULT_CHECK_INTERVAL_S = 30;
export const CHECK_INTERVAL_MIN_S = 5;
export const CHECK_INTERVAL_MAX_S = 3_600;
export const MAX_MONITORS_LIMIT = 10_000;

/** The agent's two limits, as the admin sets them (the console's settings and the admin Settings tab). */
export const agentSettingsSchema = z.object({
  checkIntervalSeconds: z.int().check(z.gte(CHECK_INTERVAL_MIN_S), z.lte(CHECK_INTERVAL_MAX_S)),
  maxMonitors: z.int().check(z.gte(1), z.lte(MAX_MONITORS_LIMIT)),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

export const AGENT_STATUSES = ['monitoring', 'booking', 'completed', 'failed', 'cancelled'] as const;
export const VEHICLE_HEIGHTS = ['under_7ft', 'over_7ft'] as const;
export const VEHICLE_LENGTHS = ['under_20ft', '20_to_27ft', 'over_27ft'] as const;

/** membership §5: adults 1-20 (default 1), children 0-20, infants 0-10. */
export const monitorInputSchema = z
  .object({
    userId: rowIdSchema,
    routeCode: z.enum(ROUTES.map((r) => r.id) as [string, ...string[]]),
    fromTerminal: z.string(),
    toTerminal: z.string(),
    departureDate: z.string().check(z.refine(calendarDateInRange, 'Please select a departure date')),
    adults: z.int().check(z.gte(1), z.lte(20)),
    children: z.int().check(z.gte(0), z.lte(20)),
    infants: z.int().check(z.gte(0), z.lte(10)),
    hasVehicle: z.boolean(),
    vehicleHeight: z.optional(z.nullable(z.enum(VEHICLE_HEIGHTS))),
    vehicleLength: z.optional(z.nullable(z.enum(VEHICLE_LENGTHS))),
    notificationEmail: z.optional(z.nullable(z.union([z.literal(''), z.email()]))),
    monitoring: z.optional(z.boolean()),
  })
  .check(
    z.refine((m) => {
      const route = ROUTES.find((r) => r.id === m.routeCode);
      return (
        !!route &&
        ((m.fromTerminal === route.from && m.toTerminal === route.to) ||
          (m.fromTerminal === route.to && m.toTerminal === route.from))
      );
    }, 'From and to terminal must be the two ends of the route'),
    z.refine(
      (m) => m.hasVehicle || (!m.vehicleHeight && !m.vehicleLength),
      'Vehicle height and length apply only with a vehicle',
    ),
  );
export type MonitorInput = z.infer<typeof monitorInputSchema>;

/** A vehicle over 7 ft tall or 20 ft long needs an oversized space. */
export function monitorPool(m: {
  hasVehicle: boolean;
  vehicleHeight?: string | null;
  vehicleLength?: string | null;
}): SpacePool | null {
  if (!m.hasVehicle) return null;
  return m.vehicleHeight === 'over_7ft' ||
    (m.vehicleLength !== null && m.vehicleLength !== undefined && m.vehicleLength !== 'under_20ft')
    ? 'oversized'
    : 'standard';
}

export const agentStatusViewSchema = z.object({
  status: z.enum(AGENT_STATUSES),
  message: z.string(),
  lastChecked: z.nullable(z.string()),
});
export type AgentStatusView = z.infer<typeof agentStatusViewSchema>;

export const agentAlertViewSchema = z.object({
  routeCode: z.string(),
  timestamp: z.string(),
  sailingTime: z.string(),
  vehicleSpaces: z.int(),
  passengerSpaces: z.int(),
});
export type AgentAlertView = z.infer<typeof agentAlertViewSchema>;

export const activeMonitorViewSchema = z.object({
  userId: z.int(),
  status: z.enum(AGENT_STATUSES),
  routeCode: z.string(),
  departureDate: z.string(),
});
export type ActiveMonitorView = z.infer<typeof activeMonitorViewSchema>;

/** membership §5: the monitoring form's date defaults to tomorrow (in the terminals' calendar). */
export function tomorrowKey(todayKey: string): string {
  const [y, m, d] = todayKey.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1));
  return next.toISOString().slice(0, 10);
}
