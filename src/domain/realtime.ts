/**
 * Shapes shared by the server and the client for the realtime database (rider-core §3, §7):
 * what the client needs to reach it, and the `queue_data/{terminalId}` value the server writes.
 * Clients only read these nodes; database.rules.json denies client writes.
 */
import { z } from 'zod/mini';

/** Where the client finds the realtime database. Served by GET /api/config. */
export interface ClientRealtimeConfig {
  databaseURL: string;
  projectId: string;
  apiKey?: string;
  appId?: string;
  /**
   * Set when the server runs the local emulator: the client connects to the page's own hostname on
   * this port, so the same config works from any device that can reach the server.
   */
  emulator?: { port: number };
}

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
