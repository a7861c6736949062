/**
 * The ferry feed's second-generation streams into Dexie: the sailings (the timetable with each
 * sailing's status and fill), the vessel positions and the server's forecasts. REST pulls
 * (`GET /api/sailings`, `/api/vessels`, `/api/forecasts`) replace their table; the realtime channel's
 * sailings snapshot and changes (src/domain/sailing-changes.ts) and "vessels" messages
 * (./realtime-messages.ts) update it row by row. A change that does not follow the version the
 * connection holds (a message missed) is not applied: the connection asks for a snapshot instead. Answers are validated with
 * the shared schemas first, so a bad answer leaves the stored figures as they were.
 *
 * Every figure keeps the source's `observedAt`: offline, a stored figure shows its true age, not the
 * time the device stored it. The `*FetchedAt` meta rows only say when the device last heard.
 */
import type { Table } from 'dexie';
import { z } from 'zod/mini';

import { META, type DeckhandDB } from '@/data/db';
import { listForecasts } from '@/domain/contracts/forecasts';
import { listSailings, listVessels } from '@/domain/contracts/sailings';
import { sailingListSchema, type Sailing } from '@/domain/sailing';
import {
  applySailingChanges,
  applySailingsSnapshot,
  sailingChangesSchema,
  sailingsSnapshotSchema,
  type SailingChanges,
  type SailingsSnapshot,
} from '@/domain/sailing-changes';
import { vesselPositionListSchema, type VesselPosition } from '@/domain/vessel-position';
import { callApi } from '@/lib/api-client';
import { pageQuiet } from '@/lib/page-quiet';
import { safeParseInSlices } from '@/lib/parse-in-slices';

import { putChangedInBatches, putInBatches, replaceTable, replaceTableSoonFirst } from './pulled-rows';

const sailingKey = (s: Sailing) => s.id;

/** Sailings that left longer ago than this are dropped from the device when a message updates the table. */
export const STORED_SAILING_KEEP_MS = 24 * 60 * 60_000;

/** The list a realtime message carries: the bare array, or the array under `key` in an envelope. */
function listIn(answer: unknown, key: string): unknown {
  if (answer && typeof answer === 'object' && !Array.isArray(answer) && key in answer)
    return (answer as Record<string, unknown>)[key];
  return answer;
}

/**
 * A pull asks first for the sailings and forecasts that leave within this many hours, and stores
 * them at once; the days after them are asked for (and only they) once the page has been quiet (./pulled-rows.ts
 * `replaceTableSoonFirst`). It spans today and tomorrow, the days the first screen shows and the
 * realtime channel's snapshot carries, so the second step never meets a figure that channel sent.
 * On a first visit the week's ~500 sailings and as many forecasts (each with its fill curves) were
 * the start-up's longest work after the first render: fetched, checked, stored and held in memory.
 */
const STORED_AT_ONCE_HOURS = 48;

/**
 * Pulls a week of rows in two steps: `list({ before })` (the rows leaving before the cut-off) stored at
 * once, then after `later` `list({ after })` (the rest of the week: the first step's rows are not
 * fetched or checked twice). Resolves once the first step's rows are stored.
 */
async function pullWeek<T extends { scheduledDeparture: string }, K>(
  database: DeckhandDB,
  table: Table<T, K>,
  metaKey: string,
  list: (part: { before: string } | { after: string }) => Promise<readonly NoInfer<T>[]>,
  later: () => Promise<void>,
): Promise<void> {
  const cutoff = Date.now() + STORED_AT_ONCE_HOURS * 60 * 60_000;
  const soon = (row: T) => !(Date.parse(row.scheduledDeparture) >= cutoff);
  const at = new Date(cutoff).toISOString();
  const rows = await list({ before: at });
  await replaceTableSoonFirst(database, table, rows.filter(soon), metaKey, soon, () =>
    later().then(() => list({ after: at })),
  );
}

export async function pullSailings(database: DeckhandDB, later: () => Promise<void> = pageQuiet): Promise<void> {
  const list = (part: { before: string } | { after: string }) => callApi(listSailings, { query: part });
  await pullWeek(database, database.sailings, META.sailingsFetchedAt, list, later);
}

export async function pullVessels(database: DeckhandDB): Promise<VesselPosition[]> {
  const vessels = await callApi(listVessels, {});
  await replaceTable(database, database.vesselPositions, vessels, META.vesselsFetchedAt);
  return vessels;
}

export async function pullForecasts(database: DeckhandDB, later: () => Promise<void> = pageQuiet): Promise<void> {
  const list = (part: { before: string } | { after: string }) => callApi(listForecasts, { query: part });
  await pullWeek(database, database.forecasts, META.forecastsFetchedAt, list, later);
}

/** All three pulls, each failure logged on its own (offline is normal; the stored figures stay). */
export function pullFeed(
  database: DeckhandDB,
  logFailure: (what: string) => (error: unknown) => void,
): Promise<unknown> {
  return Promise.all([
    pullSailings(database).catch(logFailure('Sailings pull')),
    pullVessels(database).catch(logFailure('Vessels pull')),
    pullForecasts(database).catch(logFailure('Forecasts pull')),
  ]);
}

/**
 * Put rows sent on the realtime channel in one transaction, then stamp when the device heard (in a
 * short one of its own: the rows go in slices, and the meta table is not held meanwhile,
 * ./pulled-rows.ts).
 */
