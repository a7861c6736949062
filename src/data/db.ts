/**
 * The one Dexie schema (DESIGN.md). Screens read these tables with useLiveQuery; sync code fills
 * them. The schema changes only by adding version(n+1); existing versions are never edited.
 *
 * Invariant: a row meant for the server is written together with its outbox row in ONE transaction
 * (see src/sync/outbox.ts), so a crash can never leave one without the other. The outbox row's shape
 * is the sync engine's (src/sync/sync-database.ts), which is handed this database and knows no other table.
 */
import Dexie, { type EntityTable } from 'dexie';

import type { Amenity, AwaySession } from '@/domain/away';
import type { Banner } from '@/domain/banner';
import type { ComplaintCategory, ComplaintStatus } from '@/domain/complaint';
import type { PassRoute, PassType } from '@/domain/exception-pass';
import type { FaqItem } from '@/domain/faq';
import type { Fare } from '@/domain/fares';
import type { Ferry } from '@/domain/ferry';
import type { TrialTier } from '@/domain/membership';
import type { NinjaRequestView } from '@/domain/ninja';
import type { Notification } from '@/domain/notification';
import type { Sailing } from '@/domain/sailing';
import type { SailingForecast } from '@/domain/sailing-forecast';
import type { OrderStatus, StoreItem } from '@/domain/store';
import type { VesselPosition } from '@/domain/vessel-position';
import type { UploadFile } from '@/lib/api-client';
import type { OutboxRow, SyncDatabase, SyncState } from '@/sync/sync-database';

import { observeLongWritesWhole } from './long-writes-observed-whole';

// Dexie turns its debug mode on for every page served from localhost or 127.0.0.1: a console task and
// an extra promise for each table operation, kept for async stack traces. A production build served
// there (a terminal's kiosk, the benchmarks, the end-to-end tests) would then do more work on every
// read and write than on a rider's phone. Debug mode follows the build, not the host. (Where no
// bundler sets `import.meta.env`, as when Node runs the source directly, there is none either.)
Dexie.debug = (import.meta as { env?: { DEV?: boolean } }).env?.DEV === true;

export interface MetaRow {
  key: string;
  value: unknown;
  updatedAt: number;
}

export interface ComplaintRow {
  localId: string;
  category: ComplaintCategory;
  description: string;
  /** Where it happened (absent on complaints made before the terminal was asked). */
  terminalId?: string;
  /** The rider's note beside a quick complaint's canned description. */
  note?: string;
  createdAt: number;
  syncState: SyncState;
  syncError?: string;
  /** Filled from the server once sent or pulled. */
  serverId?: number;
  status?: ComplaintStatus;
  /** Staff's answer, pulled from the server once the complaint is resolved. */
  reply?: string | null;
}

/**
 * An exception pass requested on this device (queued in the outbox) or pulled from the server. The
 * server's answer (status, QR image, validity) is kept here, so the QR shows at the booth offline.
 */
export interface ExceptionPassRow {
  localId: string;
  createdAt: number;
  passType: PassType;
  description: string;
  route: PassRoute;
  /** ISO instant. */
  departureTime: string;
  syncState: SyncState;
  syncError?: string;
  serverId?: number;
  status?: string;
  reason?: string | null;
  qrCode?: string;
  validFrom?: string;
  validUntil?: string;
  /**
   * Set when the rider was told the request is queued (offline): the page then says once, when the
   * server has it ("Exception Pass Submitted") or finally refused it, and clears the flag. Not indexed.
   */
  awaitingConfirmation?: boolean;
}

/** A store order placed on this device (or pulled from the server), mirrored by an outbox row. */
export interface OrderRow {
  localId: string;
  createdAt: number;
  items: Array<{ storeItemId: string; name: string; quantity: number; price: string }>;
  /** Decimal string; the client's own sum, replaced by the server's total once accepted. */
  total: string;
  /** The reward code sent with the order, and what the server took off for it (from its answer). */
  discountCode?: string | null;
  discount?: string;
  deliveryLocation: string;
  syncState: SyncState;
  syncError?: string;
  serverId?: number;
  status?: OrderStatus;
  /**
   * The outcome the page last acted on ('sent': cart cleared and "Order Placed" shown; 'failed': the
   * failure shown). Unset until then. An order retried from the outbox after a refusal and then
   * accepted differs again, so it is acted on once more. Orders pulled from the server start 'sent'.
   */
  settledAs?: SyncState;
}

/** The rider's arrival timer (rider-core §3), made on the device and mirrored to the server. */
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
  /** Epoch ms the server acknowledged the last local change (set by the flusher). */
  syncedAt?: number;
}
/** A home banner as cached from GET /api/banners; `order` is its place in the server's list. */
export type BannerRow = Banner & { order: number };

export type AmenityRow = Amenity & { order: number };

/**
 * An away session: the server's answer, or one started on this device (its client-made UUID is the
 * id the server keeps). `syncState` says whether the last local change (start or exit) has reached
 * the server; until it has, the local row wins over the server's answer (src/data/away-sessions.ts).
 */
