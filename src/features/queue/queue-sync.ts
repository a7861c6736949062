/**
 * The queue feature's calls (rider-core §7) and what they leave in the local store. Screens never
 * await these to render: they read Dexie (META.queuePosition, META.queueDetections) and these fill it.
 *
 * Positions are computed by the server from the rider's GPS fix, so finding one needs the network;
 * the last position stays on the device and is shown offline with its time.
 */
import { META, type DeckhandDB } from '@/data/db';
import { pullProfile } from '@/data/profile';
import {
  calculatePosition as calculatePositionCall,
  queueDetections,
  queuePosition,
  verifyPhoto as verifyPhotoCall,
} from '@/domain/contracts/queue';
import type { LatLng } from '@/domain/lane-geometry';
import type { VerifyPhotoResult } from '@/domain/queue-api';
import type { QueuePosition } from '@/domain/queue-position';
import { ApiError, callApi } from '@/lib/api-client';

export async function readShareData(database: DeckhandDB): Promise<boolean> {
  const row = await database.meta.get(META.queueShareData);
  return row?.value !== false;
}

export async function setShareData(database: DeckhandDB, share: boolean): Promise<void> {
  await database.meta.put({ key: META.queueShareData, value: share, updatedAt: Date.now() });
}

/** The device keeps the position, not how the server reached it. */
function withoutDetails({ details: _details, ...position }: QueuePosition & { details?: unknown }): QueuePosition {
  return position;
}

async function storePosition(database: DeckhandDB, position: QueuePosition | null): Promise<void> {
  if (position) await database.meta.put({ key: META.queuePosition, value: position, updatedAt: Date.now() });
  else await database.meta.delete(META.queuePosition);
}

export async function calculatePosition(database: DeckhandDB, gps: LatLng, accuracy?: number): Promise<QueuePosition> {
  const shareData = await readShareData(database);
  let answer;
  try {
    answer = await callApi(calculatePositionCall, {
      body: { gps, ...(accuracy !== undefined ? { accuracy } : {}), shareData },
    });
  } catch (error) {
    // A fix at no terminal: the rider has left, so the position they had there has ended (the server
    // forgot it too).
    if (error instanceof ApiError && error.code === 'not_at_terminal') await storePosition(database, null);
    throw error;
  }
  const position = withoutDetails(answer);
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

/** The rider's own position, recomputed by the server with the latest camera counts. */
export async function refreshPosition(database: DeckhandDB): Promise<void> {
  const userId = await currentUserId(database);
  if (userId === null) return;
  const answer = await callApi(queuePosition, { params: { userId } });
  await storePosition(database, answer === null ? null : withoutDetails(answer));
}

export async function verifyPhoto(
  database: DeckhandDB,
  photoBase64: string,
  reportedPosition: number,
): Promise<VerifyPhotoResult> {
  const shareData = await readShareData(database);
  return callApi(verifyPhotoCall, { body: { photoBase64, reportedPosition, shareData } });
}

export async function pullDetections(database: DeckhandDB): Promise<void> {
  const detections = await callApi(queueDetections, {});
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