async function upsert<T, K>(
  database: DeckhandDB,
  table: Table<T, K>,
  rows: readonly T[],
  metaKey: string,
  prune?: () => Promise<unknown>,
) {
  const now = Date.now();
  await database.transaction('rw', table, async () => {
    await putInBatches(table, rows);
    await prune?.();
  });
  await database.meta.put({ key: metaKey, value: now, updatedAt: now });
}

/** A snapshot with its sailings not yet checked: they are checked a few milliseconds at a time. */
const snapshotFrameSchema = z.object({ ...sailingsSnapshotSchema.shape, sailings: z.array(z.unknown()) });

/**
 * A "sailings" message's snapshot (an older server sent the bare list), or undefined when malformed.
 * Its sailings (a window of two days: ~150) are checked in slices (src/lib/parse-in-slices.ts): at
 * once, it was one of a first visit's longest tasks after the first render.
 */
export async function parseSailingsSnapshot(
  data: unknown,
): Promise<(Pick<SailingsSnapshot, 'sailings'> & Partial<SailingsSnapshot>) | undefined> {
  const frame = snapshotFrameSchema.safeParse(data);
  const sailings = await safeParseInSlices(sailingListSchema, frame.success ? frame.data.sailings : data);
  if (sailings.success) {
    const checked = sailings.data as Sailing[];
    return frame.success ? { ...frame.data, sailings: checked } : { sailings: checked };
  }
  console.warn('Realtime "sailings" message has an unexpected shape', frame.success ? sailings.issues : frame.error);
  return undefined;
}

/** A "sailings_changed" message's change, or undefined when malformed. */
export function parseSailingChanges(data: unknown): SailingChanges | undefined {
  const change = sailingChangesSchema.safeParse(data);
  if (change.success) return change.data;
  console.warn('Realtime "sailings_changed" message has an unexpected shape', change.error);
  return undefined;
}

/** Rewrites the stored sailings as `next(stored)` (only the rows that differ), then stamps when the device heard. */
async function rewriteSailings(
  database: DeckhandDB,
  next: (stored: Sailing[]) => Sailing[],
  prune?: () => Promise<unknown>,
): Promise<void> {
  const now = Date.now();
  await database.transaction('rw', database.sailings, async () => {
    const stored = await database.sailings.toArray();
    const result = next(stored);
    const before = new Map(stored.map((s) => [s.id, s]));
    const kept = new Set(result.map((s) => s.id));
    await database.sailings.bulkDelete(stored.filter((s) => !kept.has(s.id)).map((s) => s.id));
    await putChangedInBatches(database.sailings, result, sailingKey, (s) => before.get(s.id));
    await prune?.();
  });
  await database.meta.put({ key: META.sailingsFetchedAt, value: now, updatedAt: now });
}

/**
 * A sailings snapshot: the device keeps exactly its sailings for its days (and none of earlier days);
 * an older server's bare list only replaces the copies it carries, and long-gone sailings are dropped.
 */
export function storeSailingsSnapshot(
  database: DeckhandDB,
  snapshot: Pick<SailingsSnapshot, 'sailings'> & Partial<SailingsSnapshot>,
): Promise<void> {
  const { days } = snapshot;
  if (days)
    return rewriteSailings(database, (stored) => applySailingsSnapshot(stored, { days, sailings: snapshot.sailings }));
  const cutoff = new Date(Date.now() - STORED_SAILING_KEEP_MS).toISOString();
  return upsert(database, database.sailings, snapshot.sailings, META.sailingsFetchedAt, () =>
    database.sailings.where('scheduledDeparture').below(cutoff).delete(),
  );
}

/** A sailings change, already checked to follow the version the device holds. */
export function storeSailingChanges(database: DeckhandDB, change: SailingChanges): Promise<void> {
  return rewriteSailings(database, (stored) => applySailingChanges(stored, change));
}

/** A "vessels" message: the positions it carries replace their stored copies. */
export function storeVesselUpdate(database: DeckhandDB, data: unknown): Promise<boolean> {
  const parsed = vesselPositionListSchema.safeParse(listIn(data, 'vessels'));
  if (!parsed.success) {
    console.warn('Realtime "vessels" message has an unexpected shape', parsed.error);
    return Promise.resolve(false);
  }
  return upsert(database, database.vesselPositions, parsed.data, META.vesselsFetchedAt).then(() => true);
}

/** One connection's place in the sailings stream: the version the device holds from it, and how to ask for a snapshot. */
export interface SailingsChannel {
  version?: number;
  requestResync(): void;
}

/**
 * A "sailings" snapshot: stored, and its version becomes the connection's. The channel hands a
 * connection's messages over one at a time (src/sync/realtime-channel.ts), so the next message is
 * checked against this version only once the snapshot is stored.
 */
export async function receiveSailingsSnapshot(
  database: DeckhandDB,
  data: unknown,
  channel: SailingsChannel,
): Promise<boolean> {
  const snapshot = await parseSailingsSnapshot(data);
  if (!snapshot) return false;
  channel.version = snapshot.version;
  await storeSailingsSnapshot(database, snapshot);
  return true;
}

/** A "sailings_changed" change: applied when it follows the connection's version, else a snapshot is asked for. */
export function receiveSailingsChange(database: DeckhandDB, data: unknown, channel: SailingsChannel): Promise<boolean> {
  const change = parseSailingChanges(data);
  if (!change) return Promise.resolve(false);
  if (channel.version !== undefined && change.version <= channel.version) return Promise.resolve(false);
  if (change.from !== channel.version) {
    channel.requestResync();
    return Promise.resolve(false);
  }
  channel.version = change.version;
  return storeSailingChanges(database, change).then(() => true);
}
