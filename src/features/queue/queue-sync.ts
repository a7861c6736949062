/**
 * The queue feature's calls (rider-core §7) and what they leave in the local store. Screens never
 * await these to render: they read Dexie (META.queuePosition, META.queueDetections) and these fill it.
 *
 * Positions are computed by the server from the rider's GPS fix, so finding one needs the network;
 * the last position stays on the device and is shown offline with its time.
 */
import { META, type DeckhandDB } from '@/data/db';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import { parseDetections, verifyPhotoResultSchema, type VerifyPhotoResult } from '@/domain/queue-api';
import { queuePositionSchema, type QueuePosition } from '@/domain/queue-position';
import type { LatLng } from '@/domain/lane-geometry';
import { pullProfile } from '@/data/profile';

export async function readShareData(database: DeckhandDB): Promise<boolean> {
  const row = await database.meta.get(META.queueShareData);
  return row?.value !== false;
}

export async function setShareData(database: DeckhandDB, share: boolean): Promise<void> {
  await database.meta.put({ key: META.queueShareData, value: share, updatedAt: Date.now() });
}

async function storePosition(database: DeckhandDB, position: QueuePosition | null): Promise<void> {
  if (position) await database.meta.put({ key: META.queuePosition, value: position, updatedAt: Date.now() });
  else await database.meta.delete(META.queuePosition);
}

export async function calculatePosition(database: DeckhandDB, gps: LatLng, accuracy?: number): Promise<QueuePosition> {
  const shareData = await readShareData(database);
  let answer: unknown;
  try {
    answer = await apiRequest<unknown>('/api/queue/calculate-position', {
      method: 'POST',
      body: { gps, ...(accuracy !== undefined ? { accuracy } : {}), shareData },
    });
  } catch (error) {
    // A fix at no terminal: the rider has left, so the position they had there has ended (the server
    // forgot it too).
    if (error instanceof ApiError && error.code === 'not_at_terminal') await storePosition(database, null);
    throw error;
  }
  const position = queuePositionSchema.parse(answer);
  await storePosition(database, position);
  return position;
}

async function currentUserId(database: DeckhandDB): Promise<number | null> {
  const row = await database.meta.get(META.userProfile);
  const stored = row?.value as { id?: unknown } | undefined;
  if (typeof stored?.id === 'number') return stored.id;
  // Still a guest on this device: the account may have been created since (any write creates it).
  const profile = (await pullProfile(database)) as { id?: unknown } | null;
  return typeof profile?.id === 'number' ? profile.id : null;
}

/** GET /api/queue/position/{me}: the server recomputes it with the latest camera counts. */
export async function refreshPosition(database: DeckhandDB): Promise<void> {
  const userId = await currentUserId(database);
  if (userId === null) return;
  const answer = await apiGet<unknown>(`/api/queue/position/${userId}`);
  await storePosition(database, answer === null ? null : queuePositionSchema.parse(answer));
}

export async function verifyPhoto(database: DeckhandDB, photoBase64: string, reportedPosition: number): Promise<VerifyPhotoResult> {
  const shareData = await readShareData(database);
  const answer = await apiRequest<unknown>('/api/queue/verify-photo', {
    method: 'POST',
    body: { photoBase64, reportedPosition, shareData },
  });
  return verifyPhotoResultSchema.parse(answer);
}

export async function pullDetections(database: DeckhandDB): Promise<void> {
  const detections = parseDetections(await apiGet<unknown>('/api/queue/detections'));
  if (!detections) throw new Error('GET /api/queue/detections answered an unexpected shape');
  const now = Date.now();
  await database.meta.put({ key: META.queueDetections, value: { detections, fetchedAt: now }, updatedAt: now });
}

/** The photo as a data: URL (the server accepts it as base64). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo'));
    reader.readAsDataURL(file);
  });
}