export type AwaySessionRow = AwaySession & {
  syncState: SyncState;
  syncError?: string;
  /** Epoch ms the server acknowledged the last local change (set by the flusher). */
  syncedAt?: number;
};

/** The settings a rider edits, one PATCH each. */
export type SettingsKind = 'account' | 'animal-preferences';

/**
 * A profile change made on this device, one row per kind, mirrored by an outbox write: account
 * fields or animal/notification preferences (a PATCH; while it is queued its values win over the
 * profile the server answers, src/data/profile.ts, so a pull never shows the old values), or a
 * requested free trial (`trial-premium` / `trial-ninja`, a POST with no local values: the server
 * decides the tier, and its answer becomes the cached profile).
 */
export interface SettingsWriteRow {
  id: SettingsKind | `trial-${TrialTier}`;
  values: Record<string, unknown>;
  createdAt: number;
  syncState: SyncState;
  syncError?: string;
  syncedAt?: number;
}

/**
 * A photo count made on this device (rider-core §3 photo contribution). The photo's bytes stay here
 * (and in its outbox row's multipart body) until the server has it; `serverAnswer` is the server's
 * ContributionAnswer (the points it awarded) once sent. `outboxId` links the upload progress.
 */
export interface PhotoContributionRow {
  localId: string;
  terminal: string;
  lane: string;
  vehicleCount: number;
  photo: UploadFile;
  createdAt: number;
  outboxId?: string;
  syncState: SyncState;
  syncError?: string;
  /** The HTTP status of a final refusal, beside `syncError` (src/domain/refusal.ts). */
  syncErrorStatus?: number;
  serverId?: number;
  serverAnswer?: unknown;
  syncedAt?: number;
}

/** Another way to help, a reward claim or a leaderboard name sent from this device, mirrored by an outbox row. */
export interface ContributionWriteRow {
  localId: string;
  kind: 'wait_time' | 'capacity' | 'amenity' | 'validation' | 'claim' | 'display_name';
  /** What it is about (a reward id, a photo id, an amenity id), so screens can show it pending. */
  subject: string;
  createdAt: number;
  syncState: SyncState;
  syncError?: string;
  serverId?: number;
  serverAnswer?: unknown;
  syncedAt?: number;
}

/** An inbox entry (GET /api/notifications); `readAt` set locally first when the rider marks it read. */
export type NotificationRow = Notification;

/** A Ninja Booking request: as the server last answered it, or made here and still queued. */
export type NinjaRequestRow = NinjaRequestView & {
  syncState: SyncState;
  syncError?: string;
  serverId?: unknown;
  syncedAt?: number;
};

export class DeckhandDB extends Dexie implements SyncDatabase {
  ferries!: EntityTable<Ferry, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  complaints!: EntityTable<ComplaintRow, 'localId'>;
  storeItems!: EntityTable<StoreItem, 'id'>;
  faq!: EntityTable<FaqItem, 'id'>;
  fares!: EntityTable<Fare, 'routeId'>;
  orders!: EntityTable<OrderRow, 'localId'>;
  arrivalTimers!: EntityTable<ArrivalTimerRow, 'id'>;
  banners!: EntityTable<BannerRow, 'id'>;
  amenities!: EntityTable<AmenityRow, 'id'>;
  awaySessions!: EntityTable<AwaySessionRow, 'id'>;
  notifications!: EntityTable<NotificationRow, 'id'>;
  settingsWrites!: EntityTable<SettingsWriteRow, 'id'>;
  ninjaRequests!: EntityTable<NinjaRequestRow, 'id'>;
  exceptionPasses!: EntityTable<ExceptionPassRow, 'localId'>;
  photoContributions!: EntityTable<PhotoContributionRow, 'localId'>;
  contributionWrites!: EntityTable<ContributionWriteRow, 'localId'>;
  sailings!: EntityTable<Sailing, 'id'>;
  vesselPositions!: EntityTable<VesselPosition, 'vesselId'>;
  forecasts!: EntityTable<SailingForecast, 'sailingId'>;

  constructor(name = 'deckhand') {
    super(name);
    // The whole schema as one declaration. Dexie (3 and later) upgrades any installed version to it by
    // comparing it with the schema the device holds, so earlier versions need declaring only when they
    // carry an upgrade function; none does. Declaring each of the seven past versions rebuilt every
    // table's API seven times as the page's script started (~12 ms of a slow phone's first task).
    this.version(CURRENT_SCHEMA_VERSION).stores(SCHEMA);
    observeLongWritesWhole(this);
  }
}

/**
 * Bump with every schema change (and add the change to SCHEMA); a change that must move rows adds its
 * own `version(n).upgrade(…)` before the current one.
 */
const CURRENT_SCHEMA_VERSION = 8;

