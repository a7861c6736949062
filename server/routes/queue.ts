/**
 * Queue detection and camera API (rider-core §2, §3, §7).
 *
 * - POST /api/queue/calculate-position {gps:{lat,lng}, accuracy?, shareData?} → QueuePosition (+ details).
 *   422 `not_in_lane` / `not_at_terminal` when the point is in no terminal lane. The fix is stored per
 *   rider; user_positions/{userId} is written only when shareData is not false (removed when false).
 * - GET /api/queue/position/:userId → the caller's QueuePosition recomputed from the stored fix and the
 *   current camera counts; 200 `null` when the rider has none; 403 for another user's id.
 *   A position belongs to one visit (src/domain/queue-position.ts positionEnded): `lastUpdated` is the
 *   fix's time, and once the sailing the fix was expected to board has left, or 3 hours after the
 *   fix, the stored fix is forgotten (and the shared node removed) and the answer is `null`. A new fix
 *   at no terminal (422 `not_at_terminal`) forgets it too: the rider has left the terminal.
 * - POST /api/queue/verify-photo {photoBase64, reportedPosition, shareData?} → {verified, reason,
 *   message, reportedPosition, computedPosition}. 400 `photo_too_large` over 10 MB decoded, 400
 *   `not_an_image` when the bytes do not decode as a raster image. The photo is checked, never stored.
 * - GET /api/queue/detections → {[cameraId]: {count, confidence}}: the cameras are the simulator's
 *   queue model, so under a real source (FEED_SOURCE=auto once BC Ferries answers, bcferries, ais)
 *   there are none: `{}`, and the app says no camera count is available.
 * - GET /api/queue/camera-feeds and /api/queue-detection/camera-feeds → CameraFeed[].
 * - GET /api/cameras/:id/frame[?t=…] → the camera's current frame (SVG, drawn from the simulator's
 *   queue model); 404 JSON for an unknown camera, and 404 `no_camera_count` under a real source.
 *
 * The session decides whose position it is: a userId in a body is ignored.
 */
import type { FastifyInstance } from 'fastify';
import sharp, { type Metadata } from 'sharp';

import { cameraConfidence } from '@/domain/camera-confidence';
import {
  calculatePosition,
  cameraFeeds,
  cameraFrame,
  queueDetectionCameraFeeds,
  queueDetections,
  queuePosition,
  verifyPhoto,
} from '@/domain/contracts/queue';
import { NO_CAMERA_COUNT_TEXT } from '@/domain/figure-label';
import { placeInLanes, type TerminalLayout } from '@/domain/lane-geometry';
import { approachRoadCars, cameraCount, type CameraLocation } from '@/domain/lane-occupancy';
import { PHOTO_MAX_BYTES, type CameraDetections, type CameraFeed, type VerifyPhotoResult } from '@/domain/queue-api';
import { positionEnded } from '@/domain/queue-position';

import { currentRider } from '../auth/session';
import type { Database } from '../db/client';
import type { FerryFeed } from '../feed/ferry-feed';
import { route } from '../http/contract-route';
import { HttpError, httpError } from '../http/errors';
import { commitWrite } from '../http/idempotency';
import { findCameraFeed, listCameraFeeds, type CameraFeedRow } from '../queue/camera-feed-repository';
import { renderCameraFrame } from '../queue/camera-frame';
import {
  computePosition,
  loadLayout,
  loadLayouts,
  locate,
  terminalQueue,
  type ComputedPosition,
  type Located,
} from '../queue/queue-model';
import { deleteFix, markFixVerified, readFix, saveFix, type StoredFix } from '../queue/queue-position-repository';
import { userPositionUpdate, type RealtimeWriter } from '../realtime/user-position-node';

/** A base64 photo of 10 MB is ~13.4 MB of JSON; the app-wide limit is 12 MB. */
const VERIFY_BODY_LIMIT = 15 * 1024 * 1024;
/** Raster formats a phone camera produces. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff']);
/** Smaller than this, a photo cannot show a lane. */
const PHOTO_MIN_SIDE_PX = 32;
/** A reported position may differ from the computed one by this many cars or this share of it. */
const VERIFY_TOLERANCE_CARS = 2;
const VERIFY_TOLERANCE_SHARE = 0.1;

export interface QueueRouteDeps {
  database: Database;
  feed: FerryFeed;
  realtimeWriter?: RealtimeWriter;
  /** Clock for estimates and stamps; default Date.now (tests pin it to the feed's clock). */
  now?: () => number;
}

function decodeBase64(text: string): Buffer {
  const comma = text.startsWith('data:') ? text.indexOf(',') : -1;
  const payload = (comma >= 0 ? text.slice(comma + 1) : text).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) {
    throw httpError(400, 'invalid_request', 'photoBase64 is not base64');
  }
  return Buffer.from(payload, 'base64');
}

