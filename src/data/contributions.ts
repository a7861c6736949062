/**
 * Community contributions on the device (DESIGN.md "Data flow (client)"):
 * - writes: a photo count (its bytes and fields, `queuePhoto`) or any other contribution (wait
 *   reports, checks, validations, claims, the leaderboard name: `queueContribution`) is saved with its
 *   outbox row in ONE transaction, then sent with `sendQueued` (src/sync/send-queued.ts): at once when
 *   online, else by the next flush or the service worker's Background Sync; the outcome and the
 *   server's answer are read back from the row. The photo goes as multipart with the outbox row's id
 *   as Idempotency-Key, so however often it is retried the server counts it once.
 * - reads: the server's answers (recent contributions, photos to validate, challenges, both
 *   leaderboards, rewards and claims, amenity statuses) are cached in Dexie meta for the tabs.
 */
import type { CallInput, Contract } from '@/domain/contracts/contract';
import {
  listAmenityStatuses,
  listChallenges,
  listPhotosToValidate,
  listRecentContributions,
  readLeaderboard,
  sendPhotoCount,
  setDisplayName,
} from '@/domain/contracts/contributions';
import { listRewardClaims, listRewards } from '@/domain/contracts/rewards';
import { contributionAnswerSchema } from '@/domain/contributions';
import { callApi, callTarget, type UploadFile } from '@/lib/api-client';
import { enqueue } from '@/sync/outbox';
import { sendQueued, type QueuedWriteOutcome } from '@/sync/send-queued';

import { META, type ContributionWriteRow, type DeckhandDB, type PhotoContributionRow } from './db';
import { pullProfile } from './profile';

export interface PhotoInput {
  terminal: string;
  lane: string;
  vehicleCount: number;
  photo: Blob;
  gps: { lat: number; lng: number } | null;
  shareData: boolean;
}

export async function queuePhoto(database: DeckhandDB, input: PhotoInput): Promise<PhotoContributionRow> {
  const now = Date.now();
  // Read before the transaction: a Dexie transaction cannot wait on other promises.
  const photo: UploadFile = {
    bytes: await input.photo.arrayBuffer(),
    type: input.photo.type || 'application/octet-stream',
    name: input.photo instanceof File && input.photo.name ? input.photo.name : 'photo',
  };
  const row: PhotoContributionRow = {
    localId: crypto.randomUUID(),
    terminal: input.terminal,
    lane: input.lane,
    vehicleCount: input.vehicleCount,
    photo,
    createdAt: now,
    syncState: 'queued',
  };
  const body: Record<string, string | UploadFile> = {
    photo,
    terminal: input.terminal,
    lane: input.lane,
    vehicleCount: String(input.vehicleCount),
    timeOfDay: new Date(now).toISOString(),
    shareData: String(input.shareData),
    ...(input.gps ? { gpsLatitude: String(input.gps.lat), gpsLongitude: String(input.gps.lng) } : {}),
  };
  await database.transaction('rw', database.photoContributions, database.outbox, async () => {
    const queued = await enqueue(database, {
      ...callTarget(sendPhotoCount, {}),
      body,
      encoding: 'multipart',
      localTable: database.photoContributions.name,
      localKey: row.localId,
    });
    // Written once, complete: the row never goes through a read-modify-write copy of its bytes.
    row.outboxId = queued.id;
    await database.photoContributions.put(row);
  });
  return row;
}

/** Queues the call `contract` describes with `input` (its body checked against the contract by the compiler). */
export async function queueContribution<C extends Contract & { method: 'POST' | 'PUT' }>(
  database: DeckhandDB,
  kind: ContributionWriteRow['kind'],
  subject: string,
  contract: C,
  input: CallInput<C>,
): Promise<ContributionWriteRow> {
  const row: ContributionWriteRow = {
    localId: crypto.randomUUID(),
    kind,
    subject,
    createdAt: Date.now(),
    syncState: 'queued',
  };
  const write = { ...callTarget(contract, input), body: (input as { body?: unknown }).body };
  await database.transaction('rw', database.contributionWrites, database.outbox, async () => {
    await database.contributionWrites.put(row);
    await enqueue(database, { ...write, localTable: database.contributionWrites.name, localKey: row.localId });
  });
  return row;
}

/** The rider's leaderboard name (the contributions page and Settings), queued and sent when online. */
export async function saveLeaderboardName(database: DeckhandDB, name: string): Promise<QueuedWriteOutcome> {
  const row = await queueContribution(database, 'display_name', name, setDisplayName, { body: { displayName: name } });
  return sendQueued(database, database.contributionWrites, row.localId);
}

/** The points a sent photo earned, from the server's stored answer. */
export function pointsOf(answer: unknown): number | null {
  const parsed = contributionAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.rewardPointsEarned : null;
}

/** Why a sent contribution earned less than usual (duplicate photo, daily cap…), when it did. */
export function noteOf(answer: unknown): string | null {
  const parsed = contributionAnswerSchema.safeParse(answer);
  return parsed.success ? parsed.data.note : null;
}

async function putMeta(database: DeckhandDB, key: string, value: unknown): Promise<void> {
  await database.meta.put({ key, value, updatedAt: Date.now() });
}

export async function pullContributions(database: DeckhandDB): Promise<void> {
  const [recent, toValidate, challenges] = await Promise.all([
    callApi(listRecentContributions, {}),
    callApi(listPhotosToValidate, {}),
    callApi(listChallenges, {}),
  ]);
  await putMeta(database, META.contributionsRecent, recent);
  await putMeta(database, META.contributionsToValidate, toValidate);
  await putMeta(database, META.contributionsChallenges, challenges);
}

export async function pullLeaderboards(database: DeckhandDB): Promise<void> {
  const [week, all] = await Promise.all([
    callApi(readLeaderboard, { query: { period: 'week' } }),
    callApi(readLeaderboard, { query: { period: 'all' } }),
  ]);
  await putMeta(database, META.contributionsLeaderboardWeek, week);
  await putMeta(database, META.contributionsLeaderboardAll, all);
}

export async function pullRewards(database: DeckhandDB): Promise<void> {
  const [rewards, claims] = await Promise.all([callApi(listRewards, {}), callApi(listRewardClaims, {})]);
  await putMeta(database, META.rewards, rewards);
  await putMeta(database, META.rewardClaims, claims);
}

export async function pullAmenityStatuses(database: DeckhandDB): Promise<void> {
  const statuses = await callApi(listAmenityStatuses, {});
  await putMeta(database, META.amenityStatuses, statuses);
}

/** Sent photos kept on the device (with their bytes) for "Your photos"; older ones are in Recent. */
export const SENT_PHOTOS_KEPT = 10;

/** Drops the bytes of sent photos beyond the newest SENT_PHOTOS_KEPT: the server has them. */
export async function pruneSentPhotos(database: DeckhandDB): Promise<void> {
  const sent = await database.photoContributions
    .orderBy('createdAt')
    .reverse()
    .filter((row) => row.syncState === 'sent')
    .primaryKeys();
  await database.photoContributions.bulkDelete(sent.slice(SENT_PHOTOS_KEPT));
}

/** Everything the tabs show, refreshed (the balance lives in the profile). Failures leave the cache. */
export async function refreshAfterWrite(database: DeckhandDB): Promise<void> {
  const results = await Promise.allSettled([
    pruneSentPhotos(database),
    pullProfile(database),
    pullContributions(database),
    pullRewards(database),
    pullLeaderboards(database),
    pullAmenityStatuses(database),
  ]);
  for (const result of results)
    if (result.status === 'rejected') console.warn('Contributions refresh failed', result.reason);
}
