/**
 * The rider's queue position as every screen reads it from the device: the stored answer
 * (META.queuePosition, written by the queue feature) while it still holds, else null. A position
 * belongs to one visit (src/domain/queue-position.ts positionEnded): once its sailing has left or its
 * fix is 3 hours old it is not the rider's position any more, offline too, even before the server
 * has said so.
 */
import { currentPosition, queuePositionSchema, type QueuePosition } from '@/domain/queue-position';

import { META, type DeckhandDB } from './db';

export async function readQueuePosition(database: DeckhandDB, now: number = Date.now()): Promise<QueuePosition | null> {
  const row = await database.meta.get(META.queuePosition);
  const parsed = queuePositionSchema.safeParse(row?.value);
  return currentPosition(parsed.success ? parsed.data : null, now);
}