/** Every table and its indexes (Dexie's schema syntax: primary key first). */
const SCHEMA = {
  ferries: 'id',
  meta: 'key',
  outbox: '++seq, &id, status',
  complaints: 'localId, createdAt, serverId',
  // Store catalogue, help questions, fare table (cached for offline), orders, arrival timers.
  storeItems: 'id',
  faq: 'id',
  fares: 'routeId',
  orders: 'localId, createdAt, serverId',
  arrivalTimers: 'id, createdAt',
  // Home banners, amenities, away sessions and the notification inbox.
  banners: 'id, order',
  amenities: 'id, order',
  awaySessions: 'id, status, syncState',
  notifications: 'id, createdAt',
  // Rider settings saved on the device until the server has them.
  settingsWrites: 'id, syncState',
  // Ninja Booking requests (made offline, or pulled).
  ninjaRequests: 'id, createdAt',
  // Exception passes (queued requests and the server's passes with their QR).
  exceptionPasses: 'localId, createdAt, serverId',
  // Community contributions: photo counts (with their bytes) and other contributions made here.
  photoContributions: 'localId, createdAt, syncState',
  contributionWrites: 'localId, createdAt, kind',
  // The ferry feed's sailings (each figure with its source and observedAt), vessel positions and the
  // server's forecasts, kept so every card shows the rider's route's timetable offline. Home reads
  // both by the rider's route end: an indexed read touches only that route's rows, and a realtime
  // change to another route's few rows does not make it read again (a long write does: it is
  // recorded as the whole table's, ./long-writes-observed-whole.ts).
  sailings: 'id, [routeId+from], scheduledDeparture',
  vesselPositions: 'vesselId',
  forecasts: 'sailingId, [routeId+from]',
};

export const db = new DeckhandDB();

/** Meta keys in use, so readers and writers agree. */
export const META = {
  ferriesFetchedAt: 'ferries.fetchedAt',
  clientConfig: 'client.config',
  /** The last GET /api/services answer (src/domain/services.ts): booking provider, live channels, payments. */
  services: 'server.services',
  userProfile: 'user.profile',
  /** The rider's latest QueuePosition (src/domain/queue-position.ts), written by the queue feature. */
  queuePosition: 'queue.position',
  storeItemsFetchedAt: 'store.items.fetchedAt',
  faqFetchedAt: 'faq.fetchedAt',
  faresFetchedAt: 'fares.fetchedAt',
  /** The data-sharing toggle (boolean, default on when absent). */
  queueShareData: 'queue.shareData',
  /** The last camera detections ({detections, fetchedAt}). */
  queueDetections: 'queue.detections',
  /** The camera feed list (CameraFeed[]). */
  cameraFeeds: 'cameras.feeds',
  /** When each camera's frame last loaded from the network (Record<cameraId, epoch ms>). */
  cameraFramesSeen: 'cameras.framesSeen',
  /** Ids (strings) of the banners dismissed on this device. */
  dismissedBanners: 'banners.dismissed',
  /** When the banner list was last pulled: until then home keeps the carousel's room reserved. */
  bannersFetchedAt: 'banners.fetchedAt',
  /** Peace of Mind Alerts switch (boolean; missing = on, rider-core §2 "starts on"). */
  alertsEnabled: 'alerts.enabled',
  /** This device's Web Push subscription endpoint, once sent to the server. */
  pushEndpoint: 'push.endpoint',
  /** Epoch ms of the last successful notifications pull. */
  notificationsFetchedAt: 'notifications.fetchedAt',
  /** How many alerts the rider's quiet hours hold (number), from the last notifications pull. */
  notificationsHeld: 'notifications.held',
  /** The terminal the rider picked (a terminal id), remembered on this device (src/domain/rider-terminal.ts). */
  chosenTerminal: 'rider.chosenTerminal',
  /** Community contributions pulled from the server (./contributions.ts). */
  contributionsRecent: 'contributions.recent',
  contributionsToValidate: 'contributions.toValidate',
  contributionsChallenges: 'contributions.challenges',
  contributionsLeaderboardWeek: 'contributions.leaderboard.week',
  contributionsLeaderboardAll: 'contributions.leaderboard.all',
  amenityStatuses: 'contributions.amenityStatuses',
  rewards: 'rewards.list',
  rewardClaims: 'rewards.claims',
  /** The route the rider picked for their terminal (a route id), remembered on this device (src/domain/rider-route.ts). */
  chosenRoute: 'rider.chosenRoute',
  /** Epoch ms of the last sailings, vessel positions and forecasts pulls (the figures' own ages are their observedAt). */
  sailingsFetchedAt: 'sailings.fetchedAt',
  vesselsFetchedAt: 'vessels.fetchedAt',
  forecastsFetchedAt: 'forecasts.fetchedAt',
  /** The last GET /api/weather-risk answer and when the device received it ({answer, fetchedAt}; src/data/weather-risk.ts). */
  weatherRisk: 'weather.risk',
  /** The terminal picked on the Contribute tab. */
  contributeTerminal: 'contributions.terminal',
  /** The last feed status (GET /api/feed/status or the realtime "feed_status" message; src/domain/feed-status.ts). */
  feedStatus: 'feed.status',
} as const;
