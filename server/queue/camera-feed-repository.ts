/** The terminals' camera feeds as stored (seeded per lane layout). */
import { asc, eq } from 'drizzle-orm';

import type { Db } from '../db/db-handle';
import { cameraFeeds } from '../db/schema';

export type CameraFeedRow = typeof cameraFeeds.$inferSelect;

/** Every feed, by terminal then id (`byTerminal`), or by id alone. */
export async function listCameraFeeds(db: Db, order: 'byId' | 'byTerminal'): Promise<CameraFeedRow[]> {
  const orderBy = order === 'byTerminal' ? [asc(cameraFeeds.terminalId), asc(cameraFeeds.id)] : [asc(cameraFeeds.id)];
  return db
    .select()
    .from(cameraFeeds)
    .orderBy(...orderBy);
}

export async function findCameraFeed(db: Db, id: string): Promise<CameraFeedRow | undefined> {
  const [feed] = await db.select().from(cameraFeeds).where(eq(cameraFeeds.id, id)).limit(1);
  return feed;
}
