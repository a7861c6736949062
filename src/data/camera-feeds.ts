/**
 * Camera feed list (rider-core §7: GET /api/queue/camera-feeds) into Dexie META.cameraFeeds. Shared
 * by the live cameras and the queue widget's per-camera detections, which both show feed names.
 */
import { META, type DeckhandDB } from '@/data/db';
import { cameraFeeds } from '@/domain/contracts/queue';
import { cameraFeedListSchema, type CameraFeed } from '@/domain/queue-api';
import { callApi } from '@/lib/api-client';

export async function pullCameraFeeds(database: DeckhandDB): Promise<CameraFeed[]> {
  const feeds = await callApi(cameraFeeds, {});
  await database.meta.put({ key: META.cameraFeeds, value: feeds, updatedAt: Date.now() });
  return feeds;
}

export async function readCameraFeeds(database: DeckhandDB): Promise<CameraFeed[]> {
  const parsed = cameraFeedListSchema.safeParse((await database.meta.get(META.cameraFeeds))?.value);
  return parsed.success ? parsed.data : [];
}
