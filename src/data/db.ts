/**
 * The one Dexie schema (DESIGN.md). Screens read these tables with useLiveQuery; sync code fills
 * them. The schema changes only by adding version(n+1); existing versions are never edited.
 *
 * Invariant: a row meant for the server is written together with its outbox row in ONE transaction
 * (see src/sync/outbox.ts), so a crash can never leave one without the other.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Ferry } from '@/domain/ferry';
import type { ComplaintCategory, ComplaintStatus } from '@/domain/complaint';

/** Where a locally created row stands with the server. */
export type SyncState = 'queued' | 'sent' | 'failed';

export interface MetaRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

export type OutboxStatus = 'pending' | 'failed';

export interface OutboxRow {
  /** Auto-increment: the order rows are sent in. */
  seq?: number;
  /** UUID, sent as the Idempotency-Key header. */
  id: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  /** Epoch ms before which the flusher must not retry this row (backoff). */
  nextAttemptAt: number;
  /** pending = will be (re)sent; failed = final 4xx, kept visible, never resent. */
  status: OutboxStatus;
  lastError?: string;
  /** The local row this write mirrors: the flusher records the outcome there. */
  localTable?: string;
  localKey?: string;
}

export interface ComplaintRow {
  localId: string;
  category: ComplaintCategory;
  description: string;
  createdAt: number;
  syncState: SyncState;
  syncError?: string;
  /** Filled from the server once sent or pulled. */
  serverId?: number;
  status?: ComplaintStatus;
}

/** Issue 4: the rider's arrival timer (rider-core §3), made on the device and mirrored to the server. */
export interface ArrivalTimerRow {
  /** Client-made UUID, also the server's id. */
  id: string;
  ferryId: string;
  departureLocation: string;
  targetDeparture: string | null;
  bufferTime: number;
  travelTime: number;
  cutoffTime: string;
  alarmTime: string;
  /** 'cancelled' rows wait for their DELETE to be sent, then go. */
  status: 'active' | 'cancelled';
  createdAt: number;
  syncState: SyncState;
  syncError?: string;
  serverId?: unknown;
}

export class DeckhandDB extends Dexie {
  ferries!: EntityTable<Ferry, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  complaints!: EntityTable<ComplaintRow, 'localId'>;
  arrivalTimers!: EntityTable<ArrivalTimerRow, 'id'>;

  constructor(name = 'deckhand') {
    super(name);
    this.version(1).stores({
      ferries: 'id',
      meta: 'key',
      outbox: '++seq, &id, status',
      complaints: 'localId, createdAt, serverId',
    });
    // Issue 4: arrival timers.
    this.version(2).stores({
      arrivalTimers: 'id, createdAt',
    });
  }
}

export const db = new DeckhandDB();

/** Meta keys in use, so readers and writers agree. */
export const META = {
  ferriesFetchedAt: 'ferries.fetchedAt',
  clientConfig: 'client.config',
  userProfile: 'user.profile',
  /** The rider's latest QueuePosition (src/domain/queue-position.ts), written by the queue feature. */
  queuePosition: 'queue.position',
  /** Issue 4: the data-sharing toggle (boolean, default on when absent). */
  queueShareData: 'queue.shareData',
  /** Issue 4: the last camera detections ({detections, fetchedAt}). */
  queueDetections: 'queue.detections',
  /** Issue 4: the camera feed list (CameraFeed[]). */
  cameraFeeds: 'cameras.feeds',
  /** Issue 4: when each camera's frame last loaded from the network (Record<cameraId, epoch ms>). */
  cameraFramesSeen: 'cameras.framesSeen',
} as const;
