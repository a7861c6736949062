/**
 * Shapes shared by the server and the client for the realtime database (rider-core §3, §7):
 * what the client needs to reach it, and the `queue_data/{terminalId}` value the server writes.
 * Clients only read these nodes; database.rules.json denies client writes.
 */
import { z } from 'zod/mini';

/** Where the client finds the realtime database. */
export const clientRealtimeConfigSchema = z.object({
  databaseURL: z.string(),
  projectId: z.string(),
  apiKey: z.optional(z.string()),
  appId: z.optional(z.string()),
  /**
   * Set when the server runs the local emulator: the client connects to the page's own hostname on
   * this port, so the same config works from any device that can reach the server.
   */
  emulator: z.optional(z.object({ port: z.int() })),
});
export type ClientRealtimeConfig = z.infer<typeof clientRealtimeConfigSchema>;

/** What GET /api/config answers: what the PWA needs at run time and cannot know at build time. */
export const clientConfigSchema = z.object({
  realtime: clientRealtimeConfigSchema,
  /** Web Push public key; null until push is configured. */
  vapidPublicKey: z.nullable(z.string()),
  /**
   * membership §2: whether desktop visitors at the root see the landing page (else a 'Mobile
   * Preview'). Optional so a config cached before this field existed still parses; missing = true.
   */
  landingEnabled: z.optional(z.boolean()),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** Realtime database paths the server writes and clients read. */
export const REALTIME_PATHS = {
  queueData: (terminalId: string) => `queue_data/${terminalId}`,
  queueHistory: (terminalId: string) => `queue_history/${terminalId}`,
  userPosition: (userId: string) => `user_positions/${userId}`,
} as const;

/**
 * rider-core §3 "queue_data/{terminal}": a vehicle count for one terminal's lanes.
 * `timestamp` is epoch milliseconds of the observation (Firebase convention). Camera counts carry
 * confidence 0.85 (rider-core: "Camera image confidence assumed 0.85"), user reports 0.7.
 */
export const queueDataSchema = z.object({
  terminalId: z.string(),
  vehicleCount: z.int().check(z.nonnegative()),
  timestamp: z.int().check(z.nonnegative()),
  userReported: z.boolean(),
  confidence: z.number().check(z.gte(0), z.lte(1)),
  source: z.string(),
});
export type QueueDataValue = z.infer<typeof queueDataSchema>;
