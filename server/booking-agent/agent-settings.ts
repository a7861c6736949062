/**
 * The booking agent's two limits (membership §2 Admin dashboard Settings: 50 max monitors, 30 s check
 * interval by default), one row that the admin Settings tab, the console's settings route and the
 * watcher engine all read, so what an admin saves is what the engine does.
 */
import { eq } from 'drizzle-orm';

import { DEFAULT_CHECK_INTERVAL_S, DEFAULT_MAX_MONITORS, type AgentSettings } from '@/domain/booking-agent';

import type { Db } from '../db/db-handle';
import { bookingAgentSettings } from '../db/schema';
import { SETTINGS_ROW_ID } from './agent-watcher';

export async function readAgentSettings(db: Db): Promise<AgentSettings & { systemStartedAt: string | null }> {
  const [row] = await db.select().from(bookingAgentSettings).where(eq(bookingAgentSettings.id, SETTINGS_ROW_ID));
  return {
    checkIntervalSeconds: row?.checkIntervalSeconds ?? DEFAULT_CHECK_INTERVAL_S,
    maxMonitors: row?.maxMonitors ?? DEFAULT_MAX_MONITORS,
    systemStartedAt: row?.systemStartedAt?.toISOString() ?? null,
  };
}

export async function saveAgentSettings(tx: Db, input: AgentSettings): Promise<void> {
  await tx
    .insert(bookingAgentSettings)
    .values({ id: SETTINGS_ROW_ID, ...input })
    .onConflictDoUpdate({ target: bookingAgentSettings.id, set: input });
}
