/**
 * What each realtime message does to the device (the channel itself: src/sync/realtime-channel.ts):
 * "ferries" and "ferry_update" replace the stored ferry list (./ferries.ts), "sailings" (a snapshot
 * of the live window) and "sailings_changed" (what changed since the version the connection holds)
 * update the stored sailings, "vessels" the vessel positions (./sailings-and-vessels.ts), and "feed_status"
 * the feed's status (./feed-status.ts). Each connection
 * keeps its own place in the sailings stream and asks on itself for a snapshot when it missed one.
 */
import { SAILINGS_RESYNC_MESSAGE } from '@/domain/sailing-changes';
import { dispatchRealtimeMessage, type RealtimeHandler, type RealtimeHandlers } from '@/sync/realtime-channel';

import type { DeckhandDB } from './db';
import { storeFeedStatusMessage } from './feed-status';
import { storeFerriesMessage } from './ferries';
import {
  receiveSailingsChange,
  receiveSailingsSnapshot,
  storeVesselUpdate,
  type SailingsChannel,
} from './sailings-and-vessels';

export type { SailingsChannel } from './sailings-and-vessels';

/** The handlers of a connection whose place in the sailings stream is `channel`. */
export function feedMessageHandlers(channel: SailingsChannel): Record<string, RealtimeHandler<DeckhandDB>> {
  return {
    ferries: (database, data) => storeFerriesMessage(database, data, 'ferries'),
    ferry_update: (database, data) => storeFerriesMessage(database, data, 'ferry_update'),
    sailings: (database, data) => receiveSailingsSnapshot(database, data, channel),
    sailings_changed: (database, data) => receiveSailingsChange(database, data, channel),
    vessels: storeVesselUpdate,
    feed_status: storeFeedStatusMessage,
  };
}

/** A new connection's handlers: it starts with no sailings version and asks for snapshots on itself. */
export const riderRealtimeHandlers: RealtimeHandlers<DeckhandDB> = (link) =>
  feedMessageHandlers({ requestResync: () => link.send(SAILINGS_RESYNC_MESSAGE) });

/** Apply one message as a connection at `channel`'s place in the sailings stream would; returns whether it changed what the device stores. */
export function handleRealtimeMessage(
  database: DeckhandDB,
  raw: unknown,
  channel: SailingsChannel = { requestResync: () => undefined },
): Promise<boolean> {
  return dispatchRealtimeMessage(database, raw, feedMessageHandlers(channel));
}
