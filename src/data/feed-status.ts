/**
 * The ferry feed's status (src/domain/feed-status.ts) on the device: pulled with the feed
 * (GET /api/feed/status) and replaced by every realtime "feed_status" message, kept in
 * META.feedStatus so home, the figures' labels and the Data sources page read it offline. One
 * shared subscription serves every reader (many figure labels show at once).
 */
import { db as defaultDatabase, META, type DeckhandDB } from '@/data/db';
import { feedStatus as feedStatusContract } from '@/domain/contracts/feed-status';
import { feedStatusSchema, type FeedStatus } from '@/domain/feed-status';
import { callApi } from '@/lib/api-client';

import { sharedLiveRead, useSharedLiveRead } from './shared-live-read';

async function store(database: DeckhandDB, status: FeedStatus): Promise<void> {
  await database.meta.put({ key: META.feedStatus, value: status, updatedAt: Date.now() });
}

export async function pullFeedStatus(database: DeckhandDB): Promise<FeedStatus> {
  const status = await callApi(feedStatusContract, {});
  await store(database, status);
  return status;
}

/** A realtime "feed_status" message: stored when it has the shape. */
export async function storeFeedStatusMessage(database: DeckhandDB, data: unknown): Promise<boolean> {
  const parsed = feedStatusSchema.safeParse(data);
  if (!parsed.success) {
    console.warn('Realtime "feed_status" message has an unexpected shape', parsed.error);
    return false;
  }
  await store(database, parsed.data);
  return true;
}

export async function readFeedStatus(database: DeckhandDB): Promise<FeedStatus | null> {
  const parsed = feedStatusSchema.safeParse((await database.meta.get(META.feedStatus))?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * Every label reads one shared query. Its readers are told only when the status says something else:
 * each read parses a new object, and an unchanged status must not render every figure label again.
 */
const sharedFeedStatus = sharedLiveRead(readFeedStatus, {
  what: 'Feed status',
  same: (last, next) => JSON.stringify(last) === JSON.stringify(next),
  keepWhenUnused: true,
});

/** The stored feed status: undefined while the device is read, null when it has none. */
export function useFeedStatus(database: DeckhandDB = defaultDatabase): FeedStatus | null | undefined {
  return useSharedLiveRead(sharedFeedStatus(database));
}