export function registerQueueRoutes(api: FastifyInstance, deps: QueueRouteDeps): void {
  const { db } = deps.database;
  const clock = deps.now ?? Date.now;

  async function publish(userId: number, computed: ComputedPosition | null, shareData: boolean): Promise<void> {
    if (!deps.realtimeWriter) return;
    await deps.realtimeWriter(userPositionUpdate(userId, computed?.position ?? null, shareData));
  }

  /** Forget the rider's fix: the visit is over. The shared node goes with it. */
  async function endPosition(userId: number): Promise<void> {
    if (await deleteFix(db, userId)) await publish(userId, null, false);
  }

  /**
   * The stored fix recomputed with the current counts, or null when there is none, its lane is gone,
   * or its position has ended (then the fix is forgotten).
   */
  async function currentPosition(userId: number): Promise<{ row: StoredFix; computed: ComputedPosition } | null> {
    const row = await readFix(db, userId);
    if (!row) return null;
    const now = clock();
    const sailing = row.sailingDepartureAt
      ? { ferryId: row.sailingFerryId, departureTime: row.sailingDepartureAt.toISOString() }
      : null;
    if (
      positionEnded({ lastUpdated: row.updatedAt.toISOString(), sailingDepartureTime: sailing?.departureTime }, now)
    ) {
      await endPosition(userId);
      return null;
    }
    const layout = await loadLayout(db, row.terminalId);
    const point = { lat: row.gpsLat, lng: row.gpsLng };
    const placement = layout ? placeInLanes(layout, point) : null;
    if (!layout || !placement) return null;
    const computed = computePosition(
      { layout, placement },
      terminalQueue(layout, deps.feed),
      { ferries: deps.feed.current(), sailings: deps.feed.sailings() },
      {
        point,
        accuracy: row.gpsAccuracy ?? undefined,
        verified: row.verified,
        takenAt: row.updatedAt.getTime(),
        sailing,
      },
      now,
    );
    return { row, computed };
  }

  function withDetails(computed: ComputedPosition) {
    return {
      ...computed.position,
      details: {
        laneId: computed.laneId,
        carsAheadByGeometry: computed.carsAheadByGeometry,
        carsCounted: computed.routeCount,
        carsAhead: computed.carsAhead,
      },
    };
  }

  route(api, calculatePosition, {}, async (request, reply, user) => {
    const input = request.body;
    let located: Located;
    try {
      located = locate(await loadLayouts(db), input.gps);
    } catch (error) {
      // A fix away from every terminal: the rider has left, so their position there has ended.
      if (error instanceof HttpError && error.code === 'not_at_terminal') await endPosition(user.id);
      throw error;
    }
    const now = clock();
    const computed = computePosition(
      located,
      terminalQueue(located.layout, deps.feed),
      { ferries: deps.feed.current(), sailings: deps.feed.sailings() },
      { point: input.gps, accuracy: input.accuracy },
      now,
    );
    const shareData = input.shareData !== false;
    const row = {
      userId: user.id,
      terminalId: located.layout.terminalId,
      laneId: computed.laneId,
      gpsLat: input.gps.lat,
      gpsLng: input.gps.lng,
      gpsAccuracy: input.accuracy ?? null,
      verified: false,
      updatedAt: new Date(now),
      sailingFerryId: computed.sailing?.ferryId ?? null,
      sailingDepartureAt: computed.sailing ? new Date(computed.sailing.departureTime) : null,
    };
    const answer = await commitWrite(deps.database, request, reply, 200, async (tx) => {
      await saveFix(tx, row);
      return withDetails(computed);
    });
    // The realtime node is derived data: published after the commit, and again on every later fix.
    await publish(user.id, computed, shareData);
    return reply.send(answer);
  });

  route(api, queuePosition, {}, async (request, reply) => {
    const { userId } = request.params;
    const user = await currentRider(request, reply);
    if (userId !== user?.id) throw httpError(403, 'forbidden', 'You can only read your own queue position');
    const current = await currentPosition(user.id);
    return current ? withDetails(current.computed) : null;
  });

  route(api, verifyPhoto, { bodyLimit: VERIFY_BODY_LIMIT }, async (request, reply, user) => {
    const input = request.body;
    const photo = decodeBase64(input.photoBase64);
    if (photo.length > PHOTO_MAX_BYTES) throw httpError(400, 'photo_too_large', 'Please select an image under 10MB.');
    let meta: Metadata;
    try {
      meta = await sharp(photo, { failOn: 'error' }).metadata();
    } catch {
      throw httpError(400, 'not_an_image', 'The photo is not an image; send a JPEG, PNG, WebP or HEIF photo');
    }
    if (!meta.format || !PHOTO_FORMATS.has(meta.format)) {
      throw httpError(400, 'not_an_image', 'The photo is not an image; send a JPEG, PNG, WebP or HEIF photo');
    }
    const current = await currentPosition(user.id);
    const answer = (verified: boolean, reason: VerifyPhotoResult['reason'], message: string): VerifyPhotoResult => ({
      verified,
      reason,
      message,
      reportedPosition: input.reportedPosition,
      computedPosition: current?.computed.position.positionInQueue ?? null,
    });
    if (!current) return answer(false, 'no_position', 'Find your position first, then verify it with a photo.');

    let result: VerifyPhotoResult;
    const computed = current.computed;
    const expected = computed.position.positionInQueue;
    const tolerance = Math.max(VERIFY_TOLERANCE_CARS, Math.ceil(expected * VERIFY_TOLERANCE_SHARE));
    if ((meta.width ?? 0) < PHOTO_MIN_SIDE_PX || (meta.height ?? 0) < PHOTO_MIN_SIDE_PX) {
      result = answer(
        false,
        'image_too_small',
        `The photo is too small to show the lane (at least ${PHOTO_MIN_SIDE_PX} px a side).`,
      );
    } else if (computed.routeCount !== null && input.reportedPosition > computed.routeCount + 1) {
      result = answer(
        false,
        'more_cars_than_counted',
        `The cameras count ${computed.routeCount} cars in your lanes, fewer than your reported position.`,
      );
    } else if (Math.abs(input.reportedPosition - expected) > tolerance) {
      result = answer(
        false,
        'position_mismatch',
        `Your reported position is more than ${tolerance} cars from the computed position ${expected}.`,
      );
    } else {
      result = answer(true, 'verified', 'Your position is verified.');
    }
    await commitWrite(deps.database, request, reply, 200, async (tx) => {
      await markFixVerified(tx, user.id, result.verified);
      return result;
    });
    const after = await currentPosition(user.id);
    await publish(user.id, after?.computed ?? null, input.shareData !== false);
    return reply.send(result);
  });

  async function feedsWithLayouts(): Promise<Array<{ feed: CameraFeedRow; layout: TerminalLayout | undefined }>> {
    const [rows, layouts] = await Promise.all([listCameraFeeds(db, 'byId'), loadLayouts(db)]);
    return rows.map((feed) => ({ feed, layout: layouts.find((l) => l.terminalId === feed.terminalId) }));
  }

  route(api, queueDetections, {}, async () => {
    const out: CameraDetections = {};
    // No public source has these terminals' cameras: only the simulated world has detections.
    if (!deps.feed.laneCountsSimulated()) return out;
    for (const { feed, layout } of await feedsWithLayouts()) {
      if (!feed.active || !layout) continue;
      const queue = terminalQueue(layout, deps.feed);
      const count = cameraCount(layout, queue.occupancy, feed.location);
      // Each camera's own confidence (what it sees from where it stands); none without a count.
      const confidence = queue.count ? cameraConfidence(feed.location, count, approachRoadCars(queue.occupancy)) : 0;
      out[feed.id] = { count, confidence };
    }
    return out;
  });

  const listFeeds = async (): Promise<CameraFeed[]> =>
    (await listCameraFeeds(db, 'byTerminal')).map((f) => ({
      id: f.id,
      name: f.name,
      location: f.location,
      url: f.url,
      active: f.active,
      terminalId: f.terminalId,
    }));
  route(api, cameraFeeds, {}, listFeeds);
  route(api, queueDetectionCameraFeeds, {}, listFeeds);

  route(api, cameraFrame, {}, async (request, reply) => {
    const { id } = request.params;
    const { t } = request.query;
    const feed = await findCameraFeed(db, id);
    if (!feed) throw httpError(404, 'not_found', `No camera ${id}`);
    if (!deps.feed.laneCountsSimulated()) throw httpError(404, 'no_camera_count', NO_CAMERA_COUNT_TEXT);
    const layout = await loadLayout(db, feed.terminalId);
    if (!layout || layout.lanes.length === 0) throw httpError(404, 'not_found', `Camera ${id} has no lanes to show`);
    const queue = terminalQueue(layout, deps.feed);
    const timestamp = queue.count?.timestamp ?? clock();
    const { svg } = renderCameraFrame({
      layout,
      occupancy: queue.occupancy,
      location: feed.location as CameraLocation,
      cameraName: feed.name,
      timestamp,
    });
    return (
      reply
        .type('image/svg+xml; charset=utf-8')
        // A `?t=` URL names one moment: it may be kept; the bare URL must always be revalidated.
        .header('Cache-Control', t ? 'private, max-age=300, immutable' : 'no-cache')
        .header('Last-Modified', new Date(timestamp).toUTCString())
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg)
    );
  });
}
